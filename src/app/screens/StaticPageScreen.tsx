import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import DOMPurify from 'dompurify';
import { FormattedMessage } from 'react-intl';
import type { staticPageMachine } from '../../../machines/static-page.machine.js';
import { useJourney } from '../journeys/index.js';
import { PageHeading } from './PageHeading.js';
import { NotFoundScreen } from './NotFoundScreen.js';

function StaticPage({ actor }: { actor: ActorRefFrom<typeof staticPageMachine> }) {
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
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
/** Routes page/{id} and page/shipping: the static page journey of the route's page. */
export default function StaticPageScreen() {
  return <StaticPage actor={useJourney<typeof staticPageMachine>()} />;
}
