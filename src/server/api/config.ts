/**
 * Remote configuration, shop metadata, static content, static pages and countries (docs/api.md).
 * Everything is read from the database (settings, static_pages, countries) so an operator can
 * change it without code.
 */
import * as v from 'valibot';
import type { Router } from './router.js';
import type { Queryable } from '../db/index.js';
import { SHOP_ID } from '../../api/languages.js';
import { RemoteConfigSchema, ShopInfoSchema, type StaticContent } from '../../api/schemas/config.js';
import { CountryListSchema, ShopQuerySchema, StaticPageParamsSchema } from '../../api/schemas/config-requests.js';
import { HttpError, notFound, parseInput } from './http-error.js';
import { tr } from '../catalog/texts.js';
import { listCountries, readSetting } from '../settings.js';

/** Reads a setting and checks it against its schema: a broken setting is a server fault (500), never sent as is. */
async function readChecked<S extends v.GenericSchema>(q: Queryable, key: string, schema: S): Promise<v.InferOutput<S>> {
  const result = v.safeParse(schema, await readSetting(q, key));
  if (!result.success) throw new Error(`The setting '${key}' does not match its schema.`);
  return result.output;
}

function checkShop(query: Record<string, string>): void {
  const { shop } = parseInput(ShopQuerySchema, query);
  if (shop !== SHOP_ID) throw new HttpError(404, 'UNKNOWN_SHOP', `There is no shop ${shop}.`);
}

export function registerConfigRoutes(router: Router): void {
  router.get('shopinfo/config', async ({ db, query }) => {
    checkShop(query);
    return readChecked(db, 'remote_config', RemoteConfigSchema);
  });

  router.get('shopinfo', async ({ db, query }) => {
    checkShop(query);
    return readChecked(db, 'shop_info', ShopInfoSchema);
  });

  router.get('static/content', async ({ db, lang }): Promise<StaticContent> => {
    const stored = (await readSetting(db, 'static_content')) as Omit<StaticContent, 'cookie_warning' | 'banners'> & { banners: unknown; cookie_warning: string | Record<string, string> };
    const cookie = typeof stored.cookie_warning === 'string' ? stored.cookie_warning : tr(stored.cookie_warning, lang);
    // Banner alt texts are stored per language (older databases: one text for all).
    const banners = Object.fromEntries(
      Object.entries(stored.banners as Record<string, { alt?: string | Record<string, string> }[]>).map(([group, list]) => [
        group,
        list.map((banner) => ({ ...banner, alt: typeof banner.alt === 'object' && banner.alt !== null ? tr(banner.alt, lang) : (banner.alt ?? '') })),
      ]),
    ) as StaticContent['banners'];
    return { banners, social_media: stored.social_media, cookie_warning: cookie };
  });

  router.get('static/page/:id', async ({ db, lang, params }) => {
    const { id } = parseInput(StaticPageParamsSchema, params);
    const rows = await db.query<{ lang: string; title: string; html: string }>('SELECT lang, title, html FROM static_pages WHERE id = $1', [id]);
    const page = rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'de') ?? rows[0];
    if (!page) throw notFound(`There is no page '${id}'.`);
    return { id, title: page.title, html: page.html };
  });

  router.get('countries', async ({ db, lang }) => v.parse(CountryListSchema, await listCountries(db, lang)));
}
