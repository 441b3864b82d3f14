/**
 * The journeys by name, each loaded with the first route that needs it (its machine and screens
 * stay out of the home page's JavaScript), and the hook a screen reads its journey's actor with.
 */
import { useRouteContext } from '@tanstack/react-router';
import type { ActorRefFrom, AnyActorRef, AnyStateMachine } from 'xstate';
import type { JourneyName } from '../../domain/routes.js';
import type { Shell } from '../shell-context.js';
import type { Journey } from './host.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of journeys of different machines
type AnyJourney = Journey<any, Shell>;

const LOADERS: Record<JourneyName, () => Promise<AnyJourney>> = {
  checkout: () => import('./checkout.js').then((m) => m.checkoutJourney),
  auth: () => import('./auth.js').then((m) => m.authJourney),
  eventTicketing: () => import('./ticketing.js').then((m) => m.ticketingJourney),
  tourBooking: () => import('./tours.js').then((m) => m.tourJourney),
  orderReview: () => import('./pages.js').then((m) => m.orderReviewJourney),
  'static-page': () => import('./pages.js').then((m) => m.staticPageJourney),
  settings: () => import('./settings.js').then((m) => m.settingsJourney),
  voucherShop: () => import('./vouchers.js').then((m) => m.voucherShopJourney),
  shop: () => import('./shop.js').then((m) => m.shopJourney),
};

export function loadJourney(name: JourneyName): Promise<AnyJourney> {
  return LOADERS[name]();
}
