/**
 * The voucher screens and the code entry of the cart in the real shell (router, app machine, cart
 * actor, checkout machine with its voucherCode child) against a fake API: the list grouped by
 * category, a variable voucher (negative amount made positive, an amount out of range refused at
 * the field), a fixed voucher with a quantity, an unknown voucher; a code trimmed and looked up,
 * its line with value, what it pays and what remains, each refusal, the same code twice, removing
 * the code, and no entry when the shop does not redeem codes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../src/i18n/messages/en.json';
import { mountShell, ready, teardown, type Handler, type Mounted } from './shell-harness.js';
import type { CartLine } from '../../src/domain/cart-lines.js';

let mounted: Mounted | null = null;
afterEach(() => {
  teardown(mounted);
  mounted = null;
});

const messages = en as Record<string, string>;
const t = (id: string, values: Record<string, string | number> = {}) =>
  (messages[id] ?? id).replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

const voucher = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id, name, description: `${name} text`, price: 5000, vat_value: 0, variable_amount: 0, min_amount: null, max_amount: null, groupId: 41, sequence_no: id, image: `/static/vouchers/${id}.svg`, ...extra,
});
const vouchers = [
  voucher(405, 'Family day', { groupId: 42, price: 6500 }),
  voucher(401, 'Voucher CHF 50'),
  voucher(403, 'Your amount', { price: 0, variable_amount: 1, min_amount: 1000, max_amount: 50000 }),
];
const groups = [{ id: 41, name: 'Value vouchers' }, { id: 42, name: 'Experiences' }];

const code = (barcode: string, available: number) => ({ barcode, name: 'Gift voucher', amount: available, used_amount: 0, available_amount: available, valid_from: null, valid_to: null });
const refuse = (error: string) => ({ status: 422, body: { error, message: error, fields: { voucher: [error] } } });

function api(lookups: string[] = []): Handler {
  return (path, url) => {
    if (path === 'voucher/select/event/') return { status: 200, body: { data: vouchers } };
    if (path === 'voucher/attr') return { status: 200, body: { data: { group: groups } } };
    const one = /^voucher\/selectOne\/price\/(\d+)$/.exec(path);
    if (one) {
      const found = vouchers.find((v) => v.id === Number(one[1]));
      return found ? { status: 200, body: { data: found } } : { status: 404, body: { error: 'NOT_FOUND', message: 'no voucher' } };
    }
    if (path === 'voucher') {
      const typed = url.searchParams.get('voucher') ?? '';
      lookups.push(typed);
      switch (typed.toUpperCase()) {
        case 'GIFT-30': return { status: 200, body: { data: code('GIFT-30', 3000) } };
        case 'BIG-500': return { status: 200, body: { data: code('BIG-500', 50000) } };
        case 'SOON': return refuse('VOUCHER_NOW_IS_BEFORE_VALID_FROM');
        case 'OLD': return refuse('VOUCHER_NOW_IS_AFTER_VALID_TO');
        case 'EMPTY': return refuse('VOUCHER_NO_AMOUNT_LEFT');
        case 'BOOM': return { status: 500, body: { error: 'INTERNAL_ERROR', message: 'boom' } };
        default: return refuse('VOUCHER_NOT_FOUND');
      }
    }
    if (path === 'checkout/suggest') return { status: 200, body: { data: [] } };
    return undefined;
  };
}

const ticket: CartLine = {
  type: 'ticket', id: 11, eventId: 3, name: 'Adult', price: 2000, totalPrice: 4000, totalCount: 2, datetime: '2030-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [],
};

const cartLines = () => JSON.parse(sessionStorage.getItem('cart') ?? '[]') as CartLine[];

describe('voucher list and voucher page', () => {
  it('lists the vouchers by category with image, name and price or "amount of your choice"', async () => {
    mounted = mountShell('/en/vouchers', { handler: api() });
    expect((await ready()).textContent).toBe(t('title.voucherList'));
    const sections = await screen.findAllByTestId('voucher-group');
    expect(sections.map((s) => within(s).getByRole('heading', { level: 2 }).textContent)).toEqual(['Value vouchers', 'Experiences']);
    const cards = within(sections[0]!).getAllByTestId('voucher-card');
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual(['Voucher CHF 50', 'Your amount']);
    expect(cards[0]!.textContent).toContain('CHF 50.00');
    expect(cards[1]!.textContent).toContain(t('vouchers.amountOfChoice'));
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/static/vouchers/401.svg');
    expect(within(cards[1]!).getByRole('link').getAttribute('href')).toBe('/en/vouchers/403');
  });

  it('a variable voucher: an amount outside min/max is refused at the field; -75 is bought as CHF 75.00', async () => {
    mounted = mountShell('/en/vouchers/403', { handler: api() });
    await screen.findByRole('heading', { level: 1, name: 'Your amount' }, { timeout: 5000 });
    const field = screen.getByRole('textbox', { name: t('voucher.amount', { currency: 'CHF' }) });
    expect(screen.getByText(t('voucher.amountHint', { min: 'CHF 10.00', max: 'CHF 500.00' }))).toBeTruthy();
    fireEvent.change(field, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: t('voucher.addToCart') }));
    const error = await screen.findByTestId('voucher-amount-error');
    expect(error.textContent).toBe(t('voucher.error.belowMin', { min: 'CHF 10.00' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.parentElement?.id);
    expect(cartLines()).toEqual([]);
    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: t('voucher.addToCart') }));
    expect((await screen.findByTestId('voucher-amount-error')).textContent).toBe(t('voucher.error.missing'));
    fireEvent.change(field, { target: { value: '-75' } });
    expect(screen.queryByTestId('voucher-amount-error')).toBeNull();
    expect(screen.getByTestId('voucher-total').textContent).toBe(t('voucher.total', { price: 'CHF 75.00' }));
    fireEvent.click(screen.getByRole('button', { name: t('voucher.addToCart') }));
    const added = await screen.findByTestId('voucher-added');
    expect(within(added).getByRole('heading').textContent).toBe(t('voucher.added', { name: 'Your amount' }));
    expect(document.activeElement).toBe(within(added).getByRole('heading'));
    expect(cartLines()).toEqual([{ type: 'voucher', id: 403, name: 'Your amount', price: 7500, totalPrice: 7500, count: 1, vat_value: 0, amount: 7500 }]);
  });

  it('a fixed voucher in a quantity (at most 20)', async () => {
    mounted = mountShell('/en/vouchers/401', { handler: api() });
    await screen.findByRole('heading', { level: 1, name: 'Voucher CHF 50' }, { timeout: 5000 });
    expect(screen.getByTestId('voucher-price').textContent).toBe('CHF 50.00');
    const quantity = screen.getByRole('spinbutton', { name: t('voucher.quantity') });
    fireEvent.change(quantity, { target: { value: '3' } });
    expect(screen.getByTestId('voucher-total').textContent).toBe(t('voucher.total', { price: 'CHF 150.00' }));
    fireEvent.change(quantity, { target: { value: '99' } });
    expect((quantity as HTMLInputElement).value).toBe('20');
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: t('voucher.addToCart') }));
    await screen.findByTestId('voucher-added');
    expect(cartLines()).toEqual([{ type: 'voucher', id: 401, name: 'Voucher CHF 50', price: 5000, totalPrice: 15000, count: 3, vat_value: 0 }]);
    // added: the quantity can be changed and the voucher added again (the confirmation goes)
    fireEvent.change(screen.getByRole('spinbutton', { name: t('voucher.quantity') }), { target: { value: '2' } });
    expect(screen.queryByTestId('voucher-added')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('voucher.addToCart') }));
    await screen.findByTestId('voucher-added');
    expect(cartLines()).toEqual([
      { type: 'voucher', id: 401, name: 'Voucher CHF 50', price: 5000, totalPrice: 15000, count: 3, vat_value: 0 },
      { type: 'voucher', id: 401, name: 'Voucher CHF 50', price: 5000, totalPrice: 10000, count: 2, vat_value: 0 },
    ]);
  });

  it('an unknown voucher says so', async () => {
    mounted = mountShell('/en/vouchers/999', { handler: api() });
    expect((await screen.findByTestId('voucher-not-found', {}, { timeout: 5000 })).textContent).toBe(t('voucher.notFound'));
  });
});

describe('voucher code entry in the cart', () => {
  async function openCart(lookups: string[], config: Record<string, unknown> = {}) {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mounted = mountShell('/en/checkout', { handler: api(lookups), config });
    await screen.findByRole('heading', { level: 1, name: t('title.checkout') }, { timeout: 5000 });
    await screen.findAllByTestId('cart-line');
  }
  const field = () => screen.getByRole('textbox', { name: t('voucherCode.label') });
  const redeem = (value: string) => {
    fireEvent.change(field(), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: t('voucherCode.submit') }));
  };

  it('looks the trimmed code up, adds its line with value, what it pays and what remains; removing it gives the discount back', async () => {
    const lookups: string[] = [];
    await openCart(lookups);
    expect(screen.getByTestId('cart-total').textContent).toBe('CHF 40.00');
    redeem('  gift-30 ');
    const added = await screen.findByTestId('voucher-code-added');
    expect(added.textContent).toBe(t('voucherCode.added', { code: 'GIFT-30', value: 'CHF 30.00' }));
    expect(lookups).toEqual(['gift-30']);
    expect((field() as HTMLInputElement).value).toBe('');
    const line = screen.getAllByTestId('cart-line')[1]!;
    expect(within(line).getByTestId('voucher-code-value').textContent).toBe(t('cart.voucherValue', { amount: 'CHF 30.00' }));
    expect(within(line).getByTestId('voucher-code-pays').textContent).toBe(t('cart.voucherPays', { amount: 'CHF 30.00' }));
    expect(within(line).getByTestId('voucher-code-remaining').textContent).toBe(t('cart.voucherRemaining', { amount: 'CHF 0.00' }));
    expect(screen.getByTestId('cart-total').textContent).toBe('CHF 10.00');
    expect(cartLines()[1]).toEqual({ type: 'voucherCode', barcode: 'GIFT-30', name: 'Gift voucher', price: 3000 });

    // a second code pays only what is left: CHF 10.00 of 500.00
    redeem('BIG-500');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(3));
    const big = screen.getAllByTestId('cart-line')[2]!;
    expect(within(big).getByTestId('voucher-code-pays').textContent).toBe(t('cart.voucherPays', { amount: 'CHF 10.00' }));
    expect(within(big).getByTestId('voucher-code-remaining').textContent).toBe(t('cart.voucherRemaining', { amount: 'CHF 490.00' }));
    expect(screen.getByTestId('cart-total').textContent).toBe('CHF 0.00');

    // removing the first code: the second pays its part
    fireEvent.click(within(screen.getAllByTestId('cart-line')[1]!).getByRole('button', { name: /GIFT-30/ }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    expect(within(screen.getAllByTestId('cart-line')[1]!).getByTestId('voucher-code-pays').textContent).toBe(t('cart.voucherPays', { amount: 'CHF 40.00' }));
    expect(screen.getByTestId('cart-total').textContent).toBe('CHF 0.00');
  });

  it('shows each refusal at the field, in the visitor\'s language; an empty code asks nothing of the server', async () => {
    const lookups: string[] = [];
    await openCart(lookups);
    const cases: [string, string][] = [
      ['SOON', 'VOUCHER_NOW_IS_BEFORE_VALID_FROM'],
      ['OLD', 'VOUCHER_NOW_IS_AFTER_VALID_TO'],
      ['EMPTY', 'VOUCHER_NO_AMOUNT_LEFT'],
      ['NOPE', 'VOUCHER_NOT_FOUND'],
      ['BOOM', 'VOUCHER_UNKNOWN_ERROR'],
    ];
    for (const [typed, reason] of cases) {
      redeem(typed);
      const error = await screen.findByTestId('voucher-code-error');
      await waitFor(() => expect(error.getAttribute('data-reason')).toBe(reason));
      expect(error.textContent).toBe(t(`voucherCode.error.${reason}`, { code: typed }));
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(field().getAttribute('aria-describedby')?.split(' ')).toContain(screen.getByTestId('voucher-code-status').id);
      expect(screen.getByTestId('voucher-code-status').getAttribute('role')).toBe('status');
    }
    expect(lookups).toEqual(['SOON', 'OLD', 'EMPTY', 'NOPE', 'BOOM']);
    redeem('   ');
    await waitFor(() => expect(screen.getByTestId('voucher-code-error').getAttribute('data-reason')).toBe('VOUCHER_CODE_MISSING'));
    expect(lookups).toHaveLength(5);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
  });

  it('refuses the same code twice, in another case', async () => {
    await openCart([]);
    redeem('GIFT-30');
    await screen.findByTestId('voucher-code-added');
    redeem('gift-30');
    const error = await screen.findByTestId('voucher-code-error');
    expect(error.getAttribute('data-reason')).toBe('VOUCHER_ALREADY_IN_CART');
    expect(error.textContent).toBe(t('voucherCode.error.VOUCHER_ALREADY_IN_CART', { code: 'gift-30' }));
    expect(cartLines().filter((l) => l.type === 'voucherCode')).toHaveLength(1);
  });

  it('is not offered when the shop does not redeem codes (has_voucher_code off)', async () => {
    await openCart([], { has_voucher_code: false });
    expect(screen.queryByTestId('voucher-code-entry')).toBeNull();
  });
});
