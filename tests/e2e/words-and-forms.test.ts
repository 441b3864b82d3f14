/**
 * Issue 16 items 13 and 14 in real Chromium: a wrong login is said once (no toast besides), the
 * registration pre-chooses no salutation and an empty form flags both repeat fields; one term per
 * concept on the pages (en "Cart", es "Síganos", it "Note legali"), translated venue names and
 * banner alt texts in the page's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { repoRoot } from './server-process.js';

const catalogue = (lang: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, `src/i18n/messages/${lang}.json`), 'utf8')) as Record<string, string>;
const de = catalogue('de');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('forms a visitor trips over (item 13)', () => {
  it('a wrong login is said once, at the form, with no toast', async () => {
    const { page, close } = await openPage(browser, e2eBaseUrl(), '/de/login');
    try {
      await page.locator('input[name="email"]').fill('nobody-here@museum.example');
      await page.locator('input[type="password"]').first().fill('wrong password 1');
      await page.locator('main button[type="submit"]').click();
      await page.getByRole('alert').filter({ hasText: de['auth.loginFailed']! }).first().waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByText(de['auth.loginFailed']!).count()).toBe(1);
      expect(await page.getByTestId('toast').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('registration: no salutation is chosen for the visitor, and an empty form flags both repeat fields', async () => {
    const { page, close } = await openPage(browser, e2eBaseUrl(), '/de/register');
    try {
      const salutation = page.locator('select[name="salutation"]');
      await salutation.waitFor({ timeout: 15_000 });
      expect(await salutation.inputValue()).toBe('');
      expect(await salutation.locator('option:checked').textContent()).toBe(de['form.choose']);
      await page.locator('main button[type="submit"]').click();
      await page.locator('input[name="emailConfirmation"][aria-invalid="true"]').waitFor();
      await page.locator('input[name="passwordConfirmation"][aria-invalid="true"]').waitFor();
    } finally {
      await close();
    }
  });
});

describe('one term per concept and language (item 14)', () => {
  it('en says "Cart", es addresses the visitor as usted, it calls the imprint "Note legali"', async () => {
    for (const [lang, check] of [
      ['en', async (p: import('playwright-core').Page) => expect(await p.locator('.basket').getAttribute('aria-label')).toMatch(/^Cart, /)],
      ['es', async (p: import('playwright-core').Page) => expect(await p.locator('footer').textContent()).toContain('Síganos')],
      ['it', async (p: import('playwright-core').Page) => expect(await p.locator('footer').textContent()).toContain('Note legali')],
    ] as const) {
      const { page, close } = await openPage(browser, e2eBaseUrl(), `/${lang}`);
      try {
        await page.locator('footer').waitFor({ timeout: 15_000 });
        await check(page);
      } finally {
        await close();
      }
    }
  });

  it('venue names and banner alt texts come in the page language', async () => {
    const { page, close } = await openPage(browser, e2eBaseUrl(), '/de');
    try {
      await page.locator('main img').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('main img').first().getAttribute('alt')).toBe('Licht und Wasser');
    } finally {
      await close();
    }
    const venues = (await (await fetch(`${e2eBaseUrl()}/api/fr/event/select`)).json()) as { data: { venue: { name: string } }[] };
    const names = venues.data.map((e) => e.venue.name);
    expect(names.some((n) => n.includes('Kunsthalle'))).toBe(false);
  });
});
