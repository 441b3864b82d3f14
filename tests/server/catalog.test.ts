/**
 * Catalogue endpoints of §7 (tours, events and tickets, merchandise and passes, vouchers and
 * voucher codes) against the reference server on a fresh database with the demo data. Dates are
 * derived from the server's clock, as the demo schedules are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { ApiError } from '../../src/api/http.js';
import { LANGUAGES } from '../../src/api/languages.js';
import { DEMO, nextWeekday } from '../../src/server/seed/demo.js';
import { addDays, isoWeekday } from '../../src/domain/dates.js';
import { museumLocal } from '../../src/domain/museum-clock.js';

let server: TestServer;
const apiFor = (lang: string): ShopApi => createShopApi({ baseURL: server.apiBase, lang: () => lang });
let api: ShopApi;
const today = () => museumLocal(server.clock.now).date;
const compact = (d: string) => d.replace(/-/g, '');

async function raw(path: string): Promise<{ status: number; body: { error?: string; message?: string; fields?: Record<string, string[]>; data?: unknown } }> {
  const res = await fetch(`${server.apiBase}/${path}`);
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  // 06:00 UTC: every demo slot of "today" is still ahead, so the next days are fully bookable
  const now = new Date();
  now.setUTCHours(6, 0, 0, 0);
  server = await startTestServer({ now });
  api = apiFor('en');
});
afterAll(async () => {
  await server.close();
});

describe('guided tours', () => {
  it('tour/select/event lists every tour with the fields of §3 in the request language', async () => {
    const { tours } = await api.getTours();
    expect(tours.map((t) => t.id).sort()).toEqual(Object.values(DEMO.tours).sort());
    const de = (await apiFor('de').getTours()).tours;
    const highlights = tours.find((t) => t.id === DEMO.tours.highlightsDe);
    expect(highlights).toMatchObject({ name: 'Highlights of the collection', langIdentifier: 'de', langName: 'German', single_ticketing: 1, book_complete_tour: 0, museumId: 1 });
    expect(de.find((t) => t.id === DEMO.tours.highlightsDe)).toMatchObject({ name: 'Highlights der Sammlung', langName: 'Deutsch' });
    expect(highlights?.eventName).toBe('The Lakeside Collection – permanent exhibition');
    expect(highlights?.tickets.find((t) => t.id === DEMO.tourTickets.highlightsFamily)?.subtickets).toHaveLength(2);
    const privateTour = tours.find((t) => t.id === DEMO.tours.privateGroup);
    expect(privateTour).toMatchObject({ single_ticketing: 0, book_complete_tour: 1, booking_without_tickets: 1, max_participants: 25 });
    expect(tours.find((t) => t.id === DEMO.tours.architecture)).toMatchObject({ single_ticketing: 1, book_complete_tour: 1, venue: { id: DEMO.venues.artHall } });
    expect(new Set(tours.map((t) => t.venue.id)).size).toBe(2);
    expect(new Set(tours.map((t) => t.langIdentifier))).toEqual(new Set(['de', 'en', 'fr', 'it']));
  });

  it('names every tour in each of the eight languages', async () => {
    const names = new Set<string>();
    for (const lang of LANGUAGES) names.add((await apiFor(lang).getTours()).tours.find((t) => t.id === DEMO.tours.privateGroup)?.name ?? '');
    expect(names.size).toBe(8);
  });

  it('tour/attr answers the categories, venues and languages of the tours', async () => {
    const attr = await apiFor('fr').getTourAttributes();
    expect(attr.category.map((c) => c.id)).toEqual(expect.arrayContaining([DEMO.groups.publicTours, DEMO.groups.privateTours, DEMO.groups.kidsTours, DEMO.groups.architecture]));
    expect(attr.category.find((c) => c.id === DEMO.groups.publicTours)?.name).toBe('Visites publiques');
    expect(attr.venues).toHaveLength(2);
    expect(attr.languages.find((l) => l.id === 'it')?.name).toBe('Italien');
  });

  it('tour?tour&date answers the schedule of that date, a price list overridden by the evening slot, and questions of every type', async () => {
    const thursday = nextWeekday(server.clock.now, 4);
    const tour = await api.getTour(DEMO.tours.privateGroup, thursday);
    expect(tour.date).toBe(thursday);
    expect(tour.schedule.map((s) => s.time)).toEqual(['09:00', '10:30', '14:00', '18:30']);
    const evening = tour.schedule.find((s) => s.time === '18:30');
    expect(evening?.priceList?.find((p) => p.id === DEMO.tourPrices.groupTour)?.price).toBe(32000);
    expect(tour.schedule.find((s) => s.time === '09:00')?.priceList).toBeNull();
    expect(tour.priceList.find((p) => p.id === DEMO.tourPrices.groupTour)?.price).toBe(25000);
    expect(evening).toMatchObject({ tours: 3, tours_remaining: 3, remaining: 75, soldout: false, timeslotId: Number(`${compact(thursday)}1830`) });
    expect(tour.questions.map((q) => q.type).sort()).toEqual(['checkbox', 'number', 'radio', 'select', 'text', 'textarea']);
    expect(tour.questions.some((q) => q.mandatory)).toBe(true);
    expect(tour.questions.some((q) => !q.mandatory)).toBe(true);
    expect(tour.questions.find((q) => q.type === 'radio')?.options.length).toBeGreaterThan(1);
    expect(tour.questions.find((q) => q.type === 'number')).toMatchObject({ min: 0, max: 25 });
  });

  it('tour?tour without a date answers the next bookable day', async () => {
    const tour = await api.getTour(DEMO.tours.highlightsEn);
    expect(tour.date).not.toBeNull();
    expect([6, 7]).toContain(isoWeekday(tour.date ?? ''));
    expect(tour.schedule).toHaveLength(1);
  });

  it('tour answers 404 for an unknown tour and 422 for a malformed or missing id or date', async () => {
    expect(await failure(api.getTour(999))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    for (const path of ['en/tour', 'en/tour?tour=abc', 'en/tour?tour=0', `en/tour?tour=${DEMO.tours.kids}&date=2026-02-30`, `en/tour?tour=${DEMO.tours.kids}&date=tomorrow`]) {
      const res = await raw(path);
      expect(res.status, path).toBe(422);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
  });

  it('tour/overview answers date → bookable tour ids, leaving out sold-out days', async () => {
    const start = today();
    const overview = await api.getTourOverview(start, 6);
    expect(Object.keys(overview)).toHaveLength(7);
    const wednesday = nextWeekday(server.clock.now, 3, 0);
    const tuesday = nextWeekday(server.clock.now, 2, 0);
    expect(overview[wednesday]).not.toContain(DEMO.tours.highlightsDe);
    expect(overview[tuesday]).toContain(DEMO.tours.highlightsDe);
    expect(overview[tuesday]).not.toContain(DEMO.tours.highlightsEn);
  });

  it('tour/overview answers 422 for a missing date or a too long lookahead', async () => {
    expect((await raw('en/tour/overview')).status).toBe(422);
    expect((await raw(`en/tour/overview?date=${today()}&lookahead=500`)).status).toBe(422);
    expect((await raw(`en/tour/overview?date=${today()}&lookahead=-1`)).status).toBe(422);
  });

  it('tour/soldout lists the sold-out dates of the range (every Wednesday of the public tour)', async () => {
    const start = addDays(today(), 1);
    const end = addDays(start, 27);
    const dates = await api.getTourSoldOutDates(DEMO.tours.highlightsDe, start, end);
    expect(dates.length).toBe(4);
    expect(dates.every((d) => isoWeekday(d) === 3)).toBe(true);
    expect(await api.getTourSoldOutDates(DEMO.tours.highlightsEn, start, end)).toEqual([]);
  });

  it('tour/soldoutTimeslots lists the sold-out times of a date', async () => {
    expect(await api.getTourSoldOutTimeslots(DEMO.tours.highlightsDe, nextWeekday(server.clock.now, 6))).toEqual(['11:00']);
    expect(await api.getTourSoldOutTimeslots(DEMO.tours.highlightsDe, nextWeekday(server.clock.now, 2))).toEqual([]);
    expect(await api.getTourSoldOutTimeslots(DEMO.tours.privateGroup, nextWeekday(server.clock.now, 5))).toEqual(['14:00']);
  });

  it('tour/calendar answers date → time → timeslotId, remaining and soldout', async () => {
    const monday = nextWeekday(server.clock.now, 1);
    const calendar = await api.getTourCalendar(DEMO.tours.privateGroup, monday, addDays(monday, 6));
    expect(Object.keys(calendar)).toHaveLength(5);
    const friday = addDays(monday, 4);
    expect(calendar[friday]?.['14:00']).toMatchObject({ soldout: true, tours_remaining: 0 });
    expect(calendar[friday]?.['09:00']).toMatchObject({ soldout: false, remaining: 75, timeslotId: Number(`${compact(friday)}0900`) });
    expect(calendar[addDays(monday, 3)]?.['18:30']).toBeDefined();
  });

  it('tour/lifetime answers first and last day', async () => {
    const life = await api.getTourLifetime(DEMO.tours.kids);
    expect(life.first <= today() && today() <= life.last).toBe(true);
    expect(life.last).toBe(addDays(today(), 180));
  });

  it('tour range, date and lifetime calls answer 404 for unknown tours and 422 for malformed parameters', async () => {
    const s = compact(addDays(today(), 1));
    const e = compact(addDays(today(), 10));
    for (const path of [`tour/soldout/tour/999/range/${s};${e}`, `tour/soldoutTimeslots/tour/999/date/${s}`, `tour/calendar/tour/999/range/${s};${e}`, 'tour/lifetime/tour/999']) {
      const res = await raw(`en/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
    const id = DEMO.tours.highlightsDe;
    for (const path of [
      `tour/soldout/tour/${id}/range/${e};${s}`,
      `tour/soldout/tour/${id}/range/2026-01-01;2026-02-01`,
      `tour/soldout/tour/${id}/range/20260101;20280101`,
      `tour/soldout/tour/x/range/${s};${e}`,
      `tour/soldoutTimeslots/tour/${id}/date/20261340`,
      `tour/calendar/tour/${id}/range/${s};99999999`,
      'tour/lifetime/tour/abc',
    ]) {
      const res = await raw(`en/${path}`);
      expect(res.status, path).toBe(422);
      expect(res.body.error, path).toBe('VALIDATION_FAILED');
    }
  });
});

describe('events and tickets', () => {
  it('event/select orders by sequence_no, then (sequence_no 0) by sorting_datetime, and marks the expired event', async () => {
    const events = await api.getEvents();
    expect(events.map((e) => e.id)).toEqual([DEMO.events.collection, DEMO.events.summerNight, DEMO.events.dayPass, DEMO.events.lightAndWater, DEMO.events.workshop]);
    expect(events.find((e) => e.id === DEMO.events.summerNight)).toMatchObject({ expired: true });
    expect(events.filter((e) => e.expired)).toHaveLength(1);
    expect((events.find((e) => e.id === DEMO.events.summerNight)?.end ?? '9999') < today()).toBe(true);
    expect(new Set(events.map((e) => e.venue.id)).size).toBe(2);
    expect(events.find((e) => e.id === DEMO.events.collection)?.custom_groups.map((g) => g.name)).toEqual(['Exhibitions', 'For families']);
  });

  it('names every event in each of the eight languages', async () => {
    const names = new Set<string>();
    for (const lang of LANGUAGES) names.add((await apiFor(lang).getEvents()).find((e) => e.id === DEMO.events.lightAndWater)?.name ?? '');
    expect(names.size).toBe(8);
  });

  it('ticket/collect/event/{id}/date/{date} answers the tickets with their slots of that date and the event timeslots', async () => {
    const tuesday = nextWeekday(server.clock.now, 2);
    const collection = await api.getTickets(DEMO.events.collection, tuesday);
    expect(collection.date).toBe(tuesday);
    expect(collection.tickets.map((t) => t.id)).toEqual([DEMO.tickets.collectionAdult, DEMO.tickets.collectionReduced, DEMO.tickets.collectionChild, DEMO.tickets.collectionFamily]);
    const adult = collection.tickets[0];
    expect(adult).toMatchObject({ mode: 1, price: 1800, vat_value: 8.1, eventId: DEMO.events.collection, family: 0, group_id: 1, group_name: 'Individual tickets' });
    expect(adult?.schedule).toHaveLength(8);
    expect(adult?.schedule.find((s) => s.datetime === `${tuesday} 17:00`)).toEqual({ datetime: `${tuesday} 17:00`, datetime_end: `${tuesday} 18:00`, max_tickets: 10 });
    expect(adult?.schedule.find((s) => s.datetime === `${tuesday} 10:00`)?.max_tickets).toBe(40);
    expect(collection.timeslot).toEqual(adult?.schedule);
    const family = collection.tickets.find((t) => t.id === DEMO.tickets.collectionFamily);
    expect(family?.family).toBe(1);
    expect(family?.subtickets.find((s) => s.id === DEMO.subtickets.familyAdults)).toMatchObject({ min_quantity: 2, max_quantity: 2 });
    expect(family?.subtickets.find((s) => s.id === DEMO.subtickets.familyChildren)).toMatchObject({ min_quantity: 1, max_quantity: 4 });
  });

  it('has a sold-out day: every Monday of the permanent collection is fully booked', async () => {
    const monday = nextWeekday(server.clock.now, 1);
    const collection = await api.getTickets(DEMO.events.collection, monday);
    expect(collection.timeslot.length).toBeGreaterThan(0);
    expect(collection.timeslot.every((s) => s.max_tickets === 0)).toBe(true);
  });

  it('answers mode 3 day tickets, a mode 5 contingent and a group ticket with a fixed-count subticket', async () => {
    const day = await api.getTickets(DEMO.events.dayPass, addDays(today(), 2));
    expect(day.tickets.map((t) => t.mode)).toEqual([3, 3]);
    expect(day.tickets[0]?.schedule).toEqual([{ datetime: `${addDays(today(), 2)} 10:00`, datetime_end: `${addDays(today(), 2)} 18:00`, max_tickets: 200 }]);
    const thursday = nextWeekday(server.clock.now, 4);
    const light = await api.getTickets(DEMO.events.lightAndWater, thursday);
    const curator = light.tickets.find((t) => t.id === DEMO.tickets.lightAndWaterCurator);
    expect(curator).toMatchObject({ mode: 5, book_with_cost: 1, book_with_cost_warn: 1 });
    expect(curator?.schedule).toEqual([{ datetime: `${thursday} 18:00`, datetime_end: `${thursday} 19:00`, max_tickets: 12 }]);
    expect(light.timeslot).toHaveLength(16);
    expect(light.timeslot.every((s) => s.max_tickets === 15)).toBe(true);
    const group = light.tickets.find((t) => t.id === DEMO.tickets.lightAndWaterGroup);
    expect(group?.subtickets.find((s) => s.id === DEMO.subtickets.groupLeader)).toMatchObject({ min_quantity: 1, max_quantity: 1, price: 0 });
  });

  it('answers the workshop with every mode 1 and 5 slot at 0 places, so its tickets are hidden', async () => {
    const workshop = await api.getTickets(DEMO.events.workshop);
    expect(workshop.date).not.toBeNull();
    expect(workshop.tickets.map((t) => t.mode)).toEqual([1, 5]);
    for (const t of workshop.tickets) {
      expect(t.schedule.length).toBeGreaterThan(0);
      expect(t.schedule.every((s) => s.max_tickets === 0)).toBe(true);
    }
  });

  it('answers the expired event without slots, and without a date the next bookable day', async () => {
    const expired = await api.getTickets(DEMO.events.summerNight);
    expect(expired.event.expired).toBe(true);
    expect(expired.date).toBeNull();
    expect(expired.tickets[0]?.schedule).toEqual([]);
    const next = await api.getTickets(DEMO.events.collection);
    // today (07:00 museum time) unless it is a sold-out Monday
    expect(next.date).toBe(isoWeekday(today()) === 1 ? addDays(today(), 1) : today());
  });

  it('ticket/collect answers 404 for an unknown event and 422 for a malformed id or date', async () => {
    expect(await failure(api.getTickets(999))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await failure(api.getTickets(999, today()))).toMatchObject({ status: 404 });
    expect((await raw('en/ticket/collect/event/abc')).status).toBe(422);
    expect((await raw(`en/ticket/collect/event/${DEMO.events.collection}/date/2026-02-31`)).status).toBe(422);
    expect((await raw(`en/ticket/collect/event/${DEMO.events.collection}/date/soon`)).status).toBe(422);
  });

  it('ticket/calendar?deep=1 answers date → places left, 0 on the sold-out Mondays of the next 30 days', async () => {
    const start = today();
    const end = addDays(start, 29);
    const calendar = await api.getTicketCalendar(DEMO.events.collection, start, end);
    const mondays = Object.keys(calendar).filter((d) => isoWeekday(d) === 1);
    expect(mondays.length).toBeGreaterThanOrEqual(4);
    for (const d of mondays) expect(calendar[d], d).toBe(0);
    const tuesday = nextWeekday(server.clock.now, 2);
    expect(calendar[tuesday]).toBe(7 * 40 + 10);
    const flags = (await raw(`en/ticket/calendar/event/${DEMO.events.collection}/range/${compact(start)};${compact(end)}`)).body.data as Record<string, number>;
    expect(flags[tuesday]).toBe(1);
    expect(flags[mondays[0] ?? '']).toBe(0);
  });

  it('ticket/calendar answers 404 for an unknown event and 422 for malformed ranges or deep', async () => {
    const s = compact(today());
    const e = compact(addDays(today(), 5));
    expect((await raw(`en/ticket/calendar/event/999/range/${s};${e}?deep=1`)).status).toBe(404);
    for (const path of [`${DEMO.events.collection}/range/${e};${s}?deep=1`, `${DEMO.events.collection}/range/${s};${e}?deep=2`, `${DEMO.events.collection}/range/${s}-${e}`, `${DEMO.events.collection}/range/${s};`]) {
      const res = await raw(`en/ticket/calendar/event/${path}`);
      expect([404, 422], path).toContain(res.status);
      expect(res.body.error, path).toMatch(/VALIDATION_FAILED|NOT_FOUND/);
    }
    expect((await raw(`en/ticket/calendar/event/${DEMO.events.collection}/range/${e};${s}?deep=1`)).status).toBe(422);
  });

  it('ticket/lifetime answers first and last day, 422 without event, 404 for an unknown one', async () => {
    const expired = await api.getTicketLifetime(DEMO.events.summerNight);
    expect(expired).toEqual({ first: addDays(today(), -40), last: addDays(today(), -20) });
    expect((await raw('en/ticket/lifetime')).status).toBe(422);
    expect((await raw('en/ticket/lifetime?event=x')).status).toBe(422);
    expect(await failure(api.getTicketLifetime(999))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('merchandise and annual passes', () => {
  it('merchandise/select answers articles with stock (one out of stock) and passes of product kind 13', async () => {
    const all = await api.getMerchandise();
    expect(all).toHaveLength(8);
    expect(all.find((m) => m.id === DEMO.outOfStock)?.stock).toBe(0);
    expect(all.find((m) => m.id === DEMO.merchandise.catalogue)).toMatchObject({ stock: 50, weight: 900, product_kind_ref: 1, custom_groups: [{ id: DEMO.groups.books, name: 'Books' }] });
    const passes = await api.getAnnualPasses();
    expect(passes.map((p) => p.id)).toEqual([DEMO.passes.individual, DEMO.passes.partner, DEMO.passes.family]);
    expect(passes.every((p) => p.product_kind_ref === 13)).toBe(true);
  });

  it('merchandise?article answers one article in the request language; 404 unknown, 422 malformed', async () => {
    expect((await apiFor('it').getArticle(DEMO.merchandise.guide)).name).toBe('Guida del museo');
    expect(await failure(api.getArticle(999))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await raw('en/merchandise')).status).toBe(422);
    expect((await raw('en/merchandise?article=1.5')).status).toBe(422);
  });

  it('merchandise/attr answers the categories (books, posters), with product_kind=13 those of passes', async () => {
    expect((await apiFor('de').getMerchandiseAttributes()).category).toEqual([{ id: DEMO.groups.books, name: 'Bücher' }, { id: DEMO.groups.posters, name: 'Poster' }]);
    expect((await api.getAnnualPassAttributes()).category).toEqual([{ id: DEMO.groups.annualPasses, name: 'Annual passes' }]);
    expect((await raw('en/merchandise/attr?product_kind=abc')).status).toBe(422);
  });
});

describe('vouchers and voucher codes', () => {
  it('voucher/select/event/ answers fixed and variable vouchers in groups', async () => {
    const vouchers = await api.getVouchers();
    expect(vouchers).toHaveLength(5);
    expect(vouchers.find((v) => v.id === DEMO.vouchers.variable)).toMatchObject({ variable_amount: 1, min_amount: 1000, max_amount: 50000 });
    expect(vouchers.find((v) => v.id === DEMO.vouchers.fifty)).toMatchObject({ variable_amount: 0, price: 5000, groupId: DEMO.voucherGroups.value });
    expect(new Set(vouchers.map((v) => v.groupId)).size).toBe(2);
  });

  it('voucher/selectOne/price/{id} answers one voucher; 404 unknown, 422 malformed', async () => {
    expect((await apiFor('sv').getVoucher(DEMO.vouchers.tourForTwo)).name).toBe('Guidad visning för två');
    expect(await failure(api.getVoucher(999))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await raw('en/voucher/selectOne/price/abc')).status).toBe(422);
  });

  it('voucher/attr answers the voucher categories as data.group', async () => {
    expect((await apiFor('nl').getVoucherAttributes()).group).toEqual([
      { id: DEMO.voucherGroups.value, name: 'Waardebonnen' },
      { id: DEMO.voucherGroups.experience, name: 'Belevingsbonnen' },
    ]);
  });

  it('voucher?voucher looks up a trimmed code and answers its amounts and validity', async () => {
    const valid = await api.lookUpVoucherCode(`  ${DEMO.voucherCodes.valid} `);
    expect(valid).toEqual({ barcode: DEMO.voucherCodes.valid, name: 'Gift voucher', amount: 5000, used_amount: 0, available_amount: 5000, valid_from: addDays(today(), -30), valid_to: addDays(today(), 365) });
    const raw1 = await raw(`en/voucher?voucher=%20${DEMO.voucherCodes.partlyUsed}%20`);
    expect(raw1.status).toBe(200);
    expect(raw1.body.data).toMatchObject({ amount: 10000, used_amount: 3500, available_amount: 6500 });
  });

  it('voucher?voucher answers 422 with the §5 code for used-up, not-yet-valid, expired and unknown codes', async () => {
    const cases: [string, string][] = [
      [DEMO.voucherCodes.usedUp, 'VOUCHER_NO_AMOUNT_LEFT'],
      [DEMO.voucherCodes.notYet, 'VOUCHER_NOW_IS_BEFORE_VALID_FROM'],
      [DEMO.voucherCodes.expired, 'VOUCHER_NOW_IS_AFTER_VALID_TO'],
      ['NO-SUCH-CODE', 'VOUCHER_NOT_FOUND'],
    ];
    for (const [code, expected] of cases) {
      expect(await failure(api.lookUpVoucherCode(code)), code).toMatchObject({ status: 422, code: expected });
    }
    const empty = await raw('en/voucher?voucher=%20%20');
    expect(empty.status).toBe(422);
    expect(empty.body.error).toBe('VALIDATION_FAILED');
    expect((await raw('en/voucher')).status).toBe(422);
  });
});

describe('robustness', () => {
  it('answers malformed paths and queries with 404 or 422 in the error envelope, never 500', async () => {
    const paths = [
      'tour?tour=%00', 'tour?tour=99999999999999999999', 'tour?tour=1e3', 'tour/overview?date=%E2%82%AC', 'tour/soldout/tour/1/range/;',
      'tour/calendar/tour/%2e%2e/range/20260101;20260102', 'ticket/collect/event/-1', 'ticket/collect/event/1/date/', 'ticket/calendar/event/1/range/0;0',
      'ticket/lifetime?event=', 'merchandise?article=%20', 'voucher/selectOne/price/0', `voucher?voucher=${'x'.repeat(200)}`, 'event/select/extra', 'static/page/..%2f..%2fetc',
    ];
    for (const path of paths) {
      const res = await raw(`en/${path}`);
      expect([404, 405, 422], path).toContain(res.status);
      expect(typeof res.body.error, path).toBe('string');
      expect(typeof res.body.message, path).toBe('string');
    }
  });
});

describe('schedules stay alive relative to the clock', () => {
  it('a database seeded today still shows bookable days, sold-out Mondays and the voucher-code meanings 150 days later', async () => {
    const saved = server.clock.now;
    server.clock.now = new Date(saved.getTime() + 150 * 86_400_000);
    try {
      const start = today();
      const calendar = await api.getTicketCalendar(DEMO.events.collection, start, addDays(start, 29));
      expect(Object.values(calendar).filter((n) => n > 0).length).toBeGreaterThan(20);
      expect(Object.entries(calendar).filter(([d]) => isoWeekday(d) === 1).every(([, n]) => n === 0)).toBe(true);
      expect((await api.getTickets(DEMO.events.summerNight)).event.expired).toBe(true);
      expect(await failure(api.lookUpVoucherCode(DEMO.voucherCodes.notYet))).toMatchObject({ code: 'VOUCHER_NOW_IS_BEFORE_VALID_FROM' });
      expect(await failure(api.lookUpVoucherCode(DEMO.voucherCodes.expired))).toMatchObject({ code: 'VOUCHER_NOW_IS_AFTER_VALID_TO' });
      expect((await api.lookUpVoucherCode(DEMO.voucherCodes.valid)).available_amount).toBe(5000);
      expect((await api.getTourSoldOutDates(DEMO.tours.highlightsDe, addDays(start, 1), addDays(start, 7))).length).toBe(1);
    } finally {
      server.clock.now = saved;
    }
  });
});
