/**
 * Prices and books a cart against the catalogue (events, timeslots, tours, merchandise stock,
 * vouchers, voucher codes). Owned by the catalogue side of the server; used by checkout.
 *
 * Rules checked here (spec §5, docs/api.md "Cart items"):
 * - ticket: the datetime is a real, future slot of the ticket (mode 1: the event's shared slots;
 *   modes 3 and 5: the ticket's own slots); count ≥ 1; for a ticket with subtickets the subticket
 *   counts are per ticket and each is 0 or within [min_quantity, max_quantity] (family tickets: every
 *   component within its bounds, fixed-count ones exactly max); places = count × (Σ subtickets or 1).
 * - dayTicket: mode 3 tickets on a date that has their day slot.
 * - guidedTour: a real slot; price list entries and tickets of that tour; the price list of the slot
 *   overrides the tour's; tours booked ≤ tours left; participants ≤ places left and ≤ max_participants
 *   × tours (complete tour), or ≤ min(max_participants, places left) (single tickets); tickets required
 *   unless booking_without_tickets; every mandatory question answered with a valid value.
 * - merchandise / annualPass: on sale, kind matches (13 = annual pass), stock; owners = count.
 * - voucher: variable amount within [min_amount, max_amount]; voucherCode: valid (§5), once per cart.
 */
import type { Language } from '../api/languages.js';
import type { CartItem } from '../domain/cart-payload.js';
import type { Queryable } from './db/index.js';
import { HttpError } from './api/http-error.js';
import { isPass } from '../domain/shop.js';
import { applyVoucherCodes } from '../domain/vouchers.js';
import { normalizeVoucherCode, VOUCHER_NOT_FOUND } from '../domain/voucher-code.js';
import { answerProblem, participantLimit, tourItemTotals, tourTaxedItems } from '../domain/tours.js';
import { mainVatRate, taxTotal, type TaxedItem } from '../domain/money.js';
import { bookSlot, findSlot, loadRules, lockSlot, slotsInRange, type OwnerKind } from './schedule.js';
import { tr } from './catalog/texts.js';
import { subticketRows, type SubticketRow } from './catalog/common.js';
import { eventLifetime, getEventRow, getTicketRow, ticketSlotOwner } from './catalog/events.js';
import { getTourRow, questionRows, tourLifetime, tourPriceRows, tourTicketRows, type QuestionRow, type TourRow } from './catalog/tours.js';
import { getMerchandiseRow } from './catalog/merchandise.js';
import { getVoucherRow, voucherCodeColumns, voucherCodeStanding, type VoucherCodeRow } from './catalog/vouchers.js';

/** A slot without a place limit: the domain's caps alone (planSlot checks the places left). */
const UNLIMITED_PLACES = { remaining: Number.MAX_SAFE_INTEGER };

export interface PricedLine {
  item: CartItem;
  /** display name in the requested language */
  name: string;
  /** total of the line in minor units, before vouchers; voucher codes are 0 here */
  amount: number;
  /**
   * VAT in percent, e.g. 8.1: the line's rate; for a line whose items have several rates (a tour
   * with a price entry or ticket at another rate, a ticket with subtickets, day tickets) the rate of
   * the largest share (money.mainVatRate). The VAT itself is `tax`, never computed from this.
   */
  vat: number;
  /** VAT contained in the line, minor units: §9 VAT per item, each item at its own rate (money.taxTotal) */
  tax: number;
  /** voucher codes only: the value applied to this cart (positive, minor units); 0 for other lines */
  discount: number;
  /** voucher codes only: the value left on the code after this cart; 0 for other lines */
  remaining: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** sum of non-voucher-code lines, minor units */
  subtotal: number;
  /** value of voucher codes applied (positive, minor units, at most subtotal + shipping) */
  discount: number;
  /** shipping cost passed in (minor units), which voucher codes may cover too */
  shipping: number;
  /** what is charged: max(0, subtotal + shipping) - discount (>= 0) */
  total: number;
  /** sum of merchandise weights in grams, for shipping */
  weight: number;
}

/** What a line takes from the inventory when it is booked. */
interface Take {
  index: number;
  kind: 'slot' | 'stock' | 'voucherCode';
  owner?: { kind: OwnerKind; id: number; untilEnd?: boolean; lifetime: { first: string; last: string } };
  datetime?: string;
  places: number;
  tours: number;
  /** merchandise id or voucher barcode */
  key: string;
}

