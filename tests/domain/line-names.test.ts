/**
 * Cart lines in the page's language (issue 16 item 7, src/domain/line-names.ts and
 * src/app/cart-names.ts): a tour line added in English reads French after the switch, its own
 * name and what it holds (price list entries, tickets, "ticket: subticket"); parts saved by
 * older code (no ref) and names the catalogue does not give keep the names they have.
 */
import { describe, expect, it } from 'vitest';
import { loadLineNames } from '../../src/app/cart-names.js';
import { restoreCartLines, serializeCartLines, type CartLine, type TourLine } from '../../src/domain/cart-lines.js';
import { NO_LINE_NAMES, renameLine, renameLines, type LineNames } from '../../src/domain/line-names.js';
import { emptyTourForm, tourCartLine, type TourForm, type TourInput } from '../../src/domain/tours.js';

type Names = { tour: string; group: string; adult: string; child: string; family: string; familyAdult: string; familyChild: string };
const ENGLISH: Names = { tour: 'Collection highlights', group: 'Group tour', adult: 'Adult', child: 'Child', family: 'Family ticket', familyAdult: 'Adults', familyChild: 'Children' };
const FRENCH: Names = { tour: 'Points forts de la collection', group: 'Visite de groupe', adult: 'Adulte', child: 'Enfant', family: 'Billet famille', familyAdult: 'Adultes', familyChild: 'Enfants' };

/** Tour 201 of the demo with a complete-tour price list too (204-like), named in one language. */
const tour = (n: Names): TourInput => ({
  id: 201, name: n.tour, max_participants: 20, min_participants: 1, single_ticketing: 1, book_complete_tour: 1, booking_without_tickets: 0,
  priceList: [{ id: 2014, name: n.group, price: 25000, vat_value: 8.1 }],
  tickets: [
    { id: 2011, name: n.adult, price: 2500, vat_value: 8.1, subtickets: [] },
    { id: 2012, name: n.child, price: 1000, vat_value: 8.1, subtickets: [] },
    { id: 2013, name: n.family, price: 0, vat_value: 8.1, subtickets: [
      { id: 5021, name: n.familyAdult, price: 2200, min_quantity: 1, max_quantity: 2 },
      { id: 5022, name: n.familyChild, price: 800, min_quantity: 1, max_quantity: 4 },
    ] },
  ],
});

const slot = { time: '11:00', remaining: 20, tours_remaining: 1, soldout: false, priceList: null };
const form = (t: TourInput, patch: Partial<TourForm>): TourForm => ({ ...emptyTourForm(t), ...patch });
/** The line as the tour page builds it in a language: two adults, a family ticket (2 + 3). */
const singleLine = (n: Names): TourLine =>
  tourCartLine(tour(n), slot, '2026-06-09', form(tour(n), { tickets: { 2011: 2 }, subtickets: { 2013: { 5021: 2, 5022: 3 } } }), []);
/** The complete tour as the tour page builds it in a language. */
const completeLine = (n: Names): TourLine =>
  tourCartLine(tour(n), slot, '2026-06-09', form(tour(n), { mode: 'complete', tours: { 2014: 1 }, participants: 10 }), []);

/** What loadLineNames gives for tour 201 in a language. */
const namesOf = (n: Names): LineNames => ({
  ...NO_LINE_NAMES,
  tours: { 201: n.tour },
  tourParts: { 201: { prices: { 2014: n.group }, tickets: { 2011: n.adult, 2012: n.child, 2013: n.family }, subtickets: { 2013: { 5021: n.familyAdult, 5022: n.familyChild } } } },
});

const partNames = (line: CartLine): string[] => (line.type === 'guidedTour' ? (line.parts ?? []).map((p) => p.name) : []);

