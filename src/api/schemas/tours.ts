/**
 * Guided tours (spec §3, §7): what tour/… answers.
 */
import * as v from 'valibot';
import { FlagSchema, MinorUnitsSchema } from './common.js';
import { Id, Int, DateString, DateTimeString, VenueSchema, CustomGroupSchema, SubticketSchema } from './catalog-common.js';

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
