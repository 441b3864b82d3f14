/**
 * The journeys by name, each loaded with the first route that needs it (its machine and screens
 * stay out of the home page's JavaScript), and the hook a screen reads its journey's actor with.
 */
import { useRouteContext } from '@tanstack/react-router';
import type { JourneyName } from '../../domain/routes.js';
import type { Shell } from '../shell-context.js';
import type { Journey } from './host.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of journeys of different machines
type AnyJourney = Journey<any, Shell>;

const LOADERS: Record<JourneyName, () => Promise<AnyJourney>> = {
  checkout: () => import('./checkout.js').then((m) => m.checkoutJourney),
  auth: () => import('./auth.js').then((m) => m.authJourney),
  eventTicketing: () => import('./eventTicketing.js').then((m) => m.ticketingJourney),
  tourBooking: () => import('./tourBooking.js').then((m) => m.tourJourney),
  orderReview: () => import('./orderReview.js').then((m) => m.orderReviewJourney),
  'static-page': () => import('./static-page.js').then((m) => m.staticPageJourney),
  settings: () => import('./settings.js').then((m) => m.settingsJourney),
  voucherShop: () => import('./voucherShop.js').then((m) => m.voucherShopJourney),
  shop: () => import('./shop.js').then((m) => m.shopJourney),
};

/**
 * The journey of a route. Its module is named after its machine and the journey carries the same
 * name (the host keys its actor by it; the layout route leaves it by it): a journey under another
 * name would leak its actor, so it fails loudly here.
 */
export async function loadJourney(name: JourneyName): Promise<AnyJourney> {
  const journey = await LOADERS[name]();
  if (journey.name !== name) throw new Error(`The journey loaded for '${name}' calls itself '${journey.name}'`);
  return journey;
}
