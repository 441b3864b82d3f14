/**
 * A page's head from the catalogue (issue 25): reads what the page shows through the shop API's
 * catalogue reads (in process, or from the upstream of SHOP_API_URL: `CatalogueRead`), checks it
 * with the app's own valibot schemas and composes the head (./head.ts, ./json-ld.ts). Also the
 * list of every catalogue page, for the sitemap.
 */
import * as v from 'valibot';
import { SHOP_ID, type Language } from '../../api/languages.js';
import {
  MerchandiseAttrSchema, MerchandiseListSchema, MerchandiseSchema, EventListSchema, TicketCollectionSchema, TourDetailSchema, TourListSchema,
  VoucherListSchema, VoucherSchema,
} from '../../api/schemas/catalog.js';
import { AppConfigSchema, ShopInfoSchema, StaticContentSchema, StaticPageSchema, type AppConfig } from '../../api/schemas/config.js';
import { ROUTE_TABLE, type ShopRouteName } from '../../domain/routes.js';
import { SECTION_FLAGS } from '../../domain/sections.js';
import { PRODUCT_KIND_ANNUAL_PASS } from '../../domain/limits.js';
import { siteNameOf, standardLegalLinks } from '../../app/navigation.js';
import { pageTitle, shopDescription, shortDescription, type PageHead } from './head.js';
import { articleJsonLd, eventJsonLd, museumJsonLd, tourJsonLd, voucherJsonLd, type ShopFacts } from './json-ld.js';
import { alternates, isCatalogueRoute, matchPage, pageHref, type PageRef } from './pages.js';

/** A catalogue read's answer: its data, or that the item does not exist (404). Any other failure throws. */
export type CatalogueAnswer = { found: true; data: unknown } | { found: false };

/** What a read is part of: the page request's abort signal (its time bound) and id (for the upstream's log). */
export interface ReadOptions {
  signal?: AbortSignal | undefined;
  requestId?: string | undefined;
}

/** One GET of the shop API below `/api/{lang}/` (e.g. `ticket/collect/event/101`), as a page's screen would ask it. */
export type CatalogueRead = (lang: Language, path: string, query?: Readonly<Record<string, string>>, options?: ReadOptions) => Promise<CatalogueAnswer>;

/**
 * The head of a page and the status it goes out with (404: the app shows its not-found page there;
 * 503: the catalogue cannot be read now, its database or upstream away: the page says so, seo/index.ts).
 */
export interface HeadAnswer {
  status: 200 | 404 | 503;
  head: PageHead;
}

class MissingItem extends Error {}

/** The data of a read, checked by its schema; a 404 becomes the not-found page. */
async function readChecked<S extends v.GenericSchema>(read: CatalogueRead, schema: S, lang: Language, path: string, query?: Record<string, string>, options?: ReadOptions): Promise<v.InferOutput<S>> {
  const answer = await read(lang, path, query, options);
  if (!answer.found) throw new MissingItem(path);
  return v.parse(schema, answer.data);
}

const shopQuery = { shop: String(SHOP_ID) };

/** The shop's configuration in the app's form (site name, currency, section flags). */
export function readConfig(read: CatalogueRead, lang: Language, options?: ReadOptions): Promise<AppConfig> {
  return readChecked(read, AppConfigSchema, lang, 'shopinfo/config', shopQuery, options);
}

/** Whether the page's section is open (a closed section's pages are not found, src/domain/sections.ts). */
function sectionOpen(config: AppConfig, route: ShopRouteName): boolean {
  const spec = ROUTE_TABLE[route];
  return !('section' in spec) || config[SECTION_FLAGS[spec.section]];
}

const idOf = (page: PageRef, name: string) => page.params[name] ?? '';

export interface HeadRequest {
  lang: Language;
  /** The path below `/{lang}`, by segment. */
  segments: readonly string[];
  /** Absolute origin of the links (app.ts `originOf`). */
  origin: string;
  options?: ReadOptions | undefined;
}

