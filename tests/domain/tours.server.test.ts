/**
 * One price for a tour line on both sides: the tour booking machine, fed by the reference server's
 * demo tours (201 single tickets with the family ticket; 203 as a complete tour on a Monday and on
 * Thursday 18:30 with the slot's price list), puts a line into the cart whose total is exactly
 * what the server's inventory charges for the §7 item built from it (and so what the provider is
 * asked for). The server refuses a missing mandatory answer with the app's words, on the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { createShopApi } from '../../src/api/index.js';
import type { Lifetime, TourCalendar, TourDetail } from '../../src/api/schemas/catalog.js';
import { toCartPayload, type TourLine } from '../../src/domain/cart-lines.js';
import { museumToday } from '../../src/domain/museum-clock.js';
import { DEMO, nextWeekday } from '../../src/server/seed/demo.js';
import { priceCart } from '../../src/server/inventory.js';
import { cartMachine } from '../../machines/cart.machine.js';
import { selectTotals } from '../../machines/cart.selectors.js';
import { cartBrowserActions } from '../../src/app/cart-storage.js';
import { tourBookingMachine, type CalendarInput, type TourListData } from '../../machines/tourBooking.machine.js';
import { selectCounts } from '../../machines/tourBooking.selectors.js';
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

function start(tourId: number, date: string) {
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
  const machine = tourBookingMachine.provide({
    actors: {
      loadList: fromPromise<TourListData, { today: string }>(async () => ({ tours: [], categories: [], overview: {} })),
      loadLimits: fromPromise<Lifetime, { tourId: number }>(({ input, signal }) => api.getTourLifetime(input.tourId, signal)),
      loadCalendar: fromPromise<TourCalendar, CalendarInput>(({ input, signal }) => api.getTourCalendar(input.tourId, input.start, input.end, signal)),
      loadSingle: fromPromise<TourDetail, { tourId: number; date: string }>(({ input, signal }) => api.getTour(input.tourId, input.date, signal)),
    },
  });
  const actor = createActor(machine, { input: { cart, today: museumToday(server.services.now()), lang: 'en', tourId, date } }).start();
  return { actor, cart };
}

type Snapshot = SnapshotFrom<typeof tourBookingMachine>;
const counting = (s: Snapshot) => s.matches({ 'Tour page': { Booking: { Selection: 'Setting counts' } } });
const added = (s: Snapshot) => s.matches({ 'Tour page': { Booking: { Selection: 'Added to cart' } } });

describe('a tour line costs the same in the cart and at the server', () => {
  it('201: two adults and a family ticket of 2 adults and 3 children', async () => {
    const tuesday = nextWeekday(server.services.now(), 2);
    const { actor, cart } = start(DEMO.tours.highlightsDe, tuesday);
    await waitFor(actor, counting, { timeout: 10_000 });
    expect(actor.getSnapshot().context.date).toBe(tuesday);
    actor.send({ type: 'SET_TICKETS', ticketId: DEMO.tourTickets.highlightsAdult, count: 2 });
    actor.send({ type: 'SET_SUBTICKETS', ticketId: DEMO.tourTickets.highlightsFamily, subticketId: DEMO.subtickets.tourFamilyAdults, count: 2 });
    actor.send({ type: 'SET_SUBTICKETS', ticketId: DEMO.tourTickets.highlightsFamily, subticketId: DEMO.subtickets.tourFamilyChildren, count: 3 });
    actor.send({ type: 'ADD_TO_CART' });
    await waitFor(actor, added);
    const lines = cart.getSnapshot().context.lines;
    expect(lines).toHaveLength(1);
    const line = lines[0] as TourLine;
    expect(line.totalPrice).toBe(2 * 2500 + 2 * 2200 + 3 * 800);
    const priced = await priceCart(server.db, 'en', toCartPayload(lines).items, server.services.now());
    expect(priced.total).toBe(line.totalPrice);
    expect(selectTotals(cart.getSnapshot()).total).toBe(priced.total);
  });

  for (const [label, weekday, time, price] of [
    ['203 on a Monday at 10:30', 1, '10:30', 25000],
    ['203 on Thursday 18:30, the slot price list', 4, '18:30', 32000],
  ] as const) {
    it(`${label}: one group tour for 12 with 12 participant tickets and the mandatory answers`, async () => {
      const date = nextWeekday(server.services.now(), weekday);
      const { actor, cart } = start(DEMO.tours.privateGroup, date);
      await waitFor(actor, counting, { timeout: 10_000 });
      actor.send({ type: 'SELECT_TIME', time });
      actor.send({ type: 'SET_TOURS', priceId: DEMO.tourPrices.groupTour, count: 1 });
      actor.send({ type: 'SET_PARTICIPANTS', count: 12 });
      actor.send({ type: 'SET_TICKETS', ticketId: DEMO.tourTickets.privateParticipant, count: 12 });
      actor.send({ type: 'ADD_TO_CART' });
      // the mandatory questions stop it first
      expect(actor.getSnapshot().context.answerProblems).toEqual({ [DEMO.questions.ageGroup]: 'required', [DEMO.questions.language]: 'required', [DEMO.questions.groupName]: 'required' });
      actor.send({ type: 'SET_ANSWER', questionId: DEMO.questions.ageGroup, value: 'adults' });
      actor.send({ type: 'SET_ANSWER', questionId: DEMO.questions.language, value: 'fr' });
      actor.send({ type: 'SET_ANSWER', questionId: DEMO.questions.groupName, value: 'Klasse 4b' });
      actor.send({ type: 'SET_ANSWER', questionId: DEMO.questions.wheelchairs, value: '2' });
      actor.send({ type: 'ADD_TO_CART' });
      await waitFor(actor, added);
      const lines = cart.getSnapshot().context.lines;
      const line = lines[0] as TourLine;
      expect(line).toMatchObject({ date, time, totalPrice: price, prices: [{ id: DEMO.tourPrices.groupTour, count: 1 }] });
      const priced = await priceCart(server.db, 'en', toCartPayload(lines).items, server.services.now());
      expect(priced.total).toBe(price);
    });
  }

  it('205 as a whole tour with its required tickets: the group is the tickets, never typed; the server charges the same line and refuses the same too-small group (issue 22, defect 8)', async () => {
    const saturday = nextWeekday(server.services.now(), 6);
    const { actor, cart } = start(DEMO.tours.kids, saturday);
    await waitFor(actor, counting, { timeout: 10_000 });
    actor.send({ type: 'SET_TOURS', priceId: DEMO.tourPrices.kidsGroup, count: 1 });
    actor.send({ type: 'SET_TICKETS', ticketId: DEMO.tourTickets.kidsChild, count: 2 });
    actor.send({ type: 'SET_TICKETS', ticketId: DEMO.tourTickets.kidsAdult, count: 1 });
    actor.send({ type: 'ADD_TO_CART' });
    // 3 tickets are a group of 3: below the minimum of 4, in the app ...
    expect(actor.getSnapshot().context.countProblem).toEqual({ kind: 'belowMinimum', min: 4 });
    // ... and at the server, for the same item
    const small = { type: 'guidedTour' as const, tourId: DEMO.tours.kids, datetime: `${saturday} 14:00`, answers: [], prices: [{ id: DEMO.tourPrices.kidsGroup, count: 1 }], tickets: [{ id: DEMO.tourTickets.kidsChild, count: 2, subtickets: [] }, { id: DEMO.tourTickets.kidsAdult, count: 1, subtickets: [] }] };
    await expect(priceCart(server.db, 'en', [small], server.services.now())).rejects.toMatchObject({ status: 422 });
    actor.send({ type: 'SET_TICKETS', ticketId: DEMO.tourTickets.kidsChild, count: 3 });
    expect(selectCounts(actor.getSnapshot())?.participants).toMatchObject({ count: 4, asked: false });
    actor.send({ type: 'ADD_TO_CART' });
    await waitFor(actor, added);
    const lines = cart.getSnapshot().context.lines;
    const line = lines[0] as TourLine;
    expect(line).toMatchObject({ totalCount: 4, prices: [{ id: DEMO.tourPrices.kidsGroup, count: 1 }] });
    const priced = await priceCart(server.db, 'en', toCartPayload(lines).items, server.services.now());
    expect(priced.total).toBe(line.totalPrice);
  });

  it('the server refuses a missing mandatory answer with the same words, on the field of that question', async () => {
    const date = nextWeekday(server.services.now(), 1);
    const item = {
      type: 'guidedTour' as const,
      tourId: DEMO.tours.privateGroup,
      datetime: `${date} 10:30`,
      prices: [{ id: DEMO.tourPrices.groupTour, count: 1 }],
      tickets: [],
      answers: [
        { qId: DEMO.questions.ageGroup, type: 'radio' as const, value: 'adults' },
        { qId: DEMO.questions.language, type: 'select' as const, value: 'de' },
      ],
    };
    const failure = await priceCart(server.db, 'en', [item], server.services.now()).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 422, fields: { [`items.0.answers.${DEMO.questions.groupName}`]: ['Please answer all mandatory fields.'] } });
    // a number outside its bounds is not valid on either side
    const tooMany = { ...item, answers: [...item.answers, { qId: DEMO.questions.groupName, type: 'text' as const, value: 'Klasse 4b' }, { qId: DEMO.questions.wheelchairs, type: 'number' as const, value: 26 }] };
    const invalid = await priceCart(server.db, 'en', [tooMany], server.services.now()).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 422, fields: { [`items.0.answers.${DEMO.questions.wheelchairs}`]: [`The answer to question ${DEMO.questions.wheelchairs} is not valid.`] } });
  });
});
