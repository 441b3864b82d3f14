/**
 * priceCart and reserveCart (src/server/inventory.ts) against a fresh demo database: prices, the
 * §5 limits the server can check, and bookings that never sell more than there is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { priceCart, reserveCart } from '../../src/server/inventory.js';
import { HttpError } from '../../src/server/api/http-error.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { DEMO, demoTenPlacesSlot, nextWeekday } from '../../src/server/seed/demo.js';
import { addDays, isoWeekday } from '../../src/domain/dates.js';
import { museumLocal } from '../../src/domain/museum-clock.js';
import { taxedItems, toCartPayload } from '../../src/domain/cart-lines.js';
import { taxTotal, vatPerItem } from '../../src/domain/money.js';
import { emptyTourForm, tourCartLine } from '../../src/domain/tours.js';

let server: TestServer;
let api: ShopApi;
const now = () => server.services.now();
const day = (weekday: number) => nextWeekday(now(), weekday);

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const ticket = (id: number, datetime: string, count: number, subtickets: { id: number; count: number }[] = []): CartItem => ({ type: 'ticket', id, datetime, count, subtickets });
const tour = (tourId: number, datetime: string, prices: { id: number; count: number }[], tickets: { id: number; count: number }[], answers: Extract<CartItem, { type: 'guidedTour' }>['answers'] = []): CartItem => ({
  type: 'guidedTour', tourId, datetime, prices, answers, tickets: tickets.map((t) => ({ ...t, subtickets: [] })),
});
const privateAnswers: Extract<CartItem, { type: 'guidedTour' }>['answers'] = [
  { qId: DEMO.questions.ageGroup, type: 'radio', value: 'adults' },
  { qId: DEMO.questions.language, type: 'select', value: 'fr' },
  { qId: DEMO.questions.groupName, type: 'text', value: 'Kantonsschule am See' },
  { qId: DEMO.questions.accessibility, type: 'checkbox', value: ['wheelchair', 'seating'] },
  { qId: DEMO.questions.wheelchairs, type: 'number', value: 2 },
];

beforeAll(async () => {
  const start = new Date();
  start.setUTCHours(6, 0, 0, 0);
  server = await startTestServer({ now: start });
  api = createShopApi({ baseURL: server.apiBase, lang: () => 'en' });
});
afterAll(async () => {
  await server.close();
});

describe('priceCart', () => {
  it('prices tickets, family and day tickets, merchandise, passes and vouchers, and applies a voucher code', async () => {
    const slot = demoTenPlacesSlot(now());
    const items: CartItem[] = [
      ticket(DEMO.tickets.collectionAdult, slot.datetime, 2),
      ticket(DEMO.tickets.collectionFamily, `${slot.date} 11:00`, 1, [{ id: DEMO.subtickets.familyAdults, count: 2 }, { id: DEMO.subtickets.familyChildren, count: 3 }]),
      { type: 'dayTicket', date: addDays(museumLocal(now()).date, 3), dayTickets: [{ id: DEMO.tickets.dayAdult, count: 2 }, { id: DEMO.tickets.dayChild, count: 1 }] },
      { type: 'merchandise', id: DEMO.merchandise.catalogue, count: 2 },
      { type: 'annualPass', id: DEMO.passes.individual, count: 2, owners: [{ title: '', first: 'Anna', last: 'Muster', address: '', send_to_custom_addr: false }, { title: '', first: 'Ben', last: 'Muster', address: '', send_to_custom_addr: false }] },
      { type: 'voucher', id: DEMO.vouchers.fifty, count: 1 },
      { type: 'voucher', id: DEMO.vouchers.variable, count: 1, amount: 2500 },
      { type: 'voucherCode', barcode: ` ${DEMO.voucherCodes.valid} ` },
    ];
    const cart = await priceCart(server.db, 'en', items, now());
    expect(cart.lines.map((l) => l.amount)).toEqual([3600, 4200, 5200, 7800, 18000, 5000, 2500, 0]);
    expect(cart.subtotal).toBe(46300);
    expect(cart.discount).toBe(5000);
    expect(cart.total).toBe(41300);
    expect(cart.weight).toBe(2 * 900 + 2 * 20);
    expect(cart.lines[0]?.name).toBe('The Lakeside Collection – permanent exhibition – Adult');
    expect(cart.lines[7]).toMatchObject({ discount: 5000, remaining: 0 });
    expect(cart.lines[3]?.vat).toBe(2.6);
    // the VAT each line contains (§9 VAT per item): books 2 × 39.00 at 2.6 %, a voucher code none
    expect(cart.lines[3]?.tax).toBe(2 * vatPerItem(3900, 2.6));
    expect(cart.lines[7]?.tax).toBe(0);
  });

  it('lets a voucher code cover at most the cart (plus shipping) and reports what remains on it', async () => {
    const items: CartItem[] = [{ type: 'merchandise', id: DEMO.merchandise.guide, count: 1 }, { type: 'voucherCode', barcode: DEMO.voucherCodes.partlyUsed }];
    const cart = await priceCart(server.db, 'de', items, now());
    expect(cart).toMatchObject({ subtotal: 1800, discount: 1800, total: 0 });
    expect(cart.lines[1]).toMatchObject({ discount: 1800, remaining: 6500 - 1800 });
    const withShipping = await priceCart(server.db, 'de', items, now(), 900);
    expect(withShipping.lines[1]?.discount).toBe(2700);
  });

  it('prices a complete tour with the price list of the chosen slot (Thursday evening surcharge)', async () => {
    const thursday = day(4);
    const evening = await priceCart(server.db, 'en', [tour(DEMO.tours.privateGroup, `${thursday} 18:30`, [{ id: DEMO.tourPrices.groupTour, count: 1 }], [{ id: DEMO.tourTickets.privateParticipant, count: 12 }], privateAnswers)], now());
    expect(evening.total).toBe(32000);
    const morning = await priceCart(server.db, 'en', [tour(DEMO.tours.privateGroup, `${thursday} 09:00`, [{ id: DEMO.tourPrices.groupTour, count: 1 }, { id: DEMO.tourPrices.schoolClass, count: 1 }], [], privateAnswers)], now());
    expect(morning.total).toBe(25000 + 12000);
  });

  it('prices single tour tickets, including a ticket with subtickets', async () => {
    const tuesday = day(2);
    const cart = await priceCart(server.db, 'en', [tour(DEMO.tours.highlightsDe, `${tuesday} 11:00`, [], [{ id: DEMO.tourTickets.highlightsAdult, count: 2 }, { id: DEMO.tourTickets.highlightsChild, count: 1 }])], now());
    expect(cart.total).toBe(2 * 2500 + 1000);
    const saturday = day(6);
    const walk: CartItem = { type: 'guidedTour', tourId: DEMO.tours.architecture, datetime: `${saturday} 10:00`, prices: [], answers: [], tickets: [{ id: DEMO.tourTickets.architectureGroup, count: 1, subtickets: [{ id: DEMO.subtickets.architectureAdults, count: 2 }, { id: DEMO.subtickets.architectureStudents, count: 1 }] }] };
    expect((await priceCart(server.db, 'en', [walk], now())).total).toBe(2 * 2000 + 1400);
  });

  it('§9 VAT per item: the seeded two-rate tour 204 is taxed at the server as the app\'s cart line taxes it (issue 45 item 6)', async () => {
    const saturday = day(6);
    // the app's line, built by the app's function from what the API shows (204: adults and students at 8.1 %, adults with the book at 2.6 %)
    const detail = await api.getTour(DEMO.tours.architecture, saturday);
    const slot = detail.schedule.find((s) => s.time === '10:00');
    if (!slot) throw new Error('204 has no Saturday 10:00');
    const form = { ...emptyTourForm(detail), subtickets: { [DEMO.tourTickets.architectureGroup]: { [DEMO.subtickets.architectureAdults]: 2, [DEMO.subtickets.architectureAdultsBook]: 1 } } };
    const line = tourCartLine(detail, slot, saturday, form, []);
    const appTax = taxTotal(taxedItems([line]));
    expect(new Set(taxedItems([line]).map((i) => i.vatPercent))).toEqual(new Set([8.1, 2.6]));
    // 2 × 20.00 at 8.1 % (1.50 each) + 39.00 at 2.6 % (0.99)
    expect(appTax).toBe(2 * vatPerItem(2000, 8.1) + vatPerItem(3900, 2.6));
    const cart = await priceCart(server.db, 'en', toCartPayload([line]).items, now());
    // the same tax on both sides; `vat` names the rate of the largest share (40.00 at 8.1 % against 39.00 at 2.6 %)
    expect(cart.lines[0]).toMatchObject({ amount: line.totalPrice, tax: appTax, vat: 8.1 });
    expect(line.vat_value).toBe(8.1);
    // with the book for two, 2.6 % holds the larger share
    const moreBooks = { ...form, subtickets: { [DEMO.tourTickets.architectureGroup]: { [DEMO.subtickets.architectureAdults]: 1, [DEMO.subtickets.architectureAdultsBook]: 2 } } };
    const bookLine = tourCartLine(detail, slot, saturday, moreBooks, []);
    const books = await priceCart(server.db, 'en', toCartPayload([bookLine]).items, now());
    expect(books.lines[0]).toMatchObject({ tax: taxTotal(taxedItems([bookLine])), vat: 2.6 });
    expect(bookLine.vat_value).toBe(2.6);
  });

  it('rejects group questions that are unanswered or answered with values that are not offered', async () => {
    const at = `${day(2)} 09:00`;
    const book = (answers: typeof privateAnswers) => priceCart(server.db, 'en', [tour(DEMO.tours.privateGroup, at, [{ id: DEMO.tourPrices.groupTour, count: 1 }], [], answers)], now());
    const missing = await rejection(book(privateAnswers.filter((a) => a.qId !== DEMO.questions.groupName)));
    expect(missing).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(Object.keys(missing.fields)).toEqual([`items.0.answers.${DEMO.questions.groupName}`]);
    expect(await rejection(book(privateAnswers.map((a) => (a.qId === DEMO.questions.language ? { ...a, value: 'xx' } : a))))).toMatchObject({ status: 422 });
    expect(await rejection(book(privateAnswers.map((a) => (a.qId === DEMO.questions.wheelchairs ? { ...a, value: 26 } : a))))).toMatchObject({ status: 422 });
    expect(await rejection(book([...privateAnswers, { qId: 9999, type: 'text', value: 'x' }]))).toMatchObject({ status: 422 });
    // optional questions may stay empty
    expect((await book(privateAnswers.filter((a) => a.qId !== DEMO.questions.accessibility && a.qId !== DEMO.questions.wheelchairs))).total).toBe(25000);
  });

  it('enforces the tour limits of §5', async () => {
    const at = `${day(2)} 10:30`;
    // too many participants for one complete tour (max 25)
    expect(await rejection(priceCart(server.db, 'en', [tour(DEMO.tours.privateGroup, at, [{ id: DEMO.tourPrices.groupTour, count: 1 }], [{ id: DEMO.tourTickets.privateParticipant, count: 26 }], privateAnswers)], now()))).toMatchObject({ status: 422 });
    // fewer than the minimum group size
    expect(await rejection(priceCart(server.db, 'en', [tour(DEMO.tours.privateGroup, at, [{ id: DEMO.tourPrices.groupTour, count: 1 }], [{ id: DEMO.tourTickets.privateParticipant, count: 2 }], privateAnswers)], now()))).toMatchObject({ status: 422 });
    // a complete-tour-only tour needs tours booked; a public tour cannot be booked as a whole
    expect(await rejection(priceCart(server.db, 'en', [tour(DEMO.tours.privateGroup, at, [], [{ id: DEMO.tourTickets.privateParticipant, count: 10 }], privateAnswers)], now()))).toMatchObject({ status: 422 });
    // tickets are required unless booking_without_tickets
    expect(await rejection(priceCart(server.db, 'en', [tour(DEMO.tours.kids, `${day(3)} 14:00`, [{ id: DEMO.tourPrices.kidsGroup, count: 1 }], [])], now()))).toMatchObject({ status: 422 });
    // more tours than guides at that time
    expect(await rejection(priceCart(server.db, 'en', [tour(DEMO.tours.privateGroup, at, [{ id: DEMO.tourPrices.groupTour, count: 4 }], [], privateAnswers)], now()))).toMatchObject({ status: 422, code: 'OVERBOOKED', data: { available: 3, index: 0 } });
    // sold-out Wednesday of the public tour, sold-out Friday 14:00 of the private tour
    expect(await rejection(priceCart(server.db, 'en', [tour(DEMO.tours.highlightsDe, `${day(3)} 11:00`, [], [{ id: DEMO.tourTickets.highlightsAdult, count: 1 }])], now()))).toMatchObject({ code: 'OVERBOOKED', data: { available: 0 } });
    expect(await rejection(priceCart(server.db, 'en', [tour(DEMO.tours.privateGroup, `${day(5)} 14:00`, [{ id: DEMO.tourPrices.groupTour, count: 1 }], [], privateAnswers)], now()))).toMatchObject({ code: 'OVERBOOKED', data: { available: 0 } });
    // not a time of the tour
    expect(await rejection(priceCart(server.db, 'en', [tour(DEMO.tours.highlightsDe, `${day(2)} 12:00`, [], [{ id: DEMO.tourTickets.highlightsAdult, count: 1 }])], now()))).toMatchObject({ code: 'ITEM_UNAVAILABLE', fields: { 'items.0.datetime': expect.any(Array) } });
  });

  it('accepts only real slots with enough places for tickets', async () => {
    const slot = demoTenPlacesSlot(now());
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionAdult, `${slot.date} 10:30`, 1)], now()))).toMatchObject({ status: 422, code: 'ITEM_UNAVAILABLE' });
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionAdult, `${day(1)} 10:00`, 1)], now()))).toMatchObject({ code: 'OVERBOOKED', data: { available: 0, index: 0 } });
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionAdult, slot.datetime, 11)], now()))).toMatchObject({ code: 'OVERBOOKED', data: { available: 10, index: 0 } });
    // two lines share the slot's places
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionAdult, slot.datetime, 6), ticket(DEMO.tickets.collectionChild, slot.datetime, 5)], now()))).toMatchObject({ code: 'OVERBOOKED', data: { available: 4, index: 1 } });
    // the expired event, an unknown ticket, a past slot
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.summerNight, `${addDays(museumLocal(now()).date, -25)} 19:00`, 1)], now()))).toMatchObject({ code: 'ITEM_UNAVAILABLE' });
    expect(await rejection(priceCart(server.db, 'en', [ticket(9999, slot.datetime, 1)], now()))).toMatchObject({ code: 'ITEM_UNAVAILABLE', fields: { 'items.0.id': expect.any(Array) } });
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionAdult, `${addDays(slot.date, -7)} 17:00`, 1)], now()))).toMatchObject({ code: 'ITEM_UNAVAILABLE' });
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionAdult, slot.datetime, 0)], now()))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('sells day tickets for today until closing time, while timed slots that have started are gone', async () => {
    const saved = server.clock.now;
    const afternoon = new Date(saved);
    afternoon.setUTCHours(14, 0, 0, 0); // 15:00 museum time
    server.clock.now = afternoon;
    try {
      const today = museumLocal(now()).date;
      const cart = await priceCart(server.db, 'en', [{ type: 'dayTicket', date: today, dayTickets: [{ id: DEMO.tickets.dayAdult, count: 1 }] }], now());
      expect(cart.total).toBe(2200);
      expect((await api.getTickets(DEMO.events.dayPass, today)).tickets[0]?.schedule).toHaveLength(1);
      expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.lightAndWaterAdult, `${today} 11:00`, 1)], now()))).toMatchObject({ code: 'ITEM_UNAVAILABLE' });
      server.clock.now = new Date(afternoon.getTime() + 4 * 3_600_000); // 19:00, closed
      expect(await rejection(priceCart(server.db, 'en', [{ type: 'dayTicket', date: today, dayTickets: [{ id: DEMO.tickets.dayAdult, count: 1 }] }], now()))).toMatchObject({ code: 'ITEM_UNAVAILABLE' });
    } finally {
      server.clock.now = saved;
    }
  });

  it('checks family tickets and fixed-count subtickets', async () => {
    const at = demoTenPlacesSlot(now()).datetime;
    const family = (adults: number, children: number) => priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionFamily, at, 1, [{ id: DEMO.subtickets.familyAdults, count: adults }, { id: DEMO.subtickets.familyChildren, count: children }])], now());
    expect(await rejection(family(2, 0))).toMatchObject({ status: 422, fields: { 'items.0.subtickets': expect.any(Array) } });
    expect(await rejection(family(1, 2))).toMatchObject({ status: 422 });
    expect(await rejection(family(2, 5))).toMatchObject({ status: 422 });
    // 2 adults + 4 children = 6 places of the 10 left
    expect((await family(2, 4)).total).toBe(4200);
    // subticket counts are per family: two families of 2 + 4 need 12 places
    expect((await priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionFamily, at, 2, [{ id: DEMO.subtickets.familyAdults, count: 2 }, { id: DEMO.subtickets.familyChildren, count: 2 }])], now())).total).toBe(8400);
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionFamily, at, 2, [{ id: DEMO.subtickets.familyAdults, count: 2 }, { id: DEMO.subtickets.familyChildren, count: 4 }])], now()))).toMatchObject({ code: 'OVERBOOKED', data: { available: 10 } });
    const group = (leader: number) => priceCart(server.db, 'en', [ticket(DEMO.tickets.lightAndWaterGroup, `${day(2)} 10:00`, 1, [{ id: DEMO.subtickets.groupAdults, count: 10 }, { id: DEMO.subtickets.groupLeader, count: leader }])], now());
    expect((await group(1)).total).toBe(13000);
    expect((await group(0)).total).toBe(13000);
    expect(await rejection(group(2))).toMatchObject({ status: 422 });
    expect(await rejection(priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionAdult, at, 1, [{ id: DEMO.subtickets.familyAdults, count: 1 }])], now()))).toMatchObject({ status: 422 });
  });

  it('checks stock, annual pass owners and variable voucher amounts', async () => {
    expect(await rejection(priceCart(server.db, 'en', [{ type: 'merchandise', id: DEMO.outOfStock, count: 1 }], now()))).toMatchObject({ code: 'OVERBOOKED', data: { available: 0, index: 0 } });
    expect(await rejection(priceCart(server.db, 'en', [{ type: 'merchandise', id: DEMO.merchandise.childrensBook, count: 6 }], now()))).toMatchObject({ code: 'OVERBOOKED', data: { available: 5 } });
    expect(await rejection(priceCart(server.db, 'en', [{ type: 'annualPass', id: DEMO.passes.partner, count: 2, owners: [{ title: '', first: 'A', last: 'B', address: '', send_to_custom_addr: false }] }], now()))).toMatchObject({ status: 422, fields: { 'items.0.owners': expect.any(Array) } });
    expect(await rejection(priceCart(server.db, 'en', [{ type: 'merchandise', id: DEMO.passes.partner, count: 1 }], now()))).toMatchObject({ status: 422 });
    expect(await rejection(priceCart(server.db, 'en', [{ type: 'voucher', id: DEMO.vouchers.variable, count: 1 }], now()))).toMatchObject({ status: 422, fields: { 'items.0.amount': expect.any(Array) } });
    expect(await rejection(priceCart(server.db, 'en', [{ type: 'voucher', id: DEMO.vouchers.variable, count: 1, amount: 999 }], now()))).toMatchObject({ status: 422 });
    expect(await rejection(priceCart(server.db, 'en', [{ type: 'voucher', id: 9999, count: 1 }], now()))).toMatchObject({ code: 'ITEM_UNAVAILABLE' });
  });

  it('rejects voucher codes that cannot be used, and the same code twice', async () => {
    const book: CartItem = { type: 'merchandise', id: DEMO.merchandise.guide, count: 1 };
    expect(await rejection(priceCart(server.db, 'en', [book, { type: 'voucherCode', barcode: DEMO.voucherCodes.expired }], now()))).toMatchObject({ status: 422, code: 'VOUCHER_NOW_IS_AFTER_VALID_TO', fields: { 'items.1': ['VOUCHER_NOW_IS_AFTER_VALID_TO'] } });
    expect(await rejection(priceCart(server.db, 'en', [book, { type: 'voucherCode', barcode: DEMO.voucherCodes.usedUp }], now()))).toMatchObject({ code: 'VOUCHER_NO_AMOUNT_LEFT' });
    expect(await rejection(priceCart(server.db, 'en', [book, { type: 'voucherCode', barcode: 'NOPE' }], now()))).toMatchObject({ code: 'VOUCHER_NOT_FOUND' });
    expect(await rejection(priceCart(server.db, 'en', [book, { type: 'voucherCode', barcode: DEMO.voucherCodes.valid }, { type: 'voucherCode', barcode: DEMO.voucherCodes.valid.toLowerCase() }], now()))).toMatchObject({ status: 422, fields: { 'items.2.barcode': expect.any(Array) } });
  });

  it('changes nothing', async () => {
    const before = await server.db.query('SELECT (SELECT count(*) FROM slot_bookings) AS b, (SELECT sum(stock) FROM merchandise) AS s, (SELECT sum(used_amount) FROM voucher_codes) AS u');
    await priceCart(server.db, 'en', [ticket(DEMO.tickets.collectionAdult, demoTenPlacesSlot(now()).datetime, 3), { type: 'merchandise', id: DEMO.merchandise.guide, count: 1 }, { type: 'voucherCode', barcode: DEMO.voucherCodes.valid }], now());
    const after = await server.db.query('SELECT (SELECT count(*) FROM slot_bookings) AS b, (SELECT sum(stock) FROM merchandise) AS s, (SELECT sum(used_amount) FROM voucher_codes) AS u');
    expect(after).toEqual(before);
  });
});

describe('reserveCart', () => {
  it('sells exactly the 10 remaining places of a slot to 50 parallel bookings', async () => {
    const slot = demoTenPlacesSlot(now());
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => server.db.transaction((tx) => reserveCart(tx, [ticket(slot.ticketId, slot.datetime, 1)], now()))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures).toHaveLength(40);
    for (const f of failures) expect(f.reason).toMatchObject({ status: 422, code: 'OVERBOOKED', data: { available: 0, index: 0 } });
    const tickets = await api.getTickets(slot.eventId, slot.date);
    expect(tickets.timeslot.find((s) => s.datetime === slot.datetime)?.max_tickets).toBe(0);
  });

  it('takes stock and voucher-code value, visible through the API', async () => {
    const booked = await server.db.transaction((tx) => reserveCart(tx, [{ type: 'merchandise', id: DEMO.merchandise.catalogue, count: 2 }, { type: 'voucherCode', barcode: DEMO.voucherCodes.valid200 }], now()));
    expect(booked).toMatchObject({ subtotal: 7800, discount: 7800, total: 0 });
    expect((await api.getArticle(DEMO.merchandise.catalogue)).stock).toBe(48);
    expect(await api.lookUpVoucherCode(DEMO.voucherCodes.valid200)).toMatchObject({ used_amount: 7800, available_amount: 12200 });
    // a code whose whole value is used answers VOUCHER_NO_AMOUNT_LEFT afterwards
    await server.db.transaction((tx) => reserveCart(tx, [{ type: 'merchandise', id: DEMO.merchandise.catalogue, count: 2 }, { type: 'voucherCode', barcode: DEMO.voucherCodes.valid }], now()));
    await expect(api.lookUpVoucherCode(DEMO.voucherCodes.valid)).rejects.toMatchObject({ status: 422, code: 'VOUCHER_NO_AMOUNT_LEFT' });
    expect(await rejection(server.db.transaction((tx) => reserveCart(tx, [{ type: 'merchandise', id: DEMO.merchandise.guide, count: 1 }, { type: 'voucherCode', barcode: DEMO.voucherCodes.valid }], now())))).toMatchObject({ code: 'VOUCHER_NO_AMOUNT_LEFT' });
    expect((await api.getArticle(DEMO.merchandise.guide)).stock).toBe(120);
  });

  it('books nothing when one item is short: the transaction rolls back', async () => {
    const slot = demoTenPlacesSlot(now());
    // the next day with admission (Mondays are for school classes: no places for visitors)
    const otherDay = isoWeekday(addDays(slot.date, 1)) === 1 ? addDays(slot.date, 2) : addDays(slot.date, 1);
    const other = `${otherDay} 12:00`;
    const error = await rejection(server.db.transaction((tx) => reserveCart(tx, [ticket(DEMO.tickets.collectionAdult, other, 3), { type: 'merchandise', id: DEMO.merchandise.childrensBook, count: 6 }], now())));
    expect(error).toMatchObject({ code: 'OVERBOOKED', data: { available: 5, index: 1 } });
    expect((await api.getArticle(DEMO.merchandise.childrensBook)).stock).toBe(5);
    const tickets = await api.getTickets(DEMO.events.collection, otherDay);
    expect(tickets.timeslot.find((s) => s.datetime === other)?.max_tickets).toBe(40);
  });

  it('takes tours: the fourth complete tour at a time with three guides is overbooked', async () => {
    const at = `${day(2)} 14:00`;
    const booking = () => server.db.transaction((tx) => reserveCart(tx, [tour(DEMO.tours.privateGroup, at, [{ id: DEMO.tourPrices.schoolClass, count: 1 }], [{ id: DEMO.tourTickets.privateParticipant, count: 5 }], privateAnswers)], now()));
    await booking();
    await booking();
    await booking();
    expect(await rejection(booking())).toMatchObject({ code: 'OVERBOOKED', data: { available: 0 } });
    expect(await api.getTourSoldOutTimeslots(DEMO.tours.privateGroup, day(2))).toEqual(['14:00']);
  });

  it('a whole tour booked where single tickets are sold takes every place left', async () => {
    const at = `${day(6)} 14:00`;
    await server.db.transaction((tx) => reserveCart(tx, [tour(DEMO.tours.architecture, at, [], [])].map((i) => ({ ...i, tickets: [{ id: DEMO.tourTickets.architectureGroup, count: 1, subtickets: [{ id: DEMO.subtickets.architectureAdults, count: 3 }] }] })), now()));
    await server.db.transaction((tx) => reserveCart(tx, [tour(DEMO.tours.architecture, at, [{ id: DEMO.tourPrices.architectureComplete, count: 1 }], [])].map((i) => ({ ...i, tickets: [{ id: DEMO.tourTickets.architectureGroup, count: 1, subtickets: [{ id: DEMO.subtickets.architectureAdults, count: 8 }] }] })), now()));
    const calendar = await api.getTourCalendar(DEMO.tours.architecture, day(6), day(6));
    expect(calendar[day(6)]?.['14:00']).toMatchObject({ remaining: 0, soldout: true });
  });
});
