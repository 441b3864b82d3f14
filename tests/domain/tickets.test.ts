import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, checkOverbooking, checkSelectionOverbooking, isTicketOfferedAt, timesOfDate, ticketsOfferedAt, calendarOpeningMonth, dayAvailability, eventCustomGroups, eventVenues, filterEvents, firstAvailableDate, incompleteFamilyTickets, normaliseCalendar, placesInCart, selectionPrice, selectionProblem, selectionToCartLines, setSubticketCount, setTicketCount, sortEvents, subticketLimit, ticketLimit, toggleFixedSubticket, visibleTickets, type EventInput, type EventTicketInput, type TicketSelection } from '../../src/domain/tickets.js';
import { parseCount } from '../../src/domain/limits.js';
import { isEventExpired } from '../../src/domain/calendar.js';
import { calendarRange, initialCalendarMonth } from '../../src/domain/calendar.js';
import { museumToday } from '../../src/domain/museum-clock.js';
import type { EventTicket, ShopEvent } from '../../src/api/schemas/catalog.js';

const slot = (max: number) => ({ datetime: '2026-12-05 10:00:00', max_tickets: max });
const adult: EventTicketInput = { id: 1, name: 'Adult', mode: 1, price: 2000, vat_value: 8.1, schedule: [slot(5)] };
const child: EventTicketInput = { id: 2, name: 'Child', mode: 1, price: 1000, vat_value: 8.1, schedule: [slot(5)] };
const family: EventTicketInput = {
  id: 3, name: 'Family', mode: 1, price: 4500, vat_value: 8.1, family: 1, schedule: [slot(5)],
  subtickets: [
    { id: 31, name: 'Adults', price: 0, min_quantity: 1, max_quantity: 2 },
    { id: 32, name: 'Children', price: 0, min_quantity: 1, max_quantity: 4 },
  ],
};
const withGuide: EventTicketInput = {
  id: 4, name: 'With audio guide', mode: 1, price: 2500, schedule: [slot(5)],
  subtickets: [{ id: 41, name: 'Audio guide pack', price: 500, min_quantity: 2, max_quantity: 2 }],
};
const dayPass: EventTicketInput = { id: 6, name: 'Day pass', mode: 3, price: 1500, vat_value: 8.1, schedule: [] };
const quota: EventTicketInput = { id: 7, name: 'Quota', mode: 5, price: 900, schedule: [slot(3)] };

describe('counts', () => {
  it('turns non-numeric counts into 0', () => {
    expect(parseCount('3')).toBe(3);
    expect(parseCount(' 4 ')).toBe(4);
    expect(parseCount('2.7')).toBe(2);
    expect(parseCount('abc')).toBe(0);
    expect(parseCount('')).toBe(0);
    expect(parseCount(null)).toBe(0);
    expect(parseCount(Number.NaN)).toBe(0);
    expect(parseCount(-2)).toBe(0);
  });
});

describe('the timeslot caps the total (§5)', () => {
  const tickets = [adult, child];
  it('caps a ticket at what the slot leaves after the others', () => {
    let sel = setTicketCount(tickets, EMPTY_SELECTION, 1, 3, slot(5)).selection;
    const change = setTicketCount(tickets, sel, 2, 4, slot(5));
    expect(change.count).toBe(2);
    expect(change.limited).toBe(true);
    expect(change.limit).toEqual({ max: 2, reason: 'timeslot' });
    sel = change.selection;
    expect(ticketLimit(tickets, sel, 1, slot(5))).toEqual({ max: 3, reason: 'timeslot' });
  });

  it('does not cap when a mode 3 or 5 ticket is on offer', () => {
    const change = setTicketCount([adult, quota], EMPTY_SELECTION, 1, 9, slot(5));
    expect(change).toMatchObject({ count: 9, limited: false, limit: { max: null } });
    expect(setTicketCount([adult, dayPass], EMPTY_SELECTION, 1, 8, slot(5)).count).toBe(8);
  });

  it('caps the subticket sum likewise, with the other tickets', () => {
    const sel = setTicketCount([adult, family], EMPTY_SELECTION, 1, 2, slot(5)).selection;
    const a = setSubticketCount([adult, family], sel, 3, 31, 2, slot(5));
    expect(a.count).toBe(2);
    const c = setSubticketCount([adult, family], a.selection, 3, 32, 4, slot(5));
    expect(c.count).toBe(1);
    expect(c.limit).toEqual({ max: 1, reason: 'timeslot' });
  });

  it('caps a subticket at its max_quantity when the slot has room', () => {
    const change = setSubticketCount([family], EMPTY_SELECTION, 3, 32, 9, slot(50));
    expect(change.count).toBe(4);
    expect(change.limit).toEqual({ max: 4, reason: 'subticket' });
    expect(subticketLimit([family], EMPTY_SELECTION, 3, 31, slot(1))).toEqual({ max: 1, reason: 'timeslot' });
  });

  it('turns a non-numeric count to 0', () => {
    const sel = setTicketCount([adult], EMPTY_SELECTION, 1, 2, slot(5)).selection;
    expect(setTicketCount([adult], sel, 1, 'two', slot(5)).count).toBe(0);
  });
});

