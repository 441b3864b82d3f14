/** Starts the ticketing journey for a screen visit, with the real services and the app's cart. */
import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { eventTicketingMachine } from '../../../../machines/eventTicketing.machine.js';
import { useShell } from '../../shell-context.js';
import { provideEventTicketing } from './provide.js';

export type TicketingActor = ActorRefFrom<typeof eventTicketingMachine>;

export function useTicketingActor(input: { eventId?: number | null; date?: string | null }): TicketingActor {
  const { api, cart } = useShell();
  const machine = useMemo(() => provideEventTicketing(api), [api]);
  return useActorRef(machine, { input: { cart, eventId: input.eventId ?? null, date: input.date ?? null } });
}
