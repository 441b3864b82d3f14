/**
 * The app shell in real headless Chromium against the server `npm start` runs: boot in every
 * language, language switch, not found, the HTTP error policy (500, 503), the cookie notice,
 * embedded mode, keyboard-only use of the header, and the server's title kept through boot.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type OpenedPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { repoRoot } from './server-process.js';

const LANGS = ['de', 'en', 'fr', 'it', 'nl', 'es', 'sv', 'da'] as const;
const catalogues = Object.fromEntries(
  LANGS.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(repoRoot, 'src/i18n/messages', `${lang}.json`), 'utf8')) as Record<string, string>]),
) as Record<(typeof LANGS)[number], Record<string, string>>;

function text(lang: (typeof LANGS)[number], id: string, values: Record<string, string> = {}): string {
  const message = catalogues[lang][id];
  if (message === undefined) throw new Error(`${lang}.json has no ${id}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

let baseUrl = '';
let browser: Browser;
let opened: OpenedPage | null = null;
let config: { site_name: string; site_name_translations: Record<string, string>; support_email: string };

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
  const answer = (await (await fetch(`${baseUrl}/api/de/shopinfo/config?shop=16`)).json()) as { data: typeof config };
  config = answer.data;
});

afterAll(async () => {
  await opened?.close();
  await browser?.close();
});

async function open(urlPath: string, setup?: (page: Page) => Promise<unknown>, locale?: string): Promise<Page> {
  await opened?.close();
  if (setup) {
    // Routes must be in place before the first request: open a blank page, route, then navigate.
    opened = await openPage(browser, baseUrl, '/static/favicon.svg', locale ? { locale } : {});
    await setup(opened.page);
    await opened.page.goto(urlPath, { waitUntil: 'load' });
  } else {
    opened = await openPage(browser, baseUrl, urlPath, locale ? { locale } : {});
  }
  return opened.page;
}

async function heading(page: Page): Promise<string> {
  const h1 = page.locator('main h1');
  await h1.waitFor({ timeout: 15_000 });
  return (await h1.textContent())?.trim() ?? '';
}

describe('boot', () => {
  for (const lang of LANGS) {
    it(`boots in ${lang}: home heading, navigation and title in that language`, async () => {
      const page = await open(`/${lang}`);
      const siteName = config.site_name_translations[lang] ?? config.site_name;
      expect(await heading(page)).toBe(text(lang, 'home.welcome', { siteName }));
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      expect(await page.title()).toBe(siteName);
      const nav = page.getByRole('navigation', { name: text(lang, 'header.nav') });
      await expect(nav.getByRole('link', { name: text(lang, 'nav.tickets') }).count()).resolves.toBe(1);
      expect(opened?.errors).toEqual([]);
    });
  }

  it('redirects a path without language to the default language', async () => {
    const page = await open('/tickets');
    expect(await heading(page)).toBe(text('de', 'title.tickets'));
    expect(new URL(page.url()).pathname).toBe('/de/tickets');
  });
});

describe('navigation', () => {
  it('switches the language with the dropdown: same page, new first segment', async () => {
    const page = await open('/de/tickets');
    await heading(page);
    await Promise.all([page.waitForURL('**/en/tickets'), page.selectOption('select', 'en')]);
    expect(await heading(page)).toBe(text('en', 'title.tickets'));
    expect(await page.title()).toBe(`${text('en', 'title.tickets')} - ${config.site_name_translations.en ?? config.site_name}`);
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await open('/fr/this/does/not/exist');
    expect(await heading(page)).toBe(text('fr', 'title.pageNotFound'));
  });

  it('moves focus to the new heading after a client-side navigation', async () => {
    const page = await open('/en');
    await heading(page);
    await page.getByRole('navigation', { name: text('en', 'header.nav') }).getByRole('link', { name: text('en', 'nav.vouchers') }).click();
    await page.waitForURL('**/en/vouchers');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5000 });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text('en', 'title.voucherList'));
  });
});

