/**
 * Model of the shop machine: started on the merchandise list, on a category and on a pass page.
 * Articles: a book with 5 left, a poster out of stock, an annual pass (stock not limited). The walk
 * is kept finite: quantities 2 and 1 (and 99, clamped), the owners of the first two passes, lists
 * and articles opened from the pages a visitor would open them from.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { shopMachine, type ShopContext, type ShopInput, type ShopList } from '../../machines/shop.machine.js';
import type { ShopArticle } from '../../src/domain/shop.js';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { defineModel } from './model.js';

export const BOOKS = 31;
export const POSTERS = 32;
/** the category of the annual passes (merchandise/attr?product_kind=13) */
export const PASS_GROUP = 33;
export const book: ShopArticle = { id: 301, name: 'Catalogue', price: 3900, vat_value: 2.6, stock: 5, custom_groups: [{ id: BOOKS, name: 'Books' }], product_kind_ref: 1, description: 'The catalogue', image: null };
export const poster: ShopArticle = { id: 303, name: 'Poster Dawn', price: 2500, vat_value: 8.1, stock: 0, custom_groups: [{ id: POSTERS, name: 'Posters' }], product_kind_ref: 1 };
export const pass: ShopArticle = { id: 311, name: 'Annual pass', price: 9000, vat_value: 8.1, stock: null, custom_groups: [], product_kind_ref: 13 };
export const list: ShopList = { articles: [book, poster], categories: [{ id: BOOKS, name: 'Books' }, { id: POSTERS, name: 'Posters' }] };

export const bookLine = (count: number): CartLine => ({ type: 'merchandise', id: book.id, name: book.name, price: book.price, totalPrice: book.price * count, count, vat_value: book.vat_value });

export const inputs: ShopInput[] = [{ section: 'merchandise' }, { section: 'merchandise', category: POSTERS }, { section: 'passes', articleId: pass.id }];

const ctx = (s: AnyMachineSnapshot) => s.context as ShopContext;

const OWNER_ORDER = ['0.first', '0.last', '1.first', '1.last'];

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = ctx(s);
  const onPass = c.article?.id === pass.id;
  const any = e as EventObject & { section?: string; output?: { id?: number }; index?: number; field?: string };
  if (e.type.startsWith('xstate.done.actor.loadArticle')) return any.output?.id === c.articleId;
  switch (e.type) {
    case 'OPEN_LIST':
      // between the list views, or from a finished article page back to its list
      return s.matches('List') || (s.matches('Article') && any.section === c.section && (c.added !== null || c.quantity === 0));
    case 'OPEN_ARTICLE':
      // one article per walk, opened from the list
      return s.matches('List') && c.article === null;
    case 'SET_QUANTITY':
      return s.matches('Article') && c.added === null && c.quantity === 1 && Object.keys(c.ownerErrors).length === 0;
    case 'SET_OWNER': {
      // the owners of two passes, typed in reading order
      const typed = c.owners.flatMap((o, i) => [o.first ? `${i}.first` : '', o.last ? `${i}.last` : '']).filter(Boolean);
      return onPass && c.quantity === 2 && `${any.index}.${any.field}` === OWNER_ORDER[typed.length];
    }
    case 'ADD_TO_CART':
      return c.added === null && (!onPass || c.quantity === 2);
    case 'CART_CHANGED':
      // the cart's side is walked in the scenarios
      return false;
    default:
      return true;
  }
}

