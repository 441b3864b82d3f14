/**
 * What the checkout screens show for the machine's state, read in one place (no rules here): every
 * state of machines/checkout.machine.ts has a view in CHECKOUT_VIEWS. The table is typed by the
 * machine's own state paths, so a state added or renamed there does not compile until it has a
 * view here (and checkoutViewOf throws on a state it does not know rather than showing nothing).
 */
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../../../machines/checkout.machine.js';
import { viewReader, type StatePath } from '../../../../machines/state-paths.js';

/** The checkout journey's actor (src/app/journeys/checkout.ts). */
export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
/** The dotted path of each leaf state ('Cart.Choosing payment.Editing'), derived from the machine's typed state value. */
export type CheckoutStatePath = StatePath<typeof checkoutMachine>;

/** The notice of the cart step ('none': the form alone; 'loginRequired' is shown at the Pay button). */
export type CartNotice = 'none' | 'notCompleted' | 'empty' | 'details' | 'shipping' | 'refused' | 'notStarted' | 'loginRequired';
/** Where the return from the provider stands. */
export type AcceptedStage = 'checking' | 'confirming' | 'booking' | 'refunded' | 'bookingRefused' | 'bookingInvalid' | 'bookingFailed' | 'gone';
export type CancelledStage = 'asking' | 'cancelling' | 'cleared';

export type CheckoutView =
  /** the cart step: the cart can be changed, suggestions and the payment form are offered */
  | { readonly kind: 'cart'; readonly notice: CartNotice }
  /** a payment is being started (a new order, or the open one again after a failure): the browser goes to the provider */
  | { readonly kind: 'payment' }
  | { readonly kind: 'accepted'; readonly stage: AcceptedStage }
  | { readonly kind: 'booked' }
  | { readonly kind: 'cancelled'; readonly stage: CancelledStage };

const cart = (notice: CartNotice) => ({ kind: 'cart', notice }) as const;
const payment = { kind: 'payment' } as const;
const accepted = (stage: AcceptedStage) => ({ kind: 'accepted', stage }) as const;
const cancelled = (stage: CancelledStage) => ({ kind: 'cancelled', stage }) as const;

/** The states of a page that asks about the open order's hold (issue 41) show that page's view. */
const withTheHold = <P extends string, V extends CheckoutView>(page: P, view: V) =>
  Object.fromEntries(['Checking the order', 'Loading the hold', 'Waiting for the visitor'].map((step) => [`${page}.${step}`, view])) as Record<
    `${P}.${'Checking the order' | 'Loading the hold' | 'Waiting for the visitor'}`,
    V
  >;

/** Every state's view (one object each, so a selector returns the same value while the view stays). */
export const CHECKOUT_VIEWS = {
  'Cart.Checking the cart': cart('none'),
  'Cart.Loading the hold': cart('none'),
  'Cart.Loading suggestions': cart('none'),
  'Cart.Choosing payment.Editing': cart('none'),
  ...withTheHold('Cart.Choosing payment.Payment not completed', cart('notCompleted')),
  'Cart.Choosing payment.Cart is empty': cart('empty'),
  'Cart.Choosing payment.Shipping pending': cart('shipping'),
  'Cart.Choosing payment.Login required': cart('loginRequired'),
  'Cart.Choosing payment.Details missing': cart('details'),
  'Cart.Choosing payment.Payment refused': cart('refused'),
  'Cart.Choosing payment.Payment could not start': cart('notStarted'),
  'Cart.Releasing the earlier order': payment,
  'Cart.Starting payment': payment,
  'Cart.Paying the open order': payment,
  'At the payment provider': payment,
  // the shell shows the login page at once; until it does, the checkout asks to log in
  'Session ended': cart('loginRequired'),
  'Payment accepted.Checking the return': accepted('checking'),
  'Payment accepted.Confirming order': accepted('confirming'),
  'Payment accepted.Booking': accepted('booking'),
  'Payment accepted.Payment refunded': accepted('refunded'),
  'Payment accepted.Booking refused': accepted('bookingRefused'),
  'Payment accepted.Booking request invalid': accepted('bookingInvalid'),
  'Payment accepted.Booking failed': accepted('bookingFailed'),
  'Payment accepted.Cart gone': accepted('gone'),
  Booked: { kind: 'booked' },
  ...withTheHold('Payment cancelled.Asking about the cart', cancelled('asking')),
  'Payment cancelled.Checking cart id': cancelled('cancelling'),
  'Payment cancelled.Cancelling': cancelled('cancelling'),
  'Payment cancelled.Cart cleared': cancelled('cleared'),
} as const satisfies Record<CheckoutStatePath, CheckoutView>;

/** The view of a snapshot; throws on a state without one (a machine changed without this table). */
export const checkoutViewOf = viewReader<CheckoutView>('checkout', CHECKOUT_VIEWS, 'src/app/screens/checkout/checkout-view.ts');

export type CheckoutHeading = 'title.checkout' | 'title.checkoutAccepted' | 'title.checkoutFailed' | 'title.checkoutGone' | 'title.checkoutRefunded';

/** The page heading's message: 'Payment accepted' only while that is the news (not above 'cart not found'). */
export function headingOf(view: CheckoutView): CheckoutHeading {
  switch (view.kind) {
    case 'accepted':
      return view.stage === 'gone' ? 'title.checkoutGone' : view.stage === 'refunded' ? 'title.checkoutRefunded' : 'title.checkoutAccepted';
    case 'cart':
      return view.notice === 'notCompleted' ? 'title.checkoutFailed' : 'title.checkout';
    case 'payment':
    case 'booked':
    case 'cancelled':
      return 'title.checkout';
    default:
      return unreachable(view);
  }
}

/** The status notice the checkout shows for a view (§8: each outcome has its own message); null for none. */
export type StatusNotice = Exclude<CartNotice, 'none' | 'loginRequired'> | Exclude<AcceptedStage, 'checking' | 'confirming'> | 'redirecting';

export function statusNoticeOf(view: CheckoutView): StatusNotice | null {
  switch (view.kind) {
    case 'cart':
      return view.notice === 'none' || view.notice === 'loginRequired' ? null : view.notice;
    case 'payment':
      return 'redirecting';
    case 'accepted':
      return view.stage === 'checking' || view.stage === 'confirming' ? null : view.stage;
    case 'booked':
    case 'cancelled':
      return null;
    default:
      return unreachable(view);
  }
}

/** A case a switch over a union left out: does not compile, and throws if it happens anyway. */
export function unreachable(value: never): never {
  throw new Error(`checkout: unexpected view ${JSON.stringify(value)}`);
}