describe('scrolling', () => {
  it('marks the header scrolled past 100 px, starts new pages at the top and restores the position on back', async () => {
    const page = await open('/en');
    await heading(page);
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.evaluate(() => window.scrollTo(0, 350));
    await page.waitForFunction(() => document.documentElement.classList.contains('header-scrolled'));
    // Follow a header link from where the visitor is (a pointer click in playwright would scroll it into view first).
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.site-header .nav__list a[href$="/tickets"]')?.focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/tickets');
    await heading(page);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForURL(/\/en$/);
    await page.waitForFunction(() => Math.abs(window.scrollY - 350) < 5, undefined, { timeout: 5000 });
    expect(await page.evaluate(() => document.documentElement.className)).toMatch(/size-xl/);
  });
});

describe('HTTP error policy', () => {
  it('a 500 shows the danger message with the support address', async () => {
    const page = await open('/en/page/imprint', (p) =>
      p.route('**/api/*/static/page/imprint', (route: Route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'INTERNAL', message: 'boom' }) }),
      ),
    );
    const message = page.getByTestId('global-message');
    await message.waitFor({ timeout: 15_000 });
    expect(await message.getAttribute('class')).toContain('danger');
    expect(await message.textContent()).toContain(config.support_email);
  });

  it('a 503 reloads the page once, and the shop comes up when the server is back', async () => {
    let configCalls = 0;
    const page = await open('/de', (p) =>
      p.route('**/api/*/shopinfo/config*', async (route: Route) => {
        configCalls += 1;
        if (configCalls === 1) return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'UNAVAILABLE', message: 'busy' }) });
        return route.continue();
      }),
    );
    expect(await heading(page)).toBe(text('de', 'home.welcome', { siteName: config.site_name }));
    expect(configCalls).toBe(2);
  });

  it('a back end that answers 404 for the language of the URL: the shop comes up in the default language (issue 15)', async () => {
    const asked: string[] = [];
    const page = await open('/it/tickets', (p) =>
      p.route('**/api/*/shopinfo/config*', async (route: Route) => {
        const { pathname } = new URL(route.request().url());
        asked.push(pathname);
        if (pathname.startsWith('/api/it/')) {
          return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'UNKNOWN_LANGUAGE', message: "Unknown language 'it'." }) });
        }
        // a back end without Italian does not list it among its languages either
        const answer = await route.fetch();
        const json = (await answer.json()) as { data: { languages: string[] } };
        return route.fulfill({ response: answer, json: { ...json, data: { ...json.data, languages: json.data.languages.filter((l) => l !== 'it') } } });
      }),
    );
    expect(await heading(page)).toBe(text('de', 'title.tickets'));
    await page.waitForURL(/\/de\/tickets$/, { timeout: 15_000 });
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(asked).toEqual(['/api/it/shopinfo/config', '/api/de/shopinfo/config']);
    expect(await page.getByText(text('it', 'error.network')).count()).toBe(0);
  });

  it('a back end that answers 404 for /it but still lists it: the shop comes up in German once, no endless reloads', async () => {
    const asked: string[] = [];
    const page = await open('/it/tickets', (p) =>
      p.route('**/api/*/shopinfo/config*', (route: Route) => {
        const { pathname } = new URL(route.request().url());
        asked.push(pathname);
        if (pathname.startsWith('/api/it/')) {
          return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'UNKNOWN_LANGUAGE', message: "Unknown language 'it'." }) });
        }
        return route.continue();
      }),
    );
    expect(await heading(page)).toBe(text('de', 'title.tickets'));
    await page.waitForURL(/\/de\/tickets$/, { timeout: 15_000 });
    await page.waitForTimeout(1500);
    expect(asked).toEqual(['/api/it/shopinfo/config', '/api/de/shopinfo/config']);
    // the language menu no longer offers Italian
    expect(await page.locator('select option[value="it"]').count()).toBe(0);
  });

  it('a second 503 within 30 s does not reload again but shows the retry screen', async () => {
    let configCalls = 0;
    const page = await open('/en', (p) =>
      p.route('**/api/*/shopinfo/config*', (route: Route) => {
        configCalls += 1;
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'UNAVAILABLE', message: 'busy' }) });
      }),
    );
    await page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1000);
    expect(configCalls).toBe(2);
  });
});