describe('a tour line after a switch of language (issue 16 item 7)', () => {
  it('reads French: its name, its tickets and its "ticket: subticket" parts; counts and prices stay', () => {
    const english = singleLine(ENGLISH);
    expect(partNames(english)).toEqual(['Adult', 'Family ticket: Adults', 'Family ticket: Children']);
    const renamed = renameLine(english, namesOf(FRENCH));
    expect(renamed.name).toBe('Points forts de la collection');
    expect(partNames(renamed)).toEqual(['Adulte', 'Billet famille: Adultes', 'Billet famille: Enfants']);
    // the same line as the French page would have built it
    expect(renamed).toEqual(singleLine(FRENCH));
  });

  it('renames the price list entries of a complete tour', () => {
    expect(partNames(completeLine(ENGLISH))).toEqual(['Group tour']);
    expect(renameLine(completeLine(ENGLISH), namesOf(FRENCH))).toEqual(completeLine(FRENCH));
  });

  it('takes the names of its own tour only (ids of another tour may mean other things)', () => {
    const otherTour: LineNames = { ...NO_LINE_NAMES, tourParts: { 202: namesOf(FRENCH).tourParts[201]! } };
    const english = singleLine(ENGLISH);
    expect(renameLine(english, otherTour)).toBe(english);
    // nor the event tickets' names of the ticket lines
    expect(renameLine(english, { ...NO_LINE_NAMES, tickets: { 2011: 'Adulte' }, subtickets: { 5021: 'Adultes' } })).toBe(english);
  });

  it('keeps a name the catalogue does not give, or gives empty; a subticket part needs both names', () => {
    const names = namesOf(FRENCH);
    const partial: LineNames = {
      ...names,
      tourParts: { 201: { prices: {}, tickets: { 2011: ' ', 2013: 'Billet famille' }, subtickets: { 2013: { 5021: 'Adultes' } } } },
    };
    expect(partNames(renameLine(singleLine(ENGLISH), partial))).toEqual(['Adult', 'Billet famille: Adultes', 'Family ticket: Children']);
    const noTicket: LineNames = { ...names, tourParts: { 201: { prices: {}, tickets: {}, subtickets: { 2013: { 5021: 'Adultes', 5022: 'Enfants' } } } } };
    expect(partNames(renameLine(singleLine(ENGLISH), noTicket))).toEqual(['Adult', 'Family ticket: Adults', 'Family ticket: Children']);
  });

  it('names that change nothing give the same line and the same lines', () => {
    const french = singleLine(FRENCH);
    expect(renameLine(french, namesOf(FRENCH))).toBe(french);
    const lines = [french, completeLine(FRENCH)];
    expect(renameLines(lines, namesOf(FRENCH))).toBe(lines);
  });

  it('a cart saved by the older code (parts without refs) still restores; its parts keep their names, the line its new name', () => {
    const english = singleLine(ENGLISH);
    const old = { ...english, parts: (english.parts ?? []).map(({ name, count, price }) => ({ name, count, price })) };
    const restored = restoreCartLines(JSON.stringify([old]));
    expect(restored.ok).toBe(true);
    expect(restored.lines).toEqual([old]);
    const renamed = renameLines(restored.lines, namesOf(FRENCH));
    expect(renamed[0]?.name).toBe('Points forts de la collection');
    expect(partNames(renamed[0]!)).toEqual(['Adult', 'Family ticket: Adults', 'Family ticket: Children']);
  });

  it('the refs survive session storage, and a bad ref drops the line as any bad line', () => {
    const english = singleLine(ENGLISH);
    expect(restoreCartLines(serializeCartLines([english])).lines).toEqual([english]);
    const bad = { ...english, parts: [{ name: 'Adult', count: 2, price: 2500, ref: { kind: 'subticket', id: 5021 } }] };
    expect(restoreCartLines(JSON.stringify([bad])).ok).toBe(false);
  });
});

describe('loadLineNames for a tour line', () => {
  /** The tour as GET tour answers it in French (only the fields loadLineNames reads matter here). */
  const frenchTour = {
    ...tour(FRENCH),
    priceList: tour(FRENCH).priceList.map((p) => ({ id: p.id, name: p.name ?? '', price: p.price, vat_value: 8.1, sequence_no: 1 })),
    tickets: tour(FRENCH).tickets.map((t) => ({
      id: t.id, name: t.name ?? '', price: t.price, vat_value: 8.1, sequence_no: 1,
      subtickets: (t.subtickets ?? []).map((s) => ({ id: s.id, name: s.name ?? '', price: s.price, vat_value: 8.1, min_quantity: s.min_quantity, max_quantity: s.max_quantity })),
    })),
  };
  const api = {
    getTickets: () => Promise.reject(new Error('not asked')),
    getArticle: () => Promise.reject(new Error('not asked')),
    getVoucher: () => Promise.reject(new Error('not asked')),
    getTour: (id: number) => (id === 201 ? Promise.resolve(frenchTour) : Promise.reject(new Error('404'))),
  } as unknown as Parameters<typeof loadLineNames>[0];

  it('collects the names of the tour, its price list, tickets and subtickets; the lines read French with them', async () => {
    const lines: CartLine[] = [singleLine(ENGLISH), completeLine(ENGLISH)];
    const names = await loadLineNames(api, lines);
    expect(names.tours).toEqual({ 201: FRENCH.tour });
    expect(names.tourParts).toEqual(namesOf(FRENCH).tourParts);
    expect(renameLines(lines, names)).toEqual([singleLine(FRENCH), completeLine(FRENCH)]);
  });

  it('a tour the catalogue does not answer for leaves its line as it is', async () => {
    const other: CartLine = { ...singleLine(ENGLISH), id: 299 };
    const names = await loadLineNames(api, [other]);
    expect(names.tourParts).toEqual({});
    expect(renameLine(other, names)).toBe(other);
  });
});
