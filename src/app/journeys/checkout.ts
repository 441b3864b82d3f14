/**
 * The checkout journey (machines/checkout.machine.ts) with the real services (src/api), the cart
 * actor and the provider redirect; its routes are checkout, checkout/accepted, /canceled,
 * /failed and /success. The actor's persisted snapshot lives in session storage
 * (`checkoutJourney`) while the visitor is in the checkout, so the provider round trip and a
 * reload of any return page come back to the same state. The IBAN and account holder are never
 * stored. Once booked, the journey is over (issue 22): its snapshot is restored only for the
 * success page and the return URLs of the booked cart, never into the next checkout; the session
 * keeps the bookings it made (`bookedCarts`) so that an older return URL shows its booking.
 * Issue 41: the open order's hold (GET checkout/cart) and a refunded payment are the machine's
 * states and context like every other answer; nothing here subscribes for them.
 */
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { checkoutMachine, type CheckoutEvent, type FinishedBooking, type KeptPaymentChoice, type ProviderReturn } from '../../../machines/checkout.machine.js';
import { cartIdOfProviderUrl } from '../../domain/payment.js';
import { draftOwner, ownsDraft } from '../../domain/session-owner.js';
import { SESSION_KEYS } from '../../api/schemas/session.js';
import { OrderDocumentsSchema } from '../../api/schemas/orders.js';
import { StoredCartSchema } from '../../domain/cart-lines.js';
import type { DeliveryAddressValues } from '../../domain/delivery-address.js';
import { selectShippingCountry, selectShippingStatus } from '../../../machines/cart.selectors.js';
import type { Shell } from '../shell-context.js';
import { routeHref, type ShopRouteName } from '../../domain/routes.js';
import { readStored, removeItem, takeStored, writeItem } from '../session.js';
import type { Journey, RouteEntry } from './host.js';
import { voucherRedemptionFor, withFreshVoucherCodeEntry } from './voucher-code.js';

/** Where the browser goes for the provider; tests replace `assign`. */
export const providerRedirect = {
  assign: (url: string): void => window.location.assign(url),
};

const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);
/** A value the provider appended (parsed by the route: text or a number), as the machine keeps it. */
const text = (value: string | number | undefined): string | null => (value === undefined ? null : String(value).slice(0, 64));

const RETURN_ROUTES = {
  checkoutAccepted: 'accepted',
  checkoutCanceled: 'canceled',
  checkoutFailed: 'failed',
} as const satisfies Partial<Record<ShopRouteName, ProviderReturn['outcome']>>;
type ReturnEntry = Extract<RouteEntry<'checkout'>, { route: keyof typeof RETURN_ROUTES }>;
const isReturn = (entry: RouteEntry<'checkout'>): entry is ReturnEntry => entry.route in RETURN_ROUTES;

/** The one event a return route sends: the provider's outcome with the query it appended (parsed by the route). */
export function providerReturnEvent(entry: RouteEntry<'checkout'>): CheckoutEvent | null {
  if (!isReturn(entry)) return null;
  const { us, sessionUs, cartId } = entry.search;
  return { type: 'PAYMENT_RETURNED', outcome: RETURN_ROUTES[entry.route], us: text(us), sessionUs: text(sessionUs), cartId: text(cartId) };
}

const shippingOf = (snapshot: Parameters<typeof selectShippingStatus>[0] & Parameters<typeof selectShippingCountry>[0]) => ({
  status: selectShippingStatus(snapshot),
  country: selectShippingCountry(snapshot),
});

const DeliveryValuesSchema = v.object({ name: v.string(), street: v.string(), zip: v.string(), city: v.string(), country: v.string() });
const KeptDeliverySchema = v.object({ owner: v.nullable(v.string()), values: DeliveryValuesSchema });

/**
 * The different delivery address kept in session storage (§4) with whom it belongs to (issue 45
 * item 3: a customer's address fills only that customer's checkout); null when none is kept for
 * the session `jwt` (a bad one, or another customer's, is dropped).
 */
export function readDeliveryAddress(jwt: string | null): DeliveryAddressValues | null {
  const kept = readStored(SESSION_KEYS.deliveryAddress, KeptDeliverySchema);
  return kept !== null && ownsDraft(kept.owner, jwt) ? kept.values : null;
}

function writeDeliveryAddress(values: DeliveryAddressValues | null, jwt: string | null): void {
  // storage unavailable: the address lives as long as the page
  if (values === null) removeItem(SESSION_KEYS.deliveryAddress);
  else writeItem(SESSION_KEYS.deliveryAddress, JSON.stringify({ owner: draftOwner(jwt), values }));
}

