/**
 * The hook a screen reads its journey's actor with. A leaf: the journeys' registry
 * (./index.ts, lazy imports of every journey) is the router's alone, so screens import this.
 */
import { useRouteContext } from '@tanstack/react-router';
import type { ActorRefFrom, AnyActorRef, AnyStateMachine } from 'xstate';

/** What a journey route adds to the router context: the actor its screen renders. */
export interface JourneyRouteContext {
  journey?: AnyActorRef;
}

/** The actor of the journey the current route belongs to (created by the route's beforeLoad). */
export function useJourney<TMachine extends AnyStateMachine>(): ActorRefFrom<TMachine> {
  const actor = useRouteContext({ strict: false, select: (context: JourneyRouteContext) => context.journey });
  if (!actor) throw new Error('useJourney outside a journey route');
  return actor as ActorRefFrom<TMachine>;
}
