/**
 * The ticketing and cart machines against the reference server with its demo data (the buying
 * journey of issue 5 without a browser): list, event, date, time, two timed tickets and a family
 * ticket into the cart at the price the server's inventory computes; overbooking states the count;
 * a sold-out Monday cannot be chosen; an ended event is expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { createShopApi } from '../../src/api/index.js';
import { toCartPayload } from '../../src/domain/cart-lines.js';
import { museumToday } from '../../src/domain/museum-clock.js';
import { DEMO, demoTenPlacesSlot, nextWeekday } from '../../src/server/seed/demo.js';
import { priceCart } from '../../src/server/inventory.js';
import { cartMachine } from '../../machines/cart.machine.js';
import { selectLineCount, selectTotals } from '../../machines/cart.selectors.js';
import { cartBrowserActions } from '../../src/app/cart-storage.js';
import { eventTicketingMachine, type CalendarInput, type EventLifetime } from '../../machines/eventTicketing.machine.js';
import { selectDayAvailability, selectTicketRows, selectVisibleEvents } from '../../machines/eventTicketing.selectors.js';
import { loadEventLifetime } from '../../src/app/journeys/eventTicketing.js';
import { startTestServer, type TestServer } from '../server/harness.js';

let server: TestServer;
let api: ReturnType<typeof createShopApi>;

beforeAll(async () => {
  server = await startTestServer();
  api = createShopApi({ baseURL: server.apiBase, lang: () => 'en' });
});
afterAll(async () => {
  await server?.close();
});

function start(input: { eventId?: number } = {}) {
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
  const machine = eventTicketingMachine.provide({
    actors: {
      loadEvents: fromPromise(({ signal }) => api.getEvents(signal)),
      loadLifetime: fromPromise<EventLifetime, { eventId: number }>(({ input: i, signal }) => loadEventLifetime(api, i.eventId, signal)),
      loadCalendar: fromPromise<Awaited<ReturnType<typeof api.getTicketCalendar>>, CalendarInput>(({ input: i, signal }) => api.getTicketCalendar(i.eventId, i.start, i.end, signal)),
      loadTickets: fromPromise<Awaited<ReturnType<typeof api.getTickets>>, { eventId: number; date: string }>(({ input: i, signal }) => api.getTickets(i.eventId, i.date, signal)),
    },
  });
  const actor = createActor(machine, { input: { cart, today: museumToday(server.services.now()), ...input } }).start();
  return { actor, cart, storage };
}

const settled = (s: SnapshotFrom<typeof eventTicketingMachine>) => !s.hasTag('loading');
const inSelection = (s: SnapshotFrom<typeof eventTicketingMachine>, state: 'Setting counts' | 'Added to cart' | 'Day sold out') => s.matches({ 'Ticket page': { Booking: { Selection: state } } });

describe('event ticketing on the reference server', () => {
  it('buys two timed tickets and a family ticket at the server\'s price, then refuses to overbook', async () => {
    const { actor, cart, storage } = start();
    await waitFor(actor, (s) => s.matches({ 'Event list': 'Showing events' }));
    expect(selectVisibleEvents(actor.getSnapshot()).map((e) => e.id)).toContain(DEMO.events.collection);

    const target = demoTenPlacesSlot(server.services.now());
    actor.send({ type: 'OPEN_EVENT', eventId: target.eventId });
    await waitFor(actor, settled);
    // the ten-places slot may lie in the following month: show it
    actor.send({ type: 'SHOW_MONTH', month: target.date.slice(0, 7) });
    await waitFor(actor, settled);
    expect(selectDayAvailability(actor.getSnapshot(), target.date)).toBe('available');
    actor.send({ type: 'SELECT_DATE', date: target.date });
    await waitFor(actor, settled);
    actor.send({ type: 'SELECT_TIME', datetime: target.datetime });
    expect(inSelection(actor.getSnapshot(), 'Setting counts')).toBe(true);

    actor.send({ type: 'SET_COUNT', ticketId: DEMO.tickets.collectionAdult, count: '2' });
    actor.send({ type: 'TOGGLE_SUBTICKET', ticketId: DEMO.tickets.collectionFamily, subticketId: DEMO.subtickets.familyAdults });
    actor.send({ type: 'SET_SUBTICKET_COUNT', ticketId: DEMO.tickets.collectionFamily, subticketId: DEMO.subtickets.familyChildren, count: 1 });
    const family = selectTicketRows(actor.getSnapshot()).find((row) => row.ticket.id === DEMO.tickets.collectionFamily);
    expect(family?.subtickets.map((sub) => sub.count)).toEqual([2, 1]);
    actor.send({ type: 'ADD_TO_CART' });
    expect(inSelection(actor.getSnapshot(), 'Added to cart')).toBe(true);

    const lines = cart.getSnapshot().context.lines;
    expect(selectLineCount(cart.getSnapshot())).toBe(2);
    expect(JSON.parse(storage.get('cart') ?? '[]')).toHaveLength(2);
    const priced = await priceCart(server.db, 'en', toCartPayload(lines).items, server.services.now());
    expect(selectTotals(cart.getSnapshot()).total).toBe(priced.total);

    // 10 places, 5 in the cart: asking for 6 more is refused with the 5 still available
    actor.send({ type: 'BUY_MORE' });
    actor.send({ type: 'SET_COUNT', ticketId: DEMO.tickets.collectionAdult, count: 6 });
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().context.overbooking).toEqual({ available: 5, requested: 6 });
    expect(selectLineCount(cart.getSnapshot())).toBe(2);
  });

  it('does not let a sold-out Monday be chosen', async () => {
    const { actor } = start({ eventId: DEMO.events.collection });
    await waitFor(actor, settled);
    const monday = nextWeekday(server.services.now(), 1);
    actor.send({ type: 'SHOW_MONTH', month: monday.slice(0, 7) });
    await waitFor(actor, settled);
    expect(selectDayAvailability(actor.getSnapshot(), monday)).toBe('soldOut');
    actor.send({ type: 'SELECT_DATE', date: monday });
    expect(inSelection(actor.getSnapshot(), 'Day sold out')).toBe(true);
  });

  it('says an ended event is expired and an unknown one is not found', async () => {
    const expired = start({ eventId: DEMO.events.summerNight }).actor;
    await waitFor(expired, settled);
    expect(expired.getSnapshot().matches({ 'Ticket page': 'Event expired' })).toBe(true);
    const unknown = start({ eventId: 999_999 }).actor;
    await waitFor(unknown, settled);
    expect(unknown.getSnapshot().matches({ 'Ticket page': 'Event not found' })).toBe(true);
  });
});
