/**
 * Events and tickets calls of spec §7. Dates are 'YYYY-MM-DD'; ranges are sent as YYYYMMDD as §7 says.
 */
import type { Http } from './http.js';
import { rangeSegment } from './range.js';
import { EventListSchema, TicketCollectionSchema, TicketCalendarSchema } from './schemas/events.js';
import { LifetimeSchema } from './schemas/catalog-common.js';
import { toCompactDate } from '../domain/dates.js';

export function eventsApi(http: Http) {
  return {
    getEvents: (signal?: AbortSignal) => http.request('GET', 'event/select', { schema: EventListSchema, signal }),
    getTickets: (eventId: number, date?: string, signal?: AbortSignal) =>
      http.request('GET', date ? `ticket/collect/event/${eventId}/date/${toCompactDate(date)}` : `ticket/collect/event/${eventId}`, { schema: TicketCollectionSchema, signal }),
    getTicketCalendar: (eventId: number, start: string, end: string, signal?: AbortSignal) =>
      http.request('GET', `ticket/calendar/event/${eventId}/${rangeSegment(start, end)}`, { schema: TicketCalendarSchema, query: { deep: 1 }, signal }),
    getTicketLifetime: (eventId: number, signal?: AbortSignal) =>
      http.request('GET', 'ticket/lifetime', { schema: LifetimeSchema, query: { event: eventId }, signal }),
  };
}