const KeptChoiceSchema = v.object({ payart: v.pipe(v.number(), v.integer()), termsAccepted: v.boolean(), privacyAccepted: v.boolean() });

/**
 * The method and consent ticks kept when the checkout asked for a login (issue 16 item 3): read
 * once, by the next checkout (after the login), then forgotten.
 */
export function takeKeptChoice(): KeptPaymentChoice | null {
  return takeStored(SESSION_KEYS.checkoutChoice, KeptChoiceSchema);
}

function keepChoice(choice: KeptPaymentChoice): void {
  // storage unavailable: the form starts afresh after the login
  writeItem(SESSION_KEYS.checkoutChoice, JSON.stringify(choice));
}

// issue 42: the booking's documents (PDF, calendar entry, where the mail went) come back with a reload of the success page and an older return URL
const BookingSchema = v.object({
  booking_id: v.pipe(v.string(), v.maxLength(64)),
  has_tickets: v.boolean(),
  cartId: v.pipe(v.string(), v.maxLength(64)),
  documents: v.optional(OrderDocumentsSchema),
});
/** How many finished bookings the session remembers for their return URLs. */
const BOOKED_CARTS_KEPT = 10;

/** The bookings this session's checkouts finished (issue 22); anything else stored is dropped. */
export function readBookedCarts(): FinishedBooking[] {
  return readStored(SESSION_KEYS.bookedCarts, v.array(BookingSchema)) ?? [];
}

function keepBooking(booking: FinishedBooking): void {
  const kept = readBookedCarts().filter((b) => b.cartId !== booking.cartId);
  // storage unavailable: an old return URL then asks for the confirmation again (execPayment books once)
  writeItem(SESSION_KEYS.bookedCarts, JSON.stringify([...kept, booking].slice(-BOOKED_CARTS_KEPT)));
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
    booking: Nullable(v.looseObject({ booking_id: v.string(), has_tickets: v.boolean(), cartId: v.string(), documents: v.optional(OrderDocumentsSchema) })),
    bookedCarts: v.array(BookingSchema),
    openOrder: Nullable(v.string()),
    shipping: v.looseObject({ status: v.picklist(['none', 'needsCountry', 'loading', 'known', 'failed']), country: Nullable(v.string()) }),
    delivery: v.object({ sameAsBilling: v.boolean(), values: DeliveryValuesSchema }),
    deliveryErrors: v.record(v.string(), v.unknown()),
    requestInvoice: v.boolean(),
  }),
});

