/**
 * Events and their tickets (spec §3, §7): what ticket/… answers.
 */
import * as v from 'valibot';
import { FlagSchema, MinorUnitsSchema } from './common.js';
import { Id, Int, DateString, DateTimeString, VenueSchema, CustomGroupSchema, SubticketSchema } from './catalog-common.js';

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
