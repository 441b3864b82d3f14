/**
 * The hook a screen reads its journey's actor with: `useJourney('eventTicketing')`. A leaf: the
 * journeys' registry (./index.ts, lazy imports of every journey) is the router's alone, so screens
 * import this. The actor's type comes from the name (type-only imports of machines/), and a screen
 * rendered under another journey's route fails loudly instead of reading the wrong actor.
 */
import { useRouteContext } from '@tanstack/react-router';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { JourneyName } from '../../domain/routes.js';
import type { authMachine } from '../../../machines/auth.machine.js';
import type { checkoutMachine } from '../../../machines/checkout.machine.js';
import type { eventTicketingMachine } from '../../../machines/eventTicketing.machine.js';
import type { orderReviewMachine } from '../../../machines/orderReview.machine.js';
import type { settingsMachine } from '../../../machines/settings.machine.js';
import type { shopMachine } from '../../../machines/shop.machine.js';
import type { staticPageMachine } from '../../../machines/static-page.machine.js';
import type { tourBookingMachine } from '../../../machines/tourBooking.machine.js';
import type { voucherShopMachine } from '../../../machines/voucherShop.machine.js';

/** Each journey's machine (machines/<name>.machine.ts), by the journey's name. */
export interface JourneyMachines {
  auth: typeof authMachine;
  checkout: typeof checkoutMachine;
  eventTicketing: typeof eventTicketingMachine;
  orderReview: typeof orderReviewMachine;
  settings: typeof settingsMachine;
  shop: typeof shopMachine;
  'static-page': typeof staticPageMachine;
  tourBooking: typeof tourBookingMachine;
  voucherShop: typeof voucherShopMachine;
}
// every journey has its machine here, and nothing else is
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const journeysAreMachines: Exact<keyof JourneyMachines, JourneyName> = true;
void journeysAreMachines;

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
