/**
 * Remote config, shop info, static content, static pages and countries against the reference
 * server on a fresh database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { startTestServer, type TestServer } from './harness.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { LANGUAGES } from '../../src/api/languages.js';
import { RemoteConfigSchema, StaticContentSchema } from '../../src/api/schemas/config.js';
import { ApiError } from '../../src/api/http.js';
import { setGuestRegistration, setHomeView } from '../../src/server/settings.js';

let server: TestServer;
const apiFor = (lang: string): ShopApi => createShopApi({ baseURL: server.apiBase, lang: () => lang });

async function raw(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.apiBase}/${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET shopinfo/config?shop=16', () => {
  it('answers the remote config in snake_case that the app maps to its configuration', async () => {
    const { status, body } = await raw('de/shopinfo/config?shop=16');
    expect(status).toBe(200);
    const config = v.parse(RemoteConfigSchema, body.data);
    expect(config.languages).toEqual([...LANGUAGES]);
    expect(config.languages_full).toHaveLength(8);
    const app = await apiFor('de').getConfig();
    expect(app.siteName).toBe('Museum am See');
    expect(app.siteNameTranslations.fr).toBe('Musée du lac');
    expect(app.defaultPaymentType).toBe(161);
    expect(app.hasTickets && app.hasGuidedTours && app.hasMerchandise && app.hasMemCard && app.hasVouchers).toBe(true);
  });

  it('comes from the settings table, so it changes without code', async () => {
    const [row] = await server.db.query<{ value: Record<string, unknown> }>("SELECT value FROM settings WHERE key = 'remote_config'");
    await server.db.query("UPDATE settings SET value = $1 WHERE key = 'remote_config'", [JSON.stringify({ ...row?.value, has_vouchers: false })]);
    try {
      expect((await apiFor('en').getConfig()).hasVouchers).toBe(false);
    } finally {
      await server.db.query("UPDATE settings SET value = $1 WHERE key = 'remote_config'", [JSON.stringify(row?.value)]);
    }
    expect((await apiFor('en').getConfig()).hasVouchers).toBe(true);
  });

  it('title_separator: the stored one, " - " when the stored config has none, and a broken one is a server fault (500), never sent', async () => {
    const [row] = await server.db.query<{ value: Record<string, unknown> }>("SELECT value FROM settings WHERE key = 'remote_config'");
    const store = (value: Record<string, unknown>) => server.db.query("UPDATE settings SET value = $1 WHERE key = 'remote_config'", [JSON.stringify(value)]);
    try {
      expect((await apiFor('en').getConfig()).titleSeparator).toBe(' - ');
      await store({ ...row?.value, title_separator: ' | ' });
      expect((await apiFor('en').getConfig()).titleSeparator).toBe(' | ');
      const { title_separator: _left, ...older } = row?.value ?? {};
      await store(older);
      expect((await apiFor('en').getConfig()).titleSeparator).toBe(' - ');
      await store({ ...row?.value, title_separator: ' |\n' });
      const broken = await raw('en/shopinfo/config?shop=16');
      expect(broken.status).toBe(500);
      expect(JSON.stringify(broken.body)).not.toContain('|\\n');
    } finally {
      await store(row?.value ?? {});
    }
  });

  it('GUEST_REGISTRATION at start turns the guest registration flag on and off in the stored config', async () => {
    expect((await apiFor('en').getConfig()).hasGuestRegistration).toBe(false);
    await setGuestRegistration(server.db, true);
    try {
      expect((await apiFor('en').getConfig()).hasGuestRegistration).toBe(true);
      expect((await apiFor('en').getConfig()).siteName).toBe('Museum am See'); // the rest of the config stays
    } finally {
      await setGuestRegistration(server.db, false);
    }
    expect((await apiFor('en').getConfig()).hasGuestRegistration).toBe(false);
  });

  it('HOME_VIEW at start sets what the home page shows in the stored config (the seed: the default landing)', async () => {
    expect((await apiFor('en').getConfig()).homeView).toBe('default');
    await setHomeView(server.db, 'vouchers');
    try {
      expect((await apiFor('en').getConfig()).homeView).toBe('vouchers');
      expect((await raw('en/shopinfo/config?shop=16')).body).toMatchObject({ data: { home_view: 'vouchers', site_name: 'Museum am See' } });
    } finally {
      await setHomeView(server.db, 'default');
    }
    expect((await apiFor('en').getConfig()).homeView).toBe('default');
  });

  it('answers 422 with a field error when shop is missing or not a number, 404 for another shop', async () => {
    const missing = await raw('de/shopinfo/config');
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(Object.keys(missing.body.fields as object)).toContain('shop');
    const bad = await raw('de/shopinfo/config?shop=abc');
    expect(bad.status).toBe(422);
    const other = await raw('de/shopinfo/config?shop=17');
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('UNKNOWN_SHOP');
  });
});

describe('GET shopinfo?shop=16', () => {
  it('answers the shop metadata', async () => {
    const info = await apiFor('de').getShopInfo();
    expect(info).toMatchObject({ shop: 16, currency: 'CHF', support_email: 'support@museum.example' });
  });
  it('answers 422 without shop and 404 for another shop', async () => {
    expect((await raw('de/shopinfo')).status).toBe(422);
    expect((await raw('de/shopinfo?shop=1')).status).toBe(404);
  });
});

describe('GET static/content', () => {
  it('answers banners, social media and the cookie notice in the request language', async () => {
    const de = await apiFor('de').getStaticContent();
    const fr = await apiFor('fr').getStaticContent();
    expect(v.is(StaticContentSchema, de)).toBe(true);
    expect(de.banners.home?.length).toBeGreaterThan(0);
    expect(de.banners.home?.[0]).toMatchObject({ image: expect.stringMatching(/^\/static\//), image_mobile: expect.stringMatching(/^\/static\//) });
    // alt texts in the request language (issue 16 item 14)
    expect(de.banners.home?.[0]?.alt).toBe('Licht und Wasser');
    expect(fr.banners.home?.[0]?.alt).toBe('Lumière et eau');
    expect(Object.keys(de.social_media)).toEqual(expect.arrayContaining(['instagram', 'facebook']));
    expect(de.cookie_warning).toContain('Cookies');
    expect(de.cookie_warning).toContain('/de/page/data_protection');
    expect(fr.cookie_warning).toContain('/fr/page/data_protection');
    expect(fr.cookie_warning).not.toBe(de.cookie_warning);
  });
});

describe('GET static/page/{id}', () => {
  const pages = ['imprint', 'terms', 'data_protection', 'accessibility_statement', 'shipping'];

  it('answers every page in all eight languages, each with its own title', async () => {
    for (const id of pages) {
      const titles = new Set<string>();
      for (const lang of LANGUAGES) {
        const page = await apiFor(lang).getStaticPage(id);
        expect(page.id).toBe(id);
        expect(page.title.length).toBeGreaterThan(3);
        expect(page.html.length).toBeGreaterThan(200);
        titles.add(page.html);
      }
      expect(titles.size, `${id} has a text per language`).toBe(8);
    }
  });

  it('has an accessibility statement naming the WCAG 2.2 AA target, known gaps, a contact and the enforcement body', async () => {
    for (const lang of LANGUAGES) {
      const { html } = await apiFor(lang).getStaticPage('accessibility_statement');
      expect(html).toContain('WCAG');
      expect(html).toContain('2.2');
      expect(html).toMatch(/AA/);
      expect(html).toContain('mailto:accessibility@museum.example');
      expect(html).toMatch(/<ul>(<li>.+?<\/li>){3,}<\/ul>/);
      expect(html).toContain('enforcement body');
    }
  });

  it('answers 404 for an unknown page and 422 for a malformed id', async () => {
    const unknown = await failure(apiFor('en').getStaticPage('nonexistent'));
    expect(unknown).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const bad = await raw('en/static/page/Not%20a%20page!');
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe('VALIDATION_FAILED');
  });
});

describe('GET countries', () => {
  it('answers {key, name} in the request language with Switzerland first', async () => {
    const de = await apiFor('de').getCountries();
    const fr = await apiFor('fr').getCountries();
    expect(de[0]).toMatchObject({ key: 'CH', name: 'Schweiz' });
    expect(fr[0]).toMatchObject({ key: 'CH', name: 'Suisse' });
    expect(de.find((c) => c.key === 'DE')?.name).toBe('Deutschland');
    expect(fr.find((c) => c.key === 'DE')?.name).toBe('Allemagne');
    const rest = de.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'de')));
    expect(de.find((c) => c.key === 'US')?.shippable).toBe(false);
  });

  it('answers 404 with the envelope for an unknown language', async () => {
    const res = await raw('xx/countries');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('UNKNOWN_LANGUAGE');
  });
});
