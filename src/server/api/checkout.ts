/**
 * Checkout routes of spec §7: payment types, upselling, payment init/exec/cancel, order review and
 * shipping costs. Shapes, statuses and codes: docs/api.md.
 *
 * A cart (table `carts`) is one payment attempt: initPayment prices the items with priceCart,
 * stores them with a 12-character id and session string, and answers the simulated provider's
 * URL. The provider's "pay" stores the provider transaction (`us`) on the cart and sends the
 * browser to url.continue?us&sessionUs&cartId. execPayment books the cart once, in one
 * transaction with reserveCart. A cart lives 20 minutes (CART_TTL_SECONDS) from initPayment.
 */
import type { Router, RequestContext } from './router.js';
import { HttpError, parseInput } from './http-error.js';
import type { CartItem } from '../../domain/cart-payload.js';
import { ShippingRequestSchema } from '../../domain/shipping-payload.js';
import type { PaymentType } from '../../api/schemas/config.js';
import {
  CHECKOUT_ERRORS,
  ExecPaymentBodySchema,
  ExecPaymentQuerySchema,
  InitPaymentOrderRequestSchema,
  InitPaymentRequestSchema,
  SuggestRequestSchema,
  directDebitFieldErrors,
  normalizeIban,
  type ExecPaymentResult,
  type OrderReview,
  type PaymentAux,
  type PaymentShipping,
  type ReturnUrls,
  type Suggestion,
} from '../../api/schemas/checkout.js';
import { optionalCustomer, randomId } from '../auth.js';
import { customerCountry } from '../customers.js';
import { readSetting } from '../settings.js';
import { closedSectionsOfRemote, inClosedSection, sectionOfType, type SectionKey } from '../../domain/sections.js';
import { priceCart, reserveCart } from '../inventory.js';
import { shippedItems, shippingCost } from '../shipping.js';
import { CART_TTL_MS, CURRENCY, cartIsLive, loadCart, type CartRow } from '../carts.js';

/** Destination assumed for an express payment without a customer (the provider collects the address). */
export const DEFAULT_SHIPPING_COUNTRY = 'CH';

export const cartGone = () =>
  new HttpError(410, CHECKOUT_ERRORS.CART_GONE, 'This cart was not found: it has been paid already or has timed out. Please check your e-mail.');

export function providerUrl(origin: string, lang: string, cart: Pick<CartRow, 'id' | 'session_us'>): string {
  const url = new URL(`/provider/${lang}/pay`, origin);
  url.searchParams.set('cartId', cart.id);
  url.searchParams.set('session', cart.session_us);
  return url.toString();
}

const hasTickets = (items: CartItem[]) => items.some((item) => item.type === 'ticket' || item.type === 'dayTicket' || item.type === 'guidedTour');

/**
 * Checks the payment type and who may use it: express (161, requires_login false) is open to
 * anonymous visitors; every other type needs a logged-in or guest customer (§6). A token that is
 * sent but invalid answers 401 for every type.
 */
async function checkPayment(ctx: RequestContext, payart: number, aux: PaymentAux): Promise<number | null> {
  const [type] = await ctx.db.query<{ requires_login: boolean }>('SELECT requires_login FROM payment_types WHERE payart_id = $1', [payart]);
  if (!type) throw new HttpError(422, CHECKOUT_ERRORS.PAYMENT_TYPE_UNKNOWN, 'This payment type is not offered.', { payart: ['Unknown payment type.'] });
  const customerId = await optionalCustomer(ctx);
  if (type.requires_login && customerId === null) {
    throw new HttpError(401, 'AUTH_LOGIN_REQUIRED', 'You have to login before proceeding to payment');
  }
  const fields = directDebitFieldErrors(payart, aux);
  if (Object.keys(fields).length > 0) throw new HttpError(422, 'PAYMENT_DETAILS_INVALID', 'Please check the account details.', fields);
  return customerId;
}

function cleanAux(aux: PaymentAux): PaymentAux {
  return aux.IBAN === undefined ? aux : { ...aux, IBAN: normalizeIban(aux.IBAN) };
}

/**
 * The destination of a cart's goods (§4, same order as shipping/costs; issue 22 item 5: one
 * destination): the country of a different delivery address when one is given, else the logged-in
 * customer's country, else the country the cart priced shipping for, else CH for an anonymous
 * express payment that sent none (older clients; the app never pays shipped goods without a
 * destination).
 */
