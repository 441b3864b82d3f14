/**
 * Catalogue endpoints of spec §7: guided tours, events and tickets, merchandise and annual passes,
 * vouchers and voucher codes. Texts come in the language of the path; unknown ids answer 404
 * NOT_FOUND, malformed parameters 422 VALIDATION_FAILED (docs/api.md).
 */
import type { Router } from './router.js';
import type { Queryable } from '../db/index.js';
import {
  ArticleQuerySchema, CalendarQuerySchema, DateParamsSchema, EventQuerySchema, IdParamsSchema, ProductKindQuerySchema, RangeParamsSchema,
  TourOverviewQuerySchema, TourQuerySchema, VoucherCodeQuerySchema,
  type Lifetime, type TourCalendar, type VoucherCode,
} from '../../api/schemas/catalog.js';
import { PRODUCT_KIND_ANNUAL_PASS } from '../../domain/limits.js';
import { HttpError, notFound, parseInput } from './http-error.js';
import { addDays, daysBetween } from '../../domain/dates.js';
import { normalizeVoucherCode, voucherCodeValidity, VOUCHER_NOT_FOUND } from '../../domain/voucher-code.js';
import { MAX_RANGE_DAYS } from '../schedule.js';
import { LANGUAGE_NAMES, tr } from '../catalog/texts.js';
import { listGroups, listVenues } from '../catalog/common.js';
import { collectTickets, eventLifetime, getEvent, getEventRow, listEvents, nextEventDate, ticketCalendar, type EventRow } from '../catalog/events.js';
import { getTourRow, listTours, timeslotId, tourDetail, tourLifetime, tourRows, tourSlots, tourSlotSoldOut, type TourRow } from '../catalog/tours.js';
import { getMerchandise, listMerchandise } from '../catalog/merchandise.js';
import { shapeVoucher, voucherCodeColumns, voucherCodeDates, voucherCodeStanding, type VoucherCodeRow, type VoucherRow } from '../catalog/vouchers.js';

function checkRange(start: string, end: string): void {
  if (daysBetween(start, end) > MAX_RANGE_DAYS) {
    throw new HttpError(422, 'VALIDATION_FAILED', 'The range is too long.', { end: [`At most ${MAX_RANGE_DAYS} days`] });
  }
}

async function eventOr404(q: Queryable, id: number): Promise<EventRow> {
  const row = await getEventRow(q, id);
  if (!row) throw notFound(`There is no event ${id}.`);
  return row;
}

async function tourOr404(q: Queryable, id: number): Promise<TourRow> {
  const row = await getTourRow(q, id);
  if (!row) throw notFound(`There is no tour ${id}.`);
  return row;
}

/** Looks a voucher code up and applies the rule of §5; 422 with the VOUCHER_* code when it cannot be used. */
export async function lookUpVoucherCode(q: Queryable, lang: Parameters<typeof tr>[1], input: string, now: Date): Promise<VoucherCode> {
  const barcode = normalizeVoucherCode(input);
  const row = (await q.query<VoucherCodeRow>(`SELECT ${voucherCodeColumns(2)} FROM voucher_codes WHERE upper(barcode) = upper($1)`, [barcode, now.toISOString()]))[0];
  if (!row) throw new HttpError(422, VOUCHER_NOT_FOUND, 'This voucher code does not exist.', { voucher: [VOUCHER_NOT_FOUND] });
  const dates = voucherCodeDates(row, now);
  const validity = voucherCodeStanding(row, now);
  const code: VoucherCode = {
    barcode: row.barcode,
    name: tr(row.name, lang),
    amount: row.amount,
    used_amount: row.used_amount,
    available_amount: validity.available_amount,
    valid_from: dates.valid_from,
    valid_to: dates.valid_to,
  };
  if (!validity.valid) {
    const messages = {
      VOUCHER_NOW_IS_BEFORE_VALID_FROM: 'This voucher code is not valid yet.',
      VOUCHER_NOW_IS_AFTER_VALID_TO: 'This voucher code has expired.',
      VOUCHER_NO_AMOUNT_LEFT: 'This voucher code has been used up.',
    } as const;
    throw new HttpError(422, validity.error, messages[validity.error], { voucher: [validity.error] }, code);
  }
  return code;
}

