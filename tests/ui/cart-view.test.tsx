/**
 * The cart view on a real cart actor whose side effects (storage, analytics) are fakes: lines,
 * counts, VAT per line and the tax total with two decimals, voucher discount, remove by an
 * accessible name, the empty cart and a corrupt saved cart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor } from 'xstate';
import en from '../../src/i18n/messages/en.json';
import de from '../../src/i18n/messages/de.json';
import { cartMachine } from '../../machines/cart.machine.js';
import { cartBrowserActions } from '../../src/app/cart-storage.js';
import { CartView } from '../../src/app/components/cart/CartView.js';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { architectureWalk, walkSlot } from '../support/tour-204.js';
import { emptyTourForm, tourCartLine } from '../../src/domain/tours.js';

const adult: CartLine = {
  type: 'ticket', id: 11, eventId: 3, name: 'Adult', price: 2000, totalPrice: 4000, totalCount: 2,
  datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [],
};
const family: CartLine = {
  type: 'ticket', id: 14, eventId: 3, name: 'Family ticket', price: 4500, totalPrice: 4500, totalCount: 1,
  datetime: '2026-12-05 14:00', vat_value: 8.1, single_ticketing: 0,
  subtickets: [{ id: 141, name: 'Adults (2)', count: 2, price: 0, vat_value: 0 }, { id: 142, name: 'Children', count: 3, price: 0, vat_value: 0 }],
};
const code: CartLine = { type: 'voucherCode', barcode: 'GIFT-30', name: 'Gift card', price: 3000 };

function mount(saved: string | null, messages: Record<string, string> = en, locale = 'en') {
  const store = new Map<string, string>();
  if (saved !== null) store.set('cart', saved);
  const dataLayer: unknown[] = [];
  const warnings: string[] = [];
  const machine = cartMachine.provide({
    actions: cartBrowserActions({
      storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
      dataLayer: () => dataLayer,
      warn: (m) => warnings.push(m),
    }),
  });
  const cart = createActor(machine, { input: { savedCart: saved } }).start();
  render(
    <IntlProvider locale={locale} messages={messages}>
      <CartView cart={cart} />
    </IntlProvider>,
  );
  return { cart, store, dataLayer, warnings };
}

afterEach(() => cleanup());

describe('CartView', () => {
  it('shows each line with date, time, count, amount and VAT, then subtotal, voucher discount, total and tax total', () => {
    mount(JSON.stringify([adult, family, code]));
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.textContent).toContain('Adult');
    expect(lines[0]?.textContent).toContain('Visit on 05.12.2026 at 10:00');
    expect(lines[0]?.textContent).toContain('Quantity: 2');
    expect(within(lines[0] as HTMLElement).getByTestId('cart-line-amount').textContent).toBe('CHF 40.00');
    // 2000 incl. 8.1 % VAT contains 149.86 -> 1.50 per ticket, two tickets
    expect(within(lines[0] as HTMLElement).getByTestId('cart-line-vat').textContent).toBe('incl. 8.1 % VAT: CHF 3.00');
    expect(lines[1]?.textContent).toContain('3 × Children, included');
    // 4500 contains 337.19 -> 3.37
    expect(within(lines[1] as HTMLElement).getByTestId('cart-line-vat').textContent).toBe('incl. 8.1 % VAT: CHF 3.37');
    expect(lines[2]?.textContent).toContain('Voucher code GIFT-30');
    expect(within(lines[2] as HTMLElement).getByTestId('cart-line-amount').textContent).toBe('-CHF 30.00');
    expect(lines[2]?.textContent).toContain('Value left after this order: CHF 0.00');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('CHF 85.00');
    expect(screen.getByTestId('cart-discount').textContent).toBe('-CHF 30.00');
    expect(screen.getByTestId('cart-total').textContent).toBe('CHF 55.00');
    expect(screen.getByTestId('cart-tax').textContent).toBe('CHF 6.37');
  });

  it('a tour line with two VAT rates (the demo walk 204: a subticket with the book at 2.6 %) names both and contains the VAT of each part (§9, issue 45)', () => {
    const walk = architectureWalk;
    const slot = walkSlot;
    const line = tourCartLine(walk, slot, '2026-12-05', { ...emptyTourForm(walk), subtickets: { 2042: { 5031: 2, 5033: 1 } } }, []);
    mount(JSON.stringify([line]));
    const row = screen.getByTestId('cart-line');
    expect(within(row).getByTestId('cart-line-amount').textContent).toBe('CHF 79.00');
    // 2 × 20.00 at 8.1 % (1.50 each) + 39.00 at 2.6 % (0.99); the whole line at 8.1 % would contain 5.92
    expect(within(row).getByTestId('cart-line-vat').textContent).toBe('incl. 2.6 / 8.1 % VAT: CHF 3.99');
    expect(screen.getByTestId('cart-tax').textContent).toBe('CHF 3.99');
  });

  it('removes a line by a button that names it, saves the cart and reports a ticket removal in CHF', () => {
    const { cart, store, dataLayer } = mount(JSON.stringify([adult, family]));
    const button = screen.getByRole('button', { name: 'Remove Adult, 05.12.2026 10:00 from the cart' });
    act(() => button.click());
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(cart.getSnapshot().context.lines).toEqual([family]);
    expect(JSON.parse(store.get('cart') ?? '[]')).toHaveLength(1);
    expect(dataLayer).toEqual([expect.objectContaining({ event: 'remove_from_cart', ecommerce: expect.objectContaining({ currency: 'CHF', value: 40 }) })]);
    expect(screen.getByRole('status').textContent).toBe('Adult, 05.12.2026 10:00 was removed from the cart.');
    expect(screen.getByTestId('cart-total').textContent).toBe('CHF 45.00');
  });

  it('names the event a ticket admits to, on the line and on its remove button', () => {
    mount(JSON.stringify([{ ...adult, eventName: 'The Lakeside Collection' }]));
    const [line] = screen.getAllByTestId('cart-line');
    expect(line?.textContent).toContain('The Lakeside Collection');
    expect(screen.getByRole('button', { name: 'Remove The Lakeside Collection: Adult, 05.12.2026 10:00 from the cart' })).toBeTruthy();
  });

  it('says the cart is empty once the last line is gone', () => {
    mount(JSON.stringify([adult]));
    act(() => screen.getByRole('button', { name: /^Remove Adult/ }).click());
    expect(screen.getByTestId('cart-empty').textContent).toBe('Your cart is empty.');
    expect(screen.queryByTestId('cart-total')).toBeNull();
  });

  it('shows an empty cart and warns when the saved cart is corrupt', () => {
    const { warnings, store } = mount('{"not": "a cart"');
    expect(screen.getByTestId('cart-empty')).toBeTruthy();
    expect(warnings).toHaveLength(1);
    expect(store.has('cart')).toBe(false);
  });

  it('speaks the visitor\'s language', () => {
    mount(JSON.stringify([adult]), de as Record<string, string>, 'de');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Ihr Warenkorb');
    expect(screen.getByRole('button', { name: 'Adult, 05.12.2026 10:00 aus dem Warenkorb entfernen' })).toBeTruthy();
    expect(screen.getByText('inkl. 8.1 % MWST: CHF 3.00')).toBeTruthy();
  });
});
