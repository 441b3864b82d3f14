import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/http.js';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { cartMachine, type CartInput, type ShippingInput } from '../../machines/cart.machine.js';
import { selectLineCount, selectTaxTotal, selectTotals } from '../../machines/cart.selectors.js';
import { CART_COUNTRIES_STORAGE_KEY, CART_STORAGE_KEY, cartBrowserActions, windowDataLayer } from '../../src/app/cart-storage.js';
import { readItem } from '../../src/app/session.js';
import { sampleCart } from './fixtures.js';

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const adult: CartLine = { type: 'ticket', id: 11, eventId: 3, name: 'Adult', price: 2000, totalPrice: 4000, totalCount: 2, datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [] };
const book: CartLine = { type: 'merchandise', id: 21, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 };
const code: CartLine = { type: 'voucherCode', barcode: 'GIFT50', name: 'Gift', price: 5000 };

function start(input: CartInput = {}, shipping: (input: ShippingInput) => Promise<number> = async () => 900) {
  const storage = fakeStorage(input.savedCart ? { [CART_STORAGE_KEY]: input.savedCart } : {});
  const dataLayer: unknown[] = [];
  const warn = vi.fn();
  const calls: ShippingInput[] = [];
  const machine = cartMachine.provide({
    actions: cartBrowserActions({ storage, dataLayer: () => dataLayer, warn }),
    actors: { calculateShipping: fromPromise<number, ShippingInput>(async ({ input: i }) => { calls.push(i); return shipping(i); }) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, storage, dataLayer, warn, calls };
}

describe('cart machine', () => {
  it('keeps the chosen country of delivery across a page load: the next cart prices for it without asking (issue 22)', async () => {
    const first = start();
    first.actor.send({ type: 'ADD', lines: [book] });
    first.actor.send({ type: 'CHOOSE_COUNTRY', country: 'at' });
    expect(JSON.parse(first.storage.data.get(CART_COUNTRIES_STORAGE_KEY) ?? 'null')).toEqual({ chosenCountry: 'AT', deliveryCountry: null });
    // a reload: a new actor from what the session holds
    const calls: ShippingInput[] = [];
    const machine = cartMachine.provide({
      actions: cartBrowserActions({ storage: first.storage, dataLayer: () => [], warn: vi.fn() }),
      actors: { calculateShipping: fromPromise<number, ShippingInput>(async ({ input }) => { calls.push(input); return 1200; }) },
    });
    const reloaded = createActor(machine, {
      input: { savedCart: first.storage.getItem(CART_STORAGE_KEY), savedCountries: readItem(CART_COUNTRIES_STORAGE_KEY, first.storage) },
    }).start();
    await waitFor(reloaded, (s) => s.hasTag('shipping-known'));
    expect(calls.map((c) => c.request.country)).toEqual(['AT']);
    expect(reloaded.getSnapshot().context.shippingCost).toBe(1200);
  });

  it('a saved country entry that is not a country restores nothing and crashes nothing', () => {
    for (const saved of ['{"chosenCountry": "<b>x</b>"}', 'not json', '[]', 'null', '{"deliveryCountry": 4}']) {
      const { actor } = start({ savedCart: JSON.stringify([book]), savedCountries: saved });
      expect(actor.getSnapshot().context.destination.chosenCountry).toBeNull();
      expect(actor.getSnapshot().context.destination.deliveryCountry ?? null).toBeNull();
      expect(actor.getSnapshot().hasTag('shipping-needsCountry')).toBe(true);
    }
  });

  it('adds and removes lines and saves the cart each time', () => {
    const { actor, storage } = start();
    actor.send({ type: 'ADD', lines: [adult, code] });
    expect(selectLineCount(actor.getSnapshot())).toBe(2);
    expect(JSON.parse(storage.data.get(CART_STORAGE_KEY) ?? '[]')).toHaveLength(2);
    actor.send({ type: 'REMOVE', index: 1 });
    expect(JSON.parse(storage.data.get(CART_STORAGE_KEY) ?? '[]')).toEqual([adult]);
  });

  it('does not add a voucher code twice and says so', () => {
    const { actor } = start();
    const emitted = vi.fn();
    actor.on('voucherCodeAlreadyInCart', emitted);
    actor.send({ type: 'ADD', lines: [code] });
    actor.send({ type: 'ADD', lines: [{ ...code, barcode: ' GIFT50 ' }] });
    expect(selectLineCount(actor.getSnapshot())).toBe(1);
    expect(emitted).toHaveBeenCalledWith(expect.objectContaining({ barcode: ' GIFT50 ' }));
  });

  it('compares voucher codes as the server does: the same code in another case is not added again', () => {
    const { actor } = start();
    const emitted = vi.fn();
    actor.on('voucherCodeAlreadyInCart', emitted);
    actor.send({ type: 'ADD', lines: [code] });
    actor.send({ type: 'ADD', lines: [{ ...code, barcode: code.barcode.toLowerCase() }] });
    expect(selectLineCount(actor.getSnapshot())).toBe(1);
    expect(emitted).toHaveBeenCalledTimes(1);
    actor.send({ type: 'ADD', lines: [{ ...code, barcode: `${code.barcode}-2` }] });
    expect(selectLineCount(actor.getSnapshot())).toBe(2);
  });

  it('removes the saved cart on clear', () => {
    const { actor, storage } = start({ savedCart: JSON.stringify([adult]) });
    expect(selectLineCount(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'CLEAR' });
    expect(selectLineCount(actor.getSnapshot())).toBe(0);
    expect(storage.data.has(CART_STORAGE_KEY)).toBe(false);
  });

  it('restores a corrupt saved cart as empty, warns and drops it', () => {
    const { actor, storage, warn } = start({ savedCart: '[{"type":"ticket","id":"x"}]' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(selectLineCount(actor.getSnapshot())).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(storage.data.has(CART_STORAGE_KEY)).toBe(false);
  });

  it('pushes a remove-from-cart event in CHF when a ticket line goes', () => {
    const { actor, dataLayer } = start({ savedCart: JSON.stringify([book, adult]) });
    actor.send({ type: 'REMOVE', index: 0 });
    expect(dataLayer).toEqual([]);
    actor.send({ type: 'REMOVE', index: 0 });
    expect(dataLayer).toEqual([
      { event: 'remove_from_cart', ecommerce: { currency: 'CHF', value: 40, items: [{ item_id: '11', item_name: 'Adult', item_category: 'ticket', price: 20, quantity: 2 }] } },
    ]);
  });

  it('asks shipping only with merchandise and a destination, then allocates vouchers over it', async () => {
    const { actor, calls } = start({ destination: { loggedIn: false, chosenCountry: 'CH' } });
    actor.send({ type: 'ADD', lines: [adult, code] });
    expect(actor.getSnapshot().matches({ Ready: 'No shipping' })).toBe(true);
    actor.send({ type: 'ADD', lines: [book] });
    await waitFor(actor, (s) => s.matches({ Ready: 'Shipping known' }));
    expect(calls.at(-1)).toEqual({
      loggedIn: false,
      request: { country: 'CH', cart: [{ type: 'ticket', id: 11, count: 2, datetime: '2026-12-05 10:00' }, { type: 'merchandise', id: 21, count: 1 }] },
    });
    // 40.00 + 39.00 + 9.00 shipping - 50.00 voucher
    expect(selectTotals(actor.getSnapshot())).toMatchObject({ subtotal: 7900, shipping: 900, discount: 5000, total: 3800 });
    expect(selectTaxTotal(actor.getSnapshot())).toBe(2 * 150 + 99);
  });

  it('keeps the shipping error code and clears the cost', async () => {
    const { actor } = start({ destination: { loggedIn: true, tokenCountry: 'US' } }, async () => {
      throw new ApiError({ status: 422, code: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY', message: '', fields: {} });
    });
    actor.send({ type: 'ADD', lines: [book] });
    await waitFor(actor, (s) => s.matches({ Ready: 'Shipping failed' }));
    expect(actor.getSnapshot().context).toMatchObject({ shippingCost: null, shippingError: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY' });
  });

  it('restores every line type', () => {
    const { actor } = start({ savedCart: JSON.stringify(sampleCart) });
    expect(selectLineCount(actor.getSnapshot())).toBe(sampleCart.length);
  });

  it('creates window.dataLayer when missing', () => {
    const target: { dataLayer?: unknown[] } = {};
    windowDataLayer(target).push(1);
    expect(target.dataLayer).toEqual([1]);
  });
});
