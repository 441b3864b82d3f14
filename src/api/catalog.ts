/**
 * Catalogue calls of spec §7: guided tours, events and tickets, merchandise and annual passes,
 * vouchers and voucher codes. Dates are 'YYYY-MM-DD'; ranges are sent as YYYYMMDD as §7 says.
 */
import type { Http } from './http.js';
import {
  EventListSchema, LifetimeSchema, MerchandiseAttrSchema, MerchandiseListSchema, MerchandiseSchema, SoldOutDatesSchema,
  SoldOutTimeslotsSchema, TicketCalendarSchema, TicketCollectionSchema, TourAttrSchema, TourCalendarSchema, TourDetailSchema, TourListSchema,
  TourOverviewSchema, VoucherAttrSchema, VoucherCodeSchema, VoucherListSchema, VoucherSchema,
} from './schemas/catalog.js';
import { CountryListSchema } from './schemas/config-requests.js';
import { PRODUCT_KIND_ANNUAL_PASS } from '../domain/limits.js';

/** 'YYYY-MM-DD' → 'YYYYMMDD' */
const compact = (date: string) => date.replace(/-/g, '');
const range = (start: string, end: string) => `range/${compact(start)};${compact(end)}`;

export function catalogApi(http: Http) {
  return {
    // guided tours
    getTours: (signal?: AbortSignal) => http.request('GET', 'tour/select/event', { schema: TourListSchema, signal }),
    getTourOverview: (date: string, lookahead: number, signal?: AbortSignal) =>
      http.request('GET', 'tour/overview', { schema: TourOverviewSchema, query: { date, lookahead }, signal }),
    getTourAttributes: (signal?: AbortSignal) => http.request('GET', 'tour/attr', { schema: TourAttrSchema, signal }),
    getTour: (id: number, date?: string, signal?: AbortSignal) =>
      http.request('GET', 'tour', { schema: TourDetailSchema, query: { tour: id, date }, signal }),
    getTourSoldOutDates: (id: number, start: string, end: string, signal?: AbortSignal) =>
      http.request('GET', `tour/soldout/tour/${id}/${range(start, end)}`, { schema: SoldOutDatesSchema, signal }),
    getTourSoldOutTimeslots: (id: number, date: string, signal?: AbortSignal) =>
      http.request('GET', `tour/soldoutTimeslots/tour/${id}/date/${compact(date)}`, { schema: SoldOutTimeslotsSchema, signal }),
    getTourCalendar: (id: number, start: string, end: string, signal?: AbortSignal) =>
      http.request('GET', `tour/calendar/tour/${id}/${range(start, end)}`, { schema: TourCalendarSchema, signal }),
    getTourLifetime: (id: number, signal?: AbortSignal) => http.request('GET', `tour/lifetime/tour/${id}`, { schema: LifetimeSchema, signal }),

    // events and tickets
    getEvents: (signal?: AbortSignal) => http.request('GET', 'event/select', { schema: EventListSchema, signal }),
    getTickets: (eventId: number, date?: string, signal?: AbortSignal) =>
      http.request('GET', date ? `ticket/collect/event/${eventId}/date/${compact(date)}` : `ticket/collect/event/${eventId}`, { schema: TicketCollectionSchema, signal }),
    getTicketCalendar: (eventId: number, start: string, end: string, signal?: AbortSignal) =>
      http.request('GET', `ticket/calendar/event/${eventId}/${range(start, end)}`, { schema: TicketCalendarSchema, query: { deep: 1 }, signal }),
    getTicketLifetime: (eventId: number, signal?: AbortSignal) =>
      http.request('GET', 'ticket/lifetime', { schema: LifetimeSchema, query: { event: eventId }, signal }),

    // merchandise and annual passes
    getMerchandise: (signal?: AbortSignal) => http.request('GET', 'merchandise/select', { schema: MerchandiseListSchema, signal }),
    getAnnualPasses: (signal?: AbortSignal) =>
      http.request('GET', 'merchandise/select', { schema: MerchandiseListSchema, query: { product_kind: PRODUCT_KIND_ANNUAL_PASS }, signal }),
    getArticle: (id: number, signal?: AbortSignal) => http.request('GET', 'merchandise', { schema: MerchandiseSchema, query: { article: id }, signal }),
    getMerchandiseAttributes: (signal?: AbortSignal) => http.request('GET', 'merchandise/attr', { schema: MerchandiseAttrSchema, signal }),
    getAnnualPassAttributes: (signal?: AbortSignal) =>
      http.request('GET', 'merchandise/attr', { schema: MerchandiseAttrSchema, query: { product_kind: PRODUCT_KIND_ANNUAL_PASS }, signal }),

    // vouchers and voucher codes
    getVouchers: (signal?: AbortSignal) => http.request('GET', 'voucher/select/event/', { schema: VoucherListSchema, signal }),
    getVoucher: (id: number, signal?: AbortSignal) => http.request('GET', `voucher/selectOne/price/${id}`, { schema: VoucherSchema, signal }),
    getVoucherAttributes: (signal?: AbortSignal) => http.request('GET', 'voucher/attr', { schema: VoucherAttrSchema, signal }),
    /** 422 with VOUCHER_NOT_FOUND / VOUCHER_NOW_IS_BEFORE_VALID_FROM / VOUCHER_NOW_IS_AFTER_VALID_TO / VOUCHER_NO_AMOUNT_LEFT */
    lookUpVoucherCode: (code: string, signal?: AbortSignal) =>
      http.request('GET', 'voucher', { schema: VoucherCodeSchema, query: { voucher: code.trim() }, signal }),

    // countries
    getCountries: (signal?: AbortSignal) => http.request('GET', 'countries', { schema: CountryListSchema, signal }),
  };
}
