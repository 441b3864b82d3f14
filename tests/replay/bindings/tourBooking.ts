/**
 * The tour booking chart (machines/tourBooking.machine.ts) bound to the page, in English, against
 * the demo catalogue (src/server/seed/demo.ts): what a visitor does for each event of its paths,
 * what the page shows in each state. The calendar region is the ticket page's: its events and
 * states are bound once, in booking-page.ts.
 *
 * The model (tests/machines/tourBooking.model.ts) walks its own tours on 10 June 2026; the replay
 * walks the demo's on the server's today, each model role played by the demo tour that has it:
 * - the list's tours are the demo's; the list starts on English (the visitor's language has tours),
 *   where the model's starts on German; its "Group tour" (13) is the first tour the list shows, its
 *   "Highlights" opened with a date (11) the German highlights, whose page the visitor came from;
 * - the booking tour (21) is the German highlights (single places: an adult and a family ticket,
 *   Wednesdays sold out), or, where the path books the whole tour, types the group size or answers
 *   the group's questions, the private group tour (its day's answer changed to book single places
 *   too, and to need tickets for the group where the model's tour does); its times are the day's
 *   first ("10:00"), middle ("14:00", made sold out) and last ("18:00"); its one mandatory
 *   question is the demo's three, answered together; its optional "Needs" the accessibility needs;
 * - a path that asks for a month after the tour's last is replayed on the children's tour (it ends
 *   in 180 days); the sold-out tour (22) is the highlights with every time of its calendar sold out;
 * - a tour that is over is the server's lifetime answer ending yesterday (no demo tour is over).
 * Service answers come from the server; what the demo cannot give comes from the server's answer
 * changed (a tour over, every time sold out, the model's times of the day), the server's answer for
 * a tour that does not exist (404), or a dropped connection.
 */
import type { Locator } from 'playwright-core';
import { DEMO } from '../../../src/server/seed/demo.js';
import { addDays, addMonths, monthOf } from '../../../src/domain/dates.js';
import { museumToday } from '../../../src/domain/museum-clock.js';
import type { TourDetail, TourSlot } from '../../../src/api/schemas/catalog.js';
import { TODAY } from '../../machines/tourBooking.model.js';
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayPlan, ReplayStep, SentEvent } from '../plan.js';
import { alert, button, calendarRegion, dateGrid, escape, main, pressRetry, shownMonth, status, watchCalendar } from './booking-page.js';
import { goBackTo, visit } from '../history.js';

const T = DEMO.tours;
const NO_SUCH_TOUR = 999_999;
const CALENDAR = /\/api\/[a-z]{2}\/tour\/calendar\/tour\//;

type Body<T> = { data: T };
type CalendarAnswer = Record<string, Record<string, { timeslotId: number; remaining: number; tours_remaining: number; soldout: boolean }>>;

const outputOf = <T>(step: ReplayStep) => (step.event as SentEvent & { output: T }).output;
const labels = (plan: ReplayPlan) => plan.steps.map((s) => s.label ?? s.name);

/** Which demo tour plays the path's booking tour (see the top). */
function sceneTour(plan: ReplayPlan): number {
  const used = labels(plan);
  if (used.includes('SHOW_MONTH')) return T.kids;
  const groupBooking = ['SET_MODE', 'SET_TOURS', 'SET_PARTICIPANTS', 'SET_PARTICIPANTS [asksGroupSize]', 'SET_ANSWER', 'CLEAR_ANSWER', 'SELECT_TIME [isTimeSoldOut]'];
  if (used.some((l) => groupBooking.includes(l))) return T.privateGroup;
  return T.highlightsDe;
}
const tourOf = (r: Replay): number => r.memo.tour as number;

const tourPath = (r: Replay, id: number) => `/${r.lang}/guided-tours/${id}`;
const listPath = (r: Replay) => `/${r.lang}/guided-tours`;

async function calendarOf(r: Replay, tour: number, month: string): Promise<CalendarAnswer> {
  const start = `${month}-01`.replaceAll('-', '');
  const end = addDays(`${addMonths(month, 2)}-01`, -1).replaceAll('-', '');
  return r.api<CalendarAnswer>(`tour/calendar/tour/${tour}/range/${start};${end}`);
}

