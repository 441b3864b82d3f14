/**
 * Findable pages (issue 25): what a search engine gets over HTTP from the reference server, the
 * pages' heads, robots.txt and sitemap.xml, compared with what the API says about the catalogue.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/api/languages.js';
import { contentSecurityPolicy } from '../../src/server/edge.js';
import { createProxyShopServer } from '../../src/server/proxy.js';
import { createStaticHandler } from '../../src/server/static.js';
import { createSeo, upstreamCatalogue } from '../../src/server/seo/index.js';
import { jsonLdScript } from '../../src/server/seo/json-ld.js';
import { plainText } from '../../src/server/seo/head.js';
import { CatalogCache } from '../../src/server/catalog-cache.js';
import { startTestServer, type TestServer } from './harness.js';
import { returnUrls, tenPlacesTickets } from './checkout-helpers.js';

const messages = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(__dirname, '../../src/i18n/messages', `${lang}.json`), 'utf8')) as Record<string, string>]),
) as Record<Language, Record<string, string>>;

/** The template build.mjs writes, reduced to what the server changes. */
const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8">
    <title>Museum Shop</title>
    <!--boot-preloads-->
  </head>
  <body><noscript>JavaScript</noscript><div id="root"></div></body>
</html>
`;

let tmp: string;
let server: TestServer;
const warnings: { reqId: string | undefined; path: string }[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seo-'));
  fs.writeFileSync(path.join(tmp, 'index.html'), TEMPLATE);
  server = await startTestServer({ pages: { root: tmp, warn: (fields) => warnings.push(fields) } });
});

afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function api<T>(lang: Language, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${server.apiBase}/${lang}/${pathAndQuery}`);
  expect(response.status, pathAndQuery).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

interface Config {
  site_name: string;
  site_name_translations: Partial<Record<Language, string>>;
  currency: string;
}
const siteName = async (lang: Language) => {
  const config = await api<Config>(lang, 'shopinfo/config?shop=16');
  return config.site_name_translations[lang] ?? config.site_name;
};

interface Head {
  status: number;
  html: string;
  headers: Headers;
  title: string | undefined;
  description: string | undefined;
  canonical: string | undefined;
  robots: string | undefined;
  alternates: { hreflang: string; href: string }[];
  jsonLd: Record<string, unknown>[];
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

async function page(pathname: string): Promise<Head> {
  const response = await fetch(`${server.url}${pathname}`);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const one = (pattern: RegExp) => {
    const match = pattern.exec(head);
    return match?.[1] === undefined ? undefined : decode(match[1]);
  };
  return {
    status: response.status,
    html,
    headers: response.headers,
    title: one(/<title[^>]*>([^<]*)<\/title>/),
    description: one(/<meta name="description" content="([^"]*)">/),
    canonical: one(/<link rel="canonical" href="([^"]*)">/),
    robots: one(/<meta name="robots" content="([^"]*)">/),
    alternates: [...head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m) => ({ hreflang: m[1] ?? '', href: decode(m[2] ?? '') })),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>),
  };
}

const everyLanguage = (pathBelowLang: string) => [
  ...LANGUAGES.map((lang) => ({ hreflang: lang, href: `${server.url}/${lang}${pathBelowLang}` })),
  { hreflang: 'x-default', href: `${server.url}/de${pathBelowLang}` },
];

const price = (minor: number) => (minor / 100).toFixed(2);

