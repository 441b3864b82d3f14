/**
 * Ids and helpers for the demo data, so tests (and docs) never hard-code magic numbers.
 * All schedules are relative to the server's clock: use the helpers with `services.now()`.
 */
import { addDays, isoWeekday } from '../../domain/dates.js';
import { museumLocal } from '../../domain/museum-clock.js';

export const DEMO = {
  venues: { lakeside: 1, artHall: 2 },
  events: {
    /** Permanent collection, timed mode 1 tickets incl. family ticket; every Monday sold out; 17:00 slot (Tue–Sun) has exactly 10 places */
    collection: 101,
    /** Special exhibition "Light and Water": 30-minute slots, mode 5 curator slot on Thursdays, group ticket with subtickets; sequence_no 0 */
    lightAndWater: 102,
    /** Day tickets (mode 3), open daily; sequence_no 0 */
    dayPass: 103,
    /** Summer night: ended 20 days ago (expired) */
    summerNight: 104,
    /** Printmaking workshop: every mode 1/5 slot fully booked, so its tickets are hidden; sequence_no 0 */
    workshop: 105,
  },
  tickets: {
    collectionAdult: 1011,
    collectionReduced: 1012,
    collectionChild: 1013,
    /** family = 1, subtickets: 2 adults fixed (min = max = 2), 1–4 children */
    collectionFamily: 1014,
    lightAndWaterAdult: 1021,
    /** mode 5: own contingent, Thursdays 18:00, 12 places */
    lightAndWaterCurator: 1022,
    /** price 0, subtickets adults / students / group leader (fixed 1) */
    lightAndWaterGroup: 1023,
    dayAdult: 1031,
    dayChild: 1032,
    summerNight: 1041,
    workshopSeat: 1051,
    workshopMaterialKit: 1052,
  },
  subtickets: {
    familyAdults: 5001,
    familyChildren: 5002,
    groupAdults: 5011,
    groupStudents: 5012,
    groupLeader: 5013,
    tourFamilyAdults: 5021,
    tourFamilyChildren: 5022,
    architectureAdults: 5031,
    architectureStudents: 5032,
    /** tour 204's subticket at 2.6 % VAT (the book included), the others at 8.1 %: a tour line with two rates */
    architectureAdultsBook: 5033,
  },
  tours: {
    /** public tour in German, single_ticketing 1; Wednesdays sold out; Saturday 11:00 sold out */
    highlightsDe: 201,
    /** public tour in English, weekends 13:00 */
    highlightsEn: 202,
    /** private group tour: book_complete_tour 1, single_ticketing 0, booking_without_tickets 1, 3 guides per time, Thursday 18:30 overrides the price list, every question type */
    privateGroup: 203,
    /** architecture walk in French: single_ticketing 1 and book_complete_tour 1, ticket with subtickets, second venue */
    architecture: 204,
    /** children's tour in Italian: book_complete_tour 1, tickets required (participants) */
    kids: 205,
  },
  tourPrices: { groupTour: 2031, schoolClass: 2032, architectureComplete: 2041, kidsGroup: 2051 },
  tourTickets: { highlightsAdult: 2011, highlightsChild: 2012, highlightsFamily: 2013, highlightsEnAdult: 2021, highlightsEnChild: 2022, privateParticipant: 2033, architectureGroup: 2042, kidsChild: 2052, kidsAdult: 2053 },
  questions: { ageGroup: 2301, language: 2302, accessibility: 2303, groupName: 2304, remarks: 2305, wheelchairs: 2306 },
  merchandise: { catalogue: 301, guide: 302, posterDawn: 303, posterLilies: 304, childrensBook: 305 },
  /** out of stock (stock 0) */
  outOfStock: 303,
  passes: { individual: 311, partner: 312, family: 313 },
  vouchers: { fifty: 401, hundred: 402, variable: 403, tourForTwo: 404, familyDay: 405 },
  voucherGroups: { value: 41, experience: 42 },
  groups: {
    exhibitions: 11, families: 12, workshops: 13,
    publicTours: 21, privateTours: 22, kidsTours: 23, architecture: 24,
    books: 31, posters: 32, annualPasses: 33,
  },
  voucherCodes: {
    /** CHF 50, nothing used, valid from 30 days ago to a year ahead */
    valid: 'DEMO-VALID-50',
    /** CHF 200, for carts that should be paid completely by voucher */
    valid200: 'DEMO-VALID-200',
    /** CHF 100 of which CHF 35 used */
    partlyUsed: 'DEMO-PARTLY-USED',
    usedUp: 'DEMO-USED-UP',
    /** valid from 10 days ahead */
    notYet: 'DEMO-NOT-YET',
    /** valid until yesterday */
    expired: 'DEMO-EXPIRED',
  },
  /** places of the 17:00 slot of the permanent collection (Tuesday to Sunday) */
  tenPlacesTime: '17:00',
} as const;

/** The first date after today (museum time) that falls on the ISO weekday (1 = Monday). */
export function nextWeekday(now: Date, weekday: number, minDaysAhead = 1): string {
  let date = addDays(museumLocal(now).date, minDaysAhead);
  while (isoWeekday(date) !== weekday) date = addDays(date, 1);
  return date;
}

/** The next slot with exactly 10 places left (event `DEMO.events.collection`, tickets of mode 1): tomorrow or later, never a Monday. */
export function demoTenPlacesSlot(now: Date): { eventId: number; ticketId: number; date: string; datetime: string } {
  let date = addDays(museumLocal(now).date, 1);
  if (isoWeekday(date) === 1) date = addDays(date, 1);
  return { eventId: DEMO.events.collection, ticketId: DEMO.tickets.collectionAdult, date, datetime: `${date} ${DEMO.tenPlacesTime}` };
}