/** The days of this month and the next with a time that has places, and those whose every time is sold out. */
async function daysOf(r: Replay, tour: number): Promise<{ open: string[]; soldOut: string[]; timesOn: (day: string) => number }> {
  const today = museumToday();
  const calendar = await calendarOf(r, tour, monthOf(today));
  const days = Object.keys(calendar).filter((d) => d >= today).sort();
  const times = (d: string) => Object.values(calendar[d] ?? {});
  return {
    open: days.filter((d) => times(d).some((t) => !t.soldout)),
    soldOut: days.filter((d) => times(d).length > 0 && times(d).every((t) => t.soldout)),
    timesOn: (d) => times(d).length,
  };
}

/** How many times the path's model days have at most: the day the page shows needs as many to play the first, middle and last. */
function timesNeeded(plan: Replay['plan']): number {
  return Math.max(0, ...plan.steps.filter((s) => s.name === 'done:loadSingle').map((s) => outputOf<TourDetail>(s).schedule.length));
}

// ---- the page

const times = (r: Replay) => main(r).getByRole('radio', { name: /^\d\d:\d\d\b/ });
const addButton = (r: Replay) => main(r).getByRole('button', { name: r.words('tour.addToCart', { whole: true }) });
const tourLink = (r: Replay, name: string) => main(r).getByRole('link', { name: new RegExp(`^${escape(r.text('tours.chooseTour'))}\\s*:\\s*${escape(name)}$`) });
/** A count field: its label is the name, then " – price" when it costs something. */
const counter = (r: Replay, name: string, within: Locator = main(r)): Locator => within.getByRole('textbox', { name: new RegExp(`^${escape(name)}( –|$)`) });
const participants = (r: Replay) => main(r).getByRole('textbox', { name: r.words('tour.participants', { whole: true }) });
const question = (r: Replay, id: number) => main(r).locator(`[data-question="${id}"]`);

/** The day's answer of the server for the tour and the day the page shows (names of its tickets, prices, questions). */
async function shownTour(r: Replay): Promise<TourDetail> {
  const chosen = await main(r).locator('td[aria-selected="true"] button[data-date]').first().getAttribute('data-date');
  return r.api<TourDetail>(`tour?tour=${tourOf(r)}&date=${chosen ?? museumToday()}`);
}

/** The model's schedule of the day the path has loaded last before `step`. */
function modelDay(r: Replay, step: ReplayStep): TourSlot[] {
  const loaded = [...r.plan.steps].reverse().find((s) => s.n < step.n && s.name === 'done:loadSingle');
  return loaded ? outputOf<TourDetail>(loaded).schedule : [];
}

/** The time radio playing a model time: the day's first, middle or last (null: the model's day has no such time). */
function timeRadio(r: Replay, step: ReplayStep): Locator | null {
  const schedule = modelDay(r, step);
  const at = schedule.findIndex((s) => s.time === step.event.time);
  if (at < 0) return null;
  if (at === 0) return times(r).first();
  if (at === schedule.length - 1) return times(r).last();
  return times(r).nth(at);
}

/** The radio of a time the model's day has (a chart taking a time its day lacks differs from the page). */
function offeredTime(r: Replay, step: ReplayStep): Locator {
  const radio = timeRadio(r, step);
  if (!radio) throw new Mismatch(`the chart takes ${String(step.event.time)}, a time the day does not have`);
  return radio;
}

/** The server's answer of the day with its times as the model's day has them (first, middle, last) and, for the group tour, the model's booking flags. */
function asTheModelsDay(body: unknown, model: TourDetail, flags: boolean): Body<TourDetail> {
  const day = (body as Body<TourDetail>).data;
  const last = day.schedule.length - 1;
  const role = (i: number): TourSlot | undefined => {
    if (model.schedule.length === 1) return model.schedule[0];
    if (i === 0) return model.schedule[0];
    if (i === last) return model.schedule[model.schedule.length - 1];
    return model.schedule.length > 2 ? model.schedule[1] : undefined;
  };
  const schedule = day.schedule.map((slot, i) => {
    const like = role(i);
    if (!like || like.soldout === slot.soldout) return slot;
    return like.soldout ? { ...slot, remaining: 0, tours_remaining: 0, soldout: true } : { ...slot, remaining: Math.max(slot.remaining, like.remaining), tours_remaining: Math.max(1, slot.tours_remaining), soldout: false };
  });
  const booking = flags ? { single_ticketing: model.single_ticketing, book_complete_tour: model.book_complete_tour, booking_without_tickets: model.booking_without_tickets } : {};
  return { data: { ...day, ...booking, schedule } };
}