describe('fixed-count subtickets (§5)', () => {
  it('toggle between max_quantity and 0', () => {
    const on = setSubticketCount([withGuide], EMPTY_SELECTION, 4, 41, 1, slot(5));
    expect(on.count).toBe(2);
    const off = setSubticketCount([withGuide], on.selection, 4, 41, 0, slot(5));
    expect(off.count).toBe(0);
    expect(toggleFixedSubticket([withGuide], EMPTY_SELECTION, 4, 41, slot(5)).count).toBe(2);
    expect(toggleFixedSubticket([withGuide], on.selection, 4, 41, slot(5)).count).toBe(0);
  });

  it('stay off when the whole fixed count does not fit the slot', () => {
    const change = setSubticketCount([withGuide], EMPTY_SELECTION, 4, 41, 1, slot(1));
    expect(change.count).toBe(0);
    expect(change.limited).toBe(true);
  });
});

describe('hidden tickets (§5)', () => {
  it('hides mode 1 and 5 tickets without a slot above 0', () => {
    const soldOut = { ...adult, id: 10, schedule: [slot(0)] };
    const noSchedule = { ...quota, id: 11, schedule: [] };
    const dayWithoutSlots = { ...dayPass, id: 12 };
    expect(visibleTickets([adult, soldOut, noSchedule, quota, dayWithoutSlots]).map((t) => t.id)).toEqual([1, 7, 12]);
  });
});

describe('family tickets (§5)', () => {
  it('need a quantity for every component', () => {
    const half = setSubticketCount([family], EMPTY_SELECTION, 3, 31, 2, slot(5)).selection;
    expect(incompleteFamilyTickets([family], half)).toEqual([3]);
    expect(selectionProblem([family], half)).toEqual({ kind: 'familyIncomplete', ticketIds: [3] });
    const full = setSubticketCount([family], half, 3, 32, 2, slot(5)).selection;
    expect(incompleteFamilyTickets([family], full)).toEqual([]);
    expect(selectionProblem([family], full)).toBeNull();
  });

  it('says an empty selection cannot go to the cart', () => {
    expect(selectionProblem([adult, family], EMPTY_SELECTION)).toEqual({ kind: 'empty' });
  });
});