export const shopModel = defineModel({
  name: 'shop',
  machine: shopMachine,
  inputs,
  events: {
    OPEN_LIST: [{ section: 'merchandise', category: null }, { section: 'merchandise', category: BOOKS }, { section: 'passes' }, { section: 'passes', category: PASS_GROUP }],
    OPEN_ARTICLE: [{ id: book.id }, { id: poster.id }, { id: pass.id, section: 'passes' }],
    'done:loadList': { output: list },
    'error:loadList': { error: new TypeError('Failed to fetch') },
    'done:loadArticle': [{ output: book }, { output: poster }, { output: pass }],
    'error:loadArticle': [{ error: Object.assign(new Error('Not Found'), { status: 404 }) }, { error: new TypeError('Failed to fetch') }],
    SET_QUANTITY: [{ value: '2' }, { value: 99 }],
    SET_OWNER: [
      { index: 0, field: 'first', value: 'Ada' },
      { index: 0, field: 'last', value: 'Muster' },
      { index: 1, field: 'first', value: 'Ben' },
      { index: 1, field: 'last', value: 'Muster' },
    ],
    ADD_TO_CART: {},
    RETRY: {},
  },
  filterEvents: allowed,
  scenarios: [
    {
      name: 'the annual passes list filters by category as the merchandise list does, and back to all (issue 22 item 10)',
      input: { section: 'passes', category: PASS_GROUP },
      events: [
        { type: 'done:loadList', output: { articles: [pass], categories: [{ id: PASS_GROUP, name: 'Annual passes' }] } },
        { type: 'OPEN_LIST', section: 'passes', category: null },
        { type: 'OPEN_LIST', section: 'passes', category: PASS_GROUP },
      ],
    },
    {
      name: 'lowering and raising the number of passes keeps what was typed',
      input: inputs[2],
      events: [
        { type: 'done:loadArticle', output: pass },
        { type: 'SET_QUANTITY', value: 2 },
        { type: 'SET_OWNER', index: 1, field: 'first', value: 'Ben' },
        { type: 'SET_QUANTITY', value: 1 },
        { type: 'SET_QUANTITY', value: 2 },
        { type: 'SET_OWNER', index: 0, field: 'first', value: 'Ada' },
        { type: 'SET_OWNER', index: 0, field: 'last', value: 'Muster' },
        { type: 'SET_OWNER', index: 1, field: 'last', value: 'Muster' },
        { type: 'SET_OWNER', index: 1, field: 'send_to_custom_addr', value: true },
        { type: 'ADD_TO_CART' },
        { type: 'SET_OWNER', index: 1, field: 'address', value: 'Seeweg 1, 8001 Zürich' },
        { type: 'ADD_TO_CART' },
        { type: 'SET_OWNER', index: 7, field: 'first', value: 'Nobody' },
      ],
    },
    {
      name: 'a book: the quantity stays within the 5 left, the line goes to the cart',
      input: inputs[1],
      events: [
        { type: 'done:loadList', output: list },
        { type: 'OPEN_ARTICLE', id: book.id },
        { type: 'done:loadArticle', output: book },
        { type: 'SET_QUANTITY', value: 99 },
        { type: 'SET_QUANTITY', value: 'two' },
        { type: 'SET_QUANTITY', value: 3 },
        { type: 'ADD_TO_CART' },
        { type: 'ADD_TO_CART' },
      ],
    },
    {
      name: 'what the cart holds already counts against the stock; all of it in the cart is "out of stock"; removed again, it is back',
      input: inputs[0],
      events: [
        { type: 'CART_CHANGED', lines: [bookLine(3)] },
        { type: 'done:loadList', output: list },
        { type: 'OPEN_ARTICLE', id: book.id },
        { type: 'done:loadArticle', output: book },
        { type: 'SET_QUANTITY', value: 99 },
        { type: 'CART_CHANGED', lines: [bookLine(3), bookLine(2)] },
        { type: 'ADD_TO_CART' },
        { type: 'CART_CHANGED', lines: [bookLine(4)] },
        { type: 'CART_CHANGED', lines: [] },
        { type: 'OPEN_LIST', section: 'merchandise', category: null },
        { type: 'CART_CHANGED', lines: [] },
      ],
    },
    {
      name: 'an out-of-stock article takes no quantity and adds nothing',
      input: inputs[0],
      events: [{ type: 'OPEN_ARTICLE', id: poster.id }, { type: 'done:loadArticle', output: poster }, { type: 'SET_QUANTITY', value: 3 }, { type: 'ADD_TO_CART' }],
    },
    {
      name: 'the cart changing under an open book: the chosen quantity stays as chosen while it fits what is left, else follows it; changed after adding, the confirmation goes',
      input: inputs[0],
      events: [
        { type: 'done:loadList', output: list },
        { type: 'OPEN_ARTICLE', id: book.id },
        { type: 'done:loadArticle', output: book },
        { type: 'SET_QUANTITY', value: 4 },
        { type: 'CART_CHANGED', lines: [bookLine(1)] },
        { type: 'CART_CHANGED', lines: [bookLine(2)] },
        { type: 'CART_CHANGED', lines: [] },
        { type: 'ADD_TO_CART' },
        { type: 'SET_QUANTITY', value: 2 },
      ],
    },
    {
      name: 'passes: a changed number leaves the refusal and the confirmation; an owner index outside the entries changes nothing',
      input: inputs[2],
      events: [
        { type: 'done:loadArticle', output: pass },
        { type: 'SET_QUANTITY', value: 2 },
        { type: 'ADD_TO_CART' },
        { type: 'SET_QUANTITY', value: 1 },
        { type: 'SET_OWNER', index: 0, field: 'first', value: 'Ada' },
        { type: 'SET_OWNER', index: 0, field: 'last', value: 'Muster' },
        { type: 'ADD_TO_CART' },
        { type: 'SET_OWNER', index: -1, field: 'first', value: 'Nobody' },
        { type: 'SET_OWNER', index: 2, field: 'first', value: 'Nobody' },
        { type: 'SET_QUANTITY', value: 2 },
      ],
    },
    {
      name: 'started without a section: the merchandise list',
      input: {},
      events: [{ type: 'done:loadList', output: list }],
    },
  ],
  stateKey: (s) => {
    const c = ctx(s);
    return {
      value: s.value,
      section: c.section,
      category: c.category,
      listSection: c.listSection,
      articleId: c.articleId,
      article: c.article?.id ?? null,
      quantity: c.quantity,
      owners: c.owners.map((o) => `${o.first}|${o.last}|${o.send_to_custom_addr}|${o.address}`),
      errors: Object.keys(c.ownerErrors).length,
      added: c.added !== null,
      inCart: c.inCart,
    };
  },
  fakeActions: ['addToCart'],
});