/** `vat` and `tax` of a line from its taxed items (§9 VAT per item; the app taxes the same items, src/domain/cart-lines.ts taxedItems). */
const taxOf = (items: readonly TaxedItem[]): { vat: number; tax: number } => ({ vat: mainVatRate(items), tax: taxTotal(items) });

const unavailable = (index: number, message: string, field = '') =>
  new HttpError(422, 'ITEM_UNAVAILABLE', message, { [`items.${index}${field ? `.${field}` : ''}`]: [message] });

const invalid = (index: number, message: string, field = '') =>
  new HttpError(422, 'VALIDATION_FAILED', message, { [`items.${index}${field ? `.${field}` : ''}`]: [message] });

export const overbooked = (index: number, available: number) =>
  new HttpError(422, 'OVERBOOKED', `Only ${available} left.`, { [`items.${index}`]: [`Only ${available} left.`] }, { available, index });

/** Checks subticket counts (per ticket unit) and returns {persons, price} per unit. */
function subticketUnit(index: number, subs: SubticketRow[], family: boolean, wanted: { id: number; count: number }[]): { persons: number; price: number } {
  if (subs.length === 0) {
    if (wanted.some((w) => w.count > 0)) throw invalid(index, 'This ticket has no subtickets.', 'subtickets');
    return { persons: 1, price: 0 };
  }
  const counts = new Map<number, number>();
  for (const w of wanted) {
    if (!subs.some((s) => s.id === w.id)) throw invalid(index, `Unknown subticket ${w.id}.`, 'subtickets');
    counts.set(w.id, (counts.get(w.id) ?? 0) + w.count);
  }
  let persons = 0;
  let price = 0;
  for (const s of subs) {
    const n = counts.get(s.id) ?? 0;
    const fixed = s.min_quantity === s.max_quantity;
    const ok = family
      ? n >= Math.max(1, s.min_quantity) && n <= s.max_quantity
      : n === 0 || (fixed ? n === s.max_quantity : n >= s.min_quantity && n <= s.max_quantity);
    if (!ok) {
      throw invalid(index, family ? 'A family ticket needs a quantity for every component within its limits.' : `The quantity of subticket ${s.id} must be 0 or between ${s.min_quantity} and ${s.max_quantity}.`, 'subtickets');
    }
    persons += n;
    price += n * s.price;
  }
  if (persons === 0) throw invalid(index, 'Choose at least one person.', 'subtickets');
  return { persons, price };
}

function checkAnswers(index: number, questions: QuestionRow[], answers: { qId: number; type: string; value: string | number | string[] }[]): void {
  const byId = new Map(answers.map((a) => [a.qId, a]));
  for (const a of answers) {
    if (!questions.some((q) => q.id === a.qId)) throw invalid(index, `Unknown question ${a.qId}.`, 'answers');
  }
  for (const q of questions) {
    const a = byId.get(q.id);
    // the rule of src/domain/tours.ts (the app checks the same before adding)
    const question = { id: q.id, type: q.type, mandatory: q.mandatory, options: q.options, min: q.min_value, max: q.max_value };
    const problem = answerProblem(question, a?.value);
    if (problem === 'required') throw invalid(index, 'Please answer all mandatory fields.', `answers.${q.id}`);
    // an optional question left empty
    if (!a || answerProblem({ ...question, mandatory: true }, a.value) === 'required') continue;
    if (a.type !== q.type) throw invalid(index, `Question ${q.id} expects a ${q.type} answer.`, `answers.${q.id}`);
    if (problem === 'invalid') throw invalid(index, `The answer to question ${q.id} is not valid.`, `answers.${q.id}`);
  }
}

interface Priced {
  cart: PricedCart;
  takes: Take[];
}