describe('price and cart lines of a selection', () => {
  const sel: TicketSelection = { counts: { 1: 2, 6: 1 }, subtickets: { 3: { 31: 2, 32: 2 }, 4: { 41: 2 } } };
  const tickets = [adult, family, withGuide, dayPass];

  it('prices tickets, families and subtickets', () => {
    // 2 x 20.00 + family 45.00 + 25.00 with 2 x 5.00 guide + day pass 15.00
    expect(selectionPrice(tickets, sel)).toBe(4000 + 4500 + 2500 + 1000 + 1500);
  });

  it('makes ticket lines for the slot and one day-ticket line for the date', () => {
    const lines = selectionToCartLines({ event: { id: 9, name: 'Winter' }, tickets, selection: sel, date: '2026-12-05', datetime: '2026-12-05 10:00:00' });
    expect(lines).toEqual([
      { type: 'ticket', id: 1, eventId: 9, eventName: 'Winter', name: 'Adult', price: 2000, totalPrice: 4000, totalCount: 2, datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [] },
      {
        type: 'ticket', id: 3, eventId: 9, eventName: 'Winter', name: 'Family', price: 4500, totalPrice: 4500, totalCount: 1, datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0,
        subtickets: [{ id: 31, name: 'Adults', count: 2, price: 0, vat_value: 0 }, { id: 32, name: 'Children', count: 2, price: 0, vat_value: 0 }],
      },
      {
        type: 'ticket', id: 4, eventId: 9, eventName: 'Winter', name: 'With audio guide', price: 2500, totalPrice: 3500, totalCount: 1, datetime: '2026-12-05 10:00', vat_value: 0, single_ticketing: 0,
        subtickets: [{ id: 41, name: 'Audio guide pack', count: 2, price: 500, vat_value: 0 }],
      },
      { type: 'dayTicket', id: 9, name: 'Winter', price: 0, totalPrice: 1500, totalCount: 1, date: '2026-12-05', dayTickets: [{ id: 6, count: 1, name: 'Day pass', price: 1500, vat_value: 8.1 }] },
    ]);
  });
});

describe('overbooking (§5)', () => {
  it('rejects more than the slot has left, stating the available count', () => {
    expect(checkOverbooking(4, 5)).toEqual({ ok: true });
    expect(checkOverbooking(6, 5)).toEqual({ ok: false, available: 5, requested: 6 });
  });

  it('counts what the cart already holds for the same slot', () => {
    const lines = selectionToCartLines({
      event: { id: 9, name: 'Winter' }, tickets: [adult, family],
      selection: { counts: { 1: 2 }, subtickets: { 3: { 31: 1, 32: 2 } } }, date: '2026-12-05', datetime: '2026-12-05 10:00',
    });
    expect(placesInCart(lines, 9, '2026-12-05 10:00:00')).toBe(5);
    expect(placesInCart(lines, 9, '2026-12-05 11:00')).toBe(0);
    expect(placesInCart(lines, 8, '2026-12-05 10:00')).toBe(0);
    expect(checkOverbooking(3, 6, 5)).toEqual({ ok: false, available: 1, requested: 3 });
  });
});

describe('event list (§2)', () => {
  const venues = { Main: { id: 1, name: 'Main' }, Annex: { id: 2, name: 'Annex' } };
  const ev = (id: number, sequence_no: number, sorting_datetime: string, venue: keyof typeof venues, groups: number[] = []): EventInput => ({
    id, name: `E${id}`, sequence_no, sorting_datetime, venue: venues[venue], custom_groups: groups.map((g) => ({ id: g, name: `G${g}` })),
  });
  const events = [ev(1, 0, '2026-12-10 10:00', 'Main'), ev(2, 2, '2027-01-01 00:00', 'Annex', [5]), ev(3, 0, '2026-11-30 09:00', 'Annex', [5, 6]), ev(4, 1, '2027-05-01 00:00', 'Main', [6])];

  it('orders by sequence_no, and by sorting_datetime where it is 0', () => {
    expect(sortEvents(events).map((e) => e.id)).toEqual([4, 2, 3, 1]);
  });

  it('filters by venue and by custom group', () => {
    expect(filterEvents(events, { venue: 2, customGroup: null }).map((e) => e.id)).toEqual([2, 3]);
    expect(filterEvents(events, { venue: null, customGroup: 6 }).map((e) => e.id)).toEqual([4, 3]);
    expect(filterEvents(events, { venue: 1, customGroup: 5 })).toEqual([]);
    expect(eventVenues(events)).toEqual([{ id: 2, name: 'Annex' }, { id: 1, name: 'Main' }]);
    expect(eventCustomGroups(events)).toEqual([{ id: 5, name: 'G5' }, { id: 6, name: 'G6' }]);
  });
});

