/**
 * The shop section (spec §2 merchandise, mechandiseCategory, passes, pass, product; §3 merchandise
 * and pass owners; §5 pass quantity; issue 11), drawn as one flow:
 *
 *   Loading list ──▶ List (all articles | one category | annual passes) ── OPEN_ARTICLE ──▶
 *   Loading article ──▶ Article (choosing | out of stock | owners missing | added)
 *                   └─▶ Article not found (404) | Article failed (retry)
 *
 * The list of a section (merchandise or annual passes, product_kind 13) is loaded once per visit
 * of that section with its categories (merchandise/attr); a category is a filter of the loaded
 * list with its own URL (merchandise/{category}; passes?category={id}, issue 22 item 10). The article page says the stock in words, keeps the quantity within
 * stock (0 when out of stock, §5), and for an annual pass keeps one owner entry per pass: changing
 * the quantity adds or hides entries without losing what was typed. Adding sends the line to the
 * cart through the app-provided action `addToCart`. Rules: src/domain/shop.ts.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CartLine } from '../src/domain/cart-lines.js';
import {
  EMPTY_OWNER,
  articleLine,
  clampQuantity,
  availableStock,
  countInCart,
  initialQuantity,
  isOutOfStock,
  maxQuantity,
  isPass,
  ownerErrors,
  ownersComplete,
  resizeOwners,
  type OwnerEntry,
  type OwnerErrors,
  type OwnerField,
  type ShopArticle,
} from '../src/domain/shop.js';
import { notProvided, statusOf } from './support.js';
import type { PageMeta } from '../src/domain/routes.js';

export type ShopSection = 'merchandise' | 'passes';

export interface ShopCategory {
  id: number;
  name: string;
}

export interface ShopList {
  articles: ShopArticle[];
  categories: ShopCategory[];
}

export interface ShopInput {
  section?: ShopSection;
  /** the category of the URL (merchandise/{category}, passes?category=); null: all */
  category?: number | null;
  /** the article of the URL (product/{id}, passes/{id}); null: the list */
  articleId?: number | null;
}

export interface ShopContext {
  section: ShopSection;
  category: number | null;
  /** the section the loaded list belongs to (null: none loaded yet) */
  listSection: ShopSection | null;
  articles: ShopArticle[];
  categories: ShopCategory[];
  articleId: number | null;
  article: ShopArticle | null;
  quantity: number;
  /** owner entries of an annual pass; longer than the quantity when it was lowered (nothing typed is lost) */
  owners: OwnerEntry[];
  ownerErrors: OwnerErrors;
  /** what the last ADD_TO_CART put into the cart */
  added: { name: string; count: number } | null;
  /** pieces of the open article already in the cart (CART_CHANGED): the quantity stays within what is left */
  inCart: number;
  /** the cart's lines as the app last sent them */
  cartLines: readonly CartLine[];
}

export type ShopEvent =
  | { type: 'OPEN_LIST'; section: ShopSection; category?: number | null }
  | { type: 'OPEN_ARTICLE'; id: number; section?: ShopSection }
  | { type: 'SET_QUANTITY'; value: string | number }
  | { type: 'SET_OWNER'; index: number; field: OwnerField; value: string | boolean }
  | { type: 'ADD_TO_CART' }
  /** the app's cart changed (sent by the journey whenever its lines change) */
  | { type: 'CART_CHANGED'; lines: readonly CartLine[] }
  | { type: 'RETRY' };