async function priceAndPlan(q: Queryable, lang: Language, items: CartItem[], now: Date, shipping: number): Promise<Priced> {
  const lines: PricedLine[] = [];
  const takes: Take[] = [];
  let weight = 0;
  /** places already asked for per slot by earlier lines of this cart */
  const asked = new Map<string, { places: number; tours: number }>();
  const seenCodes = new Set<string>();

  const planSlot = async (index: number, owner: { kind: OwnerKind; id: number; untilEnd?: boolean }, lifetime: { first: string; last: string }, datetime: string, places: number, tours: number, placesLeft?: (remaining: number) => number) => {
    const slot = await findSlot(q, owner.kind, owner.id, lifetime, datetime, now, owner.untilEnd ?? false);
    if (!slot) throw unavailable(index, 'This date and time cannot be booked.', 'datetime');
    const key = `${owner.kind}:${owner.id}:${datetime}`;
    const before = asked.get(key) ?? { places: 0, tours: 0 };
    const remaining = slot.remaining - before.places;
    const wantPlaces = placesLeft ? placesLeft(remaining) : places;
    if (wantPlaces > remaining) throw overbooked(index, Math.max(0, remaining));
    if (tours > slot.tours_remaining - before.tours) throw overbooked(index, Math.max(0, slot.tours_remaining - before.tours));
    asked.set(key, { places: before.places + wantPlaces, tours: before.tours + tours });
    takes.push({ index, kind: 'slot', owner: { ...owner, lifetime }, datetime, places: wantPlaces, tours, key });
    return slot;
  };

  for (const [index, item] of items.entries()) {
    switch (item.type) {
      case 'ticket': {
        const ticket = await getTicketRow(q, item.id);
        const event = ticket ? await getEventRow(q, ticket.event_id) : null;
        if (!ticket || !event) throw unavailable(index, `There is no ticket ${item.id}.`, 'id');
        if (item.count < 1) throw invalid(index, 'Choose at least one ticket.', 'count');
        const subs = await subticketRows(q, 'event_ticket', [ticket.id]);
        const unit = subticketUnit(index, subs, ticket.family === 1, item.subtickets);
        await planSlot(index, { ...ticketSlotOwner(ticket), untilEnd: ticket.mode === 3 }, eventLifetime(event, now), item.datetime, item.count * unit.persons, 0);
        // the ticket at its rate, each subticket at its own (per ticket, so count × its count)
        const taxed: TaxedItem[] = [{ price: ticket.price, count: item.count, vatPercent: ticket.vat_value }];
        for (const w of item.subtickets) {
          const s = subs.find((x) => x.id === w.id);
          if (s) taxed.push({ price: s.price, count: item.count * w.count, vatPercent: s.vat_value });
        }
        lines.push({ item, name: `${tr(event.name, lang)} – ${tr(ticket.name, lang)}`, amount: item.count * (ticket.price + unit.price), ...taxOf(taxed), discount: 0, remaining: 0 });
        break;
      }
      case 'dayTicket': {
        let amount = 0;
        const taxed: TaxedItem[] = [];
        const names: string[] = [];
        for (const d of item.dayTickets) {
          if (d.count === 0) continue;
          const ticket = await getTicketRow(q, d.id);
          const event = ticket ? await getEventRow(q, ticket.event_id) : null;
          if (!ticket || !event || ticket.mode !== 3) throw unavailable(index, `There is no day ticket ${d.id}.`, 'dayTickets');
          const slot = (await findSlotsOfDay(q, ticket.id, eventLifetime(event, now), item.date, now))[0];
          if (!slot) throw unavailable(index, 'This day cannot be booked.', 'date');
          await planSlot(index, { kind: 'ticket', id: ticket.id, untilEnd: true }, eventLifetime(event, now), slot, d.count, 0);
          amount += d.count * ticket.price;
          taxed.push({ price: ticket.price, count: d.count, vatPercent: ticket.vat_value });
          names.push(`${d.count} × ${tr(ticket.name, lang)}`);
        }
        if (names.length === 0) throw invalid(index, 'Choose at least one ticket.', 'dayTickets');
        lines.push({ item, name: names.join(', '), amount, ...taxOf(taxed), discount: 0, remaining: 0 });
        break;
      }
      case 'guidedTour': {
        const tour = await getTourRow(q, item.tourId);
        if (!tour) throw unavailable(index, `There is no tour ${item.tourId}.`, 'tourId');
        lines.push(await priceTour(q, lang, index, item, tour, now, planSlot));
        break;
      }
      case 'merchandise':
      case 'annualPass': {
        // the stock left for sale: live holds of other carts are taken off (issue 41)
        const row = await getMerchandiseRow(q, item.id, now);
        if (!row) throw unavailable(index, `There is no article ${item.id}.`, 'id');
        const pass = isPass(row);
        if (pass !== (item.type === 'annualPass')) throw invalid(index, pass ? 'Annual passes are booked as annualPass.' : 'This article is not an annual pass.', 'type');
        if (item.type === 'annualPass' && item.owners.length !== item.count) throw invalid(index, 'Enter one owner for every pass.', 'owners');
        if (row.stock !== null) {
          const before = takes.filter((t) => t.kind === 'stock' && t.key === String(row.id)).reduce((s, t) => s + t.places, 0);
          if (item.count > row.stock - before) throw overbooked(index, Math.max(0, row.stock - before));
        }
        takes.push({ index, kind: 'stock', places: item.count, tours: 0, key: String(row.id) });
        weight += item.count * row.weight;
        lines.push({ item, name: tr(row.name, lang), amount: item.count * row.price, ...taxOf([{ price: row.price, count: item.count, vatPercent: row.vat_value }]), discount: 0, remaining: 0 });
        break;
      }
      case 'voucher': {
        const row = await getVoucherRow(q, item.id);
        if (!row) throw unavailable(index, `There is no voucher ${item.id}.`, 'id');
        let unit = row.price;
        if (row.variable_amount === 1) {
          if (item.amount === undefined) throw invalid(index, 'Enter an amount.', 'amount');
          if ((row.min_amount !== null && item.amount < row.min_amount) || (row.max_amount !== null && item.amount > row.max_amount)) {
            throw invalid(index, `The amount must be between ${row.min_amount ?? 0} and ${row.max_amount ?? item.amount}.`, 'amount');
          }
          unit = item.amount;
        }
        lines.push({ item, name: tr(row.name, lang), amount: item.count * unit, ...taxOf([{ price: unit, count: item.count, vatPercent: row.vat_value }]), discount: 0, remaining: 0 });
        break;
      }
      case 'voucherCode': {
        const barcode = normalizeVoucherCode(item.barcode);
        const row = (await q.query<VoucherCodeRow>(`SELECT ${voucherCodeColumns(2)} FROM voucher_codes WHERE upper(barcode) = upper($1)`, [barcode, now.toISOString()]))[0];
        if (!row) throw new HttpError(422, VOUCHER_NOT_FOUND, 'This voucher code does not exist.', { [`items.${index}`]: [VOUCHER_NOT_FOUND] });
        if (seenCodes.has(row.barcode)) throw invalid(index, 'This voucher code is already in the cart.', 'barcode');
        seenCodes.add(row.barcode);
        // the value left counts what live holds of other carts take (issue 41)
        const validity = voucherCodeStanding(row, now);
        if (!validity.valid) throw new HttpError(422, validity.error, 'This voucher code cannot be used.', { [`items.${index}`]: [validity.error] });
        // value: filled in below, once the subtotal is known
        lines.push({ item, name: `${tr(row.name, lang)} ${row.barcode}`, amount: 0, vat: 0, tax: 0, discount: 0, remaining: validity.available_amount });
        takes.push({ index, kind: 'voucherCode', places: 0, tours: 0, key: row.barcode });
        break;
      }
    }
  }

  // §4, one implementation with the app (src/domain/vouchers.ts): codes cover subtotal + shipping
  const subtotal = lines.reduce((s, l) => s + (l.item.type === 'voucherCode' ? 0 : l.amount), 0);
  const codeLines = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.item.type === 'voucherCode');
  const application = applyVoucherCodes(subtotal, shipping, codeLines.map(({ line }) => line.remaining));
  codeLines.forEach(({ line, index }, i) => {
    const applied = application.applied[i] ?? 0;
    line.discount = applied;
    line.remaining -= applied;
    const take = takes.find((t) => t.kind === 'voucherCode' && t.index === index);
    if (take) take.places = applied;
  });
  const discount = application.discount;
  return { cart: { lines, subtotal, shipping, discount, total: application.total, weight }, takes };
}

