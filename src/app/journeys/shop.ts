/**
 * The shop journey (machines/shop.machine.ts) with the catalogue calls of §7 (merchandise/select,
 * merchandise/attr, with product_kind=13 for annual passes; merchandise?article=ID). One actor
 * while the visitor stays in the shop section, so the list keeps its articles on return, a
 * category is a filter with its own URL (merchandise/{category}, passes?category={id}), and a pass keeps what was typed for its owners. Routes:
 * merchandise, merchandise/{category}, passes, passes/{id}, product/{id}.
 */
import { fromPromise } from 'xstate';
import { shopMachine, type ShopEvent, type ShopList, type ShopSection } from '../../../machines/shop.machine.js';
import { isPass, type ShopArticle } from '../../domain/shop.js';
import type { Shell } from '../shell-context.js';
import { routeHref, type ShopRouteName } from '../../domain/routes.js';
import type { Journey, RouteEntry } from './host.js';

const sectionOf = (entry: RouteEntry<'shop'>): ShopSection => (entry.route === 'passes' || entry.route === 'pass' ? 'passes' : 'merchandise');
const articleIdOf = (entry: RouteEntry<'shop'>): number | null => (entry.route === 'pass' || entry.route === 'product' ? entry.params.id : null);
/** A category id of the URL: the path of merchandise/{category}, the search param of passes (?category=). */
const categoryOf = (entry: RouteEntry<'shop'>): number | null => {
  if (entry.route === 'mechandiseCategory') return entry.params.category;
  return entry.route === 'passes' ? (entry.search.category ?? null) : null;
};

export const shopJourney: Journey<typeof shopMachine, Shell, 'shop'> = {
  name: 'shop',
  machine: ({ api, cart }) =>
    shopMachine.provide({
      actors: {
        loadList: fromPromise<ShopList, { section: ShopSection }>(async ({ input, signal }) => {
          const passes = input.section === 'passes';
          const [articles, attributes] = await Promise.all([
            passes ? api.getAnnualPasses(signal) : api.getMerchandise(signal),
            passes ? api.getAnnualPassAttributes(signal) : api.getMerchandiseAttributes(signal),
          ]);
          // the merchandise list shows articles; passes have their own list
          return { articles: passes ? articles : articles.filter((a) => !isPass(a)), categories: attributes.category };
        }),
        loadArticle: fromPromise<ShopArticle, { id: number }>(({ input, signal }) => api.getArticle(input.id, signal)),
      },
      actions: {
        addToCart: (_, lines) => cart.send({ type: 'ADD', lines }),
      },
    }),
  input: (_shell, entry) => ({ section: sectionOf(entry), category: categoryOf(entry), articleId: articleIdOf(entry) }),
  event: (entry): ShopEvent => {
    const id = articleIdOf(entry);
    if (id !== null) return { type: 'OPEN_ARTICLE', id, section: sectionOf(entry) };
    return { type: 'OPEN_LIST', section: sectionOf(entry), category: categoryOf(entry) };
  },
  // passes?category= is the passes list's filter: a link that changes only the search changes the list
  showsSearchOf: (entry, snapshot) => entry.route !== 'passes' || snapshot.context.category === categoryOf(entry),
  // what the cart holds counts against the stock of the open article
  connect: (actor, { cart }) => {
    let lines = cart.getSnapshot().context.lines;
    actor.send({ type: 'CART_CHANGED', lines });
    const subscription = cart.subscribe((snapshot) => {
      if (snapshot.context.lines === lines) return;
      lines = snapshot.context.lines;
      actor.send({ type: 'CART_CHANGED', lines });
    });
    return () => subscription.unsubscribe();
  },
  href: (route, snapshot, lang) => {
    const { section, category, articleId } = snapshot.context;
    switch (route as ShopRouteName) {
      case 'mechandiseCategory':
        return routeHref(lang, 'mechandiseCategory', { category: String(category ?? '') });
      case 'product':
        return routeHref(lang, section === 'passes' ? 'pass' : 'product', { id: String(articleId ?? '') });
      case 'passes':
        return routeHref(lang, 'passes', {}, category === null ? {} : { category: String(category) });
      default:
        return routeHref(lang, route as ShopRouteName);
    }
  },
};

/** What the router's registry loads (src/app/routes.ts). */
export default shopJourney;
