/**
 * Catalogue of the shop (spec §3, §7): events and their tickets, guided tours, merchandise and
 * annual passes, vouchers and voucher codes. Response schemas (what the server sends, field names
 * of §3) and request schemas (query strings and path parameters, checked by the server).
 */
import * as v from 'valibot';
import { FlagSchema, MinorUnitsSchema } from './common.js';
import { TOUR_OVERVIEW_DAYS } from '../../domain/limits.js';

// ---------- shared pieces ----------

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Int = v.pipe(v.number(), v.integer());
/** 'YYYY-MM-DD' */
const DateString = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
/** 'YYYY-MM-DD HH:mm' (museum local time) */
const DateTimeString = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/));

export const NamedSchema = v.object({ id: Id, name: v.string() });
export type Named = v.InferOutput<typeof NamedSchema>;
export const VenueSchema = NamedSchema;
export const CustomGroupSchema = NamedSchema;

// ---------- events and tickets ----------

export const EventSchema = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  venue: VenueSchema,
  /** 0: ordered by sorting_datetime after the events with a sequence_no */
  sequence_no: Int,
  sorting_datetime: v.string(),
  custom_groups: v.array(CustomGroupSchema),
  /** first and last day of the event ('YYYY-MM-DD'); an event whose end is before today is expired */
  start: DateString,
  end: DateString,
  expired: v.boolean(),
  image: v.nullable(v.string()),
});
export type ShopEvent = v.InferOutput<typeof EventSchema>;
export const EventListSchema = v.array(EventSchema);

export const TimeslotSchema = v.object({
  datetime: DateTimeString,
  datetime_end: DateTimeString,
  /** places left in this slot (0 = sold out) */
  max_tickets: Int,
});
export type Timeslot = v.InferOutput<typeof TimeslotSchema>;

export const SubticketSchema = v.object({
  id: Id,
  name: v.string(),
  price: MinorUnitsSchema,
  vat_value: v.number(),
  min_quantity: Int,
  max_quantity: Int,
});
export type Subticket = v.InferOutput<typeof SubticketSchema>;

/** Ticket modes of §3: 1 timed (event slots), 3 day ticket, 5 own contingent of timed slots. */
export const TicketModeSchema = v.picklist([1, 3, 5]);

export const EventTicketSchema = v.object({
  id: Id,
  name: v.string(),
  mode: TicketModeSchema,
  price: MinorUnitsSchema,
  vat_value: v.number(),
  schedule: v.array(TimeslotSchema),
  family: FlagSchema,
  subtickets: v.array(SubticketSchema),
  group_id: v.nullable(Int),
  group_name: v.nullable(v.string()),
  print_separately: FlagSchema,
  unique_barcode: FlagSchema,
  scan_separately: FlagSchema,
  book_with_cost: FlagSchema,
  book_with_cost_warn: FlagSchema,
  sequence_no: Int,
  eventId: Id,
});
export type EventTicket = v.InferOutput<typeof EventTicketSchema>;

/** GET ticket/collect/event/{id}[/date/{date}] */
export const TicketCollectionSchema = v.object({
  event: EventSchema,
  /** the date the schedules are for (the requested one, else the next bookable day), null when none */
  date: v.nullable(DateString),
  tickets: v.array(EventTicketSchema),
  /** the event's shared time slots of that date (mode 1 tickets) */
  timeslot: v.array(TimeslotSchema),
});
export type TicketCollection = v.InferOutput<typeof TicketCollectionSchema>;

/** GET ticket/calendar/…: date → places left that day (0 = sold out); days without opening are absent. */
export const TicketCalendarSchema = v.record(v.string(), Int);
export type TicketCalendar = v.InferOutput<typeof TicketCalendarSchema>;

/** GET ticket/lifetime and tour/lifetime/…: first and last day with slots ('YYYY-MM-DD'). */
export const LifetimeSchema = v.object({ first: DateString, last: DateString });
export type Lifetime = v.InferOutput<typeof LifetimeSchema>;

// ---------- guided tours ----------

export const PriceListEntrySchema = v.object({ id: Id, name: v.string(), price: MinorUnitsSchema, vat_value: v.number(), sequence_no: Int });
export type PriceListEntry = v.InferOutput<typeof PriceListEntrySchema>;

export const TourTicketSchema = v.object({
  id: Id,
  name: v.string(),
  price: MinorUnitsSchema,
  vat_value: v.number(),
  sequence_no: Int,
  subtickets: v.optional(v.array(SubticketSchema), []),
});
export type TourTicket = v.InferOutput<typeof TourTicketSchema>;

export const QuestionTypeSchema = v.picklist(['radio', 'select', 'checkbox', 'text', 'textarea', 'number']);
export const TourQuestionSchema = v.object({
  id: Id,
  type: QuestionTypeSchema,
  label: v.string(),
  mandatory: v.boolean(),
  options: v.array(v.object({ value: v.string(), label: v.string() })),
  min: v.nullable(Int),
  max: v.nullable(Int),
});
export type TourQuestion = v.InferOutput<typeof TourQuestionSchema>;

export const TourSlotSchema = v.object({
  time: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
  datetime: DateTimeString,
  datetime_end: DateTimeString,
  /** YYYYMMDDHHmm as a number, unique per tour */
  timeslotId: Int,
  /** tours (guides) offered at this time */
  tours: Int,
  tours_remaining: Int,
  /** participant places left */
  remaining: Int,
  soldout: v.boolean(),
  /** the price list of this slot when it overrides the tour's own, else null */
  priceList: v.nullable(v.array(PriceListEntrySchema)),
});
export type TourSlot = v.InferOutput<typeof TourSlotSchema>;