async function findSlotsOfDay(q: Queryable, ticketId: number, lifetime: { first: string; last: string }, date: string, now: Date): Promise<string[]> {
  const slots = await slotsInRange(q, 'ticket', ticketId, await loadRules(q, 'ticket', ticketId), lifetime, date, date, now, true);
  return slots.map((s) => s.datetime);
}

type PlanSlot = (index: number, owner: { kind: OwnerKind; id: number; untilEnd?: boolean }, lifetime: { first: string; last: string }, datetime: string, places: number, tours: number, placesLeft?: (remaining: number) => number) => Promise<{ remaining: number; capacity: number; tours_remaining: number; price_list: { id: number; price: number }[] | null }>;

async function priceTour(q: Queryable, lang: Language, index: number, item: Extract<CartItem, { type: 'guidedTour' }>, tour: TourRow, now: Date, planSlot: PlanSlot): Promise<PricedLine> {
  const [prices, tickets, questions] = await Promise.all([tourPriceRows(q, tour.id), tourTicketRows(q, tour.id), questionRows(q, tour.id)]);
  const subs = await subticketRows(q, 'tour_ticket', tickets.map((t) => t.id));
  const lifetime = tourLifetime(tour, now);
  const slot = await findSlot(q, 'tour', tour.id, lifetime, item.datetime, now);
  if (!slot) throw unavailable(index, 'This date and time cannot be booked.', 'datetime');

  // validation of ids and subticket ranges here; amount, tours and participants by the rule the app uses (src/domain/tours.ts)
  for (const p of item.prices) {
    if (!prices.some((x) => x.id === p.id)) throw invalid(index, `Unknown price list entry ${p.id}.`, 'prices');
  }
  for (const t of item.tickets) {
    const row = tickets.find((x) => x.id === t.id);
    if (!row) throw invalid(index, `Unknown ticket ${t.id}.`, 'tickets');
    if (t.count === 0 && t.subtickets.every((s) => s.count === 0)) continue;
    const own = subs.filter((s) => s.parent_id === row.id);
    if (own.length > 0) subticketUnit(index, own, false, t.subtickets);
    else if (t.subtickets.some((s) => s.count > 0)) throw invalid(index, 'This ticket has no subtickets.', 'subtickets');
  }
  const priced = { priceList: prices, tickets: tickets.map((t) => ({ id: t.id, price: t.price, vat_value: t.vat_value, subtickets: subs.filter((s) => s.parent_id === t.id) })) };
  const totals = tourItemTotals(priced, slot.price_list, item);
  // §9 VAT per item, the rule of the app's cart line (src/domain/tours.ts tourTaxedItems)
  const taxed = tourTaxedItems(priced, slot.price_list, item);
  const amount = totals.amount;
  const toursBooked = totals.tours;
  const participants = totals.participants;
  if (tickets.length > 0 && tour.booking_without_tickets === 0 && participants === 0) throw invalid(index, 'Choose the participants.', 'tickets');

  const complete = toursBooked > 0;
  if (complete && tour.book_complete_tour === 0) throw invalid(index, 'This tour cannot be booked as a whole.', 'prices');
  if (!complete && tour.single_ticketing === 0) throw invalid(index, 'Choose how many tours to book.', 'prices');
  if (!complete && participants === 0) throw invalid(index, 'Choose the participants.', 'tickets');
  if (complete && tour.single_ticketing === 1) {
    // single tickets and complete-tour booking both on: the whole tour takes every place left
    if (toursBooked > 1) throw invalid(index, 'Only one tour can be booked at this time.', 'prices');
    if (slot.remaining <= 0 || participants > slot.remaining) throw overbooked(index, slot.remaining);
    await planSlot(index, { kind: 'tour', id: tour.id }, lifetime, item.datetime, 0, 1, (remaining) => (remaining > 0 ? remaining : 1));
  } else if (complete) {
    // the participant cap of src/domain/tours.ts (max_participants per tour booked); the places left are planSlot's
    const cap = participantLimit(tour, UNLIMITED_PLACES, 'complete', toursBooked).max;
    if (participants > cap) throw invalid(index, `At most ${cap} participants.`, 'tickets');
    if (participants > 0 && participants < tour.min_participants) throw invalid(index, `At least ${tour.min_participants} participants.`, 'tickets');
    await planSlot(index, { kind: 'tour', id: tour.id }, lifetime, item.datetime, participants, toursBooked);
  } else {
    // min(max_participants, places left), or the places left alone when the whole tour is sold too (§5, src/domain/tours.ts)
    const cap = participantLimit(tour, UNLIMITED_PLACES, 'single', 0).max;
    if (participants > cap) throw invalid(index, `At most ${cap} participants.`, 'tickets');
    await planSlot(index, { kind: 'tour', id: tour.id }, lifetime, item.datetime, participants, 0);
  }
  checkAnswers(index, questions, item.answers);
  return { item, name: `${tr(tour.name, lang)}, ${item.datetime}`, amount, ...taxOf(taxed), discount: 0, remaining: 0 };
}

