/**
 * The carts table: one payment attempt (src/server/api/checkout.ts), read again by the simulated
 * provider (provider.ts). A cart lives 20 minutes (CART_TTL_SECONDS) from initPayment.
 */
import type { Queryable } from './db/index.js';
import type { Language } from '../api/languages.js';
import type { CartItem } from '../domain/cart-payload.js';
import type { PaymentAux } from '../api/schemas/checkout.js';

/** A cart can be paid and booked for 20 minutes after initPayment (§4, issue 2 item 6). */
export const CART_TTL_MS = 20 * 60 * 1000;

export const CURRENCY = 'CHF';

export interface CartRow {
  id: string;
  lang: Language;
  /** open (held, then paid), booked, cancelled, or refunded: paid but not deliverable (issue 41) */
  status: 'open' | 'booked' | 'cancelled' | 'refunded';
  customer_id: number | null;
  payart: number;
  aux: PaymentAux;
  items: CartItem[];
  external_document_number: string | null;
  /** `tax`: VAT in minor units, in rows stored since it was added (none before) */
  lines: { type: string; name: string; amount: number; vat: number; tax?: number }[];
  subtotal: number;
  discount: number;
  shipping: number;
  amount: number;
  url_continue: string;
  url_cancel: string;
  session_us: string;
  provider_us: string | null;
  created_at: Date;
  request_invoice: boolean;
  delivery_address: { name: string; street: string; zip: string; city: string; country: string } | null;
  shipping_country: string | null;
  /** when the money arrived and how much (issue 41); null while unpaid */
  paid_at: Date | null;
  paid_amount: number | null;
  refunded_at: Date | null;
  refund_reason: string | null;
  /** issue 42: the address an anonymous express buyer gave on the provider's page */
  contact_email: string | null;
  /** issue 42: the origin the visitor ordered from (the links of the confirmation) */
  origin: string | null;
}

/** The end of a cart's hold: initPayment + the cart lifetime (issue 41). */
export function heldUntil(cart: Pick<CartRow, 'created_at'>, ttlMs: number = CART_TTL_MS): Date {
  return new Date(new Date(cart.created_at).getTime() + ttlMs);
}

/** Open and younger than the cart lifetime (CART_TTL_MS, or CART_TTL_SECONDS in services). */
export function cartIsLive(cart: Pick<CartRow, 'status' | 'created_at'>, now: Date, ttlMs: number = CART_TTL_MS): boolean {
  return cart.status === 'open' && now.getTime() - new Date(cart.created_at).getTime() <= ttlMs;
}

export async function loadCart(q: Queryable, id: string, forUpdate = false): Promise<CartRow | null> {
  const [row] = await q.query<CartRow>(`SELECT * FROM carts WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return row ?? null;
}