export const checkoutJourney: Journey<typeof checkoutMachine, Shell, 'checkout'> = {
  name: 'checkout',
  machine: ({ api, cart, actor: app }) => {
    const lang = () => app.getSnapshot().context.lang;
    const returnUrls = () => ({
      continue: `${origin()}${routeHref(lang(), 'checkoutAccepted')}`,
      cancel: `${origin()}${routeHref(lang(), 'checkoutCanceled')}`,
    });
    return checkoutMachine.provide({
      actors: {
        loadSuggestions: fromPromise(({ input, signal }) => api.getSuggestions(input.items, signal)),
        initPayment: fromPromise(async ({ input, signal }) => {
          const url = await api.initPayment(
            {
              payart: input.payart,
              aux: input.aux,
              items: input.items,
              url: returnUrls(),
              token: input.token ?? undefined,
              shipping: input.shipping,
              requestInvoice: input.requestInvoice,
            },
            signal,
          );
          return { url, cartId: cartIdOfProviderUrl(url) };
        }),
        // issue 22 (10a): the retry of a failed payment pays the same order
        restartPayment: fromPromise(async ({ input, signal }) => {
          const url = await api.initPaymentOrder(
            { payart: input.payart, aux: input.aux, id: input.id, url: returnUrls(), token: input.token ?? undefined },
            signal,
          );
          return { url, cartId: cartIdOfProviderUrl(url) ?? input.id };
        }),
        execPayment: fromPromise(({ input, signal }) =>
          api.execPayment({ ...input, srcURL: typeof window === 'undefined' ? '' : window.location.href.slice(0, 2000) }, signal),
        ),
        cancelPayment: fromPromise(({ input, signal }) => api.cancelPayment(input.cartId, signal)),
        // issue 41: until when the open order's places are held (a back end without the call answers 404: nothing shown)
        loadHold: fromPromise(({ input, signal }) => api.getPaymentCart(input.cartId, signal)),
        voucherRedemption: voucherRedemptionFor({ api, cart }),
      },
      actions: {
        addToCart: (_, lines) => cart.send({ type: 'ADD', lines }),
        clearCart: () => cart.send({ type: 'CLEAR' }),
        // issue 22 item 5: the delivery country is the shipping country
        shipTo: (_, country) => cart.send({ type: 'SHIP_TO', country }),
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
      deliveryAddress: readDeliveryAddress(jwt),
      keptChoice: takeKeptChoice(),
      bookedCarts: readBookedCarts(),
    };
  },
  event: (entry) => (entry.route === 'checkout' ? { type: 'OPEN_CART' } : providerReturnEvent(entry)),
  connect: (actor, { cart, actor: app }) => {
    // the session of now (a logout or login since the checkout started or was kept) pays
    let jwt = app.getSnapshot().context.jwt;
    const live = () => actor.getSnapshot().status === 'active';
    if (live() && actor.getSnapshot().context.jwt !== jwt) actor.send({ type: 'SESSION_CHANGED', jwt });
    const session = app.subscribe((snapshot) => {
      if (snapshot.context.jwt === jwt) return;
      jwt = snapshot.context.jwt;
      if (live()) actor.send({ type: 'SESSION_CHANGED', jwt });
    });
    // issue 22 item 5: a different delivery address kept in the session ships to its country
    const kept = actor.getSnapshot().context.delivery;
    cart.send({ type: 'SHIP_TO', country: kept.sameAsBilling ? null : kept.values.country });
    let lines = cart.getSnapshot().context.lines;
    let shipping = shippingOf(cart.getSnapshot());
    actor.send({ type: 'CART_CHANGED', lines });
    actor.send({ type: 'SHIPPING_CHANGED', ...shipping });
    const subscription = cart.subscribe((snapshot) => {
      if (snapshot.context.lines !== lines) {
        lines = snapshot.context.lines;
        actor.send({ type: 'CART_CHANGED', lines });
      }
      const next = shippingOf(snapshot);
      if (next.status !== shipping.status || next.country !== shipping.country) {
        shipping = next;
        actor.send({ type: 'SHIPPING_CHANGED', ...shipping });
      }
    });
    // §4: a different delivery address persists in the session (also after the checkout)
    let delivery = JSON.stringify(actor.getSnapshot().context.delivery);
    const saving = actor.subscribe((snapshot) => {
      const next = JSON.stringify(snapshot.context.delivery);
      if (next === delivery) return;
      delivery = next;
      writeDeliveryAddress(snapshot.context.delivery.sameAsBilling ? null : snapshot.context.delivery.values, snapshot.context.jwt);
    });
    // issue 16 item 3: asked to log in, the visitor leaves; the method and ticks wait for the return
    const asking = actor.subscribe((snapshot) => {
      if (!snapshot.matches({ Cart: { 'Choosing payment': 'Login required' } })) return;
      const { payart, termsAccepted, privacyAccepted } = snapshot.context.choice;
      keepChoice({ payart, termsAccepted, privacyAccepted });
    });
    // issue 22: the session remembers the booking, so that its return URL shows it and books nothing
    const finishing = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done' && snapshot.context.booking) keepBooking(snapshot.context.booking);
    });
    return () => {
      session.unsubscribe();
      subscription.unsubscribe();
      saving.unsubscribe();
      asking.unsubscribe();
      finishing.unsubscribe();
    };
  },
  persist: {
    key: SESSION_KEYS.checkoutJourney,
    isValid: (persisted) => v.is(PersistedCheckoutSchema, persisted),
    // a finished checkout also answers for the return URLs of the cart it booked (Back, reload)
    finishedAnswers: (entry, persisted) => {
      const back = providerReturnEvent(entry);
      const booked = v.is(PersistedCheckoutSchema, persisted) ? persisted.context.booking : null;
      return back?.type === 'PAYMENT_RETURNED' && booked !== null && back.cartId === booked.cartId;
    },
    scrub: (persisted) => {
      const context = persisted.context as { choice: Record<string, unknown> };
      // suggestions are not kept: they are names in the language and stock of the moment they were
      // offered, and the next page load may be in another language (issue 22: a French page offered English ones)
      return withFreshVoucherCodeEntry({ ...persisted, context: { ...context, suggestions: [], choice: { ...context.choice, iban: '', accountHolder: '' } } });
    },
  },
};

/** What the router's registry loads (src/app/routes.ts). */
export default checkoutJourney;