describe('toasts', () => {
  it('the close button of a toast closes it at once when pressed with a mouse (found by the app chart replay)', async () => {
    const page = await open('/en/forgot-password');
    await page.getByLabel(text('en', 'auth.email')).fill('demo@museum.example');
    await page.getByRole('button', { name: text('en', 'auth.forgotSubmit') }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor({ timeout: 15_000 });
    // a real mouse press: pointerdown, pointerup and the click, well within the toast's 2 s
    await toast.getByRole('button', { name: text('en', 'toast.dismiss') }).click();
    await toast.waitFor({ state: 'detached', timeout: 500 });
  });
});

describe('cookie notice and sanitizing', () => {
  it('stays accepted after a reload', async () => {
    const page = await open('/de');
    const notice = page.getByRole('region', { name: text('de', 'cookie.label') });
    await notice.waitFor({ timeout: 15_000 });
    await notice.getByRole('button', { name: text('de', 'cookie.accept') }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'load' });
    await heading(page);
    await page.waitForTimeout(500);
    expect(await notice.count()).toBe(0);
  });

  it('renders the server HTML of the cookie notice without scripts or handlers', async () => {
    const page = await open('/en', (p) =>
      p.route('**/api/*/static/content', async (route: Route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown> };
        body.data.cookie_warning =
          '<p id="cw">Cookies<img src="/nope.png" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">x</a> ' +
          '<a href="/en/page/data_protection" onclick="window.__xss=4">privacy</a></p><svg onload="window.__xss=5"></svg><iframe srcdoc="<script>parent.__xss=6</script>"></iframe>' +
          '<p style="display:none">after</p>';
        await route.fulfill({ response, body: JSON.stringify(body) });
      }),
    );
    const notice = page.getByRole('region', { name: text('en', 'cookie.label') });
    await notice.waitFor({ timeout: 15_000 });
    const html = await notice.innerHTML();
    expect(html).toContain('Cookies');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toMatch(/onclick|onload|<svg|<iframe|style=/);
    // what is allowed stays: the link to the privacy page and the text after the dropped elements
    expect(await notice.getByRole('link', { name: 'privacy' }).getAttribute('href')).toBe('/en/page/data_protection');
    expect(await notice.getByText('after').isVisible()).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});

describe('server HTML and the Content Security Policy (issue 22 item 9)', () => {
  it('markup with on… attributes is parsed without a CSP report on the console', async () => {
    const page = await open('/en', (p) =>
      Promise.all([
        p.route('**/api/*/static/content', async (route: Route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data: Record<string, unknown> };
          body.data.cookie_warning = '<p>Cookies <a href="/en/page/data_protection" onclick="window.__xss=1">privacy</a><img src="/nope.png" onerror="window.__xss=2"></p>';
          await route.fulfill({ response, body: JSON.stringify(body) });
        }),
        p.route('**/api/*/static/page/imprint', async (route: Route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data: Record<string, unknown> };
          body.data.html = '<h2 onmouseover="window.__xss=3">Imprint</h2><p ONCLICK=\'window.__xss=4\' title="a>b">Museum <b/onclick=window.__xss=5>AG</b></p>';
          await route.fulfill({ response, body: JSON.stringify(body) });
        }),
      ]),
    );
    await page.getByRole('region', { name: text('en', 'cookie.label') }).getByRole('link', { name: 'privacy' }).waitFor({ timeout: 15_000 });
    // the static page comes from the API in the browser: a client-side navigation
    await page.locator('footer a[href="/en/page/imprint"]').click();
    await page.locator('main').getByText('AG').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    const reports = (opened?.errors ?? []).filter((e) => /Content Security Policy|inline event handler/i.test(e));
    expect(reports).toEqual([]);
    // the kept parts are there, the handlers are not
    expect(await page.locator('main').getByText('Museum').getAttribute('title')).toBe('a>b');
    expect(await page.evaluate(() => document.body.innerHTML)).not.toMatch(/onclick|onerror|onmouseover/i);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});

describe('embedded mode', () => {
  it('hides header and footer when the config says so', async () => {
    const page = await open('/de/tickets', (p) =>
      p.route('**/api/*/shopinfo/config*', async (route: Route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown> };
        body.data.show_header = false;
        body.data.show_footer = false;
        await route.fulfill({ response, body: JSON.stringify(body) });
      }),
    );
    expect(await heading(page)).toBe(text('de', 'title.tickets'));
    expect(await page.locator('header.site-header').count()).toBe(0);
    expect(await page.locator('footer.site-footer').count()).toBe(0);
  });
});

