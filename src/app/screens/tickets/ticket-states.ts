/** Which part of the ticketing chart a screen is in, read from the machine's state (no rules here). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { eventTicketingMachine } from '../../../../machines/eventTicketing.machine.js';
import { calendarNavigation } from '../../../domain/calendar.js';
import { ticketCountOfLines } from '../../../domain/tickets.js';

/** The event ticketing journey's actor (src/app/journeys/eventTicketing.ts). */
export type TicketingActor = ActorRefFrom<typeof eventTicketingMachine>;

type Snapshot = SnapshotFrom<typeof eventTicketingMachine>;

export type PageState = 'loading' | 'notFound' | 'expired' | 'failed' | 'booking' | 'list';

export function pageStateOf(s: Snapshot): PageState {
  if (!s.matches('Ticket page')) return 'list';
  if (s.matches({ 'Ticket page': 'Event not found' })) return 'notFound';
  if (s.matches({ 'Ticket page': 'Event expired' })) return 'expired';
  if (s.matches({ 'Ticket page': 'Page failed' })) return 'failed';
  if (s.matches({ 'Ticket page': 'Booking' })) return 'booking';
  return 'loading';
}

export type SelectionState =
  | 'choosingDate'
  | 'daySoldOut'
  | 'loadingTickets'
  | 'ticketsFailed'
  | 'noResults'
  | 'choosingTime'
  | 'timeSoldOut'
  | 'counts'
  | 'added'
  | 'none';

const SELECTION_STATES: [string, SelectionState][] = [
  ['Choosing date', 'choosingDate'],
  ['Day sold out', 'daySoldOut'],
  ['Loading tickets', 'loadingTickets'],
  ['Checking offer', 'loadingTickets'],
  ['Tickets failed', 'ticketsFailed'],
  ['No results', 'noResults'],
  ['Choosing time', 'choosingTime'],
  ['Time sold out', 'timeSoldOut'],
  ['Setting counts', 'counts'],
  ['Added to cart', 'added'],
];

export function selectionStateOf(s: Snapshot): SelectionState {
  for (const [name, state] of SELECTION_STATES) {
    if (s.matches({ 'Ticket page': { Booking: { Selection: name as 'Choosing date' } } })) return state;
  }
  return 'none';
}

export type CountsState = 'editing' | 'nothingChosen' | 'familyIncomplete' | 'overbooked' | 'none';

export function countsStateOf(s: Snapshot): CountsState {
  const at = (name: 'Editing' | 'Nothing chosen' | 'Family incomplete' | 'Overbooked') =>
    s.matches({ 'Ticket page': { Booking: { Selection: { 'Setting counts': name } } } });
  if (at('Nothing chosen')) return 'nothingChosen';
  if (at('Family incomplete')) return 'familyIncomplete';
  if (at('Overbooked')) return 'overbooked';
  if (at('Editing')) return 'editing';
  return 'none';
}

/** The months the calendar's previous and next buttons go to; null where the event has none. */
export function monthNavigationOf(s: Snapshot): { previous: string | null; next: string | null } {
  return calendarNavigation(s.context.month, s.context.today, s.context.lifetime?.last);
}

/** How many tickets the last "add to cart" put into the cart (a day ticket line counts once per day ticket). */
export function addedTicketCountOf(s: Snapshot): number {
  return ticketCountOfLines(s.context.addedLines);
}
