/**
 * The event ticketing chart (machines/eventTicketing.machine.ts) bound to the page, in English,
 * against the demo catalogue (src/server/seed/demo.ts): what a visitor does for each event of its
 * paths, what the page shows in each state.
 *
 * The model (tests/machines/eventTicketing.model.ts) walks its own events 7, 8 and 9 on 10 June
 * 2026; the replay walks the demo's on the server's today, each model role played by the demo
 * item that has it:
 * - the booking event (9, timed tickets, a family ticket, a sold-out day) is the permanent
 *   collection; its "10:00" with two places left is the collection's 17:00 (ten places), after the
 *   cart has been filled to leave two; its other open time is 10:00, its sold-out "11:00" is 11:00
 *   made sold out in the tickets' answer; its family ticket's counted part ("Parent") is the
 *   children's counter, its fixed part ("Children") the fixed "Adults (2)";
 * - a path whose event turns out to be over is replayed on the summer night (ended 20 days ago); one
 *   whose day offers day tickets only on the day admission; one that runs into the calendar's last
 *   month on Light and Water (its last day is four months ahead);
 * - the list's events, venues and categories are the demo's.
 * Service answers come from the server; what the demo cannot give comes from the server's answer
 * changed (no events, no tickets that day, one open time, a sold-out time), from the server's
 * answer for an event that does not exist (404), a 500, or a dropped connection.
 */
import type { Locator } from 'playwright-core';
import { DEMO } from '../../../src/server/seed/demo.js';
import { addDays, addMonths, monthOf } from '../../../src/domain/dates.js';
import { museumToday } from '../../../src/domain/museum-clock.js';
import type { ShopEvent } from '../../../src/api/schemas/catalog.js';
import { TODAY, at10, at11 } from '../../machines/eventTicketing.model.js';
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayPlan, ReplayStep, SentEvent } from '../plan.js';
import { alert, button, calendarRegion, dateGrid, dayButton, escape, main, pressRetry, status, watchCalendar } from './booking-page.js';
import { goBackTo, visit } from '../history.js';

const E = DEMO.events;
/** the collection's slot with ten places (Tuesday to Sunday): the model's "10:00" */
const TEN_PLACES = DEMO.tenPlacesTime;
/** the collection's time made sold out in the answer: the model's "11:00" */
const SOLD_OUT_TIME = '11:00';
/** the collection's other open time: the model's "14:00" */
const OTHER_TIME = '10:00';
const NO_SUCH_EVENT = 999_999;

/** The model's tickets and family parts → the demo's, by the role they play. */
const TICKETS: Record<number, number> = { 101: DEMO.tickets.collectionAdult, 102: DEMO.tickets.collectionFamily, 104: DEMO.tickets.dayAdult };
const PARTS: Record<number, number> = { 201: DEMO.subtickets.familyChildren, 202: DEMO.subtickets.familyAdults };
/** The model's venues and categories → the demo's. */
const VENUES: Record<number, number> = { 1: DEMO.venues.lakeside, 3: DEMO.venues.artHall };
const GROUPS: Record<number, number> = { 2: DEMO.groups.families };

interface ApiTicket {
  id: number;
  name: string;
  mode: number;
  schedule: { datetime: string; max_tickets: number }[];
  subtickets: { id: number; name: string }[];
}
interface ApiCollection {
  event: ShopEvent;
  date: string;
  tickets: ApiTicket[];
  timeslot: { datetime: string; max_tickets: number }[];
}
type Body<T> = { data: T };

/** What one path is replayed on. */
interface Scene {
  /** the demo event that plays the path's event (the first opened from the list, or the route's) */
  event: number;
  /** the day with places the path chooses (and the route's requested date) */
  day: string;
  /** a sold-out day of the shown month, if the path needs one */
  soldOutDay: string | null;
  /** model event id → demo event id, as the path opens them */
  events: Record<number, number>;
}

const scene = (r: Replay): Scene => r.memo.scene as Scene;
const outputOf = (step: ReplayStep) => (step.event as SentEvent & { output?: unknown }).output;

