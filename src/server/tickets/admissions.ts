/**
 * The document of a booked order (issue 42, model.ts), built in the booking transaction from the
 * cart as it was priced and the catalogue as it is at that moment, in the language of the purchase.
 *
 * Pages and codes follow the ticket's flags (spec §3):
 * - `scan_separately`: every person is scanned on their own: one code and page per person;
 * - else `unique_barcode` or `print_separately`: one code and page per ticket, with its
 *   participants (a family ticket: one code for the family);
 * - else one code and page for the whole line, letting in all its persons.
 * A guided tour is one code with its participants; an annual pass one page per pass with its
 * owner; a voucher one page per voucher with its new redeemable code; articles have no page.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import type { CartRow } from '../carts.js';
import type { Claim } from '../inventory.js';
import { tr } from '../catalog/texts.js';
import { getEventRow, getTicketRow, ticketSlotOwner, type TicketRow } from '../catalog/events.js';
import { getTourRow, tourPriceRows, tourTicketRows } from '../catalog/tours.js';
import { subticketRows, today } from '../catalog/common.js';
import type { CartItem } from '../../domain/cart-payload.js';
import type { Language } from '../../api/languages.js';
import { signCode, type CodePayload, type TicketKey } from './codes.js';
import type { Admission, OrderDocument, Visit } from './model.js';
import { CURRENCY } from '../carts.js';
import { readSetting } from '../settings.js';

/** A voucher bought is valid this many months from the day of purchase unless VOUCHER_VALIDITY_MONTHS says otherwise. */
export const DEFAULT_VOUCHER_VALIDITY_MONTHS = 36;

/** Voucher codes: 32 signs without 0/O and 1/I (5 bits each); 16 of them are 80 bits. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A new voucher code: 16 random signs (80 bits), in four groups of four, e.g. `K7QM-3XTB-…`. */
export function newVoucherCode(): string {
  const bytes = randomBytes(16);
  let out = '';
  for (let i = 0; i < 16; i++) out += CODE_ALPHABET[(bytes[i] ?? 0) & 31];
  return out.match(/.{4}/g)?.join('-') ?? out;
}

/** The order's secret key: 128 random bits, base64url (22 signs). */
export const newOrderKey = (): string => randomBytes(16).toString('base64url');

/** 'YYYY-MM-DD HH:MM:SS' plus minutes, as wall-clock arithmetic (no time zone involved). */
export function addMinutes(datetime: string, minutes: number): string {
  const t = new Date(`${datetime.slice(0, 10)}T${datetime.slice(11, 19) || '00:00:00'}Z`);
  t.setUTCMinutes(t.getUTCMinutes() + minutes);
  return t.toISOString().slice(0, 19).replace('T', ' ');
}

/** 'YYYY-MM-DD' plus whole months (the 31st of a shorter month: its last day). */
export function addMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** Splits `total` into `parts` whole amounts that add up to it (the first ones take the remainder). */
function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total - base * parts ? 1 : 0));
}

interface Page extends Omit<Admission, 'serial' | 'code'> {
  /** what goes into the signed code; null for a voucher (its code is the voucher code) */
  sign: Omit<CodePayload, 'v' | 'b' | 'n'> | null;
}

export interface BuildOptions {
  bookingId: string;
  bookedAt: Date;
  key: TicketKey;
  /** buyer's name where known */
  buyer: string | null;
  /** the holds the booking took (bookHeld): the voucher codes used and what each covered */
  claims: readonly Claim[];
  voucherValidityMonths?: number;
}

/** Minutes a slot of this owner lasts (the first schedule rule's), or null. */
async function slotMinutes(q: Queryable, owner: { kind: string; id: number }): Promise<number | null> {
  const [row] = await q.query<{ duration_min: number }>('SELECT duration_min FROM schedule_rules WHERE owner_kind = $1 AND owner_id = $2 ORDER BY id LIMIT 1', [owner.kind, owner.id]);
  return row ? row.duration_min : null;
}

async function venueName(q: Queryable, venueId: number, lang: Language): Promise<string | null> {
  const [row] = await q.query<{ name: Record<string, string> }>('SELECT name FROM venues WHERE id = $1', [venueId]);
  return row ? tr(row.name, lang) || null : null;
}

