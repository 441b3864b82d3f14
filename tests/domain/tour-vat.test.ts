/**
 * §9 VAT per item for guided tours (issue 45 item 6): one rule, tourTaxedItems
 * (src/domain/tours.ts), taxes every price list entry, ticket and subticket of a booking at its own
 * rate; the app's cart line carries it in its parts (cart-lines.ts taxedItems) and the server's
 * priced line in `tax` (tests/server/inventory.test.ts checks the two agree on the demo tour 204).
 * Before, the app taxed the whole line at the first entry's rate and the server named the last.
 */
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { restoreCartLines, serializeCartLines, taxedItems, type TourLine } from '../../src/domain/cart-lines.js';
import { mainVatRate, taxTotal, vatPerItem } from '../../src/domain/money.js';
import { emptyTourForm, tourCartLine, tourItemTotals, tourTaxedItems, type TourItemCounts } from '../../src/domain/tours.js';
import { architectureWalk, walkSlot } from '../support/tour-204.js';

const walk = architectureWalk;
const saturday = walkSlot;
const twoAndOneWithBook: TourItemCounts = { prices: [], tickets: [{ id: 2042, count: 1, subtickets: [{ id: 5031, count: 2 }, { id: 5033, count: 1 }] }] };

describe('tourTaxedItems: every item of a tour booking at its own rate', () => {
  it('204, two adults and one adult with the book: two rates, and the tax is the sum of the VAT of each item', () => {
    const items = tourTaxedItems(walk, null, twoAndOneWithBook);
    expect(items).toEqual([
      { price: 0, count: 1, vatPercent: 8.1, ref: { kind: 'ticket', id: 2042 } },
      { price: 2000, count: 2, vatPercent: 8.1, ref: { kind: 'subticket', ticketId: 2042, id: 5031 } },
      { price: 3900, count: 1, vatPercent: 2.6, ref: { kind: 'subticket', ticketId: 2042, id: 5033 } },
    ]);
    // 2 × (2000 - 2000 / 1.081 = 149.86 -> 150) + (3900 - 3900 / 1.026 = 98.83 -> 99)
    expect(taxTotal(items)).toBe(2 * 150 + 99);
    expect(taxTotal(items)).toBe(2 * vatPerItem(2000, 8.1) + vatPerItem(3900, 2.6));
    // the whole line at 8.1 % (the app before) would have been 592
    expect(taxTotal(items)).not.toBe(vatPerItem(7900, 8.1));
    // one number for the line: the rate of the largest share (39.00 at 2.6 % against 40.00 at 8.1 %)
    expect(mainVatRate(items)).toBe(8.1);
    expect(mainVatRate(tourTaxedItems(walk, null, { prices: [], tickets: [{ id: 2042, count: 1, subtickets: [{ id: 5031, count: 1 }, { id: 5033, count: 1 }] }] }))).toBe(2.6);
  });

  it('price list entries at the slot price, each at its rate; a subticket without a rate takes its ticket\'s; a ticket with subtickets counts max(1, count) units', () => {
    const tour = {
      priceList: [{ id: 1, price: 25000, vat_value: 8.1 }, { id: 2, price: 12000, vat_value: 2.6 }],
      tickets: [{ id: 3, price: 500, vat_value: 3.8, subtickets: [{ id: 4, price: 1000 }] }],
    };
    const items = tourTaxedItems(tour, [{ id: 2, price: 16000 }], { prices: [{ id: 1, count: 1 }, { id: 2, count: 2 }], tickets: [{ id: 3, count: 2, subtickets: [{ id: 4, count: 3 }] }] });
    expect(items.map(({ price, count, vatPercent }) => [price, count, vatPercent])).toEqual([[25000, 1, 8.1], [16000, 2, 2.6], [500, 2, 3.8], [1000, 6, 3.8]]);
  });

  it('its items add up to the amount tourItemTotals charges, for any tour, slot price list and booking (property)', () => {
    const id = fc.integer({ min: 1, max: 6 });
    const price = fc.nat(50_000);
    const rate = fc.constantFrom(0, 2.6, 3.8, 8.1);
    const sub = fc.record({ id, price, vat_value: rate }, { requiredKeys: ['id', 'price'] });
    const tour = fc.record({
      priceList: fc.array(fc.record({ id, price, vat_value: rate }), { maxLength: 4 }),
      tickets: fc.array(fc.record({ id, price, vat_value: rate, subtickets: fc.array(sub, { maxLength: 3 }) }), { maxLength: 4 }),
    });
    const counts = fc.record({
      prices: fc.array(fc.record({ id, count: fc.nat(5) }), { maxLength: 4 }),
      tickets: fc.array(fc.record({ id, count: fc.nat(5), subtickets: fc.array(fc.record({ id, count: fc.nat(5) }), { maxLength: 4 }) }), { maxLength: 4 }),
    });
    const slotList = fc.option(fc.array(fc.record({ id, price }), { maxLength: 4 }), { nil: null });
    fc.assert(
      fc.property(tour, slotList, counts, (t, slot, item) => {
        const items = tourTaxedItems(t, slot, item);
        expect(items.reduce((sum, i) => sum + i.price * i.count, 0)).toBe(tourItemTotals(t, slot, item).amount);
        for (const i of items) expect(i.count).toBeGreaterThan(0);
        // each item at the rate of what it stands for (a subticket without one: its ticket's)
        for (const i of items) {
          const ref = i.ref;
          const ticket = ref.kind === 'price' ? undefined : t.tickets.find((x) => x.id === (ref.kind === 'ticket' ? ref.id : ref.ticketId));
          const expected = ref.kind === 'price'
            ? t.priceList.find((p) => p.id === ref.id)?.vat_value
            : ref.kind === 'ticket' ? ticket?.vat_value : (ticket?.subtickets.find((s) => s.id === ref.id)?.vat_value ?? ticket?.vat_value);
          expect(i.vatPercent).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the cart line of a tour taxes every part at its own rate (taxedItems)', () => {
  const form = { ...emptyTourForm(walk), subtickets: { 2042: { 5031: 2, 5033: 1 } } };

  it('204 with two rates: the parts carry them, the line\'s tax is the items\' (not the line at one rate)', () => {
    const line = tourCartLine(walk, saturday, '2026-06-13', form, []);
    expect(line.totalPrice).toBe(2 * 2000 + 3900);
    expect(line.parts).toEqual([
      { name: 'Participation: Adults', count: 2, price: 2000, vat_value: 8.1, ref: { kind: 'subticket', ticketId: 2042, id: 5031 } },
      { name: 'Participation: Adults with the book', count: 1, price: 3900, vat_value: 2.6, ref: { kind: 'subticket', ticketId: 2042, id: 5033 } },
    ]);
    expect(line.vat_value).toBe(8.1);
    const items = taxedItems([line]);
    expect(items.map((i) => i.vatPercent)).toEqual([8.1, 2.6]);
    expect(taxTotal(items)).toBe(taxTotal(tourTaxedItems(walk, null, twoAndOneWithBook)));
    expect(taxTotal(items)).toBe(399);
    // and so after a restore from session storage
    const restored = restoreCartLines(serializeCartLines([line]));
    expect(taxTotal(taxedItems(restored.lines))).toBe(399);
  });

  it('a line saved before parts had rates taxes each part at the line\'s rate; parts that do not add up to the line leave the line one item', () => {
    const line = tourCartLine(walk, saturday, '2026-06-13', form, []);
    const old: TourLine = { ...line, vat_value: 8.1, parts: (line.parts ?? []).map(({ name, count, price }) => ({ name, count, price })) };
    const restored = restoreCartLines(JSON.stringify([old]));
    expect(restored.ok).toBe(true);
    expect(taxedItems(restored.lines).map((i) => [i.price, i.count, i.vatPercent])).toEqual([[2000, 2, 8.1], [3900, 1, 8.1]]);
    const partial: TourLine = { ...line, parts: (line.parts ?? []).slice(0, 1) };
    expect(taxedItems([partial])).toEqual([{ price: 7900, count: 1, vatPercent: 8.1 }]);
    const none: TourLine = { ...line, parts: undefined };
    expect(taxedItems([none])).toEqual([{ price: 7900, count: 1, vatPercent: 8.1 }]);
  });
});
