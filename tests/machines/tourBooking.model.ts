/**
 * Model of the tour booking machine. Four starts:
 * - the tour list (no `tourId`), interface language French (no French tours, so the list starts
 *   on the default tour language, German): load it, filter it, open a tour, go back;
 * - the page of tour 21 without a date: the whole booking (limits, calendar, dates, times, both
 *   booking modes, counts, answers, adding to the cart);
 * - the page of tour 21 asking for a sold-out date: the first available day is taken and the
 *   asked date is named as not bookable (the walk stops once that day is loaded);
 * - the page of tour 22 whose calendar has no available day: sold out (walked only there).
 *
 * Today is Wednesday 2026-06-10. Tour 21 books single places and the whole tour (both on: every
 * limit is the places left, one whole tour at a time); its calendar of June/July has 12 June
 * (10:00 with 8 places, 14:00 sold out, 18:00 with 10 places and its own price list), 13 June
 * sold out and 15 June (10:00 and 18:00). The cart already holds 4 places of tour 21 on 12 June
 * at 18:00, so 6 are left there.
 *
 * Kept finite: the list is filtered only from its first filters, and a tour page opened from the
 * list only goes back or opens another tour; months change only while a day is sold out or the
 * tour is; counts start from an empty form, one kind at a time; answers only once the counts are
 * right; times and modes only on an empty form.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Lifetime, Tour, TourDetail, TourSlot } from '../../src/api/schemas/catalog.js';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { countProblem } from '../../src/domain/tours.js';
import { currentSlot, tourBookingMachine, type CartRef, type TourBookingContext, type TourListData } from '../../machines/tourBooking.machine.js';
import { defineModel } from './model.js';

export const TODAY = '2026-06-10';
export const FREE_DAY = '2026-06-12';
export const SOLD_OUT_DAY = '2026-06-13';
export const OTHER_DAY = '2026-06-15';
export const BOOKING_TOUR = 21;
export const SOLD_OUT_TOUR = 22;
export const ADULT = 2101;
export const FAMILY = 2102;
export const FAMILY_ADULTS = 2111;
export const FAMILY_CHILDREN = 2112;
export const WHOLE = 2121;
export const GROUP_NAME = 2131;
export const NEEDS = 2132;

const museum = { id: 1, name: 'Main building' };
const annex = { id: 2, name: 'Annex' };
const publicTours = { id: 5, name: 'Public tours' };
const privateTours = { id: 6, name: 'Private tours' };
const kids = { id: 7, name: 'For children' };

function tour(fields: Partial<Tour> & Pick<Tour, 'id' | 'name'>): Tour {
  return {
    description: `${fields.name} (description)`, eventName: null, sequence_no: 1, duration: 60, max_participants: 20, min_participants: 1,
    single_ticketing: 1, book_complete_tour: 0, booking_without_tickets: 0, priceList: [], tickets: [], custom_groups: [publicTours],
    langIdentifier: 'de', langName: 'German', museumId: 1, venue: museum,
    ...fields,
  };
}
export const tours: Tour[] = [
  tour({ id: 11, name: 'Highlights' }),
  tour({ id: 12, name: 'Highlights in English', langIdentifier: 'en', langName: 'English' }),
  tour({ id: 13, name: 'Group tour', single_ticketing: 0, book_complete_tour: 1, venue: annex, custom_groups: [privateTours] }),
];
/** tour 11 today, 12 tomorrow, nothing in two and three days, 11 and 13 in four days */
export const overview = { '2026-06-10': [11], '2026-06-11': [12], '2026-06-14': [11, 13] };
export const listData: TourListData = { tours, categories: [publicTours, privateTours, kids], overview };

export const lifetime: Lifetime = { first: '2026-05-01', last: '2026-12-31' };
export const pastLifetime: Lifetime = { first: '2026-01-01', last: '2026-05-31' };

const slotState = (remaining: number, soldout = false) => ({ timeslotId: 1, remaining, tours_remaining: soldout ? 0 : 1, soldout });
export const calendar = {
  [FREE_DAY]: { '10:00': slotState(8), '14:00': slotState(0, true), '18:00': slotState(10) },
  [SOLD_OUT_DAY]: { '10:00': slotState(0, true) },
  [OTHER_DAY]: { '10:00': slotState(8), '18:00': slotState(10) },
};
/** a calendar of June/July without an available day */
export const soldOutCalendar = { [SOLD_OUT_DAY]: { '10:00': slotState(0, true) } };
/** the calendar of August/September */
export const laterCalendar = { '2026-08-05': { '10:00': slotState(8) } };

