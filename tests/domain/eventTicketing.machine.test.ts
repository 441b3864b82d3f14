import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http.js';
import type { EventTicket, ShopEvent, TicketCalendar, TicketCollection } from '../../src/api/schemas/catalog.js';
import { cartMachine } from '../../machines/cart.machine.js';
import { selectLineCount, selectTotals } from '../../machines/cart.selectors.js';
import { cartBrowserActions } from '../../src/app/cart-storage.js';
import { eventTicketingMachine, type CalendarInput, type EventLifetime } from '../../machines/eventTicketing.machine.js';
import { selectMonthDays, selectSelectionPrice, selectTicketRows, selectTimeslots, selectVisibleEvents } from '../../machines/eventTicketing.selectors.js';

const today = '2026-12-01';
const venue = { id: 1, name: 'Main building' };
const event = (id: number, sequence_no: number, sorting_datetime: string, extra: Partial<ShopEvent> = {}): ShopEvent => ({
  id, name: `Event ${id}`, description: '', venue, sequence_no, sorting_datetime, custom_groups: [], start: '2026-11-01', end: '2027-03-31', expired: false, image: null, ...extra,
});
const winter = event(9, 0, '2026-12-01 10:00');
const slot = (time: string, max: number) => ({ datetime: `2026-12-05 ${time}`, datetime_end: `2026-12-05 ${time.replace(':00', ':59')}`, max_tickets: max });
const base = {
  vat_value: 8.1, family: 0 as const, subtickets: [], group_id: null, group_name: null, print_separately: 0 as const, unique_barcode: 0 as const,
  scan_separately: 0 as const, book_with_cost: 0 as const, book_with_cost_warn: 0 as const, sequence_no: 1, eventId: 9,
};
const adult: EventTicket = { ...base, id: 1, name: 'Adult', mode: 1, price: 2000, schedule: [slot('10:00', 5), slot('11:00', 0)] };
const family: EventTicket = {
  ...base, id: 3, name: 'Family', mode: 1, price: 4500, family: 1, schedule: [slot('10:00', 5)],
  subtickets: [
    { id: 31, name: 'Adults', price: 0, vat_value: 0, min_quantity: 1, max_quantity: 2 },
    { id: 32, name: 'Children', price: 0, vat_value: 0, min_quantity: 1, max_quantity: 3 },
  ],
};
const hidden: EventTicket = { ...base, id: 4, name: 'Sold-out special', mode: 1, price: 100, schedule: [slot('10:00', 0)] };

interface Fakes {
  events?: () => Promise<ShopEvent[]>;
  lifetime?: () => Promise<EventLifetime>;
  calendar?: (input: CalendarInput) => Promise<TicketCalendar>;
  tickets?: () => Promise<TicketCollection>;
}

function setUp(fakes: Fakes = {}, input: { eventId?: number; date?: string } = {}) {
  const storage = new Map<string, string>();
  const cart = createActor(
    cartMachine.provide({
      actions: cartBrowserActions({
        storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
        dataLayer: () => [],
        warn: () => undefined,
      }),
    }),
    { input: {} },
  ).start();
  const calendarCalls: CalendarInput[] = [];
  const machine = eventTicketingMachine.provide({
    actors: {
      loadEvents: fromPromise(fakes.events ?? (async () => [event(2, 0, '2026-12-03 10:00'), winter, event(5, 1, '2027-01-01 10:00')])),
      loadLifetime: fromPromise(fakes.lifetime ?? (async () => ({ first: '2026-11-01', last: '2027-03-31', event: winter }))),
      loadCalendar: fromPromise<TicketCalendar, CalendarInput>(async ({ input: i }) => {
        calendarCalls.push(i);
        return fakes.calendar ? fakes.calendar(i) : { '20261205': 5, '20261206': 0 };
      }),
      loadTickets: fromPromise(
        fakes.tickets ?? (async () => ({ event: winter, date: '2026-12-05', tickets: [adult, family, hidden], timeslot: [slot('10:00', 5), slot('11:00', 0)] })),
      ),
    },
  });
  const actor = createActor(machine, { input: { cart, today, ...input } }).start();
  return { actor, cart, storage, calendarCalls };
}

const settled = (s: SnapshotFrom<typeof eventTicketingMachine>) => !s.hasTag('loading');

