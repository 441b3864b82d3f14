import { useEffect, useMemo } from 'react';
import { useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import DOMPurify from 'dompurify';
import { FormattedMessage } from 'react-intl';
import { staticPageMachine } from '../../../machines/static-page.machine.js';
import { useShell } from '../shell-context.js';
import { registerLiveActor } from '../flows/registry.js';
import { PageHeading } from './PageHeading.js';
import { NotFoundScreen } from './NotFoundScreen.js';

function StaticPage({ id }: { id: string }) {
  const { api } = useShell();
  const machine = useMemo(
    () => staticPageMachine.provide({ actors: { loadStaticPage: fromPromise(({ input, signal }) => api.getStaticPage(input.id, signal)) } }),
    [api],
  );
  const [snapshot, send, actorRef] = useMachine(machine, { input: { id } });
  useEffect(() => registerLiveActor('static-page', actorRef), [actorRef]);
  const html = useMemo(() => (snapshot.context.page ? DOMPurify.sanitize(snapshot.context.page.html) : ''), [snapshot.context.page]);

  if (snapshot.matches('Page not found')) return <NotFoundScreen />;
  if (snapshot.matches('Page failed')) {
    return (
      <section className="static-page">
        <PageHeading>
          <FormattedMessage id="title.page" />
        </PageHeading>
        <p className="notice notice--warning" role="alert">
          <FormattedMessage id="page.failed" />
        </p>
        <button type="button" className="button" onClick={() => send({ type: 'RETRY' })}>
          <FormattedMessage id="page.retry" />
        </button>
      </section>
    );
  }
  if (!snapshot.context.page) {
    return (
      <p className="screen-loading" role="status">
        <FormattedMessage id="page.loading" />
      </p>
    );
  }
  return (
    <article className="static-page">
      <PageHeading>{snapshot.context.page.title}</PageHeading>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

/** page/{id} and page/shipping (§2): sanitized HTML from GET static/page/{id}. */
export default function StaticPageScreen() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id ?? 'shipping';
  return <StaticPage key={id} id={id} />;
}
