import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { FormattedMessage } from 'react-intl';
import type { staticPageMachine } from '../../../machines/static-page.machine.js';
import { staticPageViewOf } from '../../../machines/static-page.selectors.js';
import { useJourney } from '../journeys/use-journey.js';
import { PageHeading } from './PageHeading.js';
import { usePageTitle } from '../page-title.js';
import { NotFoundScreen } from './NotFoundScreen.js';
import { ServerHtml } from '../components/ServerHtml.js';

function StaticPage({ actor }: { actor: ActorRefFrom<typeof staticPageMachine> }) {
  const view = useSelector(actor, staticPageViewOf);
  const page = useSelector(actor, (s) => s.context.page);
  const send = actor.send;
  usePageTitle(view === 'notFound' || view === 'failed' ? null : (page?.title ?? null));

  if (view === 'notFound') return <NotFoundScreen />;
  if (view === 'failed') {
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
  if (!page) {
    return (
      <p className="screen-loading" role="status">
        <FormattedMessage id="page.loading" />
      </p>
    );
  }
  return (
    <article className="static-page">
      <PageHeading>{page.title}</PageHeading>
      <ServerHtml className="prose" html={page.html} />
    </article>
  );
}

/** page/{id} and page/shipping (§2): the HTML of GET static/page/{id} through the allow-list of ServerHtml. */
/** Routes page/{id} and page/shipping: the static page journey of the route's page. */
export default function StaticPageScreen() {
  return <StaticPage actor={useJourney('static-page')} />;
}
