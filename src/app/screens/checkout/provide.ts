/**
 * Composition of the checkout journey: the real services (src/api) and side effects (session
 * storage, router, window.location) that machines/checkout.machine.ts runs with in the browser.
 *
 * Session storage (validated on read, anything invalid dropped):
 * - `cartId`: the payment cart of the provider round trip, kept before leaving for the provider.
 * - `checkoutBooking`: the finished booking `{cartId, booking_id, has_tickets}` of the last
 *   execPayment, so a reload or back/forward to /checkout/accepted never confirms twice and the
 *   success page can show the booking id.
 */
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { checkoutMachine, type CheckoutRoute, type FinishedBooking } from '../../../../machines/checkout.machine.js';
import type { ShopApi } from '../../../api/index.js';
import { cartIdOfProviderUrl } from '../../../api/checkout.js';
import { readItem, removeItem, writeItem } from '../../session.js';
import type { AppActor } from '../../shell-context.js';

export const CHECKOUT_KEYS = { cartId: 'cartId', booking: 'checkoutBooking' } as const;

const CartIdSchema = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/));
const FinishedBookingSchema = v.object({
  cartId: CartIdSchema,
  booking_id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  has_tickets: v.boolean(),
});

export function readStoredCartId(): string | null {
  const raw = readItem(CHECKOUT_KEYS.cartId);
  if (raw === null) return null;
  if (v.is(CartIdSchema, raw)) return raw;
  removeItem(CHECKOUT_KEYS.cartId);
  return null;
}

export function readFinishedBooking(): FinishedBooking | null {
  const raw = readItem(CHECKOUT_KEYS.booking);
  if (raw === null) return null;
  try {
    const parsed = v.safeParse(FinishedBookingSchema, JSON.parse(raw));
    if (parsed.success) return parsed.output;
  } catch {
    // not JSON
  }
  removeItem(CHECKOUT_KEYS.booking);
  return null;
}

/** Where the browser goes for the provider; tests replace `assign`. */
export const providerRedirect = {
  assign: (url: string): void => window.location.assign(url),
};

export interface CheckoutDeps {
  api: ShopApi;
  app: AppActor;
  navigate: (href: string, options?: { replace?: boolean }) => void;
  origin: string;
}

export function checkoutRouteHref(lang: string, route: CheckoutRoute): string {
  if (route === 'home') return `/${lang}`;
  return route === 'checkout' ? `/${lang}/checkout` : `/${lang}/checkout/success`;
}

export function provideCheckout({ api, app, navigate, origin }: CheckoutDeps) {
  const lang = () => app.getSnapshot().context.lang;
  return checkoutMachine.provide({
    actors: {
      loadSuggestions: fromPromise(({ input, signal }) => api.getSuggestions(input.items, signal)),
      initPayment: fromPromise(async ({ input, signal }) => {
        const url = await api.initPayment(
          {
            payart: input.payart,
            aux: input.aux,
            items: input.items,
            url: { continue: `${origin}/${lang()}/checkout/accepted`, cancel: `${origin}/${lang()}/checkout/canceled` },
            token: input.token ?? undefined,
          },
          signal,
        );
        return { url, cartId: cartIdOfProviderUrl(url) };
      }),
      execPayment: fromPromise(({ input, signal }) =>
        api.execPayment({ ...input, srcURL: typeof window === 'undefined' ? '' : window.location.href.slice(0, 2000) }, signal),
      ),
      cancelPayment: fromPromise(({ input, signal }) => api.cancelPayment(input.cartId, signal)),
      loadOrder: fromPromise(({ input, signal }) => api.getOrderReview(input.id, signal)),
    },
    actions: {
      storeCartId: (_, cartId) => (cartId ? writeItem(CHECKOUT_KEYS.cartId, cartId) : removeItem(CHECKOUT_KEYS.cartId)),
      storeFinishedBooking: (_, booking) => writeItem(CHECKOUT_KEYS.booking, JSON.stringify(booking)),
      redirectToProvider: (_, url) => providerRedirect.assign(url),
      navigateTo: (_, route) => navigate(checkoutRouteHref(lang(), route), { replace: route === 'checkoutSuccess' }),
    },
  });
}