/** Which demo event plays the path's event: the one whose data has what the path's answers say. */
function sceneEvent(plan: ReplayPlan): number {
  const labels = plan.steps.map((s) => s.label ?? s.name);
  if (labels.includes('done:loadLifetime [isLifetimeOver]')) return E.summerNight;
  if (plan.steps.some((s) => s.name === 'done:loadTickets' && (outputOf(s) as ApiCollection).tickets.length > 0 && (outputOf(s) as ApiCollection).tickets.every((t) => t.mode === 3))) return E.dayPass;
  // a month asked for beyond the event's last: an event that ends within a year
  if (plan.steps.some((s) => s.name === 'SHOW_MONTH' && s.label === null)) return E.lightAndWater;
  return E.collection;
}

async function calendarOf(r: Replay, event: number, month: string): Promise<Record<string, number>> {
  const start = `${month}-01`.replaceAll('-', '');
  const end = addDays(`${addMonths(month, 2)}-01`, -1).replaceAll('-', '');
  return r.api<Record<string, number>>(`ticket/calendar/event/${event}/range/${start};${end}?deep=1`);
}

async function prepareScene(r: Replay): Promise<Scene> {
  const event = sceneEvent(r.plan);
  const today = museumToday();
  let day = addDays(today, 1);
  let soldOutDay: string | null = null;
  if (event !== E.summerNight) {
    const calendar = await calendarOf(r, event, monthOf(today));
    const after = Object.keys(calendar).filter((d) => d > today).sort();
    day = after.find((d) => (calendar[d] ?? 0) > 0) ?? day;
    soldOutDay = after.find((d) => calendar[d] === 0) ?? null;
  }
  return { event, day, soldOutDay, events: {} };
}

/** The demo event a model event id stands for in this path (the first the path opens is the scene's). */
function demoEvent(r: Replay, modelId: number): number {
  const s = scene(r);
  if (!(modelId in s.events)) {
    const used = new Set(Object.values(s.events));
    s.events[modelId] = [s.event, E.lightAndWater, E.dayPass, E.collection].find((e) => !used.has(e))!;
  }
  return s.events[modelId]!;
}

const times = (r: Replay) => main(r).getByRole('radio');
const ticketForm = (r: Replay) => main(r).getByRole('button', { name: r.words('tickets.addToCart', { whole: true }) });
const timeRadio = (r: Replay, time: string) => main(r).getByRole('radio', { name: new RegExp(`^${time}\\b`) });

/** The label of the demo ticket or family part a model id stands for, as its counter is named. */
async function demoName(r: Replay, ticketId: number, partId?: number): Promise<string> {
  const offer = await r.api<ApiCollection>(`ticket/collect/event/${scene(r).event}/date/${scene(r).day.replaceAll('-', '')}`);
  const wanted = TICKETS[ticketId] ?? r.cannot(`the demo has no ticket playing the model's ticket ${ticketId}`);
  const ticket = offer.tickets.find((t) => t.id === wanted) ?? r.cannot(`ticket ${wanted} is not offered on ${scene(r).day}`);
  if (partId === undefined) return ticket.name;
  const part = ticket.subtickets.find((p) => p.id === PARTS[partId]) ?? r.cannot(`the family ticket has no part playing the model's ${partId}`);
  return part.name;
}

/** A ticket's or a part's count field: its label is the name, then " – price" when it costs something. */
const counter = (r: Replay, name: string): Locator => main(r).getByRole('spinbutton', { name: new RegExp(`^${escape(name)}( –|$)`) });

/** The day's place in the grid: the month it is in is shown first (the next month's button). */
async function showDay(r: Replay, date: string): Promise<Locator> {
  const day = dayButton(r, date);
  await dateGrid(r).waitFor();
  if ((await day.count()) === 0) {
    // the page opens on today's month, or the next when today's has no day with places left
    const shown = monthOf((await dateGrid(r).locator('button[data-date]').first().getAttribute('data-date')) ?? date);
    await button(r, monthOf(date) < shown ? 'calendar.previousMonth' : 'calendar.nextMonth').click();
    await day.waitFor();
  }
  return day;
}

/** The real time a model time stands for. */
function demoTime(datetime: unknown): string {
  if (datetime === at10) return TEN_PLACES;
  if (datetime === at11) return SOLD_OUT_TIME;
  return OTHER_TIME;
}

/** The answer's slot at `time` sold out, in the shared timeslots and in every ticket's schedule. */
function withTimes(body: unknown, places: (time: string, now: number) => number): Body<ApiCollection> {
  const collection = (body as Body<ApiCollection>).data;
  const slot = <S extends { datetime: string; max_tickets: number }>(s: S): S => ({ ...s, max_tickets: places(s.datetime.slice(11, 16), s.max_tickets) });
  return { data: { ...collection, timeslot: collection.timeslot.map(slot), tickets: collection.tickets.map((t) => ({ ...t, schedule: t.schedule.map(slot) })) } };
}

