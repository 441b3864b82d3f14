import { describe, expect, it } from 'vitest';
import {
  EMPTY_PAYMENT_CHOICE,
  defaultPayart,
  isDirectDebit,
  needsLoginFor,
  paymentAux,
  paymentDetailErrors,
  paymentErrorMessage,
  paymentRefundOf,
  holdOf,
  suggestionLine,
  type PaymentChoice,
} from '../../src/domain/payment.js';

const types = (...ids: number[]) => ids.map((payartId) => ({ payartId, i18n: {} }));
const choice = (over: Partial<PaymentChoice>): PaymentChoice => ({ ...EMPTY_PAYMENT_CHOICE, payart: 161, ...over });

describe('payment rules (§4, §5, §6, §9)', () => {
  it('preselects the configured default when offered, else 161, else the first offered type', () => {
    expect(defaultPayart(types(161, 74), 74)).toBe(74);
    expect(defaultPayart(types(161, 74), 999)).toBe(161);
    expect(defaultPayart(types(74, 164), undefined)).toBe(74);
    expect(defaultPayart([], undefined)).toBe(161);
  });

  it('express payment (161) needs no login; every other method does; 74 and 164 are direct debit', () => {
    expect(needsLoginFor(161)).toBe(false);
    expect([74, 164, 5].map(needsLoginFor)).toEqual([true, true, true]);
    expect([74, 164, 161].map(isDirectDebit)).toEqual([true, true, false]);
  });

  it('aux carries the direct debit holder (trimmed) and IBAN, the wallet of express payment only, and the partner', () => {
    expect(paymentAux(choice({ payart: 74, accountHolder: '  Anna Muster ', iban: 'CH93 0076 2011 6238 5295 7', wallet: 'APPLEPAY' }), 'museumsnacht')).toEqual({
      Accountholder: 'Anna Muster',
      IBAN: 'CH93 0076 2011 6238 5295 7',
      partner: 'museumsnacht',
    });
    expect(paymentAux(choice({ wallet: 'GOOGLEPAY', accountHolder: 'ignored' }), null)).toEqual({ wallet: 'GOOGLEPAY' });
    expect(paymentAux(choice({}), null)).toEqual({});
  });

  it('refuses a payment until terms and privacy are accepted and direct debit has a holder and a valid IBAN', () => {
    expect(paymentDetailErrors(choice({}))).toEqual({ terms: ['checkout.acceptTerms'], privacy: ['checkout.acceptPrivacy'] });
    expect(paymentDetailErrors(choice({ termsAccepted: true, privacyAccepted: true }))).toEqual({});
    expect(paymentDetailErrors(choice({ payart: 74, termsAccepted: true, privacyAccepted: true, iban: 'CH93 0076 2011 6238 5295 8' }))).toEqual({
      accountHolder: ['checkout.accountHolderMissing'],
      iban: ['checkout.ibanInvalid'],
    });
    expect(paymentDetailErrors(choice({ payart: 164, termsAccepted: true, privacyAccepted: true, accountHolder: 'A', iban: 'CH93 0076 2011 6238 5295 7' }))).toEqual({});
  });

  it('an added suggestion is one piece at its price and VAT rate', () => {
    expect(suggestionLine({ type: 'merchandise', id: 31, name: 'Poster', price: 1500, vat_value: 8.1 })).toEqual({
      type: 'merchandise', id: 31, name: 'Poster', price: 1500, totalPrice: 1500, count: 1, vat_value: 8.1,
    });
  });

  it('a payment error has its own message by code, else the server text, else "cannot be completed"', () => {
    expect(paymentErrorMessage({ code: 'OVERBOOKED', message: 'x' })).toEqual({ id: 'checkout.error.OVERBOOKED' });
    expect(paymentErrorMessage({ code: 'SOMETHING', message: 'The server says why.' })).toEqual({ text: 'The server says why.' });
    expect(paymentErrorMessage({ code: 'SOMETHING', message: '' })).toEqual({ id: 'checkout.cannotComplete' });
    expect(paymentErrorMessage(null)).toEqual({ id: 'checkout.cannotComplete' });
    // §5: overbooking states the available count, for the line it concerns
    const lines = [{ name: 'Adult' }, { name: 'Family' }];
    expect(paymentErrorMessage({ code: 'OVERBOOKED', message: 'x', details: { available: 2, index: 1 } }, lines)).toEqual({
      id: 'checkout.error.OVERBOOKED_LINE',
      values: { name: 'Family', available: 2 },
    });
    // issue 41: a count for no line of this cart still names the count
    expect(paymentErrorMessage({ code: 'OVERBOOKED', message: 'x', details: { available: 2, index: 7 } }, lines)).toEqual({
      id: 'checkout.error.OVERBOOKED_COUNT',
      values: { available: 2 },
    });
    expect(paymentErrorMessage({ code: 'OVERBOOKED', message: 'x' }, lines)).toEqual({ id: 'checkout.error.OVERBOOKED' });
  });

  it('issue 41: a refund is read from a 422 PAYMENT_REFUNDED with its data, nothing else', () => {
    const data = { amount: 4000, currency: 'CHF', reason: 'sold_out' };
    expect(paymentRefundOf({ code: 'PAYMENT_REFUNDED', details: data })).toEqual(data);
    expect(paymentRefundOf({ code: 'PAYMENT_REFUNDED', details: { ...data, reason: 'whim' } })).toBeNull();
    expect(paymentRefundOf({ code: 'PAYMENT_REFUNDED' })).toBeNull();
    expect(paymentRefundOf({ code: 'OVERBOOKED', details: data })).toBeNull();
    expect(paymentRefundOf(null)).toBeNull();
  });

  it('issue 41: a payment cart held or expired has a hold to tell; paid, booked, cancelled or refunded none', () => {
    const cart = { id: 'C1', held_until: '2026-12-06T14:20:00Z', amount: 4000, currency: 'CHF', booking_id: null, refund_reason: null } as const;
    expect(holdOf({ ...cart, status: 'held' })).toEqual({ status: 'held', heldUntil: '2026-12-06T14:20:00Z' });
    expect(holdOf({ ...cart, status: 'expired' })).toEqual({ status: 'expired', heldUntil: '2026-12-06T14:20:00Z' });
    for (const status of ['paid', 'booked', 'cancelled', 'refunded'] as const) expect(holdOf({ ...cart, status })).toBeNull();
  });
});
