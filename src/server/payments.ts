/**
 * The money's way through the shop (issue 41). A payment cart holds what it takes from initPayment
 * on (inventory.ts holdCart) until it is paid, cancelled or runs out (CART_TTL_SECONDS). When the
 * money arrives — the provider's signed notice, or the browser's return to execPayment, whichever
 * comes first; the other one finds the result — `settlePayment` makes the booking from the holds.
 * A hold still live books for certain. A payment that comes after the hold ran out books what is
 * still left; when that is gone (or the order was cancelled before the money came), the whole
 * payment goes back through the provider and the cart says so. Nothing is booked twice: every
 * path takes the cart's row lock first and looks at its status.
 */
import type { Db, Queryable } from './db/index.js';
import { HttpError } from './api/http-error.js';
import { bookHeld, releaseHolds } from './inventory.js';
import { loadCart, type CartRow } from './carts.js';
import { randomId } from './auth.js';
import type { ProviderApi, ProviderPayment } from './provider-books.js';
import { CHECKOUT_ERRORS, type RefundReason } from '../api/schemas/checkout.js';
import type { CartItem } from '../domain/cart-payload.js';
import type { ServerServices } from './services.js';
import { deliverBooking } from './tickets/delivery.js';
import { CURRENCY } from './carts.js';

export type Settlement =
  | { kind: 'booked'; booking_id: string; has_tickets: boolean }
  | { kind: 'refunded'; amount: number; currency: string; reason: RefundReason };

const hasTickets = (items: CartItem[]) => items.some((item) => item.type === 'ticket' || item.type === 'dayTicket' || item.type === 'guidedTour');

/** Thrown inside the booking transaction to roll it back; the refund follows in a new one. */
class CannotDeliver extends Error {
  constructor(readonly reason: RefundReason) {
    super(`cannot deliver: ${reason}`);
  }
}

/** Why a refusal of the inventory means the order cannot be delivered. */
function reasonOf(error: HttpError, cart: CartRow): RefundReason {
  if (error.code.startsWith('VOUCHER_')) return 'voucher';
  if (error.code === CHECKOUT_ERRORS.OVERBOOKED) {
    const index = (error.data as { index?: unknown } | undefined)?.index;
    const item = typeof index === 'number' ? cart.items[index] : undefined;
    return item?.type === 'voucherCode' ? 'voucher' : 'sold_out';
  }
  return 'unavailable';
}

async function bookingOf(q: Queryable, cartId: string): Promise<{ booking_id: string; has_tickets: boolean } | null> {
  const [row] = await q.query<{ id: string; has_tickets: boolean }>('SELECT id, has_tickets FROM bookings WHERE cart_id = $1', [cartId]);
  return row ? { booking_id: row.id, has_tickets: row.has_tickets } : null;
}

const refundedOf = (cart: CartRow): Settlement => ({
  kind: 'refunded',
  amount: cart.paid_amount ?? cart.amount,
  currency: CURRENCY,
  reason: (cart.refund_reason ?? 'unavailable') as RefundReason,
});

/** The cart as settled already (booked or refunded), or null while it is not. */
async function settled(q: Queryable, cart: CartRow): Promise<Settlement | null> {
  if (cart.status === 'refunded') return refundedOf(cart);
  if (cart.status !== 'booked') return null;
  const booking = await bookingOf(q, cart.id);
  return booking ? { kind: 'booked', ...booking } : null;
}

/**
 * Books the cart in the caller's transaction, the cart row locked: its holds become bookings, a
 * booking row is written and the payment recorded on the cart. Throws CannotDeliver when what the
 * cart paid for is not to be had.
 */