const slot = (date: string, time: string, remaining: number, priceList: TourSlot['priceList'] = null): TourSlot => ({
  time, datetime: `${date} ${time}`, datetime_end: `${date} ${time}`, timeslotId: Number(`${date.replaceAll('-', '')}${time.replace(':', '')}`),
  tours: 1, tours_remaining: remaining > 0 ? 1 : 0, remaining, soldout: remaining <= 0, priceList,
});
export const EVENING_PRICE = 36000;
export const bookingTour = tour({
  id: BOOKING_TOUR, name: 'Architecture walk', max_participants: 15, single_ticketing: 1, book_complete_tour: 1,
  priceList: [{ id: WHOLE, name: 'Whole tour', price: 30000, vat_value: 8.1, sequence_no: 1 }],
  tickets: [
    { id: ADULT, name: 'Adult', price: 2500, vat_value: 8.1, sequence_no: 1, subtickets: [] },
    {
      id: FAMILY, name: 'Family', price: 0, vat_value: 8.1, sequence_no: 2,
      subtickets: [
        { id: FAMILY_ADULTS, name: 'Adults', price: 2200, vat_value: 8.1, min_quantity: 1, max_quantity: 2 },
        { id: FAMILY_CHILDREN, name: 'Children', price: 800, vat_value: 8.1, min_quantity: 1, max_quantity: 4 },
      ],
    },
  ],
});
const questions: TourDetail['questions'] = [
  { id: GROUP_NAME, type: 'text', label: 'Name of the group', mandatory: true, options: [], min: null, max: null },
  { id: NEEDS, type: 'checkbox', label: 'Needs', mandatory: false, options: [{ value: 'wheelchair', label: 'Wheelchair' }], min: null, max: null },
];
export const detailOf = (date: string): TourDetail => ({
  ...bookingTour,
  date,
  schedule:
    date === FREE_DAY
      ? [slot(date, '10:00', 8), slot(date, '14:00', 0), slot(date, '18:00', 10, [{ id: WHOLE, name: 'Whole tour', price: EVENING_PRICE, vat_value: 8.1, sequence_no: 1 }])]
      : [slot(date, '10:00', 8), slot(date, '18:00', 10)],
  questions,
});
/** The same tour when it also books without tickets (like demo tour 203): the group size is typed, tickets are optional. */
export const groupSizeDetailOf = (date: string): TourDetail => ({ ...detailOf(date), booking_without_tickets: 1 });
/** the answer for a day that sold out between the calendar and the day's request */
export const soldOutDetail = (date: string): TourDetail => ({ ...detailOf(date), schedule: [slot(date, '10:00', 0)] });

/** Four places of tour 21 on 12 June at 18:00 already in the cart. */
export const PLACES_IN_CART_AT_18 = 4;
export const cartLines: CartLine[] = [
  {
    type: 'guidedTour', id: BOOKING_TOUR, name: 'Architecture walk', price: 10000, totalPrice: 10000, totalCount: PLACES_IN_CART_AT_18,
    date: FREE_DAY, time: '18:00', vat_value: 8.1, single_ticketing: 1, prices: [], tickets: [{ id: ADULT, count: 4, subtickets: [] }], answers: [],
  },
];

/** A stand-in for the app's cart actor: the cart machine's snapshot shape, records what it is sent. */
export const fakeCart = {
  id: 'cart',
  sessionId: 'fake-cart',
  sent: [] as EventObject[],
  send(event: EventObject) {
    this.sent.push(event);
  },
  _send(event: EventObject) {
    this.sent.push(event);
  },
  getSnapshot: () => ({ context: { lines: cartLines } }),
};
const cart = fakeCart as unknown as CartRef;

export const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
export const networkError = () => Object.assign(new TypeError('Failed to fetch'), { status: 0 });

const ctx = (s: AnyMachineSnapshot) => s.context as TourBookingContext;
const countsEmpty = (c: TourBookingContext) =>
  Object.values(c.form.tours).every((n) => n === 0) &&
  Object.values(c.form.tickets).every((n) => n === 0) &&
  Object.values(c.form.subtickets).every((subs) => Object.values(subs).every((n) => n === 0)) &&
  c.form.participants === 0;
const noAnswers = (c: TourBookingContext) => Object.keys(c.form.answers).length === 0;
const countsRight = (c: TourBookingContext) => c.tour !== null && countProblem(c.tour, currentSlot(c), c.form) === null;

