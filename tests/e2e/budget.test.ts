/**
 * The build's budget counts what the browser really loads for the home page (issue 14): every
 * script /de requests until it is idle — the entry, its static imports and the lazy chunks boot
 * asks for (screen, footer, cookie notice, catalogue) — is among the files dist/build-report.json
 * counted, and the bytes transferred stay within the budget build.mjs enforces.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { e2eBaseUrl } from './context.js';
import os from 'node:os';
import { repoRoot, startServer, type ServerProcess } from './server-process.js';
import { DEMO } from '../../src/server/seed/demo.js';
import { readBootPreloads } from '../../src/server/static.js';

interface BuildReport {
  home: { files: string[]; brotli: number };
  rendered: { files: string[]; brotli: number; budget: number };
  pages: { route: string; files: string[]; brotli: number; budget: number }[];
  cardFloor: number;
}

const report = (): BuildReport => JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist/build-report.json'), 'utf8')) as BuildReport;

/** Every script a page loads until the network is quiet and the app has taken it over: path → bytes transferred. */
async function scriptsOf(base: string, address: string): Promise<Map<string, number>> {
  const context = await browser.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    const loaded = new Map<string, number>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js')) return;
      // very small files go uncompressed; their raw length is what travels
      void response.allHeaders().then((headers) => loaded.set(url.pathname, Number(headers['content-length'] ?? 0)));
    });
    await page.goto(address, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.shell--waking').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    return loaded;
  } finally {
    await context.close();
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('home page JavaScript budget', () => {
  it('counts every script the home page loads, lazy chunks included, at the size the browser transfers', async () => {
    const built = report();
    const loaded = await scriptsOf(e2eBaseUrl(), '/de');
    // the entry and its static imports, as build.mjs wrote them (the served page also preloads the
    // lazy boot chunks the server adds from the boot-preloads list: issue 14, boot without a chain)
    const template = readBootPreloads(fs.readFileSync(path.join(repoRoot, 'dist/public/index.html'), 'utf8')).template ?? '';
    const preloaded = new Set([...template.matchAll(/\/assets\/[\w-]+\.js/g)].map((m) => m[0]));

    const uncounted = [...loaded.keys()].filter((file) => !built.home.files.includes(file));
    expect(uncounted).toEqual([]);
    // the test means something: boot loads lazy chunks beyond what index.html names
    expect([...loaded.keys()].filter((file) => !preloaded.has(file)).length).toBeGreaterThan(0);
    const transferred = [...loaded.values()].reduce((sum, n) => sum + n, 0);
    expect(transferred).toBeGreaterThan(0);
    expect(transferred).toBeLessThanOrEqual(built.home.brotli);
    expect(built.rendered.brotli).toBeLessThanOrEqual(built.rendered.budget);
  });
});

describe('the JavaScript of the pages as shipped (rendered by the server)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-budget-')), SERVER_RENDERING: 'true' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const addresses: [string, string][] = [
    ['tickets', '/en/tickets'],
    ['tickets/$id', `/en/tickets/${DEMO.events.collection}`],
    ['checkout', '/en/checkout'],
    ['guided-tours', '/en/guided-tours'],
    ['guided-tours/$id', `/en/guided-tours/${DEMO.tours.highlightsEn}`],
    ['product/$id', `/en/product/${DEMO.merchandise.catalogue}`],
    ['withdrawal', '/en/withdrawal'],
  ];

  it('the home page loads no script the build did not count, and the bench pages none beyond their own count and budget', async () => {
    const built = report();
    const home = await scriptsOf(server.url, '/de');
    expect([...home.keys()].filter((file) => !built.rendered.files.includes(file))).toEqual([]);
    // hydration and the loader are among them: the page was rendered and taken over
    expect([...home.keys()].some((file) => file.includes('/early-'))).toBe(true);
    expect([...home.values()].reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(built.rendered.brotli);
    expect(built.pages.map((p) => p.route).sort()).toEqual(addresses.map(([route]) => route).sort());
    for (const [route, address] of addresses) {
      const counted = built.pages.find((p) => p.route === route);
      if (!counted) throw new Error(`build-report.json has no page ${route}`);
      const loaded = await scriptsOf(server.url, address);
      expect([...loaded.keys()].filter((file) => !counted.files.includes(file)), address).toEqual([]);
      expect([...loaded.values()].reduce((sum, n) => sum + n, 0), address).toBeLessThanOrEqual(counted.brotli);
      expect(counted.brotli, address).toBeLessThanOrEqual(counted.budget);
    }
    // the floor is measured, not assumed: the card's packages are most of what a page loads
    expect(built.cardFloor).toBeGreaterThan(50 * 1024);
    expect(built.cardFloor).toBeLessThan(built.rendered.brotli);
  });
});