async function shippingCountryFor(ctx: RequestContext, customerId: number | null, shipping: PaymentShipping): Promise<string> {
  if (shipping.address) return shipping.address.country.trim().toUpperCase();
  const own = customerId === null ? '' : await customerCountry(ctx.db, customerId);
  return own || shipping.country || DEFAULT_SHIPPING_COUNTRY;
}

/**
 * Issue 22 item 5: the cart priced shipping for `shipping.country`, but a different delivery address
 * lies in another country: charging either would charge one country and deliver to another, so the
 * payment is refused (422 SHIPPING_COUNTRY_MISMATCH) and the cart asks again.
 */
function refuseCountryMismatch(shipping: PaymentShipping, items: CartItem[]): void {
  if (shippedItems(items).length === 0 || !shipping.address || !shipping.country) return;
  const delivery = shipping.address.country.trim().toUpperCase();
  if (delivery === shipping.country) return;
  throw new HttpError(
    422,
    CHECKOUT_ERRORS.SHIPPING_COUNTRY_MISMATCH,
    `Shipping was priced for ${shipping.country}, but the delivery address is in ${delivery}. Please price shipping for the country of delivery.`,
    { 'shipping.country': [`Does not match the delivery address's country (${delivery}).`] },
  );
}

async function shippingFor(ctx: RequestContext, country: string, items: CartItem[], now: Date): Promise<number> {
  if (shippedItems(items).length === 0) return 0;
  return shippingCost(ctx.db, ctx.lang, country, items, now);
}

/** The shop sections whose flag is off in the stored remote config (§1; issue 22 item 7). */
async function closedSectionsNow(ctx: RequestContext): Promise<SectionKey[]> {
  const config = await readSetting(ctx.db, 'remote_config');
  return closedSectionsOfRemote(typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : null);
}

/** A section that is switched off sells nothing: 422 ITEM_UNAVAILABLE naming the first such item. */
function refuseClosedSections(items: readonly CartItem[], closed: readonly SectionKey[]): void {
  const index = items.findIndex((item) => inClosedSection(item, closed));
  if (index === -1) return;
  const section = sectionOfType(items[index]!.type);
  const message = `The shop does not sell ${section} at the moment.`;
  throw new HttpError(422, 'ITEM_UNAVAILABLE', message, { [`items.${index}`]: [message] });
}

async function initPayment(ctx: RequestContext): Promise<string> {
  const body = parseInput(InitPaymentRequestSchema, ctx.body);
  refuseClosedSections(body.cart.items, await closedSectionsNow(ctx));
  const customerId = await checkPayment(ctx, body.payart, body.aux);
  const now = ctx.services.now();
  refuseCountryMismatch(body.shipping, body.cart.items);
  const country = await shippingCountryFor(ctx, customerId, body.shipping);
  // shipping first: voucher codes cover the items plus shipping (§4, src/domain/vouchers.ts)
  const shipping = await shippingFor(ctx, country, body.cart.items, now);
  const priced = await priceCart(ctx.db, ctx.lang, body.cart.items, now, shipping);
  const cart = { id: randomId(12), session_us: randomId(12) };
  await ctx.db.query(
    `INSERT INTO carts (id, lang, status, customer_id, payart, aux, items, external_document_number, lines, subtotal, discount, shipping, amount,
                        url_continue, url_cancel, session_us, created_at, updated_at, request_invoice, delivery_address, shipping_country)
     VALUES ($1, $2, 'open', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17, $18, $19)`,
    [
      cart.id,
      ctx.lang,
      customerId,
      body.payart,
      JSON.stringify(cleanAux(body.aux)),
      JSON.stringify(body.cart.items),
      body.cart.external_document_number,
      JSON.stringify(priced.lines.map((line) => ({ type: line.item.type, name: line.name, amount: line.amount, vat: line.vat }))),
      priced.subtotal,
      priced.discount,
      shipping,
      priced.total,
      body.url.continue,
      body.url.cancel,
      cart.session_us,
      now.toISOString(),
      body.request_invoice,
      body.shipping.address ? JSON.stringify(body.shipping.address) : null,
      shippedItems(body.cart.items).length > 0 ? country : null,
    ],
  );
  return paymentUrl(ctx, cart.id, cart.session_us);
}

