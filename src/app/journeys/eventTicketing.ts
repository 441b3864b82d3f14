/**
 * The event ticketing journey (machines/eventTicketing.machine.ts) with the catalogue calls of
 * §7: the event list (tickets) and the ticket page of an event (tickets/{id}, optional
 * ?date=YYYY-MM-DD). One actor while the visitor stays in the section, so the list keeps its
 * events and filters on return and a ticket page opened from the list knows its event at once.
 */
import { fromPromise } from 'xstate';
import type { TicketCalendar, TicketCollection } from '../../api/schemas/catalog.js';
import { eventTicketingMachine, type CalendarInput, type EventLifetime } from '../../../machines/eventTicketing.machine.js';
import type { Shell } from '../shell-context.js';
import { cataloguePages } from './catalogue.js';
import type { Journey } from './host.js';

const pages = cataloguePages({ list: 'tickets', item: 'ticket' });

/**
 * The ticket page's first answer: the event's lifetime and the event itself, which comes with the
 * tickets of its next bookable day (`ticket/collect/event/{id}` without a date); without the event
 * the page still works and learns it with the first date.
 */
export async function loadEventLifetime(api: Pick<Shell['api'], 'getTicketLifetime' | 'getTickets'>, eventId: number, signal?: AbortSignal): Promise<EventLifetime> {
  const [lifetime, event] = await Promise.all([
    api.getTicketLifetime(eventId, signal),
    api.getTickets(eventId, undefined, signal).then(
      (collection) => collection.event,
      () => null,
    ),
  ]);
  return { ...lifetime, event };
}

export const ticketingJourney: Journey<typeof eventTicketingMachine, Shell, 'eventTicketing'> = {
  name: 'eventTicketing',
  machine: ({ api }) =>
    eventTicketingMachine.provide({
      actors: {
        loadEvents: fromPromise(({ signal }) => api.getEvents(signal)),
        loadLifetime: fromPromise<EventLifetime, { eventId: number }>(({ input, signal }) => loadEventLifetime(api, input.eventId, signal)),
        loadCalendar: fromPromise<TicketCalendar, CalendarInput>(({ input, signal }) => api.getTicketCalendar(input.eventId, input.start, input.end, signal)),
        loadTickets: fromPromise<TicketCollection, { eventId: number; date: string }>(({ input, signal }) => api.getTickets(input.eventId, input.date, signal)),
      },
    }),
  input: ({ cart }, entry) => ({ cart, eventId: pages.itemOf(entry), date: pages.dateOf(entry) }),
  event: (entry) => pages.event(entry, (eventId, date) => (date ? { type: 'OPEN_EVENT', eventId, date } : { type: 'OPEN_EVENT', eventId })),
  href: (route, snapshot, lang) => pages.href(lang, route, snapshot.context.eventId),
};

/** What the router's registry loads (src/app/routes.ts). */
export default ticketingJourney;
