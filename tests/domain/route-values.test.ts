/**
 * The kinds of the route table (issue 23 item 1): how a page's path params and search values are
 * parsed, once, by the router (src/app/router.tsx: `params.parse`, `validateSearch`). A path param
 * that does not fit makes the whole answer false (the page is not found); a search value that
 * does not fit is undefined. A search value that fits comes out as it went in (the router writes
 * the parsed search back into the address, which must stay as the visitor opened it).
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, parseValues, type RouteSpec } from '../../src/domain/routes.js';

const spec = (name: keyof typeof ROUTE_TABLE): RouteSpec => ROUTE_TABLE[name];
const params = (name: keyof typeof ROUTE_TABLE, raw: Record<string, string>) => parseValues(spec(name).params!, raw, true);
const search = (name: keyof typeof ROUTE_TABLE, raw: Record<string, unknown>) => parseValues(spec(name).search!, raw);

describe('path params', () => {
  it('an id is a positive whole number of up to nine digits', () => {
    expect(params('ticket', { lang: 'de', id: '101' })).toEqual({ id: 101 });
    expect(params('mechandiseCategory', { category: '000000007' })).toEqual({ category: 7 });
    for (const id of ['abc', '0', '-1', '1.5', '1234567890', '', ' 1']) expect(params('guidedTour', { id }), id).toBe(false);
    expect(params('pass', {})).toBe(false);
  });

  it('a key is letters, digits, _ and - up to its length', () => {
    expect(params('page', { id: 'imprint' })).toEqual({ id: 'imprint' });
    expect(params('orderReview', { id: 'a_B-9' })).toEqual({ id: 'a_B-9' });
    expect(params('recoverAccount', { guid: 'g'.repeat(128) })).toEqual({ guid: 'g'.repeat(128) });
    for (const id of ['a.b', '', 'x'.repeat(65), 'a b']) expect(params('page', { id }), id).toBe(false);
    expect(params('recoverAccount', { guid: 'g'.repeat(129) })).toBe(false);
  });
});

describe('search values', () => {
  it('a category is a positive whole number; a text of digits becomes one', () => {
    expect(search('passes', { category: 5 })).toEqual({ category: 5 });
    expect(search('passes', { category: '05' })).toEqual({ category: 5 });
    for (const category of ['abc', 0, -3, 1.5, '', null, true]) expect(search('passes', { category }), String(category)).toEqual({ category: undefined });
  });

  it('a date is text in a form the machines read, kept as it came', () => {
    expect(search('ticket', { date: '2026-05-01' })).toEqual({ date: '2026-05-01' });
    expect(search('guidedTour', { date: '2026-05-01T10:00' })).toEqual({ date: '2026-05-01T10:00' });
    expect(search('tickets', { date: '20260501' })).toEqual({ date: '20260501' });
    // ?date=20260501 reaches the router as a number: no date (as before)
    for (const date of [20260501, 'garbage', '2026-5-1', '']) expect(search('ticket', { date }), String(date)).toEqual({ date: undefined });
  });

  it('returnTo is a path of this site, never another site', () => {
    expect(search('login', { returnTo: '/de/checkout?x=1' })).toEqual({ returnTo: '/de/checkout?x=1' });
    for (const returnTo of ['//evil.example', 'https://evil.example', '/a\\b', 'de/checkout', 5]) {
      expect(search('recoverAccount', { returnTo }), String(returnTo)).toEqual({ returnTo: undefined });
    }
  });

  it('what the payment provider appends is text or a number, as it came; an empty one is absent', () => {
    expect(search('checkoutAccepted', { us: 'u-1', sessionUs: 'S', cartId: 123 })).toEqual({ us: 'u-1', sessionUs: 'S', cartId: 123 });
    expect(search('checkoutFailed', { cartId: '' })).toEqual({ us: undefined, sessionUs: undefined, cartId: undefined });
  });

  it('keys a page does not read are not its values (the router leaves them in the address)', () => {
    expect(search('tickets', { date: '2026-05-01', foo: 'bar', flows: '' })).toEqual({ date: '2026-05-01' });
  });
});