/**
 * Where initPayment and initPaymentOrder send the browser: the provider page, unless the cart's
 * amount is 0 (voucher codes pay all of it). Then there is nothing to pay at the provider: the
 * payment is recorded at once (a `us` as the provider's "pay" records it) and the answer is the
 * shop's own `url.continue?us&sessionUs&cartId`, so the app returns and books with execPayment
 * exactly as after the provider (docs/api.md, "A cart paid entirely by voucher codes").
 */
async function paymentUrl(ctx: RequestContext, cartId: string, sessionUs: string): Promise<string> {
  const cart = await loadCart(ctx.db, cartId);
  if (!cart || cart.amount > 0) return providerUrl(ctx.origin, ctx.lang, { id: cartId, session_us: sessionUs });
  const us = randomId(12);
  await ctx.db.query('UPDATE carts SET provider_us = $2, updated_at = $3 WHERE id = $1', [cart.id, us, ctx.services.now().toISOString()]);
  ctx.services.log(`Checkout: cart ${cart.id} is paid by voucher codes (amount 0); no provider page, us=${us}`);
  const url = new URL(cart.url_continue);
  url.searchParams.set('us', us);
  url.searchParams.set('sessionUs', sessionUs);
  url.searchParams.set('cartId', cart.id);
  return url.toString();
}

/** A new payment attempt (new session, type, return URLs) for a cart that is still open. */
async function initPaymentOrder(ctx: RequestContext): Promise<string> {
  const body = parseInput(InitPaymentOrderRequestSchema, ctx.body);
  const customerId = await checkPayment(ctx, body.payart, body.aux);
  const now = ctx.services.now();
  const sessionUs = randomId(12);
  const updated = await ctx.db.transaction(async (tx) => {
    const cart = await loadCart(tx, body.id, true);
    if (!cart || !cartIsLive(cart, now, ctx.services.cartTtlMs)) return null;
    if (cart.customer_id !== null && cart.customer_id !== customerId) return null;
    await tx.query(
      `UPDATE carts SET payart = $2, aux = $3, url_continue = $4, url_cancel = $5, session_us = $6, provider_us = NULL,
         customer_id = COALESCE(customer_id, $7), lang = $8, updated_at = $9 WHERE id = $1`,
      [cart.id, body.payart, JSON.stringify(cleanAux(body.aux)), body.url.continue, body.url.cancel, sessionUs, customerId, ctx.lang, now.toISOString()],
    );
    return cart;
  });
  if (!updated) throw cartGone();
  return paymentUrl(ctx, updated.id, sessionUs);
}

async function execPayment(ctx: RequestContext): Promise<ExecPaymentResult> {
  const query = parseInput(ExecPaymentQuerySchema, ctx.query);
  const { cartId } = parseInput(ExecPaymentBodySchema, ctx.body);
  const now = ctx.services.now();
  return ctx.db.transaction(async (tx) => {
    // the row lock makes concurrent repeats wait here and then see the booking
    const cart = await loadCart(tx, cartId, true);
    if (!cart) throw cartGone();
    if (cart.session_us !== query.sessionUs) {
      throw new HttpError(422, CHECKOUT_ERRORS.PAYMENT_SESSION_INVALID, 'This payment does not belong to this cart.', { sessionUs: ['Does not match the cart.'] });
    }
    if (cart.status === 'booked') {
      const [booking] = await tx.query<{ id: string; has_tickets: boolean }>('SELECT id, has_tickets FROM bookings WHERE cart_id = $1', [cart.id]);
      if (booking) return { booking_id: booking.id, has_tickets: booking.has_tickets };
    }
    if (!cartIsLive(cart, now, ctx.services.cartTtlMs)) throw cartGone();
    if (cart.provider_us === null || cart.provider_us !== query.us) {
      throw new HttpError(422, CHECKOUT_ERRORS.PAYMENT_NOT_COMPLETED, 'The payment was not completed. Please try again.');
    }
    // the voucher codes take what they covered at initPayment: items plus the stored shipping
    await reserveCart(tx, cart.items, now, cart.shipping);
    const booking = { booking_id: randomId(12).toUpperCase(), has_tickets: hasTickets(cart.items) };
    await tx.query('INSERT INTO bookings (id, cart_id, customer_id, has_tickets, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      booking.booking_id,
      cart.id,
      cart.customer_id,
      booking.has_tickets,
      cart.amount,
      now.toISOString(),
    ]);
    await tx.query("UPDATE carts SET status = 'booked', updated_at = $2 WHERE id = $1", [cart.id, now.toISOString()]);
    return booking;
  });
}