/** The pages of a ticket line by its flags (see the head of this file). */
function ticketPages(ticket: TicketRow, base: Omit<Page, 'count' | 'participants' | 'price' | 'sign'>, perTicket: { name: string; count: number }[], count: number, amount: number, sign: Omit<CodePayload, 'v' | 'b' | 'n' | 'c'>): Page[] {
  const persons = Math.max(1, perTicket.reduce((s, p) => s + p.count, 0));
  const label = (parts: { name: string; count: number }[], times = 1) => parts.filter((p) => p.count > 0).map((p) => `${p.count * times} × ${p.name}`);
  if (ticket.scan_separately === 1) {
    const names = perTicket.length > 0 ? perTicket.flatMap((p) => Array.from({ length: p.count }, () => p.name)) : [base.ticket];
    const people = Array.from({ length: count }, () => names).flat();
    const prices = split(amount, people.length);
    return people.map((name, i) => ({ ...base, count: 1, participants: perTicket.length > 0 ? [`1 × ${name}`] : [], price: prices[i] ?? 0, sign: { ...sign, c: 1 } }));
  }
  if (ticket.unique_barcode === 1 || ticket.print_separately === 1) {
    const prices = split(amount, count);
    return Array.from({ length: count }, (_, i) => ({ ...base, count: persons, participants: label(perTicket), price: prices[i] ?? 0, sign: { ...sign, c: persons } }));
  }
  return [{ ...base, count: count * persons, participants: label(perTicket, count), price: amount, sign: { ...sign, c: count * persons } }];
}

async function pagesOf(q: Queryable, cart: CartRow, item: CartItem, index: number, options: BuildOptions, vouchers: { barcode: string; voucherName: Record<string, string>; value: number; validUntil: string }[]): Promise<{ pages: Page[]; visits: Visit[] }> {
  const lang = cart.lang;
  const amount = cart.lines[index]?.amount ?? 0;
  switch (item.type) {
    case 'ticket': {
      const ticket = await getTicketRow(q, item.id);
      const event = ticket ? await getEventRow(q, ticket.event_id) : null;
      if (!ticket || !event) return { pages: [], visits: [] };
      const subs = await subticketRows(q, 'event_ticket', [ticket.id]);
      const perTicket = item.subtickets.filter((s) => s.count > 0).map((s) => ({ name: tr(subs.find((r) => r.id === s.id)?.name, lang), count: s.count }));
      const venue = await venueName(q, event.venue_id, lang);
      const dayOnly = ticket.mode === 3;
      const minutes = dayOnly ? null : await slotMinutes(q, ticketSlotOwner(ticket));
      const datetime = dayOnly ? null : item.datetime;
      const end = datetime && minutes ? addMinutes(datetime, minutes) : null;
      const base = { kind: dayOnly ? ('dayTicket' as const) : ('ticket' as const), title: tr(event.name, lang), ticket: tr(ticket.name, lang), datetime, end, date: dayOnly ? item.datetime.slice(0, 10) : null, venue, holder: options.buyer, voucher: null };
      const pages = ticketPages(ticket, base, perTicket, item.count, amount, { k: base.kind, d: dayOnly ? item.datetime.slice(0, 10) : item.datetime.slice(0, 16) });
      return { pages, visits: datetime ? [{ title: `${base.title} – ${base.ticket}`, start: datetime, end, venue }] : [] };
    }
    case 'dayTicket': {
      const pages: Page[] = [];
      for (const d of item.dayTickets) {
        if (d.count === 0) continue;
        const ticket = await getTicketRow(q, d.id);
        const event = ticket ? await getEventRow(q, ticket.event_id) : null;
        if (!ticket || !event) continue;
        const venue = await venueName(q, event.venue_id, lang);
        const base = { kind: 'dayTicket' as const, title: tr(event.name, lang), ticket: tr(ticket.name, lang), datetime: null, end: null, date: item.date, venue, holder: options.buyer, voucher: null };
        pages.push(...ticketPages(ticket, base, [], d.count, d.count * ticket.price, { k: 'dayTicket', d: item.date }));
      }
      return { pages, visits: [] };
    }
    case 'guidedTour': {
      const tour = await getTourRow(q, item.tourId);
      if (!tour) return { pages: [], visits: [] };
      const [prices, tickets] = await Promise.all([tourPriceRows(q, tour.id), tourTicketRows(q, tour.id)]);
      const participants = [
        ...item.prices.filter((p) => p.count > 0).map((p) => `${p.count} × ${tr(prices.find((r) => r.id === p.id)?.name, lang)}`),
        ...item.tickets.filter((t) => t.count > 0).map((t) => `${t.count} × ${tr(tickets.find((r) => r.id === t.id)?.name, lang)}`),
      ];
      const count = Math.max(1, item.prices.reduce((s, p) => s + p.count, 0) + item.tickets.reduce((s, t) => s + t.count, 0));
      const venue = await venueName(q, tour.venue_id, lang);
      const end = addMinutes(item.datetime, tour.duration_min);
      const title = tr(tour.name, lang);
      const page: Page = { kind: 'tour', title, ticket: participants.join(', '), datetime: item.datetime, end, date: null, venue, count, participants, price: amount, holder: options.buyer, voucher: null, sign: { k: 'tour', d: item.datetime.slice(0, 16), c: count } };
      return { pages: [page], visits: [{ title, start: item.datetime, end, venue }] };
    }
    case 'annualPass': {
      const prices = split(amount, item.count);
      const name = cart.lines[index]?.name ?? '';
      const pages = item.owners.map((owner, i): Page => ({
        kind: 'annualPass',
        title: name,
        ticket: name,
        datetime: null,
        end: null,
        date: null,
        venue: null,
        count: 1,
        participants: [],
        price: prices[i] ?? 0,
        holder: [owner.title, owner.first, owner.last].filter(Boolean).join(' '),
        voucher: null,
        sign: { k: 'annualPass', d: '', c: 1 },
      }));
      return { pages, visits: [] };
    }
    case 'voucher': {
      const [row] = await q.query<{ name: Record<string, string>; price: number; variable_amount: number }>('SELECT name, price, variable_amount FROM vouchers WHERE id = $1', [item.id]);
      if (!row) return { pages: [], visits: [] };
      const value = row.variable_amount === 1 && item.amount !== undefined ? item.amount : row.price;
      const validUntil = addMonths(today(options.bookedAt), options.voucherValidityMonths ?? DEFAULT_VOUCHER_VALIDITY_MONTHS);
      const title = tr(row.name, lang);
      const pages = Array.from({ length: item.count }, (): Page => {
        const barcode = newVoucherCode();
        vouchers.push({ barcode, voucherName: row.name, value, validUntil });
        return { kind: 'voucher', title, ticket: title, datetime: null, end: null, date: null, venue: null, count: 1, participants: [], price: value, holder: null, voucher: { code: barcode, value, validUntil }, sign: null };
      });
      return { pages, visits: [] };
    }
    case 'merchandise':
    case 'voucherCode':
      return { pages: [], visits: [] };
  }
}