/**
 * Checks every item exists and is on sale, and prices it. Unknown or unavailable items answer
 * 422 (code ITEM_UNAVAILABLE, field `items.N`); invalid counts or answers 422 VALIDATION_FAILED;
 * too few places or stock 422 OVERBOOKED with data {available, index}; a voucher code that cannot
 * be used 422 with its VOUCHER_* code. Does not change anything. `shipping` (minor units) is what
 * voucher codes may cover besides the items.
 */
export async function priceCart(q: Queryable, lang: Language, items: CartItem[], now: Date, shipping = 0): Promise<PricedCart> {
  return (await priceAndPlan(q, lang, items, now, shipping)).cart;
}

/**
 * What one line takes from one resource, as a hold stores it (table holds) and a booking takes it:
 * places and tours of a slot, articles of a stock, or value (minor units) of a voucher code.
 */
export interface Claim {
  kind: Take['kind'];
  /** the cart line it belongs to (the index of OVERBOOKED's data) */
  line: number;
  owner_kind: OwnerKind | null;
  owner_id: number | null;
  datetime: string | null;
  until_end: boolean;
  lifetime_first: string | null;
  lifetime_last: string | null;
  merchandise_id: number | null;
  barcode: string | null;
  places: number;
  tours: number;
}

function claimOf(take: Take): Claim {
  return {
    kind: take.kind,
    line: take.index,
    owner_kind: take.owner?.kind ?? null,
    owner_id: take.owner?.id ?? null,
    datetime: take.datetime ?? null,
    until_end: take.owner?.untilEnd ?? false,
    lifetime_first: take.owner?.lifetime.first ?? null,
    lifetime_last: take.owner?.lifetime.last ?? null,
    merchandise_id: take.kind === 'stock' ? Number(take.key) : null,
    barcode: take.kind === 'voucherCode' ? take.key : null,
    places: take.places,
    tours: take.tours,
  };
}