/** The model's answer of the day's tickets, played by the server's answer (changed where the demo has no such day). */
async function answerTickets(r: Replay, step: ReplayStep): Promise<void> {
  const offer = outputOf(step) as ApiCollection;
  const chosen = [...r.plan.steps].reverse().find((s) => s.n < step.n && s.label === 'SELECT_DATE [isDayAvailable]')?.event.date ?? (r.plan.input as { date?: string }).date;
  const modelDay = typeof chosen === 'string' ? chosen.replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3') : null;
  if (offer.tickets.length === 0) {
    // nothing offered that day
    await r.answer('tickets', { edit: (body) => ({ data: { ...(body as Body<ApiCollection>).data, tickets: [], timeslot: [] } }) });
  } else if (modelDay !== null && offer.date !== modelDay) {
    // the server's "next bookable day" instead of the day asked for
    await r.answer('tickets', { edit: (body) => ({ data: { ...(body as Body<ApiCollection>).data, date: addDays(scene(r).day, 1) } }) });
  } else if (offer.tickets.every((t) => t.mode === 3)) {
    // day tickets only: the day admission's own answer
    if (scene(r).event !== E.dayPass) r.cannot('the path offers day tickets on an event that has none');
    await r.answer('tickets', { server: true });
  } else {
    const open = offer.timeslot.filter((t) => t.max_tickets > 0).map((t) => demoTime(t.datetime));
    const soldOut = offer.timeslot.filter((t) => t.max_tickets <= 0).map((t) => demoTime(t.datetime));
    // one open time: only the model's open times stay open; a sold-out time: made so
    const onlyOpen = open.length === 1;
    await r.answer('tickets', { edit: (body) => withTimes(body, (time, places) => (soldOut.includes(time) || (onlyOpen && !open.includes(time)) ? 0 : places)) });
  }
}

/** Fills the cart so that the ten-places slot of the scene's day has two places left (the model's cart at "10:00"). */
async function fillCartToTwoLeft(r: Replay): Promise<void> {
  const { day } = scene(r);
  const offer = await r.api<ApiCollection>(`ticket/collect/event/${E.collection}/date/${day.replaceAll('-', '')}`);
  const places = offer.timeslot.find((t) => t.datetime === `${day} ${TEN_PLACES}`)?.max_tickets ?? 0;
  if (places < 3) r.cannot(`the ${TEN_PLACES} slot of ${day} has ${places} places left: too few to leave two`);
  const adult = offer.tickets.find((t) => t.id === DEMO.tickets.collectionAdult)!;
  await r.page.goto(`/${r.lang}/tickets/${E.collection}?date=${day}`);
  await timeRadio(r, TEN_PLACES).check();
  await counter(r, adult.name).fill(String(places - 2));
  await ticketForm(r).click();
  await main(r).getByTestId('added-to-cart').waitFor();
}

const CALENDAR = /\/api\/[a-z]{2}\/ticket\/calendar\/event\//;

/** The calendar region, as the ticket page shows it (the event's last day from its lifetime). */
const calendar = calendarRegion('Ticket page.Booking.Calendar', {
  request: 'calendar',
  modelToday: TODAY,
  lastDay: async (r) => (await r.api<{ last: string | null }>(`ticket/lifetime?event=${scene(r).event}`)).last,
});