export const INPUTS = {
  list: { cart, today: TODAY, lang: 'fr', defaultTourLanguage: 'de' },
  booking: { cart, today: TODAY, lang: 'en', defaultTourLanguage: 'de', tourId: BOOKING_TOUR },
  unavailableDate: { cart, today: TODAY, lang: 'en', defaultTourLanguage: 'de', tourId: BOOKING_TOUR, date: SOLD_OUT_DAY.replaceAll('-', '') },
  soldOut: { cart, today: TODAY, lang: 'en', defaultTourLanguage: 'de', tourId: SOLD_OUT_TOUR },
};

/** `done:<id>` / `error:<id>` of the model's event keys, from the actor events the walk sends. */
function keyOf(e: EventObject): string {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);
  return m ? `${m[1]}:${m[2]}` : e.type;
}

function allowed(s: AnyMachineSnapshot, event: EventObject): boolean {
  const c = ctx(s);
  const e = { ...event, type: keyOf(event) } as EventObject;
  if (s.matches('Tour list')) {
    const first = c.filters.language === 'de' && c.filters.date === null && c.filters.category === null && c.filters.venue === null;
    if (e.type === 'OPEN_TOUR') return s.matches('Tour list.Showing tours') && first;
    if (e.type === 'CLEAR_FILTERS') return c.filters.venue !== null;
    if (e.type.startsWith('SET_')) return first;
    return true;
  }
  const fromList = c.listLoaded;
  // a tour page opened from the list: only leave it again (the booking is walked on tour 21)
  if (fromList) return (e.type === 'BACK_TO_LIST' || e.type === 'OPEN_TOUR') && s.matches('Tour page.Loading limits');
  if (e.type === 'BACK_TO_LIST' || e.type === 'OPEN_TOUR') return false;
  if (c.tourId === SOLD_OUT_TOUR) {
    // only the calendar of a sold-out tour: its months
    if (e.type === 'done:loadLimits') return (e as EventObject & { output: Lifetime }).output === lifetime;
    if (e.type === 'done:loadCalendar') return (e as EventObject & { output: unknown }).output === soldOutCalendar;
    if (e.type.startsWith('error:')) return false;
    if (e.type === 'SELECT_DATE') return false;
    return true;
  }
  if (e.type === 'done:loadCalendar' && (e as EventObject & { output: unknown }).output === soldOutCalendar) return false;
  if (c.unavailableDate !== null) return e.type === 'done:loadSingle' && s.matches('Tour page.Booking.Selection.Loading single') && (e as EventObject & { output: TourDetail }).output.schedule.length > 1;
  if (!s.matches('Tour page.Booking')) return true;
  const firstDay = c.date === FREE_DAY && c.month === '2026-06' && c.calendarMonths.length === 2;
  const editing = s.matches('Tour page.Booking.Selection.Setting counts');
  switch (e.type) {
    case 'SHOW_MONTH':
      return s.matches('Tour page.Booking.Selection.Day sold out') && c.month === '2026-06';
    case 'SELECT_DATE':
      return c.month === '2026-06' && (s.matches('Tour page.Booking.Selection.Day sold out') || (editing && firstDay && countsEmpty(c) && noAnswers(c) && c.time === '18:00'));
    case 'done:loadSingle': {
      const output = (e as EventObject & { output: TourDetail }).output;
      // the day sold out since the calendar: only for the first day
      return output.schedule.length > 1 || c.date === FREE_DAY;
    }
    case 'SELECT_TIME':
      return editing && firstDay && countsEmpty(c) && noAnswers(c) && c.form.mode === 'single' && c.time === '10:00';
    case 'SET_MODE':
      return editing && c.date === FREE_DAY && countsEmpty(c) && noAnswers(c) && c.time === '10:00';
    case 'SET_TICKETS':
    case 'SET_SUBTICKETS':
      return editing && c.date === FREE_DAY && c.form.mode === 'single' && countsEmpty(c) && noAnswers(c);
    case 'SET_TOURS':
      return editing && c.form.mode === 'complete' && countsEmpty(c) && noAnswers(c);
    case 'SET_PARTICIPANTS':
      return editing && c.form.mode === 'complete' && c.form.participants === 0 && Object.values(c.form.tours).some((n) => n > 0) && noAnswers(c);
    case 'SET_ANSWER':
      return editing && c.time === '10:00' && countsRight(c) && noAnswers(c) && c.form.mode === 'single';
    case 'CLEAR_ANSWER':
      return editing && !noAnswers(c) && !s.matches('Tour page.Booking.Selection.Setting counts.Answers missing');
    case 'ADD_TO_CART':
      return editing && !s.matches('Tour page.Booking.Selection.Setting counts.Counts invalid') && !s.matches('Tour page.Booking.Selection.Setting counts.Answers missing');
    default:
      return true;
  }
}

