/**
 * The machines wired to the real typed client (src/api) over a fake fetch: the services'
 * input and output types match the client's, and a non-200 calendar really ends in "not found".
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createShopApi } from '../../src/api/index.js';
import { cartMachine, type ShippingInput } from '../../machines/cart.machine.js';
import { cartBrowserActions } from '../../src/app/cart-storage.js';
import { eventTicketingMachine, type CalendarInput, type EventLifetime } from '../../machines/eventTicketing.machine.js';
import { loadEventLifetime } from '../../src/app/journeys/eventTicketing.js';

const event = {
  id: 9, name: 'Winter', description: '', venue: { id: 1, name: 'Main' }, sequence_no: 0, sorting_datetime: '2026-12-01 10:00',
  custom_groups: [], start: '2026-11-01', end: '2027-03-31', expired: false, image: null,
};
const slot = { datetime: '2026-12-05 10:00', datetime_end: '2026-12-05 11:00', max_tickets: 5 };
const ticket = {
  id: 1, name: 'Adult', mode: 1, price: 2000, vat_value: 8.1, schedule: [slot], family: 0, subtickets: [], group_id: null, group_name: null,
  print_separately: 0, unique_barcode: 0, scan_separately: 0, book_with_cost: 0, book_with_cost_warn: 0, sequence_no: 1, eventId: 9,
};

function fakeServer(routes: Record<string, { status?: number; body: unknown }>) {
  const seen: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    seen.push(key);
    const route = routes[key] ?? { status: 404, body: { error: 'NOT_FOUND', message: key } };
    return new Response(JSON.stringify(route.body), { status: route.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { api: createShopApi({ baseURL: 'http://shop.test/api', lang: () => 'en', fetch }), seen };
}

/** What the composition root provides to the ticketing machine: one catalogue call per service. */
function ticketing(api: ReturnType<typeof createShopApi>, input: { eventId?: number; date?: string }) {
  const machine = eventTicketingMachine.provide({
    actors: {
      loadEvents: fromPromise(({ signal }) => api.getEvents(signal)),
      loadLifetime: fromPromise<EventLifetime, { eventId: number }>(({ input: i, signal }) => loadEventLifetime(api, i.eventId, signal)),
      loadCalendar: fromPromise<Awaited<ReturnType<typeof api.getTicketCalendar>>, CalendarInput>(({ input: i, signal }) => api.getTicketCalendar(i.eventId, i.start, i.end, signal)),
      loadTickets: fromPromise<Awaited<ReturnType<typeof api.getTickets>>, { eventId: number; date: string }>(({ input: i, signal }) => api.getTickets(i.eventId, i.date, signal)),
    },
  });
  return createActor(machine, { input: { today: '2026-12-01', ...input } }).start();
}

describe('machines on the real client', () => {
  it('calls the §7 paths and books from their answers', async () => {
    const { api, seen } = fakeServer({
      'GET /api/en/ticket/lifetime?event=9': { body: { data: { first: '2026-11-01', last: '2027-03-31' } } },
      'GET /api/en/ticket/calendar/event/9/range/20261201;20270131?deep=1': { body: { data: { '2026-12-05': 5 } } },
      'GET /api/en/ticket/collect/event/9/date/20261205': { body: { data: { event, date: '2026-12-05', tickets: [ticket], timeslot: [slot] } } },
    });
    const actor = ticketing(api, { eventId: 9, date: '2026-12-05' });
    await waitFor(actor, (s) => s.matches({ 'Ticket page': { Booking: { Selection: 'Setting counts' } } }));
    expect(seen).toEqual([
      'GET /api/en/ticket/lifetime?event=9',
      // the event itself, with the tickets of its next bookable day (404 here: the page works without it)
      'GET /api/en/ticket/collect/event/9',
      'GET /api/en/ticket/calendar/event/9/range/20261201;20270131?deep=1',
      'GET /api/en/ticket/collect/event/9/date/20261205',
    ]);
    expect(actor.getSnapshot().context.datetime).toBe('2026-12-05 10:00');
  });

  it('shows not found for a non-200 calendar', async () => {
    const { api } = fakeServer({
      'GET /api/en/ticket/lifetime?event=9': { body: { data: { first: '2026-11-01', last: '2027-03-31' } } },
      'GET /api/en/ticket/calendar/event/9/range/20261201;20270131?deep=1': { status: 404, body: { error: 'NOT_FOUND' } },
    });
    const actor = ticketing(api, { eventId: 9 });
    await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(actor.getSnapshot().matches({ 'Ticket page': 'Event not found' })).toBe(true);
  });

  it('asks shipping through the checkout client and keeps its error code', async () => {
    const { api, seen } = fakeServer({
      'POST /api/en/shipping/costs': { status: 422, body: { error: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY', message: 'No shipping to US' } },
    });
    const cart = createActor(
      cartMachine.provide({
        actions: cartBrowserActions({ storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }, dataLayer: () => [], warn: () => undefined }),
        actors: { calculateShipping: fromPromise<number, ShippingInput>(({ input, signal }) => api.getShippingCosts(input.request, input.loggedIn ? 'a.b.c' : undefined, signal)) },
      }),
      { input: { destination: { loggedIn: false, chosenCountry: 'US' } } },
    ).start();
    cart.send({ type: 'ADD', lines: [{ type: 'merchandise', id: 21, name: 'Book', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 }] });
    await waitFor(cart, (s) => s.matches({ Ready: 'Shipping failed' }));
    expect(seen).toEqual(['POST /api/en/shipping/costs']);
    expect(cart.getSnapshot().context).toMatchObject({ shippingCost: null, shippingError: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY' });
  });
});