describe('event ticketing machine', () => {
  it('lists events in order and opens one', async () => {
    const { actor } = setUp();
    await waitFor(actor, (s) => s.matches({ 'Event list': 'Showing events' }));
    expect(selectVisibleEvents(actor.getSnapshot()).map((e) => e.id)).toEqual([5, 9, 2]);
    actor.send({ type: 'OPEN_EVENT', eventId: 9 });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().matches({ 'Ticket page': { Booking: { Selection: 'Choosing date' } } })).toBe(true);
  });

  it('buys two timed tickets and a family ticket into the cart', async () => {
    const { actor, cart, calendarCalls } = setUp({}, { eventId: 9 });
    await waitFor(actor, settled);
    expect(calendarCalls).toEqual([{ eventId: 9, start: '20261201', end: '20270131' }]);
    actor.send({ type: 'SELECT_DATE', date: '2026-12-06' });
    expect(actor.getSnapshot().matches({ 'Ticket page': { Booking: { Selection: 'Day sold out' } } })).toBe(true);
    actor.send({ type: 'SELECT_DATE', date: '2026-12-05' });
    await waitFor(actor, settled);
    // one open time among two: chosen at once; the hidden ticket is not offered
    expect(actor.getSnapshot().context.datetime).toBe('2026-12-05 10:00');
    expect(selectTimeslots(actor.getSnapshot()).map((t) => [t.time, t.soldOut])).toEqual([['10:00', false], ['11:00', true]]);
    expect(selectTicketRows(actor.getSnapshot()).map((r) => r.ticket.id)).toEqual([1, 3]);
    actor.send({ type: 'SELECT_TIME', datetime: '2026-12-05 11:00' });
    expect(actor.getSnapshot().matches({ 'Ticket page': { Booking: { Selection: 'Time sold out' } } })).toBe(true);
    actor.send({ type: 'SELECT_TIME', datetime: '2026-12-05 10:00' });
    actor.send({ type: 'SET_COUNT', ticketId: 1, count: '2' });
    actor.send({ type: 'SET_SUBTICKET_COUNT', ticketId: 3, subticketId: 31, count: 1 });
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().matches({ 'Ticket page': { Booking: { Selection: { 'Setting counts': 'Family incomplete' } } } })).toBe(true);
    actor.send({ type: 'SET_SUBTICKET_COUNT', ticketId: 3, subticketId: 32, count: 5 });
    // 5 places: 2 adults + 1 family adult leave 2 for children
    expect(actor.getSnapshot().context.limitNotice).toEqual({ ticketId: 3, subticketId: 32, max: 2, reason: 'timeslot' });
    expect(selectSelectionPrice(actor.getSnapshot())).toBe(2 * 2000 + 4500);
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().matches({ 'Ticket page': { Booking: { Selection: 'Added to cart' } } })).toBe(true);
    expect(selectLineCount(cart.getSnapshot())).toBe(2);
    expect(selectTotals(cart.getSnapshot()).total).toBe(8500);
  });

  it('refuses to overbook with what the cart already holds, stating the available count', async () => {
    const { actor } = setUp({}, { eventId: 9, date: '20261205' });
    await waitFor(actor, settled);
    actor.send({ type: 'SET_COUNT', ticketId: 1, count: 4 });
    actor.send({ type: 'ADD_TO_CART' });
    actor.send({ type: 'BUY_MORE' });
    actor.send({ type: 'SET_COUNT', ticketId: 1, count: 3 });
    actor.send({ type: 'ADD_TO_CART' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ 'Ticket page': { Booking: { Selection: { 'Setting counts': 'Overbooked' } } } })).toBe(true);
    expect(snapshot.context.overbooking).toEqual({ available: 1, requested: 3 });
  });

  it('says not found when the calendar answers non-200', async () => {
    const notFound = new ApiError({ status: 404, code: 'NOT_FOUND', message: '', fields: {} });
    const { actor } = setUp({ calendar: async () => { throw notFound; } }, { eventId: 9 });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().matches({ 'Ticket page': 'Event not found' })).toBe(true);
  });

  it('names the event of a page opened by link before any date is chosen (issue 16 item 6)', async () => {
    const { actor } = setUp({}, { eventId: 9 });
    await waitFor(actor, (s) => s.matches({ 'Ticket page': { Booking: { Selection: 'Choosing date' } } }));
    expect(actor.getSnapshot().context.date).toBeNull();
    expect(actor.getSnapshot().context.event).toEqual(winter);
  });

  it('says the event expired when its last day is past', async () => {
    const { actor } = setUp({ lifetime: async () => ({ first: '2026-01-01', last: '2026-11-30', event: null }) }, { eventId: 9 });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().matches({ 'Ticket page': 'Event expired' })).toBe(true);
  });

  it('says no results when nothing is offered for the date', async () => {
    const { actor } = setUp({ tickets: async () => ({ event: winter, date: '2026-12-05', tickets: [hidden], timeslot: [] }) }, { eventId: 9, date: '2026-12-05' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().matches({ 'Ticket page': { Booking: { Selection: 'No results' } } })).toBe(true);
  });

  it('opens the calendar on the next month when this one has no day with places left, unless the address names a date', async () => {
    const lastDays = async () => ({ '20261201': 0, '20270105': 7 });
    const plain = setUp({ calendar: lastDays }, { eventId: 9 });
    await waitFor(plain.actor, settled);
    expect(plain.actor.getSnapshot().context.month).toBe('2027-01');
    expect(selectMonthDays(plain.actor.getSnapshot(), '2027-01').find((d) => d.date === '2027-01-05')?.availability).toBe('available');
    // a date in the address keeps its month, bookable or not
    const asked = setUp({ calendar: lastDays }, { eventId: 9, date: '2026-12-01' });
    await waitFor(asked.actor, settled);
    expect(asked.actor.getSnapshot().context.month).toBe('2026-12');
    // a month with places stays
    const open = setUp({}, { eventId: 9 });
    await waitFor(open.actor, settled);
    expect(open.actor.getSnapshot().context.month).toBe('2026-12');
  });

  it('loads further months and retries after a network failure', async () => {
    const failing = vi.fn(async () => { throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: '', fields: {} }); });
    const { actor } = setUp({ events: failing });
    await waitFor(actor, (s) => s.matches({ 'Event list': 'Events failed' }));
    actor.send({ type: 'OPEN_EVENT', eventId: 9 });
    await waitFor(actor, settled);
    actor.send({ type: 'SHOW_MONTH', month: '2027-01' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    actor.send({ type: 'SHOW_MONTH', month: '2027-02' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.calendarMonths).toEqual(['2026-12', '2027-01', '2027-02', '2027-03']);
    actor.send({ type: 'SHOW_MONTH', month: '2026-11' });
    expect(actor.getSnapshot().context.month).toBe('2027-02');
  });
});

