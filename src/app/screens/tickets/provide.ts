/**
 * Composition of the event ticketing journey: machines/eventTicketing.machine.ts with the real
 * catalogue calls of §7 (src/api). One actor per visit of a tickets screen; adding to the cart
 * sends the lines to the app's cart actor given in the input.
 */
import { fromPromise } from 'xstate';
import type { Lifetime, TicketCalendar, TicketCollection } from '../../../api/schemas/catalog.js';
import { eventTicketingMachine, type CalendarInput } from '../../../../machines/eventTicketing.machine.js';
import type { ShopApi } from '../../../api/index.js';

export type TicketingApi = Pick<ShopApi, 'getEvents' | 'getTicketLifetime' | 'getTicketCalendar' | 'getTickets'>;

export function provideEventTicketing(api: TicketingApi) {
  return eventTicketingMachine.provide({
    actors: {
      loadEvents: fromPromise(({ signal }) => api.getEvents(signal)),
      loadLifetime: fromPromise<Lifetime, { eventId: number }>(({ input, signal }) => api.getTicketLifetime(input.eventId, signal)),
      loadCalendar: fromPromise<TicketCalendar, CalendarInput>(({ input, signal }) => api.getTicketCalendar(input.eventId, input.start, input.end, signal)),
      loadTickets: fromPromise<TicketCollection, { eventId: number; date: string }>(({ input, signal }) => api.getTickets(input.eventId, input.date, signal)),
    },
  });
}