/**
 * Builds the order's document, stores its tickets and the vouchers it sold (in the caller's
 * transaction), and answers it.
 */
export async function issueOrderDocument(tx: Queryable, cart: CartRow, options: BuildOptions): Promise<OrderDocument> {
  const vouchers: { barcode: string; voucherName: Record<string, string>; value: number; validUntil: string }[] = [];
  const pages: Page[] = [];
  const visits: Visit[] = [];
  for (const [index, item] of cart.items.entries()) {
    const made = await pagesOf(tx, cart, item, index, options, vouchers);
    pages.push(...made.pages);
    visits.push(...made.visits);
  }
  const admissions: Admission[] = pages.map(({ sign, ...page }, i) => ({
    ...page,
    serial: i + 1,
    code: sign ? signCode(options.key, { v: 1, b: options.bookingId, n: i + 1, ...sign }) : (page.voucher?.code ?? ''),
  }));
  for (const a of admissions) {
    if (a.kind !== 'voucher') await tx.query('INSERT INTO tickets (booking_id, serial, code) VALUES ($1, $2, $3)', [options.bookingId, a.serial, a.code]);
  }
  for (const v of vouchers) {
    await tx.query('INSERT INTO voucher_codes (barcode, name, amount, used_amount, valid_to, booking_id) VALUES ($1, $2, $3, 0, $4, $5)', [
      v.barcode,
      JSON.stringify(v.voucherName),
      v.value,
      v.validUntil,
      options.bookingId,
    ]);
  }
  const config = await readSetting(tx, 'remote_config');
  const names = typeof config === 'object' && config !== null ? (config as { site_name?: unknown; site_name_translations?: Record<string, unknown> }) : {};
  const museum = names.site_name_translations?.[cart.lang] ?? names.site_name;
  return {
    bookingId: options.bookingId,
    lang: cart.lang,
    ...(typeof museum === 'string' && museum.trim() !== '' ? { museum } : {}),
    bookedAt: options.bookedAt.toISOString(),
    buyer: options.buyer,
    lines: cart.lines.map((l) => ({ type: l.type, name: l.name, amount: l.amount })),
    subtotal: cart.subtotal,
    discount: cart.discount,
    shipping: cart.shipping,
    amount: cart.amount,
    currency: CURRENCY,
    vouchersUsed: options.claims.filter((c) => c.kind === 'voucherCode' && c.barcode !== null && c.places > 0).map((c) => ({ code: c.barcode ?? '', amount: c.places })),
    shippingAddress: cart.delivery_address,
    admissions,
    visits,
  };
}