/** How a scenario on tour 21's page starts: its limits, its calendar, then `day` (the first available day's answer). */
const opening = (day: TourDetail): (EventObject & Record<string, unknown>)[] => [
  { type: 'done:loadLimits', output: lifetime },
  { type: 'done:loadCalendar', output: calendar },
  { type: 'done:loadSingle', output: day },
];

export const tourBookingModel = defineModel({
  name: 'tourBooking',
  machine: tourBookingMachine,
  inputs: [INPUTS.list, INPUTS.booking, INPUTS.unavailableDate, INPUTS.soldOut],
  events: {
    'done:loadList': { output: listData },
    'error:loadList': { error: networkError() },
    RETRY: {},
    SET_LANGUAGE_FILTER: [{ language: 'en' }, { language: null }],
    SET_DATE_FILTER: { date: '2026-06-14' },
    SET_CATEGORY_FILTER: { category: privateTours.id },
    SET_VENUE_FILTER: { venue: annex.id },
    CLEAR_FILTERS: {},
    OPEN_TOUR: [{ tourId: 13 }, { tourId: 11, date: '20260614' }],
    BACK_TO_LIST: {},
    'done:loadLimits': [{ output: lifetime }, { output: pastLifetime }],
    'error:loadLimits': [{ error: httpError(404) }, { error: networkError() }],
    'done:loadCalendar': [{ output: calendar }, { output: soldOutCalendar }],
    'error:loadCalendar': [{ error: httpError(404) }, { error: networkError() }],
    SHOW_MONTH: [{ month: '2026-07' }, { month: '2026-08' }],
    'done:loadMoreCalendar': { output: laterCalendar },
    'error:loadMoreCalendar': { error: networkError() },
    SELECT_DATE: [{ date: OTHER_DAY }, { date: SOLD_OUT_DAY }],
    'done:loadSingle': (s) => {
      const date = ctx(s).date ?? FREE_DAY;
      return [{ output: detailOf(date) }, { output: soldOutDetail(date) }];
    },
    'error:loadSingle': [{ error: httpError(404) }, { error: networkError() }],
    SELECT_TIME: [{ time: '18:00' }, { time: '14:00' }],
    SET_MODE: { mode: 'complete' },
    // more than the limit (capped), or not a number (0)
    SET_TICKETS: [{ ticketId: ADULT, count: '9' }, { ticketId: ADULT, count: 'two' }],
    SET_SUBTICKETS: [{ ticketId: FAMILY, subticketId: FAMILY_ADULTS, count: 5 }],
    SET_TOURS: { priceId: WHOLE, count: '3' },
    SET_PARTICIPANTS: { count: 40 },
    SET_ANSWER: [{ questionId: GROUP_NAME, value: 'Class 4b' }],
    CLEAR_ANSWER: { questionId: GROUP_NAME },
    ADD_TO_CART: {},
    BUY_MORE: {},
  },
  filterEvents: allowed,
  scenarios: [
    {
      name: 'a requested date that cannot be booked: the first available day is taken and the requested one named (§8)',
      input: INPUTS.unavailableDate,
      events: [
        ...opening(detailOf(FREE_DAY)),
      ],
    },
    {
      name: 'the requested date is taken when it is available (§4)',
      input: { ...INPUTS.booking, date: OTHER_DAY },
      events: [
        ...opening(detailOf(OTHER_DAY)),
      ],
    },
    {
      name: 'another date keeps the chosen time when it still offers it (§4)',
      input: INPUTS.booking,
      events: [
        ...opening(detailOf(FREE_DAY)),
        { type: 'SELECT_TIME', time: '18:00' },
        { type: 'SELECT_DATE', date: OTHER_DAY },
        { type: 'done:loadSingle', output: detailOf(OTHER_DAY) },
      ],
    },
    {
      name: 'another date of the same tour keeps the booking mode and the answers given; the counts start afresh (§4)',
      input: INPUTS.booking,
      events: [
        ...opening(detailOf(FREE_DAY)),
        { type: 'SELECT_TIME', time: '18:00' },
        { type: 'SET_MODE', mode: 'complete' },
        { type: 'SET_ANSWER', questionId: GROUP_NAME, value: 'Club' },
        { type: 'SELECT_DATE', date: OTHER_DAY },
        { type: 'done:loadSingle', output: detailOf(OTHER_DAY) },
      ],
    },
    {
      name: 'a past, closed or unknown day, a time the day does not offer and a month out of range are not taken',
      input: INPUTS.booking,
      events: [
        ...opening(detailOf(FREE_DAY)),
        { type: 'SELECT_DATE', date: '2026-06-09' },
        { type: 'SELECT_DATE', date: '2026-06-11' },
        { type: 'SELECT_TIME', time: '23:00' },
        { type: 'SHOW_MONTH', month: '2027-01' },
        { type: 'SHOW_MONTH', month: '2026-05' },
      ],
    },
    {
      // the generated paths set family places, clear an answer and book more only after a sold-out
      // time, which a visitor cannot choose (its radio is disabled): these take them as a visitor can
      name: "family adults on a tour that asks nothing: capped at the family ticket's two",
      input: INPUTS.booking,
      events: [
        ...opening({ ...detailOf(FREE_DAY), questions: [] }),
        { type: 'SET_SUBTICKETS', ticketId: FAMILY, subticketId: FAMILY_ADULTS, count: 5 },
      ],
    },
    {
      name: 'a mandatory answer given and cleared is missing when adding; given again, the tour goes into the cart, then another booking',
      input: INPUTS.booking,
      events: [
        ...opening(detailOf(FREE_DAY)),
        { type: 'SET_TICKETS', ticketId: ADULT, count: 5 },
        { type: 'SET_ANSWER', questionId: GROUP_NAME, value: 'Club' },
        { type: 'CLEAR_ANSWER', questionId: GROUP_NAME },
        { type: 'ADD_TO_CART' },
        { type: 'SET_ANSWER', questionId: GROUP_NAME, value: 'Club' },
        { type: 'ADD_TO_CART' },
        { type: 'BUY_MORE' },
      ],
    },
    {
      name: 'single tickets at 18:00 are capped by the places the cart leaves; the line is priced at the slot',
      input: INPUTS.booking,
      events: [
        ...opening(detailOf(FREE_DAY)),
        { type: 'SELECT_TIME', time: '18:00' },
        { type: 'SET_TICKETS', ticketId: ADULT, count: 9 },
        { type: 'SET_ANSWER', questionId: GROUP_NAME, value: 'Friends' },
        { type: 'SET_ANSWER', questionId: NEEDS, value: 'wheelchair' },
        { type: 'ADD_TO_CART' },
      ],
    },
    {
      name: 'the whole tour at 18:00 with its required tickets: the group is the tickets, never typed; none chosen is refused; the slot price list',
      input: INPUTS.booking,
      events: [
        ...opening(detailOf(FREE_DAY)),
        { type: 'SELECT_TIME', time: '18:00' },
        { type: 'SET_MODE', mode: 'complete' },
        { type: 'SET_TOURS', priceId: WHOLE, count: 1 },
        // the tickets make the group: a typed group size is not taken
        { type: 'SET_PARTICIPANTS', count: 3 },
        { type: 'ADD_TO_CART' },
        { type: 'SET_TICKETS', ticketId: ADULT, count: 5 },
        { type: 'SET_ANSWER', questionId: GROUP_NAME, value: 'Club' },
        { type: 'ADD_TO_CART' },
      ],
    },
    {
      name: 'the whole tour at 18:00 of a tour that books without tickets: the typed group size, optional tickets must match it, the places left as the limit',
      input: INPUTS.booking,
      events: [
        ...opening(groupSizeDetailOf(FREE_DAY)),
        { type: 'SELECT_TIME', time: '18:00' },
        { type: 'SET_MODE', mode: 'complete' },
        { type: 'SET_TOURS', priceId: WHOLE, count: 1 },
        { type: 'SET_PARTICIPANTS', count: 'five' },
        { type: 'SET_PARTICIPANTS', count: 5 },
        { type: 'ADD_TO_CART' },
        { type: 'SET_TICKETS', ticketId: ADULT, count: 6 },
        { type: 'ADD_TO_CART' },
        { type: 'SET_TICKETS', ticketId: ADULT, count: 4 },
        { type: 'ADD_TO_CART' },
        { type: 'SET_TICKETS', ticketId: ADULT, count: 5 },
        { type: 'SET_ANSWER', questionId: GROUP_NAME, value: 'Club' },
        { type: 'ADD_TO_CART' },
      ],
    },
  ],
});