export const eventTicketingBinding: ReplayBinding = {
  machine: 'eventTicketing',
  lang: 'en',
  requests: {
    events: (url) => /\/api\/[a-z]{2}\/event\/select$/.test(url.pathname),
    lifetime: (url) => /\/api\/[a-z]{2}\/ticket\/lifetime$/.test(url.pathname),
    calendar: (url) => CALENDAR.test(url.pathname),
    tickets: (url) => /\/api\/[a-z]{2}\/ticket\/collect\/event\/\d+\/date\//.test(url.pathname),
  },

  async prepare(r) {
    r.memo.scene = await prepareScene(r);
    watchCalendar(r, (url) => CALENDAR.test(url.pathname));
    // the cart the model starts with matters where it overbooks: tickets at the time the path books, two places left there
    if (r.plan.steps.some((s) => s.label === 'ADD_TO_CART [wouldOverbook]')) await fillCartToTwoLeft(r);
  },

  async start(r) {
    const input = r.plan.input as { eventId?: number; date?: string };
    const path = input.eventId === undefined ? `/${r.lang}/tickets` : `/${r.lang}/tickets/${demoEvent(r, input.eventId)}`;
    visit(r, path);
    await r.page.goto(`${path}${input.date ? `?date=${scene(r).day}` : ''}`);
  },

  events: {
    // ---- the event list
    'done:loadEvents': async (r, step) => {
      const listed = outputOf(step) as ShopEvent[];
      // the model's list of three is the demo's list; an empty list is the demo's emptied
      await r.answer('events', listed.length ? { server: true } : { edit: () => ({ data: [] }) });
    },
    'error:loadEvents': async (r) => r.answer('events', { drop: true }),
    RETRY: async (r, step) => {
      const from = JSON.stringify(step.from);
      const failed = from.includes('Events failed') ? 'tickets.eventsFailed' : from.includes('Month failed') ? 'calendar.monthFailed' : from.includes('Tickets failed') ? 'tickets.ticketsFailed' : 'tickets.pageFailed';
      await pressRetry(r, failed);
    },
    SET_VENUE_FILTER: async (r, step) => {
      const select = main(r).getByLabel(r.words('tickets.venue', { whole: true }));
      if ((await select.count()) === 0) r.cannot('an empty event list offers no filters: there is no venue to choose');
      const venue = (await r.api<ShopEvent[]>('event/select')).find((e) => e.venue.id === VENUES[step.event.venue as number])?.venue;
      await select.selectOption({ label: venue?.name ?? r.cannot(`the demo has no venue playing the model's ${String(step.event.venue)}`) });
    },
    SET_GROUP_FILTER: async (r, step) => {
      const select = main(r).getByLabel(r.words('tickets.group', { whole: true }));
      if ((await select.count()) === 0) r.cannot('an empty event list offers no filters: there is no category to choose');
      const group = (await r.api<ShopEvent[]>('event/select')).flatMap((e) => e.custom_groups).find((g) => g.id === GROUPS[step.event.group as number]);
      await select.selectOption({ label: group?.name ?? r.cannot(`the demo has no category playing the model's ${String(step.event.group)}`) });
    },
    OPEN_EVENT: async (r, step) => {
      const modelId = step.event.eventId as number;
      if (step.event.date) r.cannot('a link has no date: a date comes only with an address typed or bookmarked');
      const id = demoEvent(r, modelId);
      const path = `/${r.lang}/tickets/${id}`;
      if (JSON.stringify(step.from).includes('Ticket page')) {
        if (new URL(r.page.url()).pathname === path) {
          r.cannot('the page of the event that is showing cannot be opened again: its address stays the same, so the shop gets no event');
        }
        // a ticket page has no link to another event: the browser's Back list, several pages at once
        await goBackTo(r, path, 'a ticket page has no link to another event, and the visitor has not been on its page before', {
          request: 'lifetime',
          matches: (url) => url.searchParams.get('event') === String(id),
        });
        return;
      }
      const event = (await r.api<ShopEvent[]>('event/select')).find((e) => e.id === id)!;
      await main(r).getByRole('link', { name: new RegExp(`^${escape(r.text('tickets.chooseTickets'))}\\s*:\\s*${escape(event.name)}$`) }).click();
      visit(r, path);
    },
    BACK_TO_LIST: async (r) => {
      await main(r).getByRole('link', { name: r.words('tickets.backToList', { whole: true }) }).click();
      visit(r, `/${r.lang}/tickets`);
    },

    // ---- the ticket page's first answers
    'done:loadLifetime [isLifetimeOver]': async (r) => {
      // the demo's summer night ended 20 days ago: the server's own lifetime of it
      await r.answer('lifetime', { url: (url) => `${url.origin}${url.pathname}?event=${E.summerNight}` });
    },
    'done:loadLifetime': async (r) => r.answer('lifetime', { server: true }),
    'error:loadLifetime [isHttpFailure]': async (r) => r.answer('lifetime', { url: (url) => `${url.origin}${url.pathname}?event=${NO_SUCH_EVENT}` }),
    'error:loadLifetime': async (r) => r.answer('lifetime', { drop: true }),
    'done:loadCalendar': async (r) => r.answer('calendar', { server: true }),
    'error:loadCalendar [isHttpFailure]': async (r) => r.answer('calendar', { url: (url) => url.href.replace(/\/event\/\d+\//, `/event/${NO_SUCH_EVENT}/`) }),
    'error:loadCalendar': async (r) => r.answer('calendar', { drop: true }),

    // ---- the calendar (booking-page.ts)
    ...calendar.events,

    // ---- date, time, tickets
    'SELECT_DATE [isDayAvailable]': async (r) => {
      await (await showDay(r, scene(r).day)).click();
    },
    'SELECT_DATE [isDaySoldOut]': async (r) => {
      const day = scene(r).soldOutDay ?? r.cannot('the event has no sold-out day this month or the next');
      const cell = await showDay(r, day);
      // focusable but not selectable: choosing it by keyboard says why
      await cell.focus();
      await r.page.keyboard.press('Enter');
    },
    'done:loadTickets': answerTickets,
    'error:loadTickets': async (r) => r.answer('tickets', { status: 500, json: { error: 'INTERNAL', message: 'Internal server error', fields: {} } }),
    'SELECT_TIME [isTimeOffered]': async (r, step) => {
      await timeRadio(r, demoTime(step.event.datetime)).check();
    },
    'SELECT_TIME [isTimeSoldOut]': async (r, step) => {
      // a sold-out time is announced as unavailable (aria-disabled) and can still be chosen: the page says it is sold out
      const radio = timeRadio(r, demoTime(step.event.datetime));
      if ((await radio.getAttribute('aria-disabled')) !== 'true') throw new Mismatch('the sold-out time is not marked unavailable');
      // Playwright counts aria-disabled as not enabled; a visitor's click still reaches the radio
      await radio.click({ force: true });
    },
    SELECT_TIME: async (r, step) => {
      // a time the day does not offer: the page has no radio for it
      const time = String(step.event.datetime).slice(11, 16);
      if ((await timeRadio(r, time).count()) > 0) throw new Mismatch(`the page offers ${time}, which the day does not have`);
    },
    SET_COUNT: async (r, step) => {
      const field = counter(r, await demoName(r, step.event.ticketId as number));
      // the number field takes digits only: a count that is not a number is an emptied field
      await field.fill(typeof step.event.count === 'number' || /^\d+$/.test(String(step.event.count)) ? String(step.event.count) : '');
    },
    SET_SUBTICKET_COUNT: async (r, step) => {
      await counter(r, await demoName(r, step.event.ticketId as number, step.event.subticketId as number)).fill(String(step.event.count));
    },
    TOGGLE_SUBTICKET: async (r, step) => {
      await main(r).getByRole('checkbox', { name: await demoName(r, step.event.ticketId as number, step.event.subticketId as number) }).click();
    },
    ADD_TO_CART: async (r) => {
      await ticketForm(r).click();
    },
    BUY_MORE: async (r) => {
      await button(r, 'tickets.buyMore').click();
    },
  },

  states: {
    'Event list': async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 1, name: r.words('title.tickets', { whole: true }) }), 'the heading "Tickets"');
    },
    'Event list.Loading events': async (r) => {
      await r.shows(status(r, 'tickets.loadingEvents'), 'the "loading events" notice');
    },
    'Event list.Showing events': async (r) => {
      await r.lacks(status(r, 'tickets.loadingEvents'), 'the "loading events" notice');
      await r.lacks(alert(r, 'tickets.eventsFailed'), 'the "events failed" notice');
      const links = main(r).getByRole('link', { name: r.words('tickets.chooseTickets') });
      if ((await links.count()) === 0) await r.shows(main(r).getByTestId('no-results'), 'an event or "no results"');
    },
    'Event list.Events failed': async (r) => {
      await r.shows(alert(r, 'tickets.eventsFailed'), 'the "events failed" notice');
      await r.shows(button(r, 'page.retry'), 'the "Try again" button');
    },
    'Ticket page': async (r) => {
      await r.shows(main(r).getByRole('link', { name: r.words('tickets.backToList', { whole: true }) }), 'the "All events" link');
    },
    'Ticket page.Loading lifetime': async (r) => {
      await r.shows(status(r, 'tickets.loadingEvent'), 'the "loading the calendar" notice');
      await r.lacks(dateGrid(r), 'the calendar');
    },
    'Ticket page.Event not found': async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 1, name: r.words('tickets.notFoundTitle', { whole: true }) }), 'the "not found" heading');
      await r.shows(alert(r, 'tickets.notFound'), 'the "not found" notice');
    },
    'Ticket page.Event expired': async (r) => {
      await r.shows(main(r).getByTestId('event-expired'), 'the "event expired" notice');
      await r.lacks(dateGrid(r), 'the calendar');
    },
    'Ticket page.Page failed': async (r) => {
      await r.shows(alert(r, 'tickets.pageFailed'), 'the "page failed" notice');
      await r.lacks(dateGrid(r), 'the calendar');
    },
    'Ticket page.Booking': async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 2, name: r.words('tickets.stepDate', { whole: true }) }), 'the date step');
      await r.shows(dateGrid(r), 'the calendar');
      await r.lacks(status(r, 'tickets.loadingEvent'), 'the "loading the calendar" notice');
    },
    ...calendar.states,
    'Ticket page.Booking.Selection.Choosing date': async (r) => {
      await r.shows(main(r).getByText(r.words('tickets.chooseDate')), 'the "choose a day" hint');
      await r.lacks(times(r), 'a time to choose');
      await r.lacks(ticketForm(r), 'the tickets');
    },
    'Ticket page.Booking.Selection.Day sold out': async (r) => {
      await r.shows(main(r).getByTestId('day-sold-out'), 'the "day sold out" notice');
      await r.lacks(times(r), 'a time to choose');
      await r.lacks(ticketForm(r), 'the tickets');
    },
    'Ticket page.Booking.Selection.Loading tickets': async (r) => {
      await r.shows(status(r, 'tickets.loadingTickets'), 'the "loading tickets" notice');
      await r.lacks(ticketForm(r), 'the tickets');
    },
    'Ticket page.Booking.Selection.Tickets failed': async (r) => {
      await r.shows(alert(r, 'tickets.ticketsFailed'), 'the "tickets failed" notice');
      await r.lacks(ticketForm(r), 'the tickets');
    },
    'Ticket page.Booking.Selection.No results': async (r) => {
      await r.shows(main(r).getByTestId('no-results'), 'the "no results" notice');
      await r.lacks(times(r), 'a time to choose');
      await r.lacks(ticketForm(r), 'the tickets');
    },
    'Ticket page.Booking.Selection.Choosing time': async (r) => {
      await r.shows(times(r), 'the times');
      await r.shows(main(r).getByText(r.words('tickets.chooseTime')), 'the "choose a time" hint');
      await r.lacks(ticketForm(r), 'the tickets');
    },
    'Ticket page.Booking.Selection.Time sold out': async (r) => {
      await r.shows(alert(r, 'tickets.timeSoldOut'), 'the "time sold out" notice');
      await r.lacks(ticketForm(r), 'the tickets');
    },
    'Ticket page.Booking.Selection.Setting counts': async (r) => {
      await r.shows(ticketForm(r), 'the tickets with "Add to cart"');
      await r.lacks(main(r).getByTestId('added-to-cart'), 'the "added to cart" notice');
    },
    'Ticket page.Booking.Selection.Setting counts.Editing': async (r) => {
      await r.lacks(alert(r, 'tickets.nothingChosen'), 'the "nothing chosen" notice');
      await r.lacks(alert(r, 'tickets.familyIncomplete'), 'the "family incomplete" notice');
      await r.lacks(main(r).getByTestId('overbooked'), 'the "overbooked" notice');
    },
    'Ticket page.Booking.Selection.Setting counts.Nothing chosen': async (r) => {
      await r.shows(alert(r, 'tickets.nothingChosen'), 'the "nothing chosen" notice');
    },
    'Ticket page.Booking.Selection.Setting counts.Family incomplete': async (r) => {
      await r.shows(alert(r, 'tickets.familyIncomplete'), 'the "family incomplete" notice');
    },
    'Ticket page.Booking.Selection.Setting counts.Overbooked': async (r) => {
      await r.shows(main(r).getByTestId('overbooked'), 'the "overbooked" notice');
    },
    'Ticket page.Booking.Selection.Added to cart': async (r) => {
      await r.shows(main(r).getByTestId('added-to-cart'), 'the "added to cart" notice');
      await r.lacks(ticketForm(r), 'the tickets');
    },
  },
};