async function cancel(ctx: RequestContext): Promise<true> {
  const { cartId } = parseInput(ExecPaymentBodySchema, { cartId: ctx.query.cartId ?? '' });
  const now = ctx.services.now();
  const cutoff = new Date(now.getTime() - (ctx.services.cartTtlMs ?? CART_TTL_MS)).toISOString();
  const rows = await ctx.db.query(
    "UPDATE carts SET status = 'cancelled', updated_at = $2 WHERE id = $1 AND status = 'open' AND created_at >= $3 RETURNING id",
    [cartId, now.toISOString(), cutoff],
  );
  if (rows.length === 0) throw cartGone();
  return true;
}

async function orderReview(ctx: RequestContext): Promise<OrderReview> {
  const id = ctx.query.id ?? '';
  const [row] = await ctx.db.query<CartRow & { booking_id: string; booked_at: Date; has_tickets: boolean }>(
    `SELECT c.*, b.id AS booking_id, b.created_at AS booked_at, b.has_tickets FROM bookings b JOIN carts c ON c.id = b.cart_id WHERE b.id = $1`,
    [id.slice(0, 64)],
  );
  if (!row) throw new HttpError(406, CHECKOUT_ERRORS.ORDER_NOT_AVAILABLE, 'This order is not available.');
  return {
    id: row.booking_id,
    created_at: new Date(row.booked_at).toISOString(),
    payart: row.payart,
    has_tickets: row.has_tickets,
    external_document_number: row.external_document_number,
    lines: row.lines,
    subtotal: row.subtotal,
    discount: row.discount,
    shipping: row.shipping,
    amount: row.amount,
    currency: CURRENCY,
  };
}

async function suggest(ctx: RequestContext): Promise<Suggestion[]> {
  const { cart } = parseInput(SuggestRequestSchema, ctx.body);
  // a switched-off merchandise section suggests nothing (its articles cannot be bought)
  if ((await closedSectionsNow(ctx)).includes('merchandise')) return [];
  const inCart = new Set(cart.items.flatMap((item) => (item.type === 'merchandise' ? [item.id] : [])));
  const rows = await ctx.db.query<{ item: CartItem }>('SELECT item FROM suggestions ORDER BY sequence_no, id');
  const out: Suggestion[] = [];
  for (const { item } of rows) {
    if (item.type !== 'merchandise' || inCart.has(item.id)) continue;
    try {
      const priced = await priceCart(ctx.db, ctx.lang, [item], ctx.services.now());
      const line = priced.lines[0];
      if (line) out.push({ type: 'merchandise', id: item.id, name: line.name, price: Math.round(line.amount / item.count), vat_value: line.vat });
    } catch (error) {
      // sold out or withdrawn: not suggested
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
    }
    if (out.length >= 3) break;
  }
  return out;
}

async function shippingCosts(ctx: RequestContext): Promise<number> {
  const body = parseInput(ShippingRequestSchema, ctx.body);
  const customerId = await optionalCustomer(ctx);
  // a delivery address given for this order decides (issue 22 item 5); else the customer's own country, else the body's
  const country = body.delivery_country ?? (customerId === null ? body.country : (await customerCountry(ctx.db, customerId)) || body.country);
  if (!country) {
    throw new HttpError(422, CHECKOUT_ERRORS.SHIPPING_COUNTRY_MISSING, 'Please choose the country to deliver to.', { country: ['Please choose a country.'] });
  }
  return shippingCost(ctx.db, ctx.lang, country, body.cart, ctx.services.now());
}

async function paymentTypes(ctx: RequestContext): Promise<PaymentType[]> {
  const rows = await ctx.db.query<{ payart_id: number; i18n: Record<string, string> }>('SELECT payart_id, i18n FROM payment_types ORDER BY sequence_no, payart_id');
  return rows.map((row) => ({ payartId: row.payart_id, i18n: row.i18n }));
}

export function registerCheckoutRoutes(router: Router): void {
  router.get('checkout/payments', paymentTypes);
  router.post('checkout/suggest', suggest);
  router.post('checkout/initPayment', initPayment);
  router.post('checkout/initPaymentOrder', initPaymentOrder);
  router.post('checkout/execPayment', execPayment);
  router.post('checkout/cancel', cancel);
  router.get('order/review', orderReview);
  router.post('shipping/costs', shippingCosts);
}

export type { ReturnUrls };