describe('event ticketing selectors', () => {
  it('lists every day of a month with its availability', async () => {
    const { actor } = setUp({}, { eventId: 9 });
    await waitFor(actor, settled);
    const days = selectMonthDays(actor.getSnapshot(), '2026-12');
    expect(days).toHaveLength(31);
    expect(days.slice(3, 7)).toEqual([
      { date: '2026-12-04', availability: 'unavailable', places: 0 },
      { date: '2026-12-05', availability: 'available', places: 5 },
      { date: '2026-12-06', availability: 'soldOut', places: 0 },
      { date: '2026-12-07', availability: 'unavailable', places: 0 },
    ]);
    expect(selectMonthDays(actor.getSnapshot(), '2028-02')).toHaveLength(29);
  });

  it('offers nothing when the server answers for another date', async () => {
    const { actor } = setUp({ tickets: async () => ({ event: winter, date: '2026-12-12', tickets: [adult], timeslot: [slot('10:00', 5)] }) }, { eventId: 9, date: '2026-12-05' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().matches({ 'Ticket page': { Booking: { Selection: 'No results' } } })).toBe(true);
  });

  it('keeps the loaded list when coming back to it', async () => {
    const events = vi.fn(async () => [winter]);
    const { actor } = setUp({ events });
    await waitFor(actor, (s) => s.matches({ 'Event list': 'Showing events' }));
    actor.send({ type: 'SET_VENUE_FILTER', venue: 2 });
    expect(selectVisibleEvents(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'OPEN_EVENT', eventId: 9 });
    actor.send({ type: 'BACK_TO_LIST' });
    expect(actor.getSnapshot().matches({ 'Event list': 'Showing events' })).toBe(true);
    expect(events).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SET_VENUE_FILTER', venue: null });
    expect(selectVisibleEvents(actor.getSnapshot())).toEqual([winter]);
  });
});