/** The head of any path under `/{lang}/`: catalogue pages with their item, personal pages `noindex`, the rest not found. */
export async function loadHead(read: CatalogueRead, request: HeadRequest): Promise<HeadAnswer> {
  const { lang, origin, options } = request;
  const config = await readConfig(read, lang, options);
  const siteName = siteNameOf(config, lang);
  const notFound = (): HeadAnswer => ({ status: 404, head: { title: pageTitle(lang, 'pageNotFound', null, siteName, config.titleSeparator), description: shopDescription(lang), noindex: true } });
  const page = matchPage(request.segments);
  if (!page || !sectionOpen(config, page.route)) return notFound();
  if (!isCatalogueRoute(page.route)) {
    return { status: 200, head: { title: pageTitle(lang, page.route, null, siteName, config.titleSeparator), description: shopDescription(lang), noindex: true } };
  }
  const url = `${origin}${pageHref(lang, page)}`;
  const shopInfo = await readChecked(read, ShopInfoSchema, lang, 'shopinfo', shopQuery, options);
  const facts: ShopFacts = {
    url,
    origin,
    currency: config.currency,
    organizer: { name: siteName, url: `${origin}/${lang}`, address: shopInfo.address || undefined },
  };
  const head = (named: string | null, description: string, jsonLd?: PageHead['jsonLd']): HeadAnswer => ({
    status: 200,
    head: {
      title: pageTitle(lang, page.route, named, siteName, config.titleSeparator),
      description: description || shopDescription(lang),
      canonical: url,
      alternates: alternates(origin, page),
      jsonLd,
    },
  });
  try {
    switch (page.route) {
      case 'home': {
        const content = await readChecked(read, StaticContentSchema, lang, 'static/content', undefined, options);
        const sameAs = Object.values(content.social_media)
          .sort((a, b) => a.sequence_no - b.sequence_no)
          .map((entry) => entry.link)
          .filter((link) => /^https?:\/\//i.test(link));
        return head(null, '', museumJsonLd({ ...facts, organizer: { ...facts.organizer, email: shopInfo.support_email || undefined, sameAs } }));
      }
      case 'ticket': {
        const collection = await readChecked(read, TicketCollectionSchema, lang, `ticket/collect/event/${idOf(page, 'id')}`, undefined, options);
        const description = shortDescription(collection.event.description);
        return head(collection.event.name, description, eventJsonLd(collection, description, facts));
      }
      case 'guidedTour': {
        const tour = await readChecked(read, TourDetailSchema, lang, 'tour', { tour: idOf(page, 'id') }, options);
        const description = shortDescription(tour.description);
        return head(tour.name, description, tourJsonLd(tour, description, facts));
      }
      case 'product':
      case 'pass': {
        const article = await readChecked(read, MerchandiseSchema, lang, 'merchandise', { article: idOf(page, 'id') }, options);
        const description = shortDescription(article.description);
        return head(article.name, description, articleJsonLd(article, description, facts));
      }
      case 'voucherSingle': {
        const voucher = await readChecked(read, VoucherSchema, lang, `voucher/selectOne/price/${idOf(page, 'id')}`, undefined, options);
        const description = shortDescription(voucher.description);
        return head(voucher.name, description, voucherJsonLd(voucher, description, facts));
      }
      case 'mechandiseCategory': {
        const { category } = await readChecked(read, MerchandiseAttrSchema, lang, 'merchandise/attr', undefined, options);
        return category.some((group) => String(group.id) === idOf(page, 'category')) ? head(null, '') : notFound();
      }
      case 'page':
      case 'shippingInfo': {
        const id = page.route === 'page' ? idOf(page, 'id') : 'shipping';
        const content = await readChecked(read, StaticPageSchema, lang, `static/page/${encodeURIComponent(id)}`, undefined, options);
        return head(content.title, shortDescription(content.html));
      }
      case 'tickets':
      case 'guidedTours':
      case 'merchandise':
      case 'passes':
      case 'voucherList':
        return head(null, '');
    }
  } catch (error) {
    if (error instanceof MissingItem) return notFound();
    throw error;
  }
}

/**
 * Every catalogue page, once (its alternates give the other languages): home, the list page of
 * each open section, each event that has not ended, each tour, merchandise category, article,
 * pass and voucher, the static pages the footer links to that exist, and the shipping page.
 */
export async function cataloguePages(read: CatalogueRead, lang: Language, options?: ReadOptions): Promise<PageRef[]> {
  const config = await readConfig(read, lang, options);
  const open = (route: ShopRouteName) => sectionOpen(config, route);
  const page = (route: ShopRouteName, params: Record<string, string> = {}): PageRef => ({ route, params });
  const pages: PageRef[] = [page('home')];
  const list = async <S extends v.GenericSchema>(schema: S, path: string, query?: Record<string, string>) => readChecked(read, schema, lang, path, query, options);
  if (open('tickets')) {
    pages.push(page('tickets'));
    for (const event of await list(EventListSchema, 'event/select')) if (!event.expired) pages.push(page('ticket', { id: String(event.id) }));
  }
  if (open('guidedTours')) {
    pages.push(page('guidedTours'));
    for (const tour of (await list(TourListSchema, 'tour/select/event')).tours) pages.push(page('guidedTour', { id: String(tour.id) }));
  }
  if (open('merchandise')) {
    pages.push(page('merchandise'));
    for (const group of (await list(MerchandiseAttrSchema, 'merchandise/attr')).category) pages.push(page('mechandiseCategory', { category: String(group.id) }));
    for (const article of await list(MerchandiseListSchema, 'merchandise/select')) {
      if (article.product_kind_ref !== PRODUCT_KIND_ANNUAL_PASS) pages.push(page('product', { id: String(article.id) }));
    }
  }
  if (open('passes')) {
    pages.push(page('passes'));
    for (const pass of await list(MerchandiseListSchema, 'merchandise/select', { product_kind: String(PRODUCT_KIND_ANNUAL_PASS) })) pages.push(page('pass', { id: String(pass.id) }));
  }
  if (open('voucherList')) {
    pages.push(page('voucherList'));
    for (const voucher of await list(VoucherListSchema, 'voucher/select/event')) pages.push(page('voucherSingle', { id: String(voucher.id) }));
  }
  for (const link of standardLegalLinks(config)) {
    const answer = await read(lang, `static/page/${encodeURIComponent(link.page)}`, undefined, options);
    if (answer.found) pages.push(link.page === 'shipping' ? page('shippingInfo') : page('page', { id: link.page }));
  }
  return pages;
}
