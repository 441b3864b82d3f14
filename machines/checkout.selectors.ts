/**
 * What screens read of the checkout machine (machines/checkout.machine.ts) besides the view of each
 * state (src/app/screens/checkout/checkout-view.ts): the progress bar of §2 (cart, sign in,
 * payment, complete), read from the states' `step-*` tags; the hold of the open order (issue 41).
 */
import { isOpenOrderUnchanged, offeredSuggestions, type CartHold, type CheckoutContext, type CheckoutTag } from './checkout.machine.js';

/** The upselling suggestions the cart step offers (none while the cart cannot be shipped: the machine's rule). */
export const selectOfferedSuggestions = (snapshot: { context: CheckoutContext }): CheckoutContext['suggestions'] => offeredSuggestions(snapshot.context);

export type ProgressStep = 'cart' | 'signIn' | 'payment' | 'complete';
export const PROGRESS_STEPS: readonly ProgressStep[] = ['cart', 'signIn', 'payment', 'complete'];

/** The progress bar step of a snapshot (§2: cart, sign in, payment, complete). */
export function progressStep(snapshot: { hasTag: (tag: CheckoutTag) => boolean }): ProgressStep | null {
  for (const step of PROGRESS_STEPS) if (snapshot.hasTag(`step-${step}`)) return step;
  return null;
}

/** How the progress bar shows a step: done, the current one, still open, or skipped (not needed). */
export type ProgressStepState = 'done' | 'current' | 'open' | 'skipped';

/**
 * Every step's state for a snapshot (null: no step). 'Log in' before the current step is done only
 * when the visitor is logged in: an anonymous express payment skipped it (issue 16 item 15).
 */
export function progressStates(snapshot: { hasTag: (tag: CheckoutTag) => boolean; context: { jwt: string | null } }): Record<ProgressStep, ProgressStepState> | null {
  const step = progressStep(snapshot);
  if (step === null) return null;
  const current = PROGRESS_STEPS.indexOf(step);
  const states = {} as Record<ProgressStep, ProgressStepState>;
  PROGRESS_STEPS.forEach((s, i) => {
    states[s] = i === current ? 'current' : i > current ? 'open' : s === 'signIn' && snapshot.context.jwt === null ? 'skipped' : 'done';
  });
  return states;
}

/**
 * The hold the checkout tells the visitor about (issue 41): an expired one always (paying makes a
 * new order); a held one only while the cart is what the open order holds (a changed cart becomes
 * a new order whose places are not held yet). Null: nothing to say (not asked, no answer, a back
 * end without checkout/cart).
 */
export function selectShownHold(snapshot: { context: CheckoutContext }): CartHold | null {
  // a journey saved before issue 41 has no hold
  const hold = snapshot.context.hold ?? null;
  if (hold === null) return null;
  return hold.status === 'expired' || isOpenOrderUnchanged(snapshot.context) ? hold : null;
}

/** The page is asking the shop about the hold: its line keeps its room, so that the answer moves nothing. */
export const selectHoldLoading = (snapshot: { hasTag: (tag: CheckoutTag) => boolean }): boolean => snapshot.hasTag('loading-hold');
