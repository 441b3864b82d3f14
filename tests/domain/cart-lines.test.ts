import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CartPayloadSchema } from '../../src/domain/cart-payload.js';
import {
  lineQuantity,
  linesSubtotal,
  restoreCartLines,
  MAX_SAVED_LINES,
  serializeCartLines,
  taxedItems,
  toCartPayload,
  type CartLine,
} from '../../src/domain/cart-lines.js';
import { sampleCart } from './fixtures.js';
import { taxTotal } from '../../src/domain/money.js';


describe('cart lines in session storage', () => {
  it('round-trips a cart of every line type', () => {
    const restored = restoreCartLines(serializeCartLines(sampleCart));
    expect(restored).toEqual({ ok: true, lines: sampleCart });
  });

  it('gives an empty cart without a saved cart', () => {
    expect(restoreCartLines(null)).toEqual({ ok: true, lines: [] });
    expect(restoreCartLines('')).toEqual({ ok: true, lines: [] });
  });

  it('drops corrupt JSON with a reason', () => {
    const restored = restoreCartLines('{not json');
    expect(restored.ok).toBe(false);
    expect(restored.lines).toEqual([]);
  });

  it('drops a cart whose line is invalid and says where', () => {
    const bad = JSON.stringify([{ ...sampleCart[0], totalCount: 'two' }]);
    const restored = restoreCartLines(bad);
    expect(restored.ok).toBe(false);
    if (!restored.ok) expect(restored.reason).toContain('line 1 is invalid at totalCount');
    expect(restoreCartLines(JSON.stringify({ lines: [] })).ok).toBe(false);
    expect(restoreCartLines(JSON.stringify([{ type: 'unknown', id: 1 }])).ok).toBe(false);
  });

  it('keeps the good lines of a cart with a bad one, and names each dropped line', () => {
    const good = serializeCartLines(sampleCart);
    const mixed = JSON.stringify([sampleCart[0], { type: 'ticket', id: 'x' }, sampleCart[1], 'not a line']);
    const restored = restoreCartLines(mixed);
    expect(restored.ok).toBe(false);
    expect(restored.lines).toEqual([sampleCart[0], sampleCart[1]]);
    if (!restored.ok) {
      expect(restored.reason).toMatch(/^Kept 2 of 4 lines of the saved cart; dropped line 2 is invalid at id: .+; line 4 is invalid: .+\.$/);
    }
    // a cart of good lines only is restored whole
    expect(restoreCartLines(good)).toEqual({ ok: true, lines: sampleCart });
    // beyond the limit: the first MAX_SAVED_LINES are kept
    const many = JSON.stringify(Array.from({ length: MAX_SAVED_LINES + 3 }, () => sampleCart[0]));
    const capped = restoreCartLines(many);
    expect(capped.lines).toHaveLength(MAX_SAVED_LINES);
    if (!capped.ok) expect(capped.reason).toContain(`3 lines beyond ${MAX_SAVED_LINES}`);
    expect(capped.ok).toBe(false);
  });

  it('never trusts or saves computed voucher fields', () => {
    const withComputed = [{ type: 'voucherCode', barcode: 'X1', name: 'X', price: 100, remaining: 99999, discount: -99999 }];
    const restored = restoreCartLines(JSON.stringify(withComputed));
    expect(restored.lines).toEqual([{ type: 'voucherCode', barcode: 'X1', name: 'X', price: 100 }]);
    expect(serializeCartLines(withComputed as CartLine[])).not.toContain('remaining');
  });
});

describe('cart lines to the checkout payload (§7)', () => {
  it('converts every line type and passes the shared schema', () => {
    const payload = toCartPayload(sampleCart);
    expect(payload.ver).toBe(1);
    expect(payload.items).toEqual([
      { type: 'ticket', id: 11, count: 2, datetime: '2026-12-05 10:00', subtickets: [] },
      { type: 'ticket', id: 14, count: 1, datetime: '2026-12-05 10:00', subtickets: [{ id: 141, count: 2 }, { id: 142, count: 2 }] },
      { type: 'dayTicket', date: '2026-12-05', dayTickets: [{ id: 31, count: 1 }] },
      { type: 'guidedTour', tourId: 7, datetime: '2026-12-06 14:30', answers: [{ qId: 1, type: 'text', value: 'School' }], prices: [{ id: 70, count: 1 }], tickets: [] },
      { type: 'merchandise', id: 21, count: 2 },
      { type: 'annualPass', id: 22, count: 1, owners: [{ title: '', first: 'Ada', last: 'Muster', address: '', send_to_custom_addr: false }] },
      { type: 'voucher', id: 5, count: 1, amount: 5000 },
      { type: 'voucherCode', barcode: 'ABC123' },
    ]);
    expect(v.safeParse(CartPayloadSchema, payload).success).toBe(true);
  });

  it('carries the external document number', () => {
    expect(toCartPayload(sampleCart.slice(0, 1), 'PO-77').external_document_number).toBe('PO-77');
  });
});

describe('amounts of the lines', () => {
  it('sums every line but voucher codes', () => {
    expect(linesSubtotal(sampleCart)).toBe(4000 + 4500 + 1500 + 12000 + 7800 + 9000 + 5000);
  });

  it('counts units per line', () => {
    expect(sampleCart.map(lineQuantity)).toEqual([2, 1, 1, 8, 2, 1, 1, 1]);
  });

  it('taxes each item at its own rate', () => {
    // tickets 2 x 150 + family 4500@8.1 = 337; day pass 1500@8.1 = 112; tour 12000@8.1 = 899; catalogue 2 x 99
    expect(taxTotal(taxedItems(sampleCart))).toBe(2 * 150 + 337 + 112 + 899 + 2 * 99);
  });
});
