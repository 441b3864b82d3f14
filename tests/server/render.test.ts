/**
 * Server rendering (issue 25), the render itself against the reference API on a fresh database:
 * the app's own shell renders a catalogue page with its content once it rests, and records the
 * answers it used; a page that does not rest in time, that moves elsewhere or whose app cannot
 * boot is not rendered (the server then sends the shell). And the browser's side of those
 * answers: each given once, only for an anonymous GET of the same address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/app/server-render.js';
import { noticeAcceptedIn, pageMessageSource, parseRenderState, recordingMessageSource, replayingFetch, serializeRenderState, type PageMessages, type RenderState } from '../../src/app/render-state.js';
import type { MessageSource } from '../../src/app/services.js';
import { createPageRenderer } from '../../src/server/render.js';
import { paintFirst } from '../../src/server/static.js';
import { startTestServer, type TestServer } from './harness.js';
import { returnUrls, tenPlacesTickets } from './checkout-helpers.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatalogCache } from '../../src/server/catalog-cache.js';
import type { PageRenderer } from '../../src/server/render.js';
import { setHomeView } from '../../src/server/settings.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.apiBase}/${path}`);
  return ((await response.json()) as { data: T }).data;
}

const render = (href: string, timeBoundMs = 10_000) => renderPage({ href, apiBase: server.apiBase, fetch: globalThis.fetch, timeBoundMs });
const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&#x27;/g, "'");

describe('renderPage', () => {
  it('renders an event page with its name, its calendar and its next day, and records the answers it used', async () => {
    const { event } = await api<{ event: { name: string } }>('en/ticket/collect/event/101');
    const answer = await render('/en/tickets/101');
    if (!answer.rendered) throw new Error(answer.why);
    expect(h1Of(answer.html)).toBe(event.name);
    expect(answer.html).toContain('role="grid"');
    expect(answer.html).toContain('href="/en/tickets"');
    // nobody's page: logged out, the basket's number left to the browser (its session storage holds the cart)
    expect(answer.html).toContain('data-testid="basket-count"></span>');
    const urls = answer.state.answers.map((a) => a.url);
    expect(urls).toContain('/api/en/shopinfo/config?shop=16');
    expect(urls).toContain('/api/en/ticket/collect/event/101');
    expect(urls.some((u) => u.startsWith('/api/en/ticket/calendar/event/101/'))).toBe(true);
    expect(answer.state).toMatchObject({ version: 1, href: '/en/tickets/101' });
    // the messages it used go with the page: the shell's part and the event page's parts, in English
    expect(answer.state.messages?.lang).toBe('en');
    expect(answer.state.messages?.parts.sort()).toEqual(['calendar', 'cart', 'shell', 'tickets']);
    // (ICU text in the tests, compiled in the build: src/i18n/esbuild-plugin.mjs)
    expect(answer.state.messages?.values['tickets.addToCart']).toBe('Add to cart');
    expect(answer.state.messages?.values['nav.tickets']).toBe('Tickets');
    // and they fit the page's own schema
    expect(parseRenderState(serializeRenderState(answer.state), '/en/tickets/101')?.messages).toEqual(answer.state.messages);
  });

  it('renders list and item pages of every catalogue section in their language', async () => {
    const article = await api<{ name: string }>('fr/merchandise?article=301');
    const voucher = await api<{ name: string }>('de/voucher/selectOne/price/401');
    const pages: [string, string][] = [
      ['/fr/product/301', article.name],
      ['/de/vouchers/401', voucher.name],
      ['/en/merchandise', 'Shop'],
      ['/de/guided-tours', 'Führungen'],
    ];
    for (const [href, heading] of pages) {
      const answer = await render(href);
      if (!answer.rendered) throw new Error(`${href}: ${answer.why}`);
      expect(h1Of(answer.html), href).toBe(heading);
    }
  });

  it("renders the cookie notice for a visitor who has not accepted it, and says so to the browser's first render", async () => {
    const { cookie_warning: warning } = await api<{ cookie_warning: string }>('en/static/content');
    expect(warning.length).toBeGreaterThan(20);
    const newVisitor = await render('/en/tickets');
    if (!newVisitor.rendered) throw new Error(newVisitor.why);
    expect(newVisitor.html).toContain('data-testid="cookie-notice"');
    expect(newVisitor.html).toContain('>Accept<');
    expect(newVisitor.state.cookieNotice).toBe(true);
    const accepted = await renderPage({ href: '/en/tickets', apiBase: server.apiBase, fetch: globalThis.fetch, timeBoundMs: 10_000, noticeAccepted: true });
    if (!accepted.rendered) throw new Error(accepted.why);
    expect(accepted.html).not.toContain('cookie-notice');
    expect(accepted.state.cookieNotice).toBe(false);
    expect(h1Of(accepted.html)).toBe(h1Of(newVisitor.html));
  });

  it('reads the acceptance only from its own cookie', () => {
    expect(noticeAcceptedIn('a=b; shop_notice_accepted=1; c=d')).toBe(true);
    expect(noticeAcceptedIn('shop_notice_accepted=1')).toBe(true);
    expect(noticeAcceptedIn('shop_notice_accepted=0')).toBe(false);
    expect(noticeAcceptedIn('xshop_notice_accepted=1')).toBe(false);
    expect(noticeAcceptedIn(undefined)).toBe(false);
  });

  it('does not render a page that has not come to rest within its bound', async () => {
    expect(await render('/en/tickets/101', 1)).toEqual({ rendered: false, why: 'not at rest within 1 ms' });
  });

  it('does not render a page whose route sends the visitor elsewhere (the address without a language)', async () => {
    const answer = await render('/');
    expect(answer.rendered).toBe(false);
    expect(answer.rendered ? '' : answer.why).toMatch(/^the route (moved to \/de|rendered no page)/);
  });

  it('renders the home page as the default landing; with a section\'s list as home_view it moves on to the list, rendered at its own address (spec row 3.03)', async () => {
    const landing = await render('/en');
    if (!landing.rendered) throw new Error(landing.why);
    expect(h1Of(landing.html)).toBe('Welcome to Lakeside Museum');
    await setHomeView(server.db, 'guidedTours');
    try {
      const home = await render('/en');
      expect(home.rendered ? 'rendered' : home.why).toMatch(/^the route (moved to \/en\/guided-tours|rendered no page)/);
      const list = await render('/en/guided-tours');
      if (!list.rendered) throw new Error(list.why);
      expect(h1Of(list.html)).toBe('Guided tours');
    } finally {
      await setHomeView(server.db, 'default');
    }
  });

  it("renders a personal page as the shell and the page's waiting state, for nobody, with the page's messages; no login asked for", async () => {
    for (const href of ['/en/checkout', '/en/settings', '/de/login?returnTo=%2Fde%2Fcheckout', '/fr/checkout/success']) {
      const answer = await render(href);
      if (!answer.rendered) throw new Error(`${href}: ${answer.why}`);
      expect(answer.html, href).toContain('<header');
      expect(answer.html, href).toContain('class="route-loading"');
      expect(answer.html, `${href}: no page of anybody's`).not.toMatch(/<h1|data-testid="cart-line"/);
      expect(answer.state.personal, href).toBe(true);
      expect(answer.state.href).toBe(href);
    }
    const checkout = await render('/en/checkout');
    if (!checkout.rendered) throw new Error(checkout.why);
    expect(checkout.state.messages?.parts).toContain('checkout');
    expect(checkout.state.messages?.values['checkout.notBookedYet']).toBeTypeOf('string');
    // a catalogue page is no personal page
    const tickets = await render('/en/tickets');
    expect(tickets.rendered && tickets.state.personal).toBe(undefined);
  });

  it('does not render when the app cannot boot (the API does not answer)', async () => {
    const answer = await renderPage({ href: '/en/tickets', apiBase: 'http://127.0.0.1:9/api', fetch: globalThis.fetch, timeBoundMs: 10_000 });
    expect(answer).toEqual({ rendered: false, why: 'the app did not boot (config or messages failed)' });
  });
});

describe('createPageRenderer (what the static handler calls)', () => {
  it('gives the HTML and the JSON of the page, or nothing with a warning naming the request', async () => {
    const warnings: { reqId: string | undefined; path: string }[] = [];
    const renderer = createPageRenderer({ apiBase: () => server.apiBase, warn: (fields) => warnings.push(fields) });
    const page = await renderer({ href: '/en/vouchers', requestId: 'r-1' });
    expect(page?.html).toContain('<h1');
    expect(parseRenderState(page?.state, '/en/vouchers')?.answers.length).toBeGreaterThan(3);
    // a page whose route moves elsewhere (the address without a language) is not rendered
    expect(await renderer({ href: '/', requestId: 'r-2' })).toBeUndefined();
    expect(warnings).toEqual([{ reqId: 'r-2', path: '/' }]);
    expect(await createPageRenderer({ apiBase: () => undefined })({ href: '/en' })).toBeUndefined();
  });
});

describe('the render state in the page', () => {
  const state: RenderState = {
    version: 1,
    href: '/en/tickets',
    cookieNotice: true,
    answers: [{ url: '/api/en/event/select', status: 200, body: '{"data":[],"x":"</script><!--"}' }],
  };

  it('is JSON that cannot close its element, read back only for its own address', () => {
    const text = serializeRenderState(state);
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<!--');
    expect(parseRenderState(text, '/en/tickets')).toEqual(state);
    expect(parseRenderState(text, '/de/tickets')).toBeNull();
    expect(parseRenderState('{"version":2}', '/en/tickets')).toBeNull();
    expect(parseRenderState('not json', '/en/tickets')).toBeNull();
    expect(parseRenderState(JSON.stringify({ ...state, answers: [{ url: 'https://elsewhere.example/x', status: 200, body: '' }] }), '/en/tickets')).toBeNull();
  });

  it('answers an anonymous GET of a recorded address once; the rest goes to the network', async () => {
    const sent: string[] = [];
    const network: typeof fetch = async (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return new Response('{"data":"network"}');
    };
    const replay = replayingFetch(state.answers, network);
    expect(await (await replay('/api/en/event/select')).text()).toBe(state.answers[0]?.body);
    expect(await (await replay('/api/en/event/select')).text()).toBe('{"data":"network"}');
    await replay('/api/en/event/select', { headers: { authorization: 'Bearer x' } });
    await replay('/api/en/event/select', { method: 'POST' });
    expect(sent).toEqual(['GET /api/en/event/select', 'GET /api/en/event/select', 'POST /api/en/event/select']);
  });
});

describe("the render's messages in the page", () => {
  const fromChunks = (lang: string, names: readonly string[]) => `${lang}:${names.join('+')}`;
  const chunks: MessageSource = {
    shell: async (lang) => ({ [fromChunks(lang, ['shell'])]: 'chunk' }),
    parts: async (lang, names) => ({ [fromChunks(lang, names)]: 'chunk' }),
  };
  const page: PageMessages = { lang: 'en', parts: ['shell', 'tickets'], values: { 'nav.home': 'Home', 'tickets.title': 'Tickets' } };

  it("answers the shell's part and the page's parts in the page's language from the page, anything else from the chunks", async () => {
    const source = pageMessageSource(page, chunks);
    expect(await source.shell('en')).toEqual(page.values);
    expect(await source.parts('en', ['tickets'])).toEqual(page.values);
    expect(await source.parts('en', ['tickets', 'cart'])).toEqual({ 'en:tickets+cart': 'chunk' });
    expect(await source.shell('de')).toEqual({ 'de:shell': 'chunk' });
    expect(await pageMessageSource(undefined, chunks).shell('en')).toEqual({ 'en:shell': 'chunk' });
  });

  it('records what the render loaded, in one language, and nothing without the shell', async () => {
    const recorder = recordingMessageSource(chunks);
    expect(recorder.recorded()).toBeUndefined();
    await recorder.source.parts('en', ['tickets']);
    expect(recorder.recorded()).toBeUndefined();
    await recorder.source.shell('en');
    await recorder.source.parts('en', ['cart', 'calendar']);
    await recorder.source.parts('fr', ['tour']);
    expect(recorder.recorded()).toEqual({
      lang: 'en',
      parts: ['tickets', 'shell', 'cart', 'calendar'],
      values: { 'en:tickets': 'chunk', 'en:shell': 'chunk', 'en:cart+calendar': 'chunk' },
    });
  });

  it('a page whose messages do not fit the schema is not used', () => {
    const state = { version: 1, href: '/en', cookieNotice: false, answers: [] };
    expect(parseRenderState(JSON.stringify({ ...state, messages: page }), '/en')?.messages).toEqual(page);
    expect(parseRenderState(JSON.stringify({ ...state, messages: { ...page, lang: 'xx' } }), '/en')).toBeNull();
    expect(parseRenderState(JSON.stringify({ ...state, messages: { ...page, values: { a: 3 } } }), '/en')).toBeNull();
  });
});

describe('rendered pages kept like the catalogue answers', () => {
  it('renders a page once for many visitors, once more for those who accepted the notice, and again after a write', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-cache-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>\n<html lang="de"><head><title>Museum Shop</title>\n<!--boot-preloads-->\n</head><body><div id="root"></div></body></html>\n');
    const asked: { href: string; noticeAccepted: boolean | undefined }[] = [];
    const render: PageRenderer = async ({ href, noticeAccepted }) => {
      asked.push({ href, noticeAccepted });
      return { html: `<main id="main"><h1>render ${asked.length}</h1></main>`, state: '{"version":1}' };
    };
    const kept = await startTestServer({ catalogCache: new CatalogCache({ ttlMs: 60_000 }), pages: { root: dir, render } });
    const heading = async (headers: Record<string, string> = {}) => /<h1>([^<]*)<\/h1>/.exec(await (await fetch(`${kept.url}/en/tickets/101`, { headers })).text())?.[1];
    try {
      expect(await heading()).toBe('render 1');
      expect(await heading()).toBe('render 1');
      expect(await heading({ cookie: 'shop_notice_accepted=1' })).toBe('render 2');
      expect(await heading({ cookie: 'other=1; shop_notice_accepted=1' })).toBe('render 2');
      expect(asked).toEqual([
        { href: '/en/tickets/101', noticeAccepted: false },
        { href: '/en/tickets/101', noticeAccepted: true },
      ]);
      // a write (here a payment begun: a place held) drops the kept pages as it drops the answers they were made of
      const begun = await fetch(`${kept.apiBase}/de/checkout/initPayment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payart: 161, cart: { ver: 1, items: [tenPlacesTickets(kept, 1)] }, url: returnUrls(kept) }),
      });
      expect(begun.status).toBe(200);
      expect(await heading()).toBe('render 3');
    } finally {
      await kept.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the sales-rush cache cannot be bypassed or emptied (issue 44)', () => {
  const template = '<!doctype html>\n<html lang="de"><head><title>Museum Shop</title>\n<!--boot-preloads-->\n</head><body><div id="root"></div></body></html>\n';

  it('renders a catalogue page once at the address it reads, whatever else its query says; a refused write keeps it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-key-'));
    fs.writeFileSync(path.join(dir, 'index.html'), template);
    const asked: string[] = [];
    const render: PageRenderer = async ({ href }) => {
      asked.push(href);
      return { html: `<main id="main"><h1>render ${asked.length}</h1></main>`, state: serializeRenderState({ version: 1, href, cookieNotice: true, answers: [] }) };
    };
    const kept = await startTestServer({ catalogCache: new CatalogCache({ ttlMs: 60_000 }), pages: { root: dir, render } });
    const heading = async (href: string) => /<h1>([^<]*)<\/h1>/.exec(await (await fetch(`${kept.url}${href}`)).text())?.[1];
    try {
      expect(await heading('/en/tickets/101')).toBe('render 1');
      for (let i = 0; i < 5; i += 1) expect(await heading(`/en/tickets/101?z=${Math.random()}`)).toBe('render 1');
      // the kept page, with its state at the visitor's own address: the browser takes it over there
      const visited = '/en/tickets/101?utm_source=newsletter&utm_campaign=%3C%2Fscript%3E';
      const page = await (await fetch(`${kept.url}${visited}`)).text();
      expect(/<h1>([^<]*)<\/h1>/.exec(page)?.[1]).toBe('render 1');
      const stateText = /<script type="application\/json" id="shop-render">([\s\S]*?)<\/script>/.exec(page)?.[1];
      expect(parseRenderState(stateText, visited)?.href).toBe(visited);
      expect(parseRenderState(stateText, '/en/tickets/101')).toBeNull();
      // a value the page reads is its own page, rendered at it; its other forms and company are the same page
      expect(await heading('/en/tickets/101?z=1&date=2026-12-01')).toBe('render 2');
      expect(await heading('/en/tickets/101?date=2026-12-01T10:00&z=2')).toBe('render 2');
      // one that does not fit its kind is absent, as the browser's router reads it (`20261201` is a number there)
      expect(await heading('/en/tickets/101?date=20261201')).toBe('render 1');
      expect(asked).toEqual(['/en/tickets/101', '/en/tickets/101?date=2026-12-01']);
      // refused writes (no such page, wrong method, unknown API path, invalid body) drop nothing
      const post = (url: string, method = 'POST') => fetch(url, { method, headers: { 'content-type': 'application/json' }, body: '{"cart":1}' });
      const refused = [await post(`${kept.url}/anything`), await post(`${kept.url}/en/tickets/101`, 'PUT'), await post(`${kept.apiBase}/de/nothing`), await post(`${kept.apiBase}/de/checkout/initPayment`)];
      expect(refused.map((answer) => answer.status)).toEqual([405, 405, 404, 422]);
      expect(await heading('/en/tickets/101?z=3')).toBe('render 1');
      expect(asked).toHaveLength(2);
    } finally {
      await kept.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders a few catalogue pages at a time: the next waits its turn (within a bound), beyond the queue the shell goes out at once, and nothing is kept for it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-turns-'));
    fs.writeFileSync(path.join(dir, 'index.html'), template);
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const started: string[] = [];
    const render: PageRenderer = async ({ href }) => {
      started.push(href);
      if (href === '/en/tickets/101') await gate;
      return { html: `<main id="main"><p>rendered ${href}</p></main>`, state: '{"version":1}' };
    };
    const served = await startTestServer({ catalogCache: new CatalogCache({ ttlMs: 60_000 }), pages: { root: dir, render, catalogueRenders: { atOnce: 1, waiting: 1, waitMs: 400 } } });
    const page = (href: string) => fetch(`${served.url}${href}`).then((answer) => answer.text());
    try {
      const first = page('/en/tickets/101');
      await expect.poll(() => started.length).toBe(1);
      // the second waits for a turn; the third finds the queue full: the shell, at once
      const second = page('/en/vouchers');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const third = await page('/en/merchandise');
      expect(third).toContain('boot--static');
      expect(third).not.toContain('rendered');
      // the second had no turn within its bound: the shell too, and no render of it ran
      const waited = await second;
      expect(waited).toContain('boot--static');
      expect(started).toEqual(['/en/tickets/101']);
      letGo();
      expect(await first).toContain('<p>rendered /en/tickets/101</p>');
      // nothing was kept for the pages that went out as the shell: once there is a turn, they render
      expect(await page('/en/merchandise')).toContain('<p>rendered /en/merchandise</p>');
      expect(await page('/en/vouchers')).toContain('<p>rendered /en/vouchers</p>');
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('personal pages render a few at a time', () => {
  it('renders at most its bound at once; beyond, the shell goes out at once; once one ends, the next renders', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-personal-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>\n<html lang="de"><head><title>Museum Shop</title>\n<!--boot-preloads-->\n</head><body><div id="root"></div></body></html>\n');
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const started: string[] = [];
    const render: PageRenderer = async ({ href }) => {
      started.push(href);
      await gate;
      return { html: `<main id="main"><p>rendered ${href}</p></main>`, state: '{"version":1}' };
    };
    const served = await startTestServer({ pages: { root: dir, render, personalRendersAtOnce: 2 } });
    try {
      const held = ['/en/checkout', '/en/login'].map((href) => fetch(`${served.url}${href}`).then((answer) => answer.text()));
      await expect.poll(() => started.length).toBe(2);
      // a third while two render: the shell, without waiting for them
      const third = await (await fetch(`${served.url}/en/settings`)).text();
      expect(third).toContain('boot--static');
      expect(started).toEqual(['/en/checkout', '/en/login']);
      // a catalogue page is kept, not bound by it: it renders beside them
      const catalogue = fetch(`${served.url}/en/vouchers`).then((answer) => answer.text());
      await expect.poll(() => started.length).toBe(3);
      letGo();
      expect(await Promise.all(held)).toEqual([expect.stringContaining('<p>rendered /en/checkout</p>'), expect.stringContaining('<p>rendered /en/login</p>')]);
      expect(await catalogue).toContain('<p>rendered /en/vouchers</p>');
      expect(await (await fetch(`${served.url}/en/settings`)).text()).toContain('<p>rendered /en/settings</p>');
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a page whose render takes time goes out in two parts', () => {
  const template = '<!doctype html>\n<html lang="de"><head><title>Museum Shop</title>\n<link rel="stylesheet" href="/assets/app.css">\n<!--boot-preloads-->\n</head><body><div id="root"></div></body></html>\n';

  async function withServer(render: PageRenderer, test: (url: string) => Promise<void>, catalogCache?: CatalogCache) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-stream-'));
    fs.writeFileSync(path.join(dir, 'index.html'), template);
    const served = await startTestServer({ ...(catalogCache ? { catalogCache } : {}), pages: { root: dir, render } });
    try {
      await test(served.url);
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** The answer's headers, which must come while the render still waits (3 s at most). */
  async function headersInTime(request: Promise<Response>): Promise<Response> {
    const answer = await Promise.race([request, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 3_000))]);
    if (answer === 'late') throw new Error('no answer within 3 s while the render ran: the page waited for its render');
    return answer;
  }

  /** The body read chunk by chunk; `firstChunk` is what arrived before the render was let go. */
  async function readStreamed(response: Response, letGo: () => void): Promise<{ firstChunk: string; whole: string }> {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let firstChunk = '';
    // the head must arrive while the render still waits: stop waiting after 3 s
    while (!firstChunk.includes('<div id="root">')) {
      const next = await Promise.race([reader.read(), new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 3_000))]);
      if (next === 'late' || next.done) break;
      firstChunk += decoder.decode(next.value, { stream: true });
    }
    letGo();
    let whole = firstChunk;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      whole += decoder.decode(next.value, { stream: true });
    }
    return { firstChunk, whole };
  }

  for (const encoding of ['br', 'gzip', 'identity']) {
    it(`sends the head while the render runs, then the rendered page and its state (${encoding})`, async () => {
      let letGo = () => {};
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      const render: PageRenderer = async () => {
        await gate;
        return { html: '<main id="main"><h1>Rendered</h1></main>', state: '{"version":1}' };
      };
      await withServer(render, async (url) => {
        const response = await headersInTime(fetch(`${url}/en/tickets/101`, { headers: { 'accept-encoding': encoding } }));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
        expect(response.headers.get('etag')).toBeNull();
        const { firstChunk, whole } = await readStreamed(response, letGo);
        expect(firstChunk).toContain('<link rel="stylesheet" href="/assets/app.css">');
        expect(firstChunk).toContain('</head>');
        expect(firstChunk).not.toContain('Rendered');
        // the browser takes the API answers from the page: no preload asks for them
        expect(whole).not.toContain('as="fetch"');
        expect(whole).toMatch(/<div id="root"><main id="main"><h1>Rendered<\/h1><\/main><\/div><script type="application\/json" id="shop-render">\{"version":1\}<\/script><\/body><\/html>\n$/);
      });
    });
  }

  it('sends the loading screen in #root when the render gives up after the head went', async () => {
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const render: PageRenderer = async () => {
      await gate;
      return undefined;
    };
    await withServer(render, async (url) => {
      const { firstChunk, whole } = await readStreamed(await headersInTime(fetch(`${url}/fr/tickets/101`)), letGo);
      expect(firstChunk).toContain('</head>');
      expect(whole).toContain('<div id="root"><div class="boot boot--loading boot--static" role="status" lang="fr">');
      expect(whole).not.toContain('id="shop-render"');
      expect(whole.endsWith('</div></body></html>\n')).toBe(true);
    });
  });

  it('sends a kept render whole, with its ETag, and 304 when the browser has it', async () => {
    const render: PageRenderer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { html: '<main id="main"><h1>Kept</h1></main>', state: '{"version":1}' };
    };
    await withServer(
      render,
      async (url) => {
        const first = await fetch(`${url}/en/tickets/101`);
        expect(first.headers.get('etag')).toBeNull();
        expect(await first.text()).toContain('<h1>Kept</h1>');
        const second = await fetch(`${url}/en/tickets/101`);
        const etag = second.headers.get('etag');
        expect(etag).toMatch(/^"/);
        expect(await second.text()).toContain('<h1>Kept</h1>');
        const again = await fetch(`${url}/en/tickets/101`, { headers: { 'if-none-match': etag! } });
        expect(again.status).toBe(304);
      },
      new CatalogCache({ ttlMs: 60_000 }),
    );
  });
});

