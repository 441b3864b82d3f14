/**
 * Guided tours calls of spec §7. Dates are 'YYYY-MM-DD'; ranges are sent as YYYYMMDD as §7 says.
 */
import type { Http } from './http.js';
import { rangeSegment } from './range.js';
import { TourListSchema, TourOverviewSchema, TourAttrSchema, TourDetailSchema, SoldOutDatesSchema, SoldOutTimeslotsSchema, TourCalendarSchema } from './schemas/tours.js';
import { LifetimeSchema } from './schemas/catalog-common.js';
import { toCompactDate } from '../domain/dates.js';

export function toursApi(http: Http) {
  return {
    getTours: (signal?: AbortSignal) => http.request('GET', 'tour/select/event', { schema: TourListSchema, signal }),
    getTourOverview: (date: string, lookahead: number, signal?: AbortSignal) =>
      http.request('GET', 'tour/overview', { schema: TourOverviewSchema, query: { date, lookahead }, signal }),
    getTourAttributes: (signal?: AbortSignal) => http.request('GET', 'tour/attr', { schema: TourAttrSchema, signal }),
    getTour: (id: number, date?: string, signal?: AbortSignal) =>
      http.request('GET', 'tour', { schema: TourDetailSchema, query: { tour: id, date }, signal }),
    getTourSoldOutDates: (id: number, start: string, end: string, signal?: AbortSignal) =>
      http.request('GET', `tour/soldout/tour/${id}/${rangeSegment(start, end)}`, { schema: SoldOutDatesSchema, signal }),
    getTourSoldOutTimeslots: (id: number, date: string, signal?: AbortSignal) =>
      http.request('GET', `tour/soldoutTimeslots/tour/${id}/date/${toCompactDate(date)}`, { schema: SoldOutTimeslotsSchema, signal }),
    getTourCalendar: (id: number, start: string, end: string, signal?: AbortSignal) =>
      http.request('GET', `tour/calendar/tour/${id}/${rangeSegment(start, end)}`, { schema: TourCalendarSchema, signal }),
    getTourLifetime: (id: number, signal?: AbortSignal) => http.request('GET', `tour/lifetime/tour/${id}`, { schema: LifetimeSchema, signal }),
  };
}
