/**
 * Smoke test of what `npm start` serves, in real headless Chromium: the German home renders,
 * the hashed assets arrive compressed with immutable cache headers, app routes fall back to
 * the app, and the embedded API answers through the same server.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { repoRoot } from './server-process.js';

let baseUrl = '';
/** The German catalogue: the test looks for what the app says, in the words it says it. */
const de = JSON.parse(fs.readFileSync(path.join(repoRoot, 'src/i18n/messages/de.json'), 'utf8')) as Record<string, string>;

/** A catalogue message as a pattern, each {placeholder} matching any text. */
function messagePattern(id: string): RegExp {
  const message = de[id];
  if (message === undefined) throw new Error(`de.json has no message ${id}`);
  const parts = message.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Raw GET with a chosen Accept-Encoding; the body is left as it came over the wire. */
function rawGet(urlPath: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${urlPath}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      })
      .on('error', reject);
  });
}

describe('the shop in a real browser', () => {
  it('renders the German home at /de: welcome heading and main navigation', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor({ state: 'visible', timeout: 15_000 });
      expect((await heading.innerText()).trim()).toMatch(messagePattern('home.welcome'));
      await expect(page.getByRole('navigation', { name: de['header.nav'] }).isVisible()).resolves.toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await page.locator('noscript').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the loading screen from the HTML before the bundle runs, and the <noscript> text alone without scripting', async () => {
    // no JavaScript: the server's copy of the loading screen is hidden, the noscript text is read
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/fr/tickets');
      await expect(page.getByText('Chargement de la boutique…').isVisible()).resolves.toBe(false);
      // (Playwright's visibility test does not look into <noscript>; its laid-out box does)
      const noscript = await page.evaluate(() => {
        const p = document.querySelector('noscript p[lang="fr"]');
        return { text: p?.textContent ?? '', height: p?.getBoundingClientRect().height ?? 0, languages: [...document.querySelectorAll('noscript p')].map((e) => e.getAttribute('lang')) };
      });
      expect(noscript.text).toContain('Cette boutique a besoin de JavaScript');
      expect(noscript.height).toBeGreaterThan(0);
      // said once, in the page's language
      expect(noscript.languages).toEqual(['fr']);
    } finally {
      await context.close();
    }
    // with JavaScript but the bundle held back: the French loading screen is on the page already
    const slow = await browser.newContext({ baseURL: baseUrl });
    try {
      const page = await slow.newPage();
      // never answered: the app's scripts (the page's early script and its stylesheet come: they
      // come before the body, as a page needs them to show at all)
      await page.route(/\/assets\/(?!early-)[^/]+\.js$/, () => undefined);
      // (module scripts hold DOMContentLoaded back, so only the response is awaited)
      await page.goto('/fr/tickets', { waitUntil: 'commit' });
      await page.getByRole('status').filter({ hasText: 'Chargement de la boutique…' }).waitFor({ state: 'visible', timeout: 10_000 });
    } finally {
      await slow.close();
    }
  });

  it('loads the hashed entry script with immutable caching and compression', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de/tickets');
    try {
      const entrySrc = await page.locator('script[type="module"]').getAttribute('src');
      expect(entrySrc).toMatch(/^\/assets\/main-[A-Z0-9]{8}\.js$/);
      const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) =>
        links.map((l) => l.getAttribute('href')),
      );
      expect(preloads).toContain(entrySrc);
      const asset = await page.request.get(entrySrc ?? '');
      expect(asset.status()).toBe(200);
      expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers()['content-type']).toBe('text/javascript; charset=utf-8');
      expect(errors).toEqual([]);

      // the largest script the page preloads (build.mjs's shared chunk; the entry itself is a few lines)
      const sizes = await Promise.all(preloads.map(async (href) => ({ href: href ?? '', bytes: (await rawGet(href ?? '', 'identity')).bytes })));
      const largest = sizes.sort((a, b) => b.bytes - a.bytes)[0]?.href ?? '';
      expect(largest).toMatch(/^\/assets\/chunk-[A-Z0-9]{8}\.js$/);
      const br = await rawGet(largest, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      const plain = await rawGet(largest, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.bytes).toBeLessThan(plain.bytes / 2);
      const gz = await rawGet(largest, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
    } finally {
      await close();
    }
  });

  it('serves index.html for app routes without caching it, and 404 for unknown assets', async () => {
    const route = await rawGet('/fr/guided-tours/201', 'identity');
    expect(route.status).toBe(200);
    expect(route.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(route.headers['cache-control']).toBe('no-cache');
    // a path no page has is the app's not-found page: the same shell, with 404 (issue 25)
    const unknown = await rawGet('/fr/tours/123', 'identity');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.headers['cache-control']).toBe('no-cache');
    expect((await rawGet('/assets/main-NOTTHERE.js', 'identity')).status).toBe(404);
  });

  it('answers the embedded API from the same server in the envelope', async () => {
    const res = await fetch(`${baseUrl}/api/de/nothing/here`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: string; message: string; fields: object };
    expect(body).toMatchObject({ error: 'NOT_FOUND', fields: {} });
  });
});