describe("a rendered page's scripts wait for its first paint", () => {
  const boot = { layout: ['/assets/layout.js'], home: [], messages: { en: ['/assets/messages-en.js'] }, descriptions: {}, early: '/assets/early-X.js' };
  const template = [
    '<!doctype html>',
    '<html lang="de"><head><title>Museum Shop</title>',
    '<link rel="stylesheet" href="/assets/main.css">',
    '<link rel="modulepreload" fetchpriority="low" href="/assets/main-1.js">',
    '<link rel="modulepreload" fetchpriority="low" href="/assets/chunk-2.js">',
    `<!--boot-preloads ${JSON.stringify(boot)}-->`,
    '<script type="module" src="/assets/main-1.js"></script>',
    '</head><body><div id="root"></div></body></html>',
    '',
  ].join('\n');

  it('names no module in its HTML but the one small script, which lists the entry and the preloads in order; the shell page keeps them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-paint-first-'));
    fs.writeFileSync(path.join(dir, 'index.html'), template);
    const render: PageRenderer = async () => ({ html: '<main id="main"><h1>Rendered</h1></main>', state: '{"version":1}' });
    const served = await startTestServer({ pages: { root: dir, render } });
    try {
      const rendered = await (await fetch(`${served.url}/en/tickets/101`)).text();
      expect(rendered).toContain('<h1>Rendered</h1>');
      expect(rendered).not.toContain('modulepreload');
      expect(rendered).not.toContain('type="module"');
      expect(rendered).toContain('<link rel="stylesheet" href="/assets/main.css">');
      // the catalogue's chunk is named apart: the loader asks for it only if the render did not happen (the page carries its messages)
      // the early script holds the recorder too (issue 43): it runs before anything of the body shows (no async, no defer)
      expect(rendered).toContain('<script src="/assets/early-X.js" data-main="/assets/main-1.js" data-preloads="/assets/chunk-2.js /assets/layout.js');
      expect(rendered).toContain('data-messages="/assets/messages-en.js"');
      // a page the server does not render (personal) starts its scripts as it is parsed
      const shell = await (await fetch(`${served.url}/en/cart`)).text();
      expect(shell).toContain('<script type="module" src="/assets/main-1.js"></script>');
      expect(shell).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/chunk-2.js">');
      expect(shell).not.toContain('early-X');
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a page as it is when the build has no such script', () => {
    const html = '<head><link rel="modulepreload" href="/a.js">\n<script type="module" src="/a.js"></script></head>';
    expect(paintFirst(html, undefined)).toBe(html);
  });
});
