import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import {
  EMPTY_OWNER,
  activeOwners,
  articleLine,
  articlesInCategory,
  clampQuantity,
  initialQuantity,
  isOutOfStock,
  maxQuantity,
  ownerErrors,
  resizeOwners,
  stockWords,
  type ShopArticle,
} from '../../src/domain/shop.js';
import { ownerNames } from '../../src/domain/cart-lines.js';
import { applyVoucherCodes } from '../../src/domain/vouchers.js';
import { customerShippingCountry, shippingReady } from '../../src/domain/shipping.js';

const book: ShopArticle = { id: 301, name: 'Catalogue', price: 3900, vat_value: 2.6, stock: 3, custom_groups: [{ id: 31, name: 'Books' }], product_kind_ref: 1 };
const pass: ShopArticle = { id: 311, name: 'Annual pass', price: 9000, vat_value: 8.1, stock: null, custom_groups: [], product_kind_ref: 13 };

describe('stock in words and the quantity within stock (issue 11, §5)', () => {
  it('says "out of stock", "only N left" or "available"', () => {
    expect(stockWords(0)).toEqual({ id: 'shop.stock.out' });
    expect(stockWords(-2)).toEqual({ id: 'shop.stock.out' });
    expect(stockWords(3)).toEqual({ id: 'shop.stock.few', values: { count: 3 } });
    expect(stockWords(5)).toEqual({ id: 'shop.stock.few', values: { count: 5 } });
    expect(stockWords(6)).toEqual({ id: 'shop.stock.available' });
    expect(stockWords(null)).toEqual({ id: 'shop.stock.available' });
  });

  it('stock <= 0 sets the quantity to 0; otherwise 1 up to the stock (at most 10 per line)', () => {
    expect(isOutOfStock({ stock: 0 })).toBe(true);
    expect(isOutOfStock({ stock: null })).toBe(false);
    expect(initialQuantity(0)).toBe(0);
    expect(initialQuantity(-1)).toBe(0);
    expect(initialQuantity(3)).toBe(1);
    expect(clampQuantity(7, 0)).toBe(0);
    expect(clampQuantity(7, 3)).toBe(3);
    expect(clampQuantity('2', 3)).toBe(2);
    expect(clampQuantity('two', 3)).toBe(1);
    expect(clampQuantity(50, null)).toBe(10);
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -5, max: 100 }), fc.string()), fc.option(fc.integer({ min: -3, max: 40 }), { nil: null }), (value, stock) => {
        const q = clampQuantity(value, stock);
        expect(q).toBeLessThanOrEqual(maxQuantity(stock));
        expect(q === 0).toBe(maxQuantity(stock) === 0);
      }),
    );
  });
});

describe('pass owners follow the quantity without losing what was typed (§5)', () => {
  it('grows with the quantity and keeps hidden entries when it is lowered', () => {
    const two = resizeOwners([], 2);
    expect(two).toEqual([EMPTY_OWNER, EMPTY_OWNER]);
    const typed = [{ ...EMPTY_OWNER, first: 'Ada' }, { ...EMPTY_OWNER, first: 'Ben' }];
    const lowered = resizeOwners(typed, 1);
    expect(activeOwners(lowered, 1)).toEqual([typed[0]]);
    expect(activeOwners(resizeOwners(lowered, 2), 2)).toEqual(typed);
  });

  it('needs first and last name of every pass, and the address when sent elsewhere', () => {
    const owners = [{ ...EMPTY_OWNER, first: 'Ada', last: 'Muster' }, { ...EMPTY_OWNER, first: ' ', last: 'Muster', send_to_custom_addr: true }];
    expect(ownerErrors(owners, 1)).toEqual({});
    expect(ownerErrors(owners, 2)).toEqual({ 1: { first: 'shop.owner.nameMissing', address: 'shop.owner.addressMissing' } });
  });

  it('a pass line names one owner per pass; an article line has no owners', () => {
    const owners = [{ ...EMPTY_OWNER, first: ' Ada ', last: 'Muster', address: 'ignored' }, { ...EMPTY_OWNER, first: 'Ben', last: 'Muster' }, { ...EMPTY_OWNER, first: 'Hidden', last: 'X' }];
    const line = articleLine(pass, 2, owners);
    expect(line).toMatchObject({ type: 'annualPass', count: 2, totalPrice: 18000 });
    expect(line.type === 'annualPass' ? line.owners.map((o) => [o.first, o.address]) : []).toEqual([['Ada', ''], ['Ben', '']]);
    expect(ownerNames(line.type === 'annualPass' ? line.owners : [])).toBe('Ada Muster, Ben Muster');
    expect(articleLine(book, 2)).toEqual({ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 7800, count: 2, vat_value: 2.6 });
  });

  it('filters a category', () => {
    expect(articlesInCategory([book, pass], 31)).toEqual([book]);
    expect(articlesInCategory([book, pass], null)).toEqual([book, pass]);
  });
});

describe('shipping readiness and destination (§4)', () => {
  it('payment waits unless nothing is shipped or the cost is known', () => {
    expect(shippingReady('none')).toBe(true);
    expect(shippingReady('known')).toBe(true);
    expect(shippingReady('needsCountry')).toBe(false);
    expect(shippingReady('loading')).toBe(false);
    expect(shippingReady('failed')).toBe(false);
  });

  it('reads the customer country like the server: delivery address first, else billing', () => {
    expect(customerShippingCountry({ country: 'ch', addrShipping: { country: 'de' } })).toBe('DE');
    expect(customerShippingCountry({ country: 'ch', addrShipping: null })).toBe('CH');
    expect(customerShippingCountry(null)).toBeNull();
  });
});

describe('voucher codes over items plus shipping (§4, one implementation for app and server)', () => {
  it('applies codes in order, floored at 0', () => {
    expect(applyVoucherCodes(3900, 900, [2000, 5000])).toEqual({ applied: [2000, 2800], discount: 4800, total: 0 });
    expect(applyVoucherCodes(3900, 0, [1000])).toEqual({ applied: [1000], discount: 1000, total: 2900 });
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(5_000), fc.array(fc.integer({ min: -100, max: 50_000 })), (subtotal, shipping, values) => {
        const r = applyVoucherCodes(subtotal, shipping, values);
        expect(r.total).toBeGreaterThanOrEqual(0);
        expect(r.total + r.discount).toBe(subtotal + shipping);
        r.applied.forEach((a, i) => expect(a).toBeLessThanOrEqual(Math.max(0, values[i]!)));
      }),
    );
  });
});
