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
import { repoRoot } from './server-process.js';
import { readBootPreloads } from '../../src/server/static.js';

interface BuildReport {
  home: { files: string[]; brotli: number; budget: number };
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
    const report = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist/build-report.json'), 'utf8')) as BuildReport;
    const context = await browser.newContext({ baseURL: e2eBaseUrl() });
    const page = await context.newPage();
    const loaded = new Map<string, number>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js')) return;
      // very small files go uncompressed; their raw length is what travels
      void response.allHeaders().then((headers) => loaded.set(url.pathname, Number(headers['content-length'] ?? 0)));
    });
    await page.goto('/de', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // the entry and its static imports, as build.mjs wrote them (the served page also preloads the
    // lazy boot chunks the server adds from the boot-preloads list: issue 14, boot without a chain)
    const template = readBootPreloads(fs.readFileSync(path.join(repoRoot, 'dist/public/index.html'), 'utf8')).template ?? '';
    const preloaded = new Set([...template.matchAll(/\/assets\/[\w-]+\.js/g)].map((m) => m[0]));

    const uncounted = [...loaded.keys()].filter((file) => !report.home.files.includes(file));
    expect(uncounted).toEqual([]);
    // the test means something: boot loads lazy chunks beyond what index.html names
    expect([...loaded.keys()].filter((file) => !preloaded.has(file)).length).toBeGreaterThan(0);
    const transferred = [...loaded.values()].reduce((sum, n) => sum + n, 0);
    expect(transferred).toBeGreaterThan(0);
    expect(transferred).toBeLessThanOrEqual(report.home.brotli);
    expect(report.home.brotli).toBeLessThanOrEqual(report.home.budget);
    await context.close();
  });
});
