/**
 * The guided tour booking journey (machines/tourBooking.machine.ts) with the tour calls of §7: the
 * tour list (guided-tours) and the page of a tour (guided-tours/{id}, optional ?date=YYYY-MM-DD).
 * One actor while the visitor stays in the section, so the list keeps its tours and filters on
 * return and a tour page opened from the list starts at once.
 */
import { fromPromise } from 'xstate';
import type { Lifetime, TourCalendar, TourDetail } from '../../api/schemas/catalog.js';
import { TOUR_OVERVIEW_DAYS } from '../../domain/limits.js';
import { tourBookingMachine, type CalendarInput, type TourListData } from '../../../machines/tourBooking.machine.js';
import type { Shell } from '../shell-context.js';
import { cataloguePages } from './catalogue.js';
import type { Journey } from './host.js';

const pages = cataloguePages({ list: 'guidedTours', item: 'guidedTour' });

export const tourJourney: Journey<typeof tourBookingMachine, Shell, 'tourBooking'> = {
  name: 'tourBooking',
  machine: ({ api }) =>
    tourBookingMachine.provide({
      actors: {
        loadList: fromPromise<TourListData, { today: string }>(async ({ input, signal }) => {
          const [list, attributes, overview] = await Promise.all([
            api.getTours(signal),
            api.getTourAttributes(signal),
            api.getTourOverview(input.today, TOUR_OVERVIEW_DAYS, signal),
          ]);
          return { tours: list.tours, categories: attributes.category, overview };
        }),
        loadLimits: fromPromise<Lifetime, { tourId: number }>(({ input, signal }) => api.getTourLifetime(input.tourId, signal)),
        loadCalendar: fromPromise<TourCalendar, CalendarInput>(({ input, signal }) => api.getTourCalendar(input.tourId, input.start, input.end, signal)),
        loadSingle: fromPromise<TourDetail, { tourId: number; date: string }>(({ input, signal }) => api.getTour(input.tourId, input.date, signal)),
      },
    }),
  input: ({ cart, actor }, entry) => {
    const app = actor.getSnapshot().context;
    return { cart, lang: app.lang, defaultTourLanguage: app.config?.guidedTourDefaultLanguage ?? app.lang, tourId: pages.itemOf(entry), date: pages.dateOf(entry) };
  },
  event: (entry) => pages.event(entry, (tourId, date) => (date ? { type: 'OPEN_TOUR', tourId, date } : { type: 'OPEN_TOUR', tourId })),
  href: (route, snapshot, lang) => pages.href(lang, route, snapshot.context.tourId),
};

/** What the router's registry loads (src/app/routes.ts). */
export default tourJourney;