export async function bookLockedCart(tx: Queryable, services: ServerServices, cart: CartRow, payment: { us: string; amount: number }, now: Date): Promise<Settlement> {
  if (cart.status === 'cancelled') throw new CannotDeliver('cancelled');
  let claims;
  try {
    claims = await bookHeld(tx, cart.id, now);
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) throw new CannotDeliver(reasonOf(error, cart));
    throw error;
  }
  const booking = { booking_id: randomId(12).toUpperCase(), has_tickets: hasTickets(cart.items) };
  await tx.query('INSERT INTO bookings (id, cart_id, customer_id, has_tickets, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    booking.booking_id,
    cart.id,
    cart.customer_id,
    booking.has_tickets,
    cart.amount,
    now.toISOString(),
  ]);
  await tx.query("UPDATE carts SET status = 'booked', provider_us = $2, paid_at = COALESCE(paid_at, $3), paid_amount = $4, updated_at = $3 WHERE id = $1", [
    cart.id,
    payment.us,
    now.toISOString(),
    payment.amount,
  ]);
  // issue 42: the tickets, vouchers and confirmation come with the booking, in its transaction
  await deliverBooking(tx, services, cart, booking.booking_id, now, claims);
  return { kind: 'booked', ...booking };
}

export interface SettleDeps {
  db: Db;
  services: ServerServices;
  provider: ProviderApi;
  now: () => Date;
  log: (message: string) => void;
}

/**
 * The provider took `payment` for its cart: book it, or refund it when what it paid for cannot be
 * had. Idempotent and safe to run concurrently (notice and return at once): one wins, the other
 * answers its result. A payment that does not match the cart's amount is refunded too.
 */
export async function settlePayment(deps: SettleDeps, payment: ProviderPayment): Promise<Settlement | null> {
  const now = deps.now();
  try {
    const result = await deps.db.transaction(async (tx) => {
      const cart = await loadCart(tx, payment.cart_id, true);
      if (!cart) return null;
      const done = await settled(tx, cart);
      if (done) return done;
      if (cart.status === 'cancelled') throw new CannotDeliver('cancelled');
      if (payment.status === 'refunded' || payment.amount !== cart.amount) throw new CannotDeliver('unavailable');
      // an anonymous buyer's address, as the provider took it (issue 42): where the confirmation goes
      if (cart.customer_id === null && payment.payer_email && !cart.contact_email) {
        await tx.query('UPDATE carts SET contact_email = $2 WHERE id = $1', [cart.id, payment.payer_email]);
        cart.contact_email = payment.payer_email;
      }
      return bookLockedCart(tx, deps.services, cart, payment, now);
    });
    if (result?.kind === 'booked') deps.services.mail?.kick();
    return result;
  } catch (error) {
    if (!(error instanceof CannotDeliver)) throw error;
    return deps.db.transaction(async (tx) => {
      const cart = await loadCart(tx, payment.cart_id, true);
      if (!cart) return null;
      const done = await settled(tx, cart);
      if (done) return done;
      await releaseHolds(tx, cart.id);
      await deps.provider.refund(tx, payment.us, error.reason, now);
      await tx.query(
        "UPDATE carts SET status = 'refunded', provider_us = $2, paid_at = $3, paid_amount = $4, refunded_at = $3, refund_reason = $5, updated_at = $3 WHERE id = $1",
        [cart.id, payment.us, now.toISOString(), payment.amount, error.reason],
      );
      deps.log(`Checkout: cart ${cart.id} was paid (${payment.amount} minor units) but cannot be delivered (${error.reason}); the payment ${payment.us} was refunded in full`);
      return { kind: 'refunded', amount: payment.amount, currency: payment.currency, reason: error.reason };
    });
  }
}

/** The 422 execPayment answers for a refunded payment (issue 41): code, message and what went back. */
export function refundedError(settlement: Extract<Settlement, { kind: 'refunded' }>): HttpError {
  return new HttpError(
    422,
    CHECKOUT_ERRORS.PAYMENT_REFUNDED,
    'The payment was refunded in full: what it paid for could no longer be booked.',
    {},
    { amount: settlement.amount, currency: settlement.currency, reason: settlement.reason },
  );
}