describe('keyboard only', () => {
  async function tabTo(page: Page, matches: () => Promise<boolean>, max = 25, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
    for (let i = 0; i < max; i += 1) {
      await page.keyboard.press(key);
      if (await matches()) return;
    }
    throw new Error('the element was not reached with Tab');
  }

  it('skip link first, then the header links and the language dropdown work with the keyboard', async () => {
    const page = await open('/de');
    await heading(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('skip-link');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');

    await tabTo(page, async () => (await page.evaluate(() => document.activeElement?.textContent)) === text('de', 'nav.tickets'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/de/tickets');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5000 });

    // focus sits on the page heading in main; the language dropdown is back up in the header
    // (forward from the heading come the page's own controls, such as the event filters)
    await tabTo(page, async () => (await page.evaluate(() => document.activeElement?.className)) === 'language__select', 25, 'Shift+Tab');
    await Promise.all([page.waitForURL('**/en/tickets'), page.keyboard.press('ArrowDown')]);
    expect(await heading(page)).toBe(text('en', 'title.tickets'));
  });
});

describe('the title of an event page (issue 25)', () => {
  it("is the server's <title> from the first byte to after boot, with no other in between", async () => {
    const html = await (await fetch(`${baseUrl}/en/tickets/101`)).text();
    const serverTitle = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
    const event = ((await (await fetch(`${baseUrl}/api/en/ticket/collect/event/101`)).json()) as { data: { event: { name: string } } }).data.event;
    expect(serverTitle).toBe(`${event.name} - ${config.site_name_translations.en ?? config.site_name}`);

    // every title the document has, from the parser's first one on
    const page = await open('/en/tickets/101', (p) =>
      p.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __titles: string[] }).__titles = seen;
        const note = () => {
          if (document.title !== '' && seen[seen.length - 1] !== document.title) seen.push(document.title);
        };
        new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
      }),
    );
    await page.getByRole('heading', { level: 1, name: event.name }).waitFor();
    await page.waitForLoadState('networkidle');
    // the journeys' messages and the calendar arrive after the heading: give the effects their turn
    await page.waitForTimeout(500);
    expect(await page.title()).toBe(serverTitle);
    expect(await page.evaluate(() => (window as unknown as { __titles: string[] }).__titles)).toEqual([serverTitle]);

    // a page the visitor moves to gets its title from the app as before
    await page.locator('header a[href="/en/tickets"]').first().click();
    await page.waitForURL((url) => url.pathname === '/en/tickets');
    await expect.poll(() => page.title()).toBe(`${text('en', 'title.tickets')} - ${config.site_name_translations.en ?? config.site_name}`);
  });
});

describe('the title of an item page', () => {
  const serverTitleOf = async (urlPath: string) => {
    const html = await (await fetch(`${baseUrl}${urlPath}`)).text();
    return /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
  };
  for (const [listPath, urlPath, api] of [
    ['/de/guided-tours', '/de/guided-tours/201', 'tour?tour=201'],
    ['/fr/merchandise', '/fr/product/301', 'merchandise?article=301'],
    ['/en/vouchers', '/en/vouchers/401', 'voucher/selectOne/price/401'],
  ] as const) {
    it(`names the item on ${urlPath}: the server's head, and the app when the visitor comes from the list`, async () => {
      const lang = urlPath.split('/')[1] as (typeof LANGS)[number];
      const { name } = ((await (await fetch(`${baseUrl}/api/${lang}/${api}`)).json()) as { data: { name: string } }).data;
      const expected = `${name} - ${config.site_name_translations[lang] ?? config.site_name}`;
      expect(await serverTitleOf(urlPath)).toBe(expected);
      // the list page's title is the route's; following its link, the app names the item itself
      const page = await open(listPath);
      await page.locator(`main a[href="${urlPath}"]`).first().click();
      await page.waitForURL((url) => url.pathname === urlPath);
      await expect.poll(() => page.title()).toBe(expected);
    });
  }
});
