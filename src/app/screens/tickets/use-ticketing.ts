/**
 * The ticketing journey of a shell: one actor for the event list and the ticket pages, so the
 * list keeps its events and filters on return and a ticket page opened from the list knows its
 * event at once (OPEN_EVENT / BACK_TO_LIST of the machine). The router owns the URL: a screen
 * tells the actor which page it shows when it mounts.
 */
import { useLayoutEffect } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import type { eventTicketingMachine } from '../../../../machines/eventTicketing.machine.js';
import { useShell, type Shell } from '../../shell-context.js';
import { provideEventTicketing } from './provide.js';
import { registerLiveActor } from '../../flows/registry.js';

export type TicketingActor = ActorRefFrom<typeof eventTicketingMachine>;

const journeys = new WeakMap<Shell, TicketingActor>();

function journeyOf(shell: Shell, input: { eventId: number | null; date: string | null }): { actor: TicketingActor; created: boolean } {
  const existing = journeys.get(shell);
  if (existing) return { actor: existing, created: false };
  const actor = createActor(provideEventTicketing(shell.api), { input: { cart: shell.cart, ...input } });
  actor.start();
  journeys.set(shell, actor);
  registerLiveActor('eventTicketing', actor);
  return { actor, created: true };
}

/** The event list: back from a ticket page to the list (loaded events are kept). */
export function useEventListJourney(): TicketingActor {
  const { actor } = journeyOf(useShell(), { eventId: null, date: null });
  useLayoutEffect(() => {
    if (actor.getSnapshot().matches('Ticket page')) actor.send({ type: 'BACK_TO_LIST' });
  }, [actor]);
  return actor;
}

/** The ticket page of one event: opened afresh on every visit (a new date or event restarts it). */
export function useTicketPageJourney(eventId: number, date: string | null): TicketingActor {
  const shell = useShell();
  const { actor, created } = journeyOf(shell, { eventId, date });
  useLayoutEffect(() => {
    if (!created) actor.send(date ? { type: 'OPEN_EVENT', eventId, date } : { type: 'OPEN_EVENT', eventId });
    // once per visit of this event and date
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, eventId, date]);
  return actor;
}
