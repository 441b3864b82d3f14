/**
 * The checkout journey (machines/checkout.machine.ts) with the real services (src/api), the cart
 * actor and the provider redirect; its routes are checkout, checkout/accepted, /canceled,
 * /failed and /success. The actor's persisted snapshot lives in session storage
 * (`checkoutJourney`) while the visitor is in the checkout, so the provider round trip and a
 * reload of any return page come back to the same state. The IBAN and account holder are never
 * stored.
 */
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { checkoutMachine, type CheckoutEvent, type ProviderReturn } from '../../../machines/checkout.machine.js';
import { cartIdOfProviderUrl } from '../../api/checkout.js';
import { SESSION_KEYS } from '../../api/schemas/session.js';
import { StoredCartSchema } from '../../domain/cart-lines.js';
import type { Shell } from '../shell-context.js';
import { routeHref, type ShopRouteName } from '../routes.js';
import type { Journey, RouteEntry } from './host.js';
import { voucherRedemptionFor, withFreshVoucherCodeEntry } from './voucher-code.js';

/** Where the browser goes for the provider; tests replace `assign`. */
export const providerRedirect = {
  assign: (url: string): void => window.location.assign(url),
};

const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value.slice(0, 64) : typeof value === 'number' ? String(value) : null);

const RETURN_ROUTES: Partial<Record<ShopRouteName, ProviderReturn['outcome']>> = {
  checkoutAccepted: 'accepted',
  checkoutCanceled: 'canceled',
  checkoutFailed: 'failed',
};

/** The one event a return route sends: the provider's outcome with the query it appended. */
export function providerReturnEvent(entry: RouteEntry): CheckoutEvent | null {
  const outcome = RETURN_ROUTES[entry.route as ShopRouteName];
  if (!outcome) return null;
  return { type: 'PAYMENT_RETURNED', outcome, us: text(entry.search.us), sessionUs: text(entry.search.sessionUs), cartId: text(entry.search.cartId) };
}

const Nullable = <S extends v.GenericSchema>(schema: S) => v.nullable(schema);
const PersistedCheckoutSchema = v.looseObject({
  status: v.picklist(['active', 'done']),
  value: v.union([v.string(), v.record(v.string(), v.unknown())]),
  context: v.looseObject({
    lines: StoredCartSchema,
    jwt: Nullable(v.string()),
    choice: v.looseObject({ payart: v.number(), termsAccepted: v.boolean(), privacyAccepted: v.boolean() }),
    paymentTypes: v.array(v.unknown()),
    suggestions: v.array(v.unknown()),
    cartId: Nullable(v.pipe(v.string(), v.maxLength(64))),
    us: Nullable(v.string()),
    sessionUs: Nullable(v.string()),
    providerUrl: Nullable(v.string()),
    booking: Nullable(v.looseObject({ booking_id: v.string(), has_tickets: v.boolean(), cartId: v.string() })),
  }),
});

export const checkoutJourney: Journey<typeof checkoutMachine, Shell> = {
  name: 'checkout',
  machine: ({ api, cart, actor: app }) => {
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
              url: { continue: `${origin()}${routeHref(lang(), 'checkoutAccepted')}`, cancel: `${origin()}${routeHref(lang(), 'checkoutCanceled')}` },
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
        voucherRedemption: voucherRedemptionFor({ api, cart }),
      },
      actions: {
        addToCart: (_, lines) => cart.send({ type: 'ADD', lines }),
        clearCart: () => cart.send({ type: 'CLEAR' }),
        // After this step is saved (the host saves on every step): the page unloads next.
        redirectToProvider: (_, url) => void setTimeout(() => providerRedirect.assign(url), 0),
      },
    });
  },
  input: ({ actor: app, cart }) => {
    const { jwt, paymentTypes, partner, config } = app.getSnapshot().context;
    return {
      lines: cart.getSnapshot().context.lines,
      jwt,
      paymentTypes,
      partner,
      ...(config ? { defaultPaymentType: config.defaultPaymentType, confirmPayment: config.confirmPayment } : {}),
    };
  },
  event: (entry) => (entry.route === 'checkout' ? { type: 'OPEN_CART' } : providerReturnEvent(entry)),
  href: (route, _snapshot, lang) => routeHref(lang, route as ShopRouteName),
  connect: (actor, { cart }) => {
    let lines = cart.getSnapshot().context.lines;
    actor.send({ type: 'CART_CHANGED', lines });
    const subscription = cart.subscribe((snapshot) => {
      if (snapshot.context.lines === lines) return;
      lines = snapshot.context.lines;
      actor.send({ type: 'CART_CHANGED', lines });
    });
    return () => subscription.unsubscribe();
  },
  persist: {
    key: SESSION_KEYS.checkoutJourney,
    isValid: (persisted) => v.is(PersistedCheckoutSchema, persisted),
    scrub: (persisted) => {
      const context = persisted.context as { choice: Record<string, unknown> };
      return withFreshVoucherCodeEntry({ ...persisted, context: { ...context, choice: { ...context.choice, iban: '', accountHolder: '' } } });
    },
  },
};