/** A day of the month shown: with places (not the chosen one), sold out, past or without the tour; the next month first when the shown one has none and the calendar may move. */
async function dayOf(r: Replay, step: ReplayStep, kind: 'available' | 'soldOut' | 'past' | 'unavailable'): Promise<Locator> {
  const days = () => dateGrid(r).locator(`td.date-grid__cell--${kind}[aria-selected="false"] button[data-date]`);
  await dateGrid(r).waitFor();
  if ((await days().count()) === 0) {
    const calendarShown = JSON.stringify(step.from).includes('"Calendar":"Shown"');
    if (kind === 'past' || !calendarShown) r.cannot(`the month shown has no ${kind === 'soldOut' ? 'sold-out' : kind} day, and the calendar is loading another month`);
    const shown = await shownMonth(r);
    await button(r, 'calendar.nextMonth').click();
    await r.page.waitForFunction((m) => !document.querySelector(`main button[data-date^="${m}"]`), shown);
    if ((await days().count()) === 0) r.cannot(`neither this month nor the next has a ${kind} day`);
  }
  return days().first();
}

/** Chooses a day that cannot be booked (focusable, marked aria-disabled): by keyboard, as the grid offers it. */
async function pressDay(day: Locator): Promise<void> {
  await day.focus();
  await day.press('Enter');
}

/** The group tour's mandatory questions answered (the model's one mandatory question). */
async function answerMandatory(r: Replay, text: string): Promise<void> {
  const Q = DEMO.questions;
  await question(r, Q.ageGroup).getByRole('radio').first().check();
  await question(r, Q.language).getByRole('combobox').selectOption({ index: 1 });
  await question(r, Q.groupName).getByRole('textbox').fill(text);
}

/** The calendar region, as the tour page shows it (the tour's last day from its lifetime). */
const calendar = calendarRegion('Tour page.Booking.Calendar', {
  request: 'calendar',
  modelToday: TODAY,
  lastDay: async (r) => (await r.api<{ last: string | null }>(`tour/lifetime/tour/${tourOf(r)}`)).last,
});

/** A tour page's own heading: the tour's name (or "Guided tour" while it loads), never "Tour not found". */
const notFoundHeading = (r: Replay) => main(r).getByRole('heading', { level: 1, name: r.words('tour.notFoundTitle', { whole: true }) });

