/**
 * Boot without a chain (issue 14): the page's head preloads the requests boot makes (config, shop
 * info, static content, payment types) and the URL's catalogue, so they load while the bundle
 * downloads. The app's requests must match the preloads exactly: each is fetched once, by the
 * parser, and the browser does not warn about an unused preload.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { e2eBaseUrl } from './context.js';
import fs from 'node:fs';
import nodePath from 'node:path';
import { repoRoot } from './server-process.js';
import { readBootPreloads } from '../../src/server/static.js';
import { demoTicketLine } from './checkout-helpers.js';

/** What build.mjs wrote into the template the server serves from. */
const manifest = (() => {
  const { boot } = readBootPreloads(fs.readFileSync(nodePath.join(repoRoot, 'dist/public/index.html'), 'utf8'));
  if (!boot) throw new Error('dist/public/index.html has no boot-preloads list');
  return boot;
})();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Seen { url: string; initiator: string }

async function load(path: string, storage: Record<string, string> = {}) {
  const context = await browser.newContext({ baseURL: e2eBaseUrl(), locale: 'de-CH' });
  const page = await context.newPage();
  if (Object.keys(storage).length > 0) {
    // session storage of the shop's origin, written on a plain file before the measured load
    await page.goto('/static/favicon.svg');
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
    }, storage);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests: Seen[] = [];
  cdp.on('Network.requestWillBeSent', (event: { request: { url: string }; initiator: { type: string } }) => {
    requests.push({ url: new URL(event.request.url).pathname + new URL(event.request.url).search, initiator: event.initiator.type });
  });
  const console: string[] = [];
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  await page.goto(path, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const head = await page.evaluate(() => document.head.innerHTML);
  await context.close();
  return { requests, console, head };
}

describe('boot preloads', () => {
  for (const [path, lang] of [['/de', 'de'], ['/en/tickets', 'en']] as const) {
    it(`${path}: config, shop info, static content and payment types are fetched once, from the preload`, async () => {
      const { requests, console, head } = await load(path);
      const boot = [`/api/${lang}/shopinfo/config?shop=16`, `/api/${lang}/shopinfo?shop=16`, `/api/${lang}/static/content`, `/api/${lang}/checkout/payments?shop=16`];
      for (const url of boot) {
        const asked = requests.filter((r) => r.url === url);
        expect(asked, url).toHaveLength(1);
        expect(asked[0]?.initiator, url).toBe('parser');
      }
      expect(console.filter((line) => /preload/i.test(line))).toEqual([]);
      // the catalogue of the URL's language is preloaded as a module, not another one's
      const modules = [...head.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);
      for (const file of manifest.messages[lang] ?? []) expect(modules).toContain(file);
      for (const file of manifest.messages[lang === 'de' ? 'en' : 'de'] ?? []) expect(modules).not.toContain(file);
      // the home screen's chunk only on the home page
      for (const file of manifest.home) expect(modules.includes(file)).toBe(path === '/de');
      // the page's own parts of the catalogue (src/i18n/load.ts; src/app/routes.ts, MESSAGE_PARTS) and
      // no other: the events' list its part, the home page none; a part not preloaded is not asked for
      const parts = manifest.messageParts?.[lang] ?? {};
      expect(Object.keys(parts)).toEqual(expect.arrayContaining(['tickets', 'checkout', 'tours']));
      const own = path === '/de' ? [] : ['tickets'];
      for (const [part, files] of Object.entries(parts)) {
        expect(files?.length, part).toBeGreaterThan(0);
        for (const file of files ?? []) {
          expect(modules.includes(file), `${part}: ${file}`).toBe(own.includes(part));
          if (!own.includes(part)) expect(requests.map((r) => r.url), `${part}: ${file}`).not.toContain(file);
        }
      }
      if (path === '/de') {
        // the home page: every script it loads is named in the head, none is found only after another ran
        const scripts = [...new Set(requests.map((r) => r.url).filter((url) => url.endsWith('.js')))];
        // at least the entry, the shared shell chunk (build.mjs) and the catalogue
        expect(scripts.length).toBeGreaterThanOrEqual(3);
        expect(scripts.filter((url) => !head.includes(`"${url}"`))).toEqual([]);
        // the first banner (the largest paint) is asked for from the head, once, and only the wide one at 1280 px
        const banners = requests.filter((r) => r.url.startsWith('/static/banners/') && !r.url.includes('lakeside') && !r.url.includes('collection'));
        expect(banners).toEqual([{ url: '/static/banners/light-and-water.jpg', initiator: 'parser' }]);
      }
      expect(head).toMatch(/<meta name="description" content="[^"]{50,}">/);
      expect(head).not.toContain('boot-preloads');
    });
  }
});

describe('deep links preload their page', () => {
  const cart = { cart: JSON.stringify([demoTicketLine(1)]) };
  for (const [path, pattern, storage] of [['/en/tickets/101', 'tickets/$id', {}], ['/fr/guided-tours', 'guided-tours', {}], ['/de/checkout', 'checkout', {}], ['/en/checkout', 'checkout', cart]] as const) {
    it(`${path}${'cart' in storage ? ' with a cart' : ''}: the chunks of its screen and journey are named in the head, and no script is found only after another ran`, async () => {
      const route = manifest.routes?.find((r) => r.path === pattern);
      expect(route?.files.length, `build.mjs lists the chunks of ${pattern}`).toBeGreaterThan(0);
      const { requests, head } = await load(path, storage);
      const modules = [...head.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);
      for (const file of route?.files ?? []) expect(modules).toContain(file);
      const scripts = [...new Set(requests.map((r) => r.url).filter((url) => url.endsWith('.js')))];
      expect(scripts.filter((url) => !head.includes(`"${url}"`))).toEqual([]);
      // another page's chunks are not preloaded: the home screen's only on the home page
      for (const file of manifest.home) expect(modules).not.toContain(file);
    });
  }
});