describe('calendar (§7, §9)', () => {
  it('covers the month plus the following month', () => {
    expect(calendarRange('2026-11')).toEqual({ start: '20261101', end: '20261231' });
    expect(calendarRange('2026-12')).toEqual({ start: '20261201', end: '20270131' });
    expect(calendarRange('2028-01')).toEqual({ start: '20280101', end: '20280229' });
  });

  it('reads a count of 0 as sold out', () => {
    const calendar = normaliseCalendar({ '20261205': 12, '2026-12-06': 0, '20261207': 'x' });
    expect(calendar).toEqual({ '2026-12-05': 12, '2026-12-06': 0, '2026-12-07': 0 });
    expect(dayAvailability(calendar, '2026-12-05', '2026-12-01')).toBe('available');
    expect(dayAvailability(calendar, '2026-12-06', '2026-12-01')).toBe('soldOut');
    expect(dayAvailability(calendar, '2026-12-08', '2026-12-01')).toBe('unavailable');
    expect(dayAvailability(calendar, '2026-12-05', '2026-12-06')).toBe('past');
    expect(firstAvailableDate(calendar, '2026-12-01')).toBe('2026-12-05');
    expect(firstAvailableDate(calendar, '2026-12-06')).toBeNull();
  });

  it('knows an expired event and where the calendar opens', () => {
    expect(isEventExpired({ first: '2026-01-01', last: '2026-11-30' }, null, '2026-12-01')).toBe(true);
    expect(isEventExpired({ first: '2026-01-01', last: '20261201' }, null, '2026-12-01')).toBe(false);
    expect(isEventExpired(null, { end: '2026-11-01 18:00' }, '2026-12-01')).toBe(true);
    expect(isEventExpired(null, { end: null }, '2026-12-01')).toBe(false);
    expect(initialCalendarMonth('2026-12-01', { first: '2027-03-10' })).toBe('2027-03');
    expect(initialCalendarMonth('2026-12-01', { first: '2026-01-01' })).toBe('2026-12');
    expect(initialCalendarMonth('2026-12-01', null, '2027-02-14')).toBe('2027-02');
  });

  it('opens on a month with places: the next one when this one has none left', () => {
    // the last evening of November: the 30th is closed, today's last slot has begun
    const late = normaliseCalendar({ '20261129': 0, '20261201': 40, '20261202': 40 });
    expect(calendarOpeningMonth(late, '2026-11', '2026-11-29')).toBe('2026-12');
    // a day of this month with places: it stays
    expect(calendarOpeningMonth(normaliseCalendar({ '20261130': 3, '20261201': 40 }), '2026-11', '2026-11-29')).toBe('2026-11');
    // nothing with places in the days loaded: the month asked for
    expect(calendarOpeningMonth(normaliseCalendar({ '20261129': 0, '20261215': 0 }), '2026-11', '2026-11-29')).toBe('2026-11');
    // a past day with places does not count
    expect(calendarOpeningMonth(normaliseCalendar({ '20261128': 9, '20261203': 1 }), '2026-11', '2026-11-29')).toBe('2026-12');
  });

  it('takes today at the museum (UTC+1)', () => {
    expect(museumToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(museumToday(new Date('2026-12-31T22:30:00Z'))).toBe('2026-12-31');
  });
});

describe('catalogue schemas fit the rule inputs', () => {
  it('accepts the api types structurally', () => {
    // compile-time check: catalogue output types are assignable to the domain inputs
    const ticket: EventTicket = {
      id: 1, name: 'Adult', mode: 1, price: 2000, vat_value: 8.1, schedule: [{ datetime: '2026-12-05 10:00', datetime_end: '2026-12-05 11:00', max_tickets: 0 }],
      family: 0, subtickets: [], group_id: null, group_name: null, print_separately: 0, unique_barcode: 0, scan_separately: 0,
      book_with_cost: 0, book_with_cost_warn: 0, sequence_no: 1, eventId: 9,
    };
    const asInput: EventTicketInput = ticket;
    const event: ShopEvent = {
      id: 9, name: 'Winter', description: '', venue: { id: 1, name: 'Main' }, sequence_no: 0, sorting_datetime: '2026-12-01 00:00',
      custom_groups: [], start: '2026-12-01', end: '2027-01-31', expired: false, image: null,
    };
    const eventInput: EventInput = event;
    expect(visibleTickets([asInput])).toEqual([]);
    expect(filterEvents([eventInput], { venue: 1, customGroup: null })).toEqual([event]);
  });
});

describe('subticket minimum (as the server checks it)', () => {
  const group: EventTicketInput = {
    id: 8, name: 'Group', mode: 1, price: 0, schedule: [slot(40)],
    subtickets: [{ id: 81, name: 'Adults', price: 1500, min_quantity: 5, max_quantity: 20 }],
  };
  it('raises a count below min_quantity to the minimum, and steps down from it to 0', () => {
    const up = setSubticketCount([group], EMPTY_SELECTION, 8, 81, 2, slot(40));
    expect(up.count).toBe(5);
    const down = setSubticketCount([group], up.selection, 8, 81, 4, slot(40));
    expect(down.count).toBe(0);
  });
  it('gives 0 when the slot cannot hold the minimum', () => {
    expect(setSubticketCount([group], EMPTY_SELECTION, 8, 81, 7, slot(3)).count).toBe(0);
  });
});

describe('times and pools of a date (mode 1 shared slots, mode 5 own contingent)', () => {
  const shared = [
    { datetime: '2026-12-03 10:00', max_tickets: 4 },
    { datetime: '2026-12-03 18:00', max_tickets: 0 },
  ];
  const timed: EventTicketInput = { id: 1, name: 'Adult', mode: 1, price: 2000, schedule: shared };
  const curator: EventTicketInput = { id: 2, name: 'Curator', mode: 5, price: 3000, schedule: [{ datetime: '2026-12-03 18:00', max_tickets: 12 }] };
  const day: EventTicketInput = { id: 3, name: 'Day', mode: 3, price: 1500, schedule: [] };

  it('offers the times of both, a time sold out only when all are', () => {
    expect(timesOfDate([timed, curator, day], shared)).toEqual([
      { datetime: '2026-12-03 10:00', max_tickets: 4 },
      { datetime: '2026-12-03 18:00', max_tickets: 12 },
    ]);
  });

  it('offers each ticket at its own times', () => {
    expect(ticketsOfferedAt([timed, curator, day], shared, '2026-12-03 10:00').map((t) => t.id)).toEqual([1, 3]);
    expect(ticketsOfferedAt([timed, curator, day], shared, '2026-12-03 18:00').map((t) => t.id)).toEqual([2, 3]);
    expect(ticketsOfferedAt([timed, curator, day], shared, null).map((t) => t.id)).toEqual([3]);
    expect(isTicketOfferedAt(curator, shared, '2026-12-03 10:00')).toBe(false);
  });

  it('checks the mode 5 contingent on its own, with what the cart holds of that ticket', () => {
    const cartLines = [{ type: 'ticket', id: 2, eventId: 9, datetime: '2026-12-03 18:00', totalCount: 10 }, { type: 'ticket', id: 1, eventId: 9, datetime: '2026-12-03 18:00', totalCount: 3 }];
    const selection: TicketSelection = { counts: { 2: 3 }, subtickets: {} };
    expect(checkSelectionOverbooking({ eventId: 9, tickets: [curator], selection, sharedSlots: shared, datetime: '2026-12-03 18:00', cartLines })).toEqual({ ok: false, available: 2, requested: 3 });
    expect(checkSelectionOverbooking({ eventId: 9, tickets: [curator], selection: { counts: { 2: 2 }, subtickets: {} }, sharedSlots: shared, datetime: '2026-12-03 18:00', cartLines })).toEqual({ ok: true });
  });

  it('checks mode 1 tickets against the shared slot, not counting mode 5 lines', () => {
    const cartLines = [{ type: 'ticket', id: 2, eventId: 9, datetime: '2026-12-03 10:00', totalCount: 5 }, { type: 'ticket', id: 1, eventId: 9, datetime: '2026-12-03 10:00', totalCount: 1 }];
    const tickets = [timed, curator];
    expect(checkSelectionOverbooking({ eventId: 9, tickets, selection: { counts: { 1: 3 }, subtickets: {} }, sharedSlots: shared, datetime: '2026-12-03 10:00', cartLines })).toEqual({ ok: true });
    expect(checkSelectionOverbooking({ eventId: 9, tickets, selection: { counts: { 1: 4 }, subtickets: {} }, sharedSlots: shared, datetime: '2026-12-03 10:00', cartLines })).toEqual({ ok: false, available: 3, requested: 4 });
  });
});
