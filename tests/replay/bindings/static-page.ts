/**
 * The static page chart (machines/static-page.machine.ts) bound to the page, in English, against
 * the demo shop: /en/page/{id} (src/app/screens/StaticPageScreen.tsx).
 *
 * The model's page is the demo's imprint, answered by the server. "Not found" is the server's own
 * 404 for a page it does not have. The model's other failure is a 503; in the shop a first 503
 * makes the shell load the page again (the HTTP error policy of §8, app chart), so the replay gives
 * the same transition with no answer at all (a dropped connection), the other failure the chart
 * names.
 */
import type { Replay, ReplayBinding } from '../binding.js';

const NO_SUCH_PAGE = 'no_such_page';

const main = (r: Replay) => r.page.locator('main');
const loading = (r: Replay) => main(r).getByText(r.words('page.loading'));
const failed = (r: Replay) => main(r).getByRole('alert').filter({ hasText: r.words('page.failed') });
const retry = (r: Replay) => main(r).getByRole('button', { name: r.words('page.retry', { whole: true }) });
const notFound = (r: Replay) => main(r).getByRole('heading', { level: 1, name: r.words('title.pageNotFound', { whole: true }) });
const prose = (r: Replay) => main(r).locator('article.static-page .prose');

export const staticPageBinding: ReplayBinding = {
  machine: 'static-page',
  lang: 'en',
  requests: {
    loadStaticPage: (url, method) => method === 'GET' && /\/api\/[a-z]{2}\/static\/page\/[^/]+$/.test(url.pathname),
  },

  async start(r) {
    const id = String((r.plan.input as { id: string }).id);
    r.memo.page = await r.api<{ title: string }>(`static/page/${id}`);
    await r.page.goto(`/${r.lang}/page/${id}`);
  },

  events: {
    'done:loadStaticPage': async (r) => r.answer('loadStaticPage', { server: true }),
    'error:loadStaticPage [isNotFound]': async (r) => r.answer('loadStaticPage', { url: (url) => `${url.origin}${url.pathname.replace(/[^/]+$/, NO_SUCH_PAGE)}` }),
    // a 503 would make the shell reload the page (§8): the same failure, as no answer
    'error:loadStaticPage': async (r) => r.answer('loadStaticPage', { drop: true }),
    RETRY: async (r) => retry(r).click(),
  },

  states: {
    'Loading page': async (r) => {
      await r.shows(loading(r), 'the "loading the page" notice');
      await r.lacks(prose(r), 'a page\'s text');
      await r.lacks(failed(r), 'the "could not be loaded" alert');
    },
    'Showing page': async (r) => {
      const { title } = r.memo.page as { title: string };
      await r.shows(main(r).getByRole('heading', { level: 1, name: title, exact: true }), `the page's title "${title}"`);
      await r.shows(prose(r), 'the page\'s text');
      await r.lacks(loading(r), 'the "loading the page" notice');
    },
    'Page not found': async (r) => {
      await r.shows(notFound(r), 'the "page not found" heading');
      await r.lacks(prose(r), 'a page\'s text');
      await r.lacks(retry(r), 'a "try again" button');
    },
    'Page failed': async (r) => {
      await r.shows(failed(r), 'the "could not be loaded" alert');
      await r.shows(retry(r), 'the "try again" button');
      await r.lacks(prose(r), 'a page\'s text');
    },
  },
};