export const shopMachine = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as 'loading',
    context: {} as ShopContext,
    events: {} as ShopEvent,
    input: {} as ShopInput,
  },
  actors: {
    /** merchandise/select (product_kind 13 for passes) and merchandise/attr */
    loadList: fromPromise<ShopList, { section: ShopSection }>(async () => notProvided('loadList')),
    /** merchandise?article=ID */
    loadArticle: fromPromise<ShopArticle, { id: number }>(async () => notProvided('loadArticle')),
  },
  actions: {
    assignListRequest: assign(({ event }) => {
      assertEvent(event, 'OPEN_LIST');
      return { section: event.section, category: event.category ?? null };
    }),
    assignList: assign(({ context }, list: ShopList) => ({ articles: list.articles, categories: list.categories, listSection: context.section })),
    assignArticleRequest: assign(({ context, event }) => {
      assertEvent(event, 'OPEN_ARTICLE');
      return { articleId: event.id, section: event.section ?? context.section, article: null, added: null };
    }),
    assignArticle: assign(({ context }, article: ShopArticle) => {
      const inCart = countInCart(context.cartLines, article.id);
      const quantity = initialQuantity(availableStock(article.stock, inCart));
      // the owners typed for this pass stay when the page is opened again
      const owners = context.article?.id === article.id ? context.owners : [];
      return { article, inCart, quantity, owners: isPass(article) ? resizeOwners(owners, quantity) : [], ownerErrors: {}, added: null };
    }),
    assignQuantity: assign(({ context, event }) => {
      assertEvent(event, 'SET_QUANTITY');
      if (!context.article) return {};
      const quantity = clampQuantity(event.value, availableStock(context.article.stock, context.inCart));
      return { quantity, owners: isPass(context.article) ? resizeOwners(context.owners, quantity) : context.owners, added: null };
    }),
    assignOwner: assign(({ context, event }) => {
      assertEvent(event, 'SET_OWNER');
      // an index outside the owner entries changes nothing
      if (event.index < 0 || event.index >= context.owners.length) return {};
      const owners = context.owners.map((owner, index) => (index === event.index ? { ...(owner ?? EMPTY_OWNER), [event.field]: event.value } : owner));
      const { [event.index]: _fixed, ...otherErrors } = context.ownerErrors;
      return { owners, ownerErrors: otherErrors, added: null };
    }),
    assignCartLines: assign(({ context, event }) => {
      assertEvent(event, 'CART_CHANGED');
      const inCart = context.article ? countInCart(event.lines, context.article.id) : 0;
      const available = context.article ? availableStock(context.article.stock, inCart) : null;
      // what is left may have shrunk: the chosen quantity follows it
      const quantity = context.article ? Math.min(context.quantity, maxQuantity(available)) : context.quantity;
      return { cartLines: [...event.lines], inCart, quantity: context.article && quantity === 0 && maxQuantity(available) > 0 ? 1 : quantity };
    }),
    rejectOwners: assign(({ context }) => ({ ownerErrors: ownerErrors(context.owners, context.quantity) })),
    assignAdded: assign(({ context }) => ({ added: context.article ? { name: context.article.name, count: context.quantity } : null })),
    // Side effect the app provides: the cart actor
    addToCart: (_, _lines: CartLine[]) => notProvided('addToCart'),
  },
  guards: {
    listLoadedForSection: ({ context }) => context.listSection === context.section,
    isPassSection: ({ context }) => context.section === 'passes',
    hasCategory: ({ context }) => context.category !== null,
    wantsArticle: ({ context }) => context.articleId !== null,
    isNotFound: ({ event }) => statusOf(event) === 404,
    outOfStock: ({ context }) => context.article !== null && (isOutOfStock(context.article) || maxQuantity(availableStock(context.article.stock, context.inCart)) === 0),
    ownersIncomplete: ({ context }) => context.article !== null && isPass(context.article) && !ownersComplete(context.owners, context.quantity),
  },
}).createMachine({
  id: 'shop',
  description: 'The shop section: articles and annual passes, a category filter, the article page with stock, quantity and pass owners (§2, §5).',
  context: ({ input }) => ({
    section: input.section ?? 'merchandise',
    category: input.category ?? null,
    listSection: null,
    articles: [],
    categories: [],
    articleId: input.articleId ?? null,
    article: null,
    quantity: 0,
    owners: [],
    ownerErrors: {},
    added: null,
    inCart: 0,
    cartLines: [],
  }),
  initial: 'Starting',
  on: {
    OPEN_LIST: { target: '.Checking the list', actions: 'assignListRequest', description: 'A list link, a category link or back to the list.' },
    OPEN_ARTICLE: { target: '.Loading article', actions: 'assignArticleRequest', description: 'An article of the list (or a product link).' },
    CART_CHANGED: { actions: 'assignCartLines', description: 'The cart changed: what is left of the open article follows.' },
  },
  states: {
    Starting: {
      always: [{ guard: 'wantsArticle', target: 'Loading article' }, { target: 'Checking the list' }],
    },
    'Checking the list': {
      description: 'The list of a section is loaded once per visit; a category only filters it.',
      always: [{ guard: 'listLoadedForSection', target: 'List' }, { target: 'Loading list' }],
    },
    'Loading list': {
      tags: 'loading',
      invoke: {
        id: 'loadList',
        src: 'loadList',
        input: ({ context }) => ({ section: context.section }),
        onDone: { target: 'List', actions: { type: 'assignList', params: ({ event }) => event.output } },
        onError: 'List failed',
      },
    },
    'List failed': {
      description: 'The articles could not be loaded: say so and offer to try again.',
      on: { RETRY: 'Loading list' },
    },
    List: {
      initial: 'Choosing the view',
      states: {
        'Choosing the view': {
          always: [
            { guard: 'isPassSection', target: 'Annual passes' },
            { guard: 'hasCategory', target: 'One category' },
            { target: 'All articles' },
          ],
        },
        'All articles': { meta: { route: 'merchandise' } },
        'One category': { meta: { route: 'mechandiseCategory' }, description: 'The articles of one category (books, posters), with its own URL.' },
        'Annual passes': {
          meta: { route: 'passes' },
          description: 'The same list view for product_kind 13, with the same category filter (§2; the category is the search param of passes).',
        },
      },
    },
    'Loading article': {
      tags: 'loading',
      invoke: {
        id: 'loadArticle',
        src: 'loadArticle',
        input: ({ context }) => ({ id: context.articleId ?? 0 }),
        onDone: { target: 'Article', actions: { type: 'assignArticle', params: ({ event }) => event.output } },
        onError: [{ guard: 'isNotFound', target: 'Article not found' }, { target: 'Article failed' }],
      },
    },
    'Article not found': { meta: { route: 'product' }, description: '404: this article does not exist.' },
    'Article failed': { meta: { route: 'product' }, on: { RETRY: 'Loading article' } },
    Article: {
      meta: { route: 'product' },
      description: 'The article page (product/{id}, passes/{id} for a pass): stock in words, quantity within stock, pass owners.',
      initial: 'Checking stock',
      on: {
        SET_OWNER: { actions: 'assignOwner' },
        CART_CHANGED: {
          target: '.Checking stock',
          actions: 'assignCartLines',
          description: 'The cart changed (this article added or removed): the quantity stays within what is left; nothing left is "out of stock".',
        },
      },
      states: {
        'Checking stock': {
          always: [{ guard: 'outOfStock', target: 'Out of stock' }, { target: 'In stock' }],
        },
        'Out of stock': {
          description: '§5: stock 0 or less (or all of it already in the cart): the quantity is 0, and the page offers no quantity and no Add.',
        },
        'In stock': {
          description: 'Something is left to buy: the page offers the quantity (within stock) and Add.',
          initial: 'Choosing',
          on: {
            SET_QUANTITY: { target: '.Choosing', actions: 'assignQuantity', description: 'Within stock; a pass gets one owner entry per piece.' },
            ADD_TO_CART: [
              { guard: 'ownersIncomplete', target: '.Owners missing', actions: 'rejectOwners' },
              {
                target: '.Added',
                actions: [{ type: 'addToCart', params: ({ context }) => (context.article ? [articleLine(context.article, context.quantity, context.owners)] : []) }, 'assignAdded'],
              },
            ],
          },
          states: {
            Choosing: {},
            'Owners missing': { description: 'Every pass needs its owner (first and last name; the address when sent elsewhere).' },
            Added: { description: 'The line is in the cart; the page says so, and adding again adds another line.' },
          },
        },
      },
    },
  },
});

export type ShopMachine = typeof shopMachine;