export const TourSchema = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  eventName: v.nullable(v.string()),
  sequence_no: Int,
  duration: Int,
  max_participants: Int,
  min_participants: Int,
  single_ticketing: FlagSchema,
  book_complete_tour: FlagSchema,
  booking_without_tickets: FlagSchema,
  priceList: v.array(PriceListEntrySchema),
  tickets: v.array(TourTicketSchema),
  custom_groups: v.array(CustomGroupSchema),
  langIdentifier: v.string(),
  langName: v.string(),
  museumId: Int,
  venue: VenueSchema,
});
export type Tour = v.InferOutput<typeof TourSchema>;
export const TourListSchema = v.object({ tours: v.array(TourSchema) });

/** GET tour?tour=ID[&date]: the tour with the schedule of one date and its questions. */
export const TourDetailSchema = v.object({
  ...TourSchema.entries,
  /** the date of `schedule` (the requested one, else the next bookable day), null when none */
  date: v.nullable(DateString),
  schedule: v.array(TourSlotSchema),
  questions: v.array(TourQuestionSchema),
});
export type TourDetail = v.InferOutput<typeof TourDetailSchema>;

/** GET tour/overview?date&lookahead: date → ids of tours bookable that day. */
export const TourOverviewSchema = v.record(v.string(), v.array(Id));
export const TourAttrSchema = v.object({
  category: v.array(CustomGroupSchema),
  venues: v.array(VenueSchema),
  languages: v.array(v.object({ id: v.string(), name: v.string() })),
});
/** GET tour/soldout/…: sold-out dates ('YYYY-MM-DD') in the range. */
export const SoldOutDatesSchema = v.array(DateString);
/** GET tour/soldoutTimeslots/…: sold-out times ('HH:mm') of the date. */
export const SoldOutTimeslotsSchema = v.array(v.string());
/** GET tour/calendar/…: date → time → slot state. */
export const TourCalendarSchema = v.record(
  v.string(),
  v.record(v.string(), v.object({ timeslotId: Int, remaining: Int, tours_remaining: Int, soldout: v.boolean() })),
);
export type TourCalendar = v.InferOutput<typeof TourCalendarSchema>;

// ---------- merchandise and passes ----------

export const MerchandiseSchema = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  price: MinorUnitsSchema,
  vat_value: v.number(),
  /** null: not limited */
  stock: v.nullable(Int),
  sequence_no: Int,
  custom_groups: v.array(CustomGroupSchema),
  product_kind_ref: Int,
  /** grams, for shipping */
  weight: Int,
  image: v.nullable(v.string()),
});
export type Merchandise = v.InferOutput<typeof MerchandiseSchema>;
export const MerchandiseListSchema = v.array(MerchandiseSchema);
export const MerchandiseAttrSchema = v.object({ category: v.array(CustomGroupSchema) });

// ---------- vouchers and voucher codes ----------

export const VoucherSchema = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  price: MinorUnitsSchema,
  vat_value: v.number(),
  variable_amount: FlagSchema,
  /** bounds of a variable amount in minor units (null for fixed vouchers) */
  min_amount: v.nullable(Int),
  max_amount: v.nullable(Int),
  groupId: Id,
  sequence_no: Int,
  image: v.nullable(v.string()),
});
export type Voucher = v.InferOutput<typeof VoucherSchema>;
export const VoucherListSchema = v.array(VoucherSchema);
export const VoucherAttrSchema = v.object({ group: v.array(CustomGroupSchema) });

export const VoucherCodeSchema = v.object({
  barcode: v.string(),
  name: v.string(),
  amount: MinorUnitsSchema,
  used_amount: MinorUnitsSchema,
  available_amount: MinorUnitsSchema,
  valid_from: v.nullable(DateString),
  valid_to: v.nullable(DateString),
});
export type VoucherCode = v.InferOutput<typeof VoucherCodeSchema>;

// ---------- requests (query strings and path parameters) ----------

const IdParam = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, 'Expected a numeric id'), v.transform(Number), v.minValue(1, 'Expected a numeric id'));
const DateParam = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{4}-?\d{2}-?\d{2}$/, 'Expected YYYYMMDD or YYYY-MM-DD'),
  v.transform((s) => s.replace(/-/g, '')),
  v.transform((s) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s, 'Not a calendar date'),
);
/** YYYYMMDD only (ranges of §7) */
const CompactDateParam = v.pipe(v.string(), v.regex(/^\d{8}$/, 'Expected YYYYMMDD'), DateParam);

export const IdParamsSchema = v.object({ id: IdParam });
export const DateParamsSchema = v.object({ id: IdParam, date: DateParam });
export const RangeParamsSchema = v.pipe(
  v.object({ id: IdParam, start: CompactDateParam, end: CompactDateParam }),
  v.forward(v.check((r) => r.start <= r.end, 'The start must not be after the end'), ['end']),
);
export const TourQuerySchema = v.object({ tour: IdParam, date: v.optional(DateParam) });
export const TourOverviewQuerySchema = v.object({
  date: DateParam,
  lookahead: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, `Expected 0 to ${TOUR_OVERVIEW_DAYS}`), v.transform(Number), v.maxValue(TOUR_OVERVIEW_DAYS, `Expected 0 to ${TOUR_OVERVIEW_DAYS}`)), '0'),
});
export const CalendarQuerySchema = v.object({ deep: v.optional(v.picklist(['0', '1']), '0') });
export const EventQuerySchema = v.object({ event: IdParam });
export const ArticleQuerySchema = v.object({ article: IdParam });
export const ProductKindQuerySchema = v.object({ product_kind: v.optional(IdParam) });
export const VoucherCodeQuerySchema = v.object({ voucher: v.pipe(v.string(), v.trim(), v.minLength(1, 'Enter a voucher code'), v.maxLength(64)) });