export const tourBookingBinding: ReplayBinding = {
  machine: 'tourBooking',
  lang: 'en',
  requests: {
    tours: (url) => /\/api\/[a-z]{2}\/tour\/select\/event$/.test(url.pathname),
    lifetime: (url) => /\/api\/[a-z]{2}\/tour\/lifetime\/tour\/\d+$/.test(url.pathname),
    calendar: (url) => CALENDAR.test(url.pathname),
    single: (url) => /\/api\/[a-z]{2}\/tour$/.test(url.pathname),
  },

  async prepare(r) {
    r.memo.tour = sceneTour(r.plan);
    watchCalendar(r, (url) => CALENDAR.test(url.pathname));
    // a tour opened again by the browser's Back list, with its date: the visitor came from its page
    if (r.plan.steps.some((s) => s.name === 'OPEN_TOUR' && s.event.date) && (r.plan.input as { tourId?: number }).tourId === undefined) {
      const day = (await daysOf(r, T.highlightsDe)).open[0] ?? r.cannot('the highlights have no day with places this month or the next');
      await r.page.goto(`${tourPath(r, T.highlightsDe)}?date=${day}`);
      visit(r, tourPath(r, T.highlightsDe));
      await dateGrid(r).waitFor();
      r.memo.came = true;
    }
  },

  async start(r) {
    const input = r.plan.input as { tourId?: number; date?: string };
    if (input.tourId === undefined) {
      if (r.memo.came) await main(r).getByRole('link', { name: r.words('tour.backToList', { whole: true }) }).click();
      else await r.page.goto(listPath(r));
      visit(r, listPath(r));
      return;
    }
    const path = tourPath(r, tourOf(r));
    visit(r, path);
    const all = await daysOf(r, tourOf(r));
    // the day shown has at least as many times as the model's day, so each of the model's times has its own
    // radio (today after the first tour has begun has fewer): the page is then opened at such a day
    const needed = timesNeeded(r.plan);
    const days = { ...all, open: all.open.filter((d) => all.timesOn(d) >= needed) };
    const laterFirst = days.open[0] !== all.open[0];
    // a day whose month has another day with places, so a path can choose that one while another month
    // loads (the grid keeps the month shown until then), whichever day of the month today is: late in a
    // month the tour may have one day with places left
    const withAnother = (candidates: string[]) => candidates.find((d) => days.open.some((o) => o !== d && monthOf(o) === monthOf(d))) ?? candidates[0];
    if (!input.date) {
      // without a date the page takes the first day with places; when that one is alone in its month and the
      // path chooses another day, the page is opened at the first day that is not alone: a requested day
      // with places takes the same transitions (Choosing start date → Loading single)
      const first = days.open[0];
      const choosesAnother = labels(r.plan).includes('SELECT_DATE [isDayAvailable]');
      const day = first === undefined ? undefined : withAnother(days.open);
      if (day === undefined) return void (await r.page.goto(path));
      if (laterFirst && !choosesAnother) return void (await r.page.goto(`${path}?date=${first ?? day}`));
      if (!choosesAnother || day === first) return void (await r.page.goto(laterFirst ? `${path}?date=${day}` : path));
      return void (await r.page.goto(`${path}?date=${day}`));
    }
    // the model's requested day: a sold-out day (its first available is then taken), or a later day with places
    const requested = input.date.replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3');
    const day = requested === input.date ? withAnother(days.open.slice(1)) : withAnother(days.soldOut);
    await r.page.goto(`${path}?date=${day ?? r.cannot('the tour has no such day this month or the next')}`);
  },

  events: {
    // ---- the tour list
    'done:loadList': async (r) => r.answer('tours', { server: true }),
    'error:loadList': async (r) => r.answer('tours', { drop: true }),
    RETRY: async (r, step) => {
      const from = JSON.stringify(step.from);
      await pressRetry(r, from.includes('List failed') ? 'tours.listFailed' : from.includes('Page failed') ? 'tour.pageFailed' : from.includes('Single failed') ? 'tour.dayFailed' : 'calendar.monthFailed');
    },
    SET_LANGUAGE_FILTER: async (r) => {
      // another language than the one the list shows (the model's German list goes to English)
      const select = main(r).getByLabel(r.words('tours.language', { whole: true }));
      await select.selectOption((await select.inputValue()) === 'de' ? 'en' : 'de');
    },
    SET_DATE_FILTER: async (r) => {
      // a day of the next days that has tours (the model's "in four days")
      const days = main(r).locator('.tour-dates__quick').getByRole('button');
      await days.last().click();
      if ((await days.last().getAttribute('aria-pressed')) !== 'true') throw new Mismatch('the day chosen is not shown as chosen');
    },
    SET_CATEGORY_FILTER: async (r) => {
      await main(r).getByLabel(r.words('tours.category', { whole: true })).selectOption(String(DEMO.groups.privateTours));
    },
    SET_VENUE_FILTER: async (r) => {
      // the Art Hall has no tour in English: the list says so and offers every tour again
      await main(r).getByLabel(r.words('tours.venue', { whole: true })).selectOption(String(DEMO.venues.artHall));
    },
    CLEAR_FILTERS: async (r) => {
      await main(r).getByTestId('no-results').getByRole('button', { name: r.words('tours.showAll', { whole: true }) }).click();
    },
    OPEN_TOUR: async (r, step) => {
      if (JSON.stringify(step.from).includes('Tour page')) {
        // a tour page has no link to another tour: the browser's Back list, to the page the visitor came from (with its date)
        await goBackTo(r, tourPath(r, T.highlightsDe), 'a tour page has no link to another tour, and the visitor has not been on its page before', {
          request: 'lifetime',
          matches: (url) => url.pathname.endsWith(`/tour/${String(T.highlightsDe)}`),
        });
        return;
      }
      if (step.event.date) r.cannot("a tour's link has no date: a date comes only with an address typed or bookmarked");
      // the first tour the list shows, other than the one the visitor came from
      const shown = main(r).getByTestId('tour-card');
      await shown.first().waitFor();
      const links = await shown.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      const href = links.find((h) => h !== tourPath(r, T.highlightsDe)) ?? r.cannot('the list shows no other tour');
      await main(r).locator(`a[href="${href}"]`).click();
      visit(r, href);
    },
    BACK_TO_LIST: async (r) => {
      await main(r).getByRole('link', { name: r.words('tour.backToList', { whole: true }) }).click();
      visit(r, listPath(r));
    },

    // ---- the tour page's first answers
    'done:loadLimits [isLifetimeOver]': async (r) => {
      const today = museumToday();
      await r.answer('lifetime', { edit: () => ({ data: { first: addDays(today, -60), last: addDays(today, -1) } }) });
    },
    'done:loadLimits': async (r) => r.answer('lifetime', { server: true }),
    'error:loadLimits [isHttpFailure]': async (r) => r.answer('lifetime', { url: (url) => url.href.replace(/\/tour\/\d+$/, `/tour/${NO_SUCH_TOUR}`) }),
    'error:loadLimits': async (r) => r.answer('lifetime', { drop: true }),
    'done:loadCalendar': async (r, step) => {
      const offered = Object.values(outputOf<CalendarAnswer>(step)).some((day) => Object.values(day).some((t) => !t.soldout));
      if (offered) return r.answer('calendar', { server: true });
      // no day with places in the months loaded: every time of the server's calendar sold out
      const soldOut = (body: unknown): Body<CalendarAnswer> => ({
        data: Object.fromEntries(Object.entries((body as Body<CalendarAnswer>).data).map(([d, ts]) => [d, Object.fromEntries(Object.entries(ts).map(([t, s]) => [t, { ...s, remaining: 0, tours_remaining: 0, soldout: true }]))])),
      });
      await r.answer('calendar', { edit: soldOut });
    },
    'error:loadCalendar [isHttpFailure]': async (r) => r.answer('calendar', { url: (url) => url.href.replace(/\/tour\/\d+\//, `/tour/${NO_SUCH_TOUR}/`) }),
    'error:loadCalendar': async (r) => r.answer('calendar', { drop: true }),

    // ---- the calendar (booking-page.ts)
    ...calendar.events,

    // ---- date, time, counts, answers
    'SELECT_DATE [isDayAvailable]': async (r, step) => (await dayOf(r, step, 'available')).click(),
    'SELECT_DATE [isDaySoldOut]': async (r, step) => pressDay(await dayOf(r, step, 'soldOut')),
    SELECT_DATE: async (r, step) => {
      // a past day, or a day without the tour: pressed, and nothing happens. Both take this one transition, so
      // when the month shown has no past day (the 1st, or the tour's first day with places is next month)
      // a day without the tour stands in for it, and the replay does not depend on today's date
      const past = String(step.event.date) < TODAY;
      const pastDays = dateGrid(r).locator('td.date-grid__cell--past[aria-selected="false"] button[data-date]');
      if (past) await dateGrid(r).waitFor();
      await pressDay(await dayOf(r, step, past && (await pastDays.count()) > 0 ? 'past' : 'unavailable'));
    },
    'done:loadSingle': async (r, step) => {
      const model = outputOf<TourDetail>(step);
      await r.answer('single', { edit: (body) => asTheModelsDay(body, model, tourOf(r) === T.privateGroup) });
    },
    'error:loadSingle [isHttpFailure]': async (r) => r.answer('single', { url: (url) => url.href.replace(/([?&]tour=)\d+/, `$1${NO_SUCH_TOUR}`) }),
    'error:loadSingle': async (r) => r.answer('single', { drop: true }),
    'SELECT_TIME [isTimeOffered]': async (r, step) => {
      await offeredTime(r, step).check();
    },
    'SELECT_TIME [isTimeSoldOut]': async (r, step) => {
      // a sold-out time is announced as unavailable (aria-disabled) and can still be chosen: the page says it is sold out
      const radio = offeredTime(r, step);
      if ((await radio.getAttribute('aria-disabled')) !== 'true') throw new Mismatch('the sold-out time is not marked unavailable');
      // Playwright counts aria-disabled as not enabled; a visitor's click still reaches the radio
      await radio.click({ force: true });
    },
    SELECT_TIME: async (r, step) => {
      // a time of the day the chart does not take: chosen as a visitor would (it must not stay unchosen)
      const radio = timeRadio(r, step);
      if (radio) return radio.check();
      // a time the day does not offer: the page has no radio for it
      const time = String(step.event.time);
      if ((await main(r).getByRole('radio', { name: new RegExp(`^${time}\\b`) }).count()) > 0) throw new Mismatch(`the page offers ${time}, which the day does not have`);
    },
    SET_MODE: async (r) => {
      await main(r).getByRole('radio', { name: r.words('tour.modeComplete', { whole: true }) }).check();
    },
    SET_TOURS: async (r, step) => {
      // the model's whole tour is the first entry of the price list
      const tours = main(r).locator('.tour-counts').filter({ has: r.page.getByRole('heading', { name: r.words('tour.toursHeading', { whole: true }) }) });
      await tours.getByRole('textbox').first().fill(String(step.event.count));
    },
    SET_TICKETS: async (r, step) => {
      // the model's adult ticket: the tour's first ticket without parts; a count that is not a number is typed as it is
      const ticket = (await shownTour(r)).tickets.find((t) => t.subtickets.length === 0) ?? r.cannot('the tour has no ticket without parts');
      await counter(r, ticket.name).fill(String(step.event.count));
    },
    SET_SUBTICKETS: async (r, step) => {
      // the model's family ticket and its adults or children: the demo's family ticket's
      const family = (await shownTour(r)).tickets.find((t) => t.subtickets.length > 0) ?? r.cannot('the tour has no ticket with parts');
      const part = family.subtickets[step.event.subticketId === 2111 ? 0 : 1] ?? r.cannot('the family ticket has no such part');
      await counter(r, part.name, main(r).locator('fieldset.ticket-group').filter({ hasText: family.name })).fill(String(step.event.count));
    },
    'SET_PARTICIPANTS [asksGroupSize]': async (r, step) => {
      await participants(r).fill(String(step.event.count));
    },
    SET_PARTICIPANTS: async (r) => {
      // the tickets make the group: the page asks for no group size (the model's event is not taken)
      if ((await participants(r).count()) > 0) throw new Mismatch('the page asks for the group size, though the tickets make the group');
    },
    SET_ANSWER: async (r, step) => {
      // the model's group name (mandatory) is the demo's mandatory questions; its needs the accessibility needs
      if (step.event.questionId === 2131) await answerMandatory(r, String(step.event.value));
      else await question(r, DEMO.questions.accessibility).getByRole('checkbox').first().check();
    },
    CLEAR_ANSWER: async (r) => {
      await question(r, DEMO.questions.groupName).getByRole('button', { name: r.words('tour.clearAnswer') }).click();
    },
    ADD_TO_CART: async (r) => {
      await addButton(r).click();
    },
    BUY_MORE: async (r) => {
      await button(r, 'tour.bookMore').click();
    },
  },

  states: {
    'Tour list': async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 1, name: r.words('title.guidedTours', { whole: true }) }), 'the heading "Guided tours"');
    },
    'Tour list.Loading list': async (r) => {
      await r.shows(status(r, 'tours.loadingList'), 'the "loading the tours" notice');
      await r.lacks(main(r).getByTestId('tour-card'), 'a tour');
    },
    'Tour list.Showing tours': async (r) => {
      await r.lacks(status(r, 'tours.loadingList'), 'the "loading the tours" notice');
      await r.lacks(alert(r, 'tours.listFailed'), 'the "tours failed" notice');
      if ((await main(r).getByTestId('tour-card').count()) === 0) await r.shows(main(r).getByTestId('no-results'), 'a tour or "no results"');
    },
    'Tour list.List failed': async (r) => {
      await r.shows(alert(r, 'tours.listFailed'), 'the "tours failed" notice');
      await r.shows(button(r, 'page.retry'), 'the "Try again" button');
    },
    'Tour page': async (r) => {
      await r.shows(main(r).getByRole('link', { name: r.words('tour.backToList', { whole: true }) }), 'the "all guided tours" link');
    },
    'Tour page.Loading limits': async (r) => {
      // (the dates the tour is offered stay shown while they are asked again)
      await r.shows(status(r, 'tour.loadingTour'), 'the "loading the tour" notice');
      await r.lacks(dateGrid(r), 'the calendar');
    },
    'Tour page.Loading calendar': async (r) => {
      await r.shows(status(r, 'tour.loadingTour'), 'the "loading the tour" notice');
      await r.shows(main(r).getByTestId('tour-lifetime'), 'the dates the tour is offered');
      await r.lacks(dateGrid(r), 'the calendar');
    },
    'Tour page.Tour not found': async (r) => {
      await r.shows(notFoundHeading(r), 'the "tour not found" heading');
      await r.shows(main(r).getByTestId('tour-not-found'), 'the "tour not found" notice');
      await r.lacks(dateGrid(r), 'the calendar');
    },
    'Tour page.Tour over': async (r) => {
      await r.shows(main(r).getByTestId('tour-over'), 'the "tour over" notice');
      await r.lacks(dateGrid(r), 'the calendar');
      await r.lacks(notFoundHeading(r), 'the "tour not found" heading');
    },
    'Tour page.Page failed': async (r) => {
      await r.shows(alert(r, 'tour.pageFailed'), 'the "tour failed" notice');
      await r.shows(button(r, 'page.retry'), 'the "Try again" button');
      await r.lacks(dateGrid(r), 'the calendar');
    },
    'Tour page.Booking': async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 2, name: r.words('tour.stepDate', { whole: true }) }), 'the date step');
      await r.shows(dateGrid(r), 'the calendar');
      await r.lacks(status(r, 'tour.loadingTour'), 'the "loading the tour" notice');
    },
    ...calendar.states,
    'Tour page.Booking.Selection.Nothing to book': async (r) => {
      await r.lacks(times(r), 'a time to choose');
      await r.lacks(addButton(r), 'the counts');
      await r.lacks(main(r).getByTestId('day-sold-out'), 'the "day sold out" notice');
      await r.lacks(status(r, 'tour.loadingDay'), 'the "loading the times" notice');
      // the month shown says why nothing is chosen, or has a day to choose
      const said = main(r).getByTestId('tour-sold-out').or(main(r).getByTestId('tour-no-dates')).or(dateGrid(r).locator('td.date-grid__cell--available'));
      await r.shows(said, 'the "sold out" or "no dates" notice, or a day with places');
    },
    'Tour page.Booking.Selection.Day sold out': async (r) => {
      await r.shows(main(r).getByTestId('day-sold-out'), 'the "day sold out" notice');
      await r.lacks(times(r), 'a time to choose');
      await r.lacks(addButton(r), 'the counts');
    },
    'Tour page.Booking.Selection.Loading single': async (r) => {
      await r.shows(status(r, 'tour.loadingDay'), 'the "loading the times" notice');
      await r.lacks(addButton(r), 'the counts');
      await r.lacks(main(r).getByTestId('day-sold-out'), 'the "day sold out" notice');
    },
    'Tour page.Booking.Selection.Single failed': async (r) => {
      await r.shows(alert(r, 'tour.dayFailed'), 'the "times failed" notice');
      await r.lacks(addButton(r), 'the counts');
    },
    'Tour page.Booking.Selection.Setting counts': async (r) => {
      await r.shows(times(r).and(r.page.locator(':checked')), 'the chosen time');
      await r.shows(addButton(r), 'the counts with "Add to cart"');
      await r.lacks(main(r).getByTestId('added-to-cart'), 'the "in your cart" notice');
      await r.lacks(main(r).getByTestId('day-sold-out'), 'the "day sold out" notice');
    },
    'Tour page.Booking.Selection.Setting counts.Editing': async (r) => {
      // (a question left unanswered at the last "Add to cart" keeps saying so until it is answered)
      await r.lacks(main(r).getByTestId('count-problem'), 'the counts\' problem');
      await r.lacks(alert(r, 'tour.timeSoldOut'), 'the "time sold out" notice');
    },
    'Tour page.Booking.Selection.Setting counts.Time sold out': async (r) => {
      await r.shows(alert(r, 'tour.timeSoldOut'), 'the "time sold out" notice');
    },
    'Tour page.Booking.Selection.Setting counts.Counts invalid': async (r) => {
      await r.shows(main(r).getByTestId('count-problem'), 'the counts\' problem');
    },
    'Tour page.Booking.Selection.Setting counts.Answers missing': async (r) => {
      await r.shows(main(r).getByTestId('answers-missing'), 'the "answer all mandatory fields" notice');
      await r.shows(main(r).getByTestId('answer-error'), 'the error at the question');
      await r.lacks(main(r).getByTestId('count-problem'), 'the counts\' problem');
    },
    'Tour page.Booking.Selection.Added to cart': async (r) => {
      await r.shows(main(r).getByTestId('added-to-cart'), 'the "in your cart" notice');
      await r.lacks(addButton(r), 'the counts');
    },
  },
};
