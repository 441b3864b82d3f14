/**
 * The hook a screen reads its journey's actor with: `useJourney('eventTicketing')`. A leaf: the
 * journeys' registry (../routes.ts, lazy imports of every journey) is the router's alone, so screens
 * import this. The actor's type comes from the name (JourneyMachines of the registry, a type-only import), and a screen
 * rendered under another journey's route fails loudly instead of reading the wrong actor.
 */
import { useRouteContext } from '@tanstack/react-router';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { JourneyName } from '../../domain/routes.js';
import type { JourneyMachines } from '../routes.js';

/** What a journey route adds to the router context: the actor its screen renders, and whose it is. */
export interface JourneyRouteContext {
  journey?: AnyActorRef;
  journeyName?: JourneyName;
}

/** The actor of the journey the current route belongs to (created by the route's beforeLoad). */
export function useJourney<TName extends JourneyName>(name: TName): ActorRefFrom<JourneyMachines[TName]> {
  const actor = useRouteContext({ strict: false, select: (c: JourneyRouteContext) => c.journey });
  const of = useRouteContext({ strict: false, select: (c: JourneyRouteContext) => c.journeyName });
  if (!actor) throw new Error(`useJourney('${name}') outside a journey route`);
  if (of !== name) throw new Error(`useJourney('${name}') on a route of the '${String(of)}' journey`);
  return actor as ActorRefFrom<JourneyMachines[TName]>;
}
