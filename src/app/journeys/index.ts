/**
 * The journeys by name, each loaded with the first route that needs it (its machine and screens
 * stay out of the home page's JavaScript). The router's registry: screens read their journey's
 * actor with ./use-journey.ts.
 */
import type { JourneyName } from '../../domain/routes.js';
import type { Shell } from '../shell-context.js';
import type { Journey } from './host.js';
import type { authMachine } from '../../../machines/auth.machine.js';
import type { checkoutMachine } from '../../../machines/checkout.machine.js';
import type { eventTicketingMachine } from '../../../machines/eventTicketing.machine.js';
import type { orderReviewMachine } from '../../../machines/orderReview.machine.js';
import type { settingsMachine } from '../../../machines/settings.machine.js';
import type { shopMachine } from '../../../machines/shop.machine.js';
import type { staticPageMachine } from '../../../machines/static-page.machine.js';
import type { tourBookingMachine } from '../../../machines/tourBooking.machine.js';
import type { voucherShopMachine } from '../../../machines/voucherShop.machine.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of journeys of different machines
type AnyJourney = Journey<any, Shell>;

const LOADERS = {
  checkout: () => import('./checkout.js').then((m) => m.checkoutJourney),
  auth: () => import('./auth.js').then((m) => m.authJourney),
  eventTicketing: () => import('./eventTicketing.js').then((m) => m.ticketingJourney),
  tourBooking: () => import('./tourBooking.js').then((m) => m.tourJourney),
  orderReview: () => import('./orderReview.js').then((m) => m.orderReviewJourney),
  'static-page': () => import('./static-page.js').then((m) => m.staticPageJourney),
  settings: () => import('./settings.js').then((m) => m.settingsJourney),
  voucherShop: () => import('./voucherShop.js').then((m) => m.voucherShopJourney),
  shop: () => import('./shop.js').then((m) => m.shopJourney),
} satisfies Record<JourneyName, () => Promise<AnyJourney>>;

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

/**
 * The journey of a route. Its module is named after its machine and the journey carries the same
 * name (the host keys its actor by it; the layout route leaves it by it): a journey under another
 * name would leak its actor, so it fails loudly here.
 */
export async function loadJourney(name: JourneyName): Promise<AnyJourney> {
  const journey: AnyJourney = await LOADERS[name]();
  if (journey.name !== name) throw new Error(`The journey loaded for '${name}' calls itself '${journey.name}'`);
  return journey;
}