describe('an event page', () => {
  it('has the event as its title, its own text as description, its canonical URL and the same page in 8 languages and x-default', async () => {
    const collection = await api<{ event: { name: string; description: string } }>('en', 'ticket/collect/event/101');
    const head = await page('/en/tickets/101');
    expect(head.status).toBe(200);
    expect(head.title).toBe(`${collection.event.name} - ${await siteName('en')}`);
    expect(head.description).toBeTruthy();
    expect(head.description).not.toMatch(/[<>]/);
    expect(plainText(collection.event.description).startsWith((head.description ?? '').replace(/…$/, ''))).toBe(true);
    expect(head.canonical).toBe(`${server.url}/en/tickets/101`);
    expect(head.alternates).toEqual(everyLanguage('/tickets/101'));
    expect(head.robots).toBeUndefined();
    // the page is still the app's shell, under the same CSP
    expect(head.html).toContain('<div id="root">');
    expect(head.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });

  it('carries an Event in JSON-LD: dates, place, organizer and each ticket as an offer with price, currency and availability', async () => {
    const collection = await api<{ event: { name: string; start: string; end: string; venue: { name: string } }; tickets: { name: string; price: number }[] }>('de', 'ticket/collect/event/101');
    const config = await api<Config>('de', 'shopinfo/config?shop=16');
    const [ld, ...more] = (await page('/de/tickets/101')).jsonLd;
    expect(more).toEqual([]);
    expect(ld?.['@context']).toBe('https://schema.org');
    expect(ld?.['@type']).toBe('Event');
    expect(ld?.name).toBe(collection.event.name);
    expect(ld?.startDate).toBe(collection.event.start);
    expect(ld?.endDate).toBe(collection.event.end);
    expect(ld?.location).toMatchObject({ '@type': 'Place', name: collection.event.venue.name });
    expect(ld?.organizer).toMatchObject({ '@type': 'Organization', name: await siteName('de') });
    const offers = ld?.offers as { '@type': string; name: string; price: string; priceCurrency: string; availability: string }[];
    expect(offers.length).toBe(collection.tickets.length);
    expect(offers.length).toBeGreaterThan(0);
    for (const [i, ticket] of collection.tickets.entries()) {
      expect(offers[i]).toMatchObject({ '@type': 'Offer', name: ticket.name, price: price(ticket.price), priceCurrency: config.currency, availability: 'https://schema.org/InStock' });
    }
  });

  it('an event that does not exist answers 404 with the shell, kept out of the index', async () => {
    const head = await page('/en/tickets/999999');
    expect(head.status).toBe(404);
    expect(head.html).toContain('<div id="root">');
    expect(head.title).toBe(`${messages.en['title.pageNotFound']} - ${await siteName('en')}`);
    expect(head.robots).toBe('noindex');
    expect(head.jsonLd).toEqual([]);
    expect(head.canonical).toBeUndefined();
    // a path no page has, and an id that is no id, too
    expect((await page('/en/no-such-page')).status).toBe(404);
    expect((await page('/en/tickets/abc')).status).toBe(404);
  });
});

describe('a closed section', () => {
  it('its list and item pages are not found (404), as the app shows them, and the sitemap leaves them out', async () => {
    const flag = (on: boolean) =>
      server.db.query("UPDATE settings SET value = jsonb_set(value, '{has_tickets}', $1::jsonb) WHERE key = 'remote_config'", [JSON.stringify(on)]);
    await flag(false);
    try {
      expect((await page('/en/tickets')).status).toBe(404);
      expect((await page('/en/tickets/101')).status).toBe(404);
      expect((await page('/en/guided-tours')).status).toBe(200);
      expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain('/tickets');
    } finally {
      await flag(true);
    }
    expect((await page('/en/tickets/101')).status).toBe(200);
  });
});

describe('a guided tour page', () => {
  it("carries an Event in JSON-LD: its next day's slots as dates, its prices as offers, availability from places left", async () => {
    const tour = await api<{ name: string; date: string; priceList: { name: string; price: number }[]; tickets: { name: string; price: number }[]; schedule: { datetime: string; datetime_end: string; remaining: number; soldout: boolean }[] }>('en', 'tour?tour=201');
    expect(tour.schedule.length).toBeGreaterThan(0);
    const head = await page('/en/guided-tours/201');
    expect(head.status).toBe(200);
    expect(head.title).toBe(`${tour.name} - ${await siteName('en')}`);
    expect(head.canonical).toBe(`${server.url}/en/guided-tours/201`);
    expect(head.alternates).toEqual(everyLanguage('/guided-tours/201'));
    const [ld] = head.jsonLd;
    expect(ld?.['@type']).toBe('Event');
    expect(ld?.name).toBe(tour.name);
    expect(ld?.startDate).toBe(tour.schedule[0]?.datetime.replace(' ', 'T'));
    expect(ld?.endDate).toBe(tour.schedule[tour.schedule.length - 1]?.datetime_end.replace(' ', 'T'));
    const left = tour.schedule.filter((slot) => !slot.soldout).reduce((sum, slot) => sum + slot.remaining, 0);
    const offers = ld?.offers as Record<string, unknown>[];
    // a tour booked whole has its price list; else each participant's ticket is the price
    const prices = tour.priceList.length > 0 ? tour.priceList : tour.tickets;
    expect(prices.length).toBeGreaterThan(0);
    expect(offers.map((o) => [o.name, o.price])).toEqual(prices.map((entry) => [entry.name, price(entry.price)]));
    for (const offer of offers) {
      expect(offer.priceCurrency).toBe('CHF');
      expect(offer.availability).toBe(left > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut');
    }
  });
});

describe('a product page', () => {
  it('carries a Product with its Offer; a used-up stock says OutOfStock', async () => {
    const article = await api<{ name: string; price: number; stock: number | null }>('en', 'merchandise?article=301');
    const head = await page('/en/product/301');
    expect(head.status).toBe(200);
    expect(head.title).toBe(`${article.name} - ${await siteName('en')}`);
    const [ld] = head.jsonLd;
    expect(ld?.['@type']).toBe('Product');
    expect(ld?.name).toBe(article.name);
    expect(ld?.offers).toMatchObject({ '@type': 'Offer', price: price(article.price), priceCurrency: 'CHF', availability: 'https://schema.org/InStock' });

    await server.db.query('UPDATE merchandise SET stock = 0 WHERE id = 301');
    try {
      expect((await page('/en/product/301')).jsonLd[0]?.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    } finally {
      await server.db.query('UPDATE merchandise SET stock = $1 WHERE id = 301', [article.stock]);
    }
  });

  it('a pass is a Product too; an article that does not exist is not found', async () => {
    expect((await page('/de/passes/311')).jsonLd[0]?.['@type']).toBe('Product');
    expect((await page('/de/product/999999')).status).toBe(404);
  });
});

describe('every catalogue page', () => {
  it('is titled in its language as the browser titles it, with its canonical URL and 9 alternates', async () => {
    // a list page is titled by its route; an item page by the item, as its screen names it
    const pages: [string, (lang: Language) => Promise<string | undefined>][] = [
      ['tickets', async (lang) => messages[lang]['title.tickets']],
      ['guided-tours', async (lang) => messages[lang]['title.guidedTours']],
      ['merchandise', async (lang) => messages[lang]['title.merchandise']],
      ['passes', async (lang) => messages[lang]['title.passes']],
      ['vouchers', async (lang) => messages[lang]['title.voucherList']],
      ['vouchers/401', async (lang) => (await api<{ name: string }>(lang, 'voucher/selectOne/price/401')).name],
      ['page/imprint', async (lang) => (await api<{ title: string }>(lang, 'static/page/imprint')).title],
      ['page/shipping', async (lang) => (await api<{ title: string }>(lang, 'static/page/shipping')).title],
    ];
    for (const lang of LANGUAGES) {
      const home = await page(`/${lang}`);
      expect(home.title).toBe(await siteName(lang));
      expect(home.description).toBe(messages[lang]['meta.description']);
      expect(home.jsonLd[0]).toMatchObject({ '@type': 'Organization', name: await siteName(lang) });
      for (const [below, named] of pages) {
        const head = await page(`/${lang}/${below}`);
        expect(head.status, below).toBe(200);
        expect(head.title, below).toBe(`${await named(lang)} - ${await siteName(lang)}`);
        expect(head.canonical, below).toBe(`${server.url}/${lang}/${below}`);
        expect(head.alternates, below).toEqual(everyLanguage(`/${below}`));
        expect(head.robots, below).toBeUndefined();
      }
    }
  });

  it('separates title and site name by the config\'s title_separator, as the browser does (spec row 2.34)', async () => {
    const separator = (value: string) =>
      server.db.query("UPDATE settings SET value = jsonb_set(value, '{title_separator}', $1::jsonb) WHERE key = 'remote_config'", [JSON.stringify(value)]);
    await separator(' | ');
    try {
      expect((await page('/en/tickets')).title).toBe(`${messages.en['title.tickets']} | ${await siteName('en')}`);
      expect((await page('/en/page/imprint')).title).toBe(`${(await api<{ title: string }>('en', 'static/page/imprint')).title} | ${await siteName('en')}`);
      expect((await page('/en')).title).toBe(await siteName('en'));
    } finally {
      await separator(' - ');
    }
    expect((await page('/en/tickets')).title).toBe(`${messages.en['title.tickets']} - ${await siteName('en')}`);
  });

  it('drops the search from the canonical URL (the same page)', async () => {
    expect((await page('/en/tickets/101?date=2030-01-01')).canonical).toBe(`${server.url}/en/tickets/101`);
  });
});

describe('personal pages', () => {
  it('are noindex, with their own title and no JSON-LD, canonical or alternates', async () => {
    for (const [pathname, key] of [
      ['/en/checkout', 'title.checkout'],
      ['/en/checkout/accepted', 'title.checkoutAccepted'],
      ['/de/login', 'title.login'],
      ['/de/register', 'title.register'],
      ['/fr/settings', 'title.settings'],
      ['/en/order-review/abc123', 'title.orderReview'],
    ] as const) {
      const lang = pathname.split('/')[1] as Language;
      const head = await page(pathname);
      expect(head.status, pathname).toBe(200);
      expect(head.robots, pathname).toBe('noindex');
      expect(head.title, pathname).toBe(`${messages[lang][key]} - ${await siteName(lang)}`);
      expect(head.jsonLd, pathname).toEqual([]);
      expect(head.canonical, pathname).toBeUndefined();
      expect(head.alternates, pathname).toEqual([]);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the catalogue, keeps out the API and the personal pages, and names the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    for (const lang of LANGUAGES) {
      for (const personal of ['checkout', 'login', 'settings', 'order-review/']) expect(lines).toContain(`Disallow: /${lang}/${personal}`);
    }
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const catalogue of ['/de/tickets', '/en/tickets/101', '/en/guided-tours', '/de/merchandise', '/de/product/301', '/de/passes', '/de/vouchers', '/de/page/imprint', '/de']) {
      expect(disallowed.filter((prefix) => catalogue.startsWith(prefix)), catalogue).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('sitemap.xml lists every catalogue page of the API in the eight languages, each with its 9 alternates', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
    const locs = urls.map((u) => /<loc>([^<]*)<\/loc>/.exec(u)?.[1] ?? '');

    // the catalogue as the API tells it
    const events = (await api<{ id: number; expired: boolean }[]>('de', 'event/select')).filter((e) => !e.expired);
    const { tours } = await api<{ tours: { id: number }[] }>('de', 'tour/select/event');
    const { category } = await api<{ category: { id: number }[] }>('de', 'merchandise/attr');
    const articles = (await api<{ id: number; product_kind_ref: number }[]>('de', 'merchandise/select')).filter((a) => a.product_kind_ref !== 13);
    const passes = await api<{ id: number }[]>('de', 'merchandise/select?product_kind=13');
    const vouchers = await api<{ id: number }[]>('de', 'voucher/select/event');
    // the static pages the footer links to (§2: the accessibility statement only in a shop selling in EUR) that exist
    const config = await api<Config>('de', 'shopinfo/config?shop=16');
    const staticPages: string[] = [];
    for (const id of ['imprint', 'terms', 'data_protection', ...(config.currency === 'EUR' ? ['accessibility_statement'] : [])]) {
      if ((await fetch(`${server.apiBase}/de/static/page/${id}`)).status === 200) staticPages.push(`page/${id}`);
    }
    const below = [
      '',
      'tickets',
      ...events.map((e) => `tickets/${e.id}`),
      'guided-tours',
      ...tours.map((t) => `guided-tours/${t.id}`),
      'merchandise',
      ...category.map((c) => `merchandise/${c.id}`),
      ...articles.map((a) => `product/${a.id}`),
      'passes',
      ...passes.map((p) => `passes/${p.id}`),
      'vouchers',
      ...vouchers.map((v) => `vouchers/${v.id}`),
      ...staticPages,
      'page/shipping',
    ];
    expect(events.length * tours.length * articles.length * passes.length * vouchers.length * staticPages.length).toBeGreaterThan(0);
    const expected = below.flatMap((p) => LANGUAGES.map((lang) => `${server.url}/${lang}${p ? `/${p}` : ''}`));
    expect([...locs].sort()).toEqual([...expected].sort());
    for (const url of urls) {
      const loc = /<loc>([^<]*)<\/loc>/.exec(url)?.[1] ?? '';
      const pathBelow = loc.slice(`${server.url}/xx`.length);
      const links = [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g)].map((m) => ({ hreflang: m[1], href: m[2] }));
      expect(links, loc).toEqual(everyLanguage(pathBelow));
    }
    // and every page it lists is one the server answers with 200 and its own canonical URL
    for (const loc of locs.filter((l) => l.includes('/en'))) {
      const head = await page(loc.slice(server.url.length));
      expect(head.status, loc).toBe(200);
      expect(head.canonical, loc).toBe(loc);
    }
  });
});

describe('the JSON-LD block', () => {
  it('cannot be closed by a name: < is escaped, and the data reads back the same', () => {
    const data = { '@context': 'https://schema.org', '@type': 'Product', name: '</script><script>alert(1)</script> <!-- \u2028' } as const;
    const block = jsonLdScript(data);
    const inner = block.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(inner).not.toContain('<');
    expect(JSON.parse(inner)).toEqual(data);
  });
});

describe('time bound and upstream', () => {
  it('a head whose data does not come within the bound: the generic head goes out, logged with the request id', async () => {
    const seo = createSeo({ read: () => new Promise(() => undefined), timeBoundMs: 50, warn: (fields) => seen.push(fields) });
    const seen: { reqId: string | undefined; path: string }[] = [];
    const started = Date.now();
    expect(await seo.head({ lang: 'en', segments: ['tickets', '101'], origin: 'https://shop.example', requestId: 'req-1' })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen).toEqual([{ reqId: 'req-1', path: '/en/tickets/101' }]);
  });

  it('with SHOP_API_URL the head is read from the upstream; an upstream that does not answer in time gives the plain shell at once', async () => {
    let hang = false;
    const asked: { url: string; requestId: string | undefined }[] = [];
    // the upstream: this test's reference server, or one that never answers
    const upstream = http.createServer((req, res) => {
      asked.push({ url: req.url ?? '', requestId: req.headers['x-request-id'] as string | undefined });
      if (hang) return;
      void fetch(`${server.apiBase}${(req.url ?? '').replace(/^\/backend/, '')}`).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(await answer.text());
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/backend`;
    const logged: { reqId: string | undefined; path: string }[] = [];
    const front = createProxyShopServer({
      upstream: upstreamUrl,
      staticHandler: createStaticHandler({ root: tmp, seo: createSeo({ read: upstreamCatalogue(upstreamUrl), cache: new CatalogCache(), timeBoundMs: 300, warn: (fields) => logged.push(fields) }) }),
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    try {
      const collection = await api<{ event: { name: string } }>('en', 'ticket/collect/event/101');
      const html = await (await fetch(`${frontUrl}/en/tickets/101`)).text();
      expect(html).toContain(`<title data-page-title>${collection.event.name} - ${await siteName('en')}</title>`);
      expect(asked.some((a) => a.url === '/backend/en/ticket/collect/event/101' && a.requestId)).toBe(true);

      hang = true;
      const started = Date.now();
      const answer = await fetch(`${frontUrl}/en/tickets/102`);
      const shell = await answer.text();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(answer.status).toBe(200);
      expect(shell).toContain('<title>Museum Shop</title>');
      expect(shell).not.toContain('application/ld+json');
      expect(shell).toContain('<div id="root">');
      expect(logged).toHaveLength(1);
      expect(logged[0]?.path).toBe('/en/tickets/102');
      expect(logged[0]?.reqId).toBe(answer.headers.get('x-request-id'));
    } finally {
      front.closeAllConnections();
      upstream.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });
});

describe('kept heads', () => {
  it("a catalogue page's head is kept like the catalogue answers, and any write that succeeded drops it: availability is never stale", async () => {
    const cache = new CatalogCache({ ttlMs: 60_000 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seo-cache-'));
    fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
    const cached = await startTestServer({ catalogCache: cache, pages: { root: dir } });
    try {
      const offer = async () => {
        const html = await (await fetch(`${cached.url}/en/product/302`)).text();
        const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
        return (JSON.parse(json) as { offers: { availability: string } }).offers.availability;
      };
      expect(await offer()).toBe('https://schema.org/InStock');
      // the stock changes behind the server's back: the kept head still says what it said
      await cached.db.query('UPDATE merchandise SET stock = 0 WHERE id = 302');
      expect(await offer()).toBe('https://schema.org/InStock');
      // a refused write drops nothing (issue 44: anyone could empty the cache with one)
      expect((await fetch(`${cached.apiBase}/en/checkout/cart`, { method: 'POST', body: '{}' })).status).toBe(405);
      expect(await offer()).toBe('https://schema.org/InStock');
      // a write through the server that succeeded (here a payment begun) drops it, as it drops the catalogue answers
      const begun = await fetch(`${cached.apiBase}/de/checkout/initPayment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payart: 161, cart: { ver: 1, items: [tenPlacesTickets(cached, 1)] }, url: returnUrls(cached) }),
      });
      expect(begun.status).toBe(200);
      expect(await offer()).toBe('https://schema.org/OutOfStock');
    } finally {
      await cached.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