/** One lock order for every writer (slot, stock, code; then key), so concurrent carts cannot deadlock on PostgreSQL. */
const claimKey = (c: Claim) => `${c.kind}:${c.owner_kind ?? ''}:${c.owner_id ?? ''}:${c.datetime ?? ''}:${c.merchandise_id ?? ''}:${c.barcode ?? ''}`;
const inLockOrder = (claims: readonly Claim[]) => [...claims].sort((a, b) => claimKey(a).localeCompare(claimKey(b)) || a.line - b.line);

/**
 * Locks the claim's resource and checks that it is left (counting every live hold), then books it
 * (`into: 'booking'`) or holds it for a cart until `expiresAt`. Throws 422 OVERBOOKED {available,
 * index} when too little is left, or the voucher error when the code can no longer be used.
 */
async function claim(tx: Queryable, c: Claim, now: Date, into: { booking: true } | { cartId: string; expiresAt: Date }): Promise<void> {
  if (c.kind === 'slot') {
    if (c.owner_kind === null || c.owner_id === null || c.datetime === null || c.lifetime_first === null || c.lifetime_last === null) return;
    const lifetime = { first: c.lifetime_first, last: c.lifetime_last };
    const result = await lockSlot(tx, c.owner_kind, c.owner_id, lifetime, c.datetime, c.places, c.tours, now, c.until_end);
    if (!result.ok) throw overbooked(c.line, result.available);
    if ('booking' in into) await bookSlot(tx, c.owner_kind, c.owner_id, c.datetime, c.places, c.tours);
  } else if (c.kind === 'stock') {
    if (c.merchandise_id === null) return;
    const locked = (await tx.query<{ id: number }>('SELECT id FROM merchandise WHERE id = $1 FOR UPDATE', [c.merchandise_id]))[0];
    const row = locked ? await getMerchandiseRow(tx, c.merchandise_id, now) : null;
    if (!row) throw unavailable(c.line, 'This article is no longer on sale.', 'id');
    if (row.stock !== null) {
      if (c.places > row.stock) throw overbooked(c.line, row.stock);
      if ('booking' in into) await tx.query('UPDATE merchandise SET stock = stock - $2 WHERE id = $1', [c.merchandise_id, c.places]);
    }
  } else {
    if (c.barcode === null || c.places <= 0) return;
    const row = (await tx.query<VoucherCodeRow>(`SELECT ${voucherCodeColumns(2)} FROM voucher_codes WHERE barcode = $1 FOR UPDATE`, [c.barcode, now.toISOString()]))[0];
    if (!row) throw new HttpError(422, VOUCHER_NOT_FOUND, 'This voucher code does not exist.', { [`items.${c.line}`]: [VOUCHER_NOT_FOUND] });
    const validity = voucherCodeStanding(row, now);
    if (!validity.valid) throw new HttpError(422, validity.error, 'This voucher code cannot be used.', { [`items.${c.line}`]: [validity.error] }, { available: validity.available_amount, index: c.line });
    if (c.places > validity.available_amount) throw overbooked(c.line, validity.available_amount);
    if ('booking' in into) await tx.query('UPDATE voucher_codes SET used_amount = used_amount + $2 WHERE barcode = $1', [c.barcode, c.places]);
  }
  if (!('booking' in into)) {
    await tx.query(
      `INSERT INTO holds (cart_id, kind, line, owner_kind, owner_id, datetime, until_end, lifetime_first, lifetime_last, merchandise_id, barcode, places, tours, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [into.cartId, c.kind, c.line, c.owner_kind, c.owner_id, c.datetime, c.until_end, c.lifetime_first, c.lifetime_last, c.merchandise_id, c.barcode, c.places, c.tours, into.expiresAt.toISOString()],
    );
  }
}

/**
 * Takes places, stock and voucher-code value for the items inside the caller's transaction, with
 * row locks so that concurrent bookings never sell more than there is. When something is short it
 * throws 422 OVERBOOKED with data {available, index} (available: what is left for that item).
 * Validates the items like priceCart first. Returns the priced cart as booked.
 */
export async function reserveCart(tx: Queryable, items: CartItem[], now: Date, shipping = 0): Promise<PricedCart> {
  const { cart, takes } = await priceAndPlan(tx, 'de', items, now, shipping);
  for (const c of inLockOrder(takes.map(claimOf))) await claim(tx, c, now, { booking: true });
  return cart;
}

/**
 * Issue 41, at initPayment: prices the items and holds what they take (places and tours of every
 * slot and tour, stock of every article and pass, the value each voucher code covers) for the
 * payment cart `cartId` until `expiresAt`, inside the caller's transaction that creates the cart.
 * Refuses like reserveCart (422 OVERBOOKED {available, index}, the voucher errors) when something
 * is not left, counting the live holds of every other cart. Returns the priced cart.
 */
export async function holdCart(tx: Queryable, lang: Language, cartId: string, items: CartItem[], now: Date, shipping: number, expiresAt: Date): Promise<PricedCart> {
  const { cart, takes } = await priceAndPlan(tx, lang, items, now, shipping);
  for (const c of inLockOrder(takes.map(claimOf))) await claim(tx, c, now, { cartId, expiresAt });
  return cart;
}

/**
 * Issue 41, when the money has arrived: turns the cart's holds into bookings inside the caller's
 * transaction. The holds are dropped first, so a hold still live books for certain; a hold that
 * ran out books what it held only if that is still left. Throws like reserveCart when it is not
 * (the caller rolls back and refunds). A cart of items that take nothing (gift vouchers) holds
 * nothing and books as it is; whether a cart may still be booked at all is its status's question.
 */
export async function bookHeld(tx: Queryable, cartId: string, now: Date): Promise<Claim[]> {
  const held = await tx.query<Claim>(
    `DELETE FROM holds WHERE cart_id = $1
     RETURNING kind, line, owner_kind, owner_id, datetime, until_end, lifetime_first, lifetime_last, merchandise_id, barcode, places, tours`,
    [cartId],
  );
  for (const c of inLockOrder(held)) await claim(tx, c, now, { booking: true });
  return held;
}

/** Ends a cart's holds at once (cancelled, given up, refunded): their places count again. */
export async function releaseHolds(q: Queryable, cartId: string): Promise<void> {
  await q.query('DELETE FROM holds WHERE cart_id = $1', [cartId]);
}