export function registerCatalogRoutes(router: Router): void {
  // ---------- guided tours ----------

  router.get('tour/select/event', async ({ db, lang }) => ({ tours: await listTours(db, lang) }));

  router.get('tour/overview', async ({ db, query, services }) => {
    const { date, lookahead } = parseInput(TourOverviewQuerySchema, query);
    const end = addDays(date, lookahead);
    const out: Record<string, number[]> = {};
    for (let d = date; d <= end; d = addDays(d, 1)) out[d] = [];
    for (const row of await tourRows(db)) {
      for (const slot of await tourSlots(db, row, date, end, services.now())) {
        const ids = out[slot.date];
        if (ids && !tourSlotSoldOut(row, slot) && !ids.includes(row.id)) ids.push(row.id);
      }
    }
    return out;
  });

  router.get('tour/attr', async ({ db, lang }) => {
    const rows = await tourRows(db);
    const languages = [...new Set(rows.map((r) => r.lang_identifier))].map((id) => ({ id, name: tr(LANGUAGE_NAMES[id], lang) || id }));
    const used = new Set(rows.flatMap((r) => r.custom_groups));
    const venues = new Set(rows.map((r) => r.venue_id));
    return {
      category: (await listGroups(db, lang, 'tour')).filter((g) => used.has(g.id)),
      venues: (await listVenues(db, lang)).filter((v) => venues.has(v.id)),
      languages,
    };
  });

  router.get('tour', async ({ db, lang, query, services }) => {
    const { tour, date } = parseInput(TourQuerySchema, query);
    const row = await tourOr404(db, tour);
    return tourDetail(db, lang, row, date ?? null, services.now());
  });

  router.get('tour/soldout/tour/:id/range/:start;:end', async ({ db, params, services }) => {
    const { id, start, end } = parseInput(RangeParamsSchema, params);
    checkRange(start, end);
    const row = await tourOr404(db, id);
    const byDate = new Map<string, boolean>();
    for (const slot of await tourSlots(db, row, start, end, services.now())) {
      byDate.set(slot.date, (byDate.get(slot.date) ?? true) && tourSlotSoldOut(row, slot));
    }
    return [...byDate].filter(([, soldOut]) => soldOut).map(([date]) => date);
  });

  router.get('tour/soldoutTimeslots/tour/:id/date/:date', async ({ db, params, services }) => {
    const { id, date } = parseInput(DateParamsSchema, params);
    const row = await tourOr404(db, id);
    return (await tourSlots(db, row, date, date, services.now())).filter((s) => tourSlotSoldOut(row, s)).map((s) => s.time);
  });

  router.get('tour/calendar/tour/:id/range/:start;:end', async ({ db, params, services }) => {
    const { id, start, end } = parseInput(RangeParamsSchema, params);
    checkRange(start, end);
    const row = await tourOr404(db, id);
    const out: TourCalendar = {};
    for (const s of await tourSlots(db, row, start, end, services.now())) {
      (out[s.date] ??= {})[s.time] = { timeslotId: timeslotId(s.datetime), remaining: s.remaining, tours_remaining: s.tours_remaining, soldout: tourSlotSoldOut(row, s) };
    }
    return out;
  });

  router.get('tour/lifetime/tour/:id', async ({ db, params, services }): Promise<Lifetime> => {
    const { id } = parseInput(IdParamsSchema, params);
    return tourLifetime(await tourOr404(db, id), services.now());
  });

  // ---------- events and tickets ----------

  router.get('event/select', async ({ db, lang, services }) => listEvents(db, lang, services.now()));

  const collect = async (db: Queryable, lang: Parameters<typeof tr>[1], id: number, date: string | null, now: Date) => {
    const row = await eventOr404(db, id);
    const event = await getEvent(db, lang, id, now);
    if (!event) throw notFound(`There is no event ${id}.`);
    const day = date ?? (await nextEventDate(db, row, now));
    return { event, date: day, ...(await collectTickets(db, lang, row, day, now)) };
  };

  router.get('ticket/collect/event/:id', async ({ db, lang, params, services }) => {
    const { id } = parseInput(IdParamsSchema, params);
    return collect(db, lang, id, null, services.now());
  });

  router.get('ticket/collect/event/:id/date/:date', async ({ db, lang, params, services }) => {
    const { id, date } = parseInput(DateParamsSchema, params);
    return collect(db, lang, id, date, services.now());
  });

  router.get('ticket/calendar/event/:id/range/:start;:end', async ({ db, params, query, services }) => {
    const { id, start, end } = parseInput(RangeParamsSchema, params);
    const { deep } = parseInput(CalendarQuerySchema, query);
    checkRange(start, end);
    const calendar = await ticketCalendar(db, await eventOr404(db, id), start, end, services.now());
    if (deep === '1') return calendar;
    return Object.fromEntries(Object.entries(calendar).map(([d, n]) => [d, n > 0 ? 1 : 0]));
  });

  router.get('ticket/lifetime', async ({ db, query, services }): Promise<Lifetime> => {
    const { event } = parseInput(EventQuerySchema, query);
    return eventLifetime(await eventOr404(db, event), services.now());
  });

  // ---------- merchandise and annual passes ----------

  router.get('merchandise/select', async ({ db, lang, query, services }) => {
    const { product_kind } = parseInput(ProductKindQuerySchema, query);
    return listMerchandise(db, lang, product_kind, services.now());
  });

  router.get('merchandise', async ({ db, lang, query, services }) => {
    const { article } = parseInput(ArticleQuerySchema, query);
    const item = await getMerchandise(db, lang, article, services.now());
    if (!item) throw notFound(`There is no article ${article}.`);
    return item;
  });

  router.get('merchandise/attr', async ({ db, lang, query }) => {
    const { product_kind } = parseInput(ProductKindQuerySchema, query);
    return { category: await listGroups(db, lang, product_kind === PRODUCT_KIND_ANNUAL_PASS ? 'pass' : 'merchandise') };
  });

  // ---------- vouchers and voucher codes ----------

  router.get('voucher/select/event', async ({ db, lang }) => {
    const rows = await db.query<VoucherRow>('SELECT * FROM vouchers ORDER BY sequence_no, id');
    return rows.map((r) => shapeVoucher(r, lang));
  });

  router.get('voucher/selectOne/price/:id', async ({ db, lang, params }) => {
    const { id } = parseInput(IdParamsSchema, params);
    const row = (await db.query<VoucherRow>('SELECT * FROM vouchers WHERE id = $1', [id]))[0];
    if (!row) throw notFound(`There is no voucher ${id}.`);
    return shapeVoucher(row, lang);
  });

  router.get('voucher/attr', async ({ db, lang }) => ({ group: await listGroups(db, lang, 'voucher') }));

  router.get('voucher', async ({ db, lang, query, services }) => {
    const { voucher } = parseInput(VoucherCodeQuerySchema, query);
    return lookUpVoucherCode(db, lang, voucher, services.now());
  });
}
