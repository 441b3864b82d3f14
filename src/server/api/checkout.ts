/**
 * Checkout routes of spec §7: payment types, upselling, payment init/exec/cancel, order review and
 * shipping costs. Shapes, statuses and codes: docs/api.md.
 *
 * A cart (table `carts`) is one payment attempt (issue 41): initPayment prices the items, HOLDS
 * what they take (places, stock, voucher value) for the cart's lifetime (CART_TTL_SECONDS, 20
 * minutes) in the transaction that stores the cart, and answers the simulated provider's URL; a
 * cart that cannot be held is refused there, before the provider. The booking is made when the
 * money arrives: the provider's signed notice (POST payment/notify) or the browser's return
 * (execPayment), whichever comes first (payments.ts). checkout/cancel releases the hold at once;
 * a hold that runs out stops counting by itself.
 */
import type { Router, RequestContext } from './router.js';
import { HttpError, parseInput } from './http-error.js';
import type { CartItem } from '../../domain/cart-payload.js';
import { ShippingRequestSchema } from '../../domain/shipping-payload.js';
import type { PaymentType } from '../../api/schemas/config.js';
import {
  ExecPaymentBodySchema,
  ExecPaymentQuerySchema,
  InitPaymentOrderRequestSchema,
  InitPaymentRequestSchema,
  SuggestRequestSchema,
} from '../../api/schemas/checkout-requests.js';
import {
  CHECKOUT_ERRORS,
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
import { holdCart, priceCart, releaseHolds } from '../inventory.js';
import { shippedItems, shippingCost } from '../shipping.js';
import { CART_TTL_MS, CURRENCY, cartIsLive, heldUntil, loadCart, type CartRow } from '../carts.js';
import { bookLockedCart, refundedError, settlePayment, type SettleDeps } from '../payments.js';
import { documentsOf, loadBooking } from '../tickets/delivery.js';
import { mayOpen, orderExtras } from '../tickets/access.js';
import { withdrawalViews } from '../withdrawals.js';
import { simulatedProviderApi, type PaymentNotice, type ProviderApi } from '../provider-books.js';
import { SIGNATURE_HEADER, verifyNotice } from '../webhook-signature.js';
import * as v from 'valibot';
import type { PaymentCart } from '../../api/schemas/checkout.js';

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

const providerOf = (ctx: RequestContext): ProviderApi => ctx.services.paymentProvider ?? simulatedProviderApi;
const settleDeps = (ctx: RequestContext): SettleDeps => ({ db: ctx.db, services: ctx.services, provider: providerOf(ctx), now: () => ctx.services.now(), log: ctx.services.log });

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
  return shippingCost(ctx.db, country, items, now);
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

/**
 * The provider sends the browser back to `url.continue` / `url.cancel`: both must be pages of this
 * shop (its origin, PUBLIC_URL when set), or the museum's own domain would start a redirect to
 * anywhere (issue 44, item 2). Anything else is 422 VALIDATION_FAILED naming the field.
 */
function refuseForeignReturnUrls(ctx: RequestContext, url: { continue: string; cancel: string }): void {
  const own = new URL(ctx.origin).origin;
  const fields: Record<string, string[]> = {};
  for (const name of ['continue', 'cancel'] as const) {
    if (new URL(url[name]).origin !== own) fields[`url.${name}`] = [`The return address must be a page of this shop (${own}).`];
  }
  if (Object.keys(fields).length > 0) throw new HttpError(422, 'VALIDATION_FAILED', 'The request is not valid.', fields);
}

async function initPayment(ctx: RequestContext): Promise<string> {
  const body = parseInput(InitPaymentRequestSchema, ctx.body);
  refuseForeignReturnUrls(ctx, body.url);
  refuseClosedSections(body.cart.items, await closedSectionsNow(ctx));
  const customerId = await checkPayment(ctx, body.payart, body.aux);
  const now = ctx.services.now();
  refuseCountryMismatch(body.shipping, body.cart.items);
  const country = await shippingCountryFor(ctx, customerId, body.shipping);
  // shipping first: voucher codes cover the items plus shipping (§4, src/domain/vouchers.ts)
  const shipping = await shippingFor(ctx, country, body.cart.items, now);
  const cart = { id: randomId(12), session_us: randomId(12) };
  const ttl = ctx.services.cartTtlMs ?? CART_TTL_MS;
  // one transaction: the cart and its holds exist together or not at all (issue 41)
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO carts (id, lang, status, customer_id, payart, aux, items, external_document_number, lines, subtotal, discount, shipping, amount,
                          url_continue, url_cancel, session_us, created_at, updated_at, request_invoice, delivery_address, shipping_country, origin)
       VALUES ($1, $2, 'open', $3, $4, $5, $6, $7, '[]', 0, 0, $8, 0, $9, $10, $11, $12, $12, $13, $14, $15, $16)`,
      [
        cart.id,
        ctx.lang,
        customerId,
        body.payart,
        JSON.stringify(cleanAux(body.aux)),
        JSON.stringify(body.cart.items),
        body.cart.external_document_number,
        shipping,
        body.url.continue,
        body.url.cancel,
        cart.session_us,
        now.toISOString(),
        body.request_invoice,
        body.shipping.address ? JSON.stringify(body.shipping.address) : null,
        shippedItems(body.cart.items).length > 0 ? country : null,
        ctx.origin,
      ],
    );
    const priced = await holdCart(tx, ctx.lang, cart.id, body.cart.items, now, shipping, new Date(now.getTime() + ttl));
    await tx.query('UPDATE carts SET lines = $2, subtotal = $3, discount = $4, amount = $5 WHERE id = $1', [
      cart.id,
      JSON.stringify(priced.lines.map((line) => ({ type: line.item.type, name: line.name, amount: line.amount, vat: line.vat, tax: line.tax }))),
      priced.subtotal,
      priced.discount,
      priced.total,
    ]);
  });
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
  // nothing to pay: the codes' value is the money, so the booking is made now from the holds
  const us = randomId(12);
  const now = ctx.services.now();
  await ctx.db.transaction(async (tx) => {
    const locked = await loadCart(tx, cartId, true);
    if (locked && locked.status === 'open') await bookLockedCart(tx, ctx.services, locked, { us, amount: 0 }, now);
  });
  ctx.services.mail?.kick();
  ctx.services.log(`Checkout: cart ${cart.id} is paid by voucher codes (amount 0); booked without a provider page`);
  const booked = await loadCart(ctx.db, cartId);
  const url = new URL(cart.url_continue);
  url.searchParams.set('us', booked?.provider_us ?? us);
  url.searchParams.set('sessionUs', sessionUs);
  url.searchParams.set('cartId', cart.id);
  return url.toString();
}

/** A new payment attempt (new session, type, return URLs) for a cart that is still open. */
async function initPaymentOrder(ctx: RequestContext): Promise<string> {
  const body = parseInput(InitPaymentOrderRequestSchema, ctx.body);
  refuseForeignReturnUrls(ctx, body.url);
  const customerId = await checkPayment(ctx, body.payart, body.aux);
  const now = ctx.services.now();
  const sessionUs = randomId(12);
  const updated = await ctx.db.transaction(async (tx) => {
    const cart = await loadCart(tx, body.id, true);
    if (!cart || !cartIsLive(cart, now, ctx.services.cartTtlMs)) return null;
    if (cart.customer_id !== null && cart.customer_id !== customerId) return null;
    // paid already (the notice may not have come yet): a second payment would pay one order twice
    if (cart.paid_at !== null || (await providerOf(ctx).paymentOfCart(tx, cart.id))) return null;
    await tx.query(
      `UPDATE carts SET payart = $2, aux = $3, url_continue = $4, url_cancel = $5, session_us = $6, provider_us = NULL,
         customer_id = COALESCE(customer_id, $7), lang = $8, updated_at = $9, origin = $10 WHERE id = $1`,
      [cart.id, body.payart, JSON.stringify(cleanAux(body.aux)), body.url.continue, body.url.cancel, sessionUs, customerId, ctx.lang, now.toISOString(), ctx.origin],
    );
    return cart;
  });
  if (!updated) throw cartGone();
  return paymentUrl(ctx, updated.id, sessionUs);
}

/**
 * The browser's return from the provider (issue 41): asks the provider for the payment `us` and
 * settles it as the notice would (payments.ts). A paid cart answers its booking also after its
 * lifetime, or 422 PAYMENT_REFUNDED when the payment had to go back; it is never 410.
 */
async function execPayment(ctx: RequestContext): Promise<ExecPaymentResult> {
  const query = parseInput(ExecPaymentQuerySchema, ctx.query);
  const { cartId } = parseInput(ExecPaymentBodySchema, ctx.body);
  const now = ctx.services.now();
  const cart = await loadCart(ctx.db, cartId);
  if (!cart) throw cartGone();
  if (cart.session_us !== query.sessionUs) {
    throw new HttpError(422, CHECKOUT_ERRORS.PAYMENT_SESSION_INVALID, 'This payment does not belong to this cart.', { sessionUs: ['Does not match the cart.'] });
  }
  const payment = await providerOf(ctx).payment(ctx.db, query.us);
  const settlement = payment && payment.cart_id === cart.id ? await settlePayment(settleDeps(ctx), payment) : await settledAlready(ctx, cart, query.us);
  if (settlement?.kind === 'booked') {
    // issue 42: the files and where the mail went, for the buyer who came back from paying
    const booking = await loadBooking(ctx.db, settlement.booking_id);
    const documents = booking ? documentsOf(ctx.origin, ctx.lang, booking) : undefined;
    return { booking_id: settlement.booking_id, has_tickets: settlement.has_tickets, ...(documents ? { documents } : {}) };
  }
  if (settlement?.kind === 'refunded') throw refundedError(settlement);
  if (cart.status === 'cancelled' || !cartIsLive(cart, now, ctx.services.cartTtlMs)) throw cartGone();
  throw new HttpError(422, CHECKOUT_ERRORS.PAYMENT_NOT_COMPLETED, 'The payment was not completed. Please try again.');
}

/** A cart booked without the provider (voucher codes paid all): its `us` is the shop's own. */
async function settledAlready(ctx: RequestContext, cart: CartRow, us: string): Promise<{ kind: 'booked'; booking_id: string; has_tickets: boolean } | null> {
  if (cart.status !== 'booked' || cart.provider_us !== us) return null;
  const [booking] = await ctx.db.query<{ id: string; has_tickets: boolean }>('SELECT id, has_tickets FROM bookings WHERE cart_id = $1', [cart.id]);
  return booking ? { kind: 'booked', booking_id: booking.id, has_tickets: booking.has_tickets } : null;
}

const PaymentNoticeSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  type: v.literal('payment.paid'),
  cart_id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  us: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  currency: v.pipe(v.string(), v.maxLength(8)),
  paid_at: v.pipe(v.string(), v.maxLength(40)),
});

/**
 * POST payment/notify (issue 41): the provider's notice of a payment, signed (webhook-signature.ts).
 * The shop asks the provider for the payment the notice names (a notice is a hint, the provider's
 * books are the truth) and settles it. 2xx tells the provider to stop sending: the booking, the
 * refund, or a payment the provider does not know (nothing to do). A wrong signature is 401.
 */
async function paymentNotice(ctx: RequestContext): Promise<{ received: true; result: 'booked' | 'refunded' | 'unknown' }> {
  const secret = ctx.services.webhookSecret;
  if (!secret || !verifyNotice(secret, ctx.rawBody, ctx.header(SIGNATURE_HEADER), ctx.services.now())) {
    throw new HttpError(401, 'SIGNATURE_INVALID', 'The notice is not signed by the payment provider.');
  }
  const notice: PaymentNotice = parseInput(PaymentNoticeSchema, ctx.body);
  const payment = await providerOf(ctx).payment(ctx.db, notice.us);
  if (!payment || payment.cart_id !== notice.cart_id) return { received: true, result: 'unknown' };
  const settlement = await settlePayment(settleDeps(ctx), payment);
  return { received: true, result: settlement?.kind ?? 'unknown' };
}

/** GET checkout/cart?id= (issue 41): where a payment cart stands and until when it holds its places. */
async function paymentCart(ctx: RequestContext): Promise<PaymentCart> {
  const { cartId } = parseInput(ExecPaymentBodySchema, { cartId: ctx.query.id ?? '' });
  const cart = await loadCart(ctx.db, cartId);
  if (!cart) throw cartGone();
  const now = ctx.services.now();
  const [booking] = cart.status === 'booked' ? await ctx.db.query<{ id: string }>('SELECT id FROM bookings WHERE cart_id = $1', [cart.id]) : [];
  const paid = cart.status === 'open' && (cart.paid_at !== null || (await providerOf(ctx).paymentOfCart(ctx.db, cart.id)) !== null);
  const status: PaymentCart['status'] =
    cart.status === 'open' ? (paid ? 'paid' : cartIsLive(cart, now, ctx.services.cartTtlMs) ? 'held' : 'expired') : cart.status;
  return {
    id: cart.id,
    status,
    held_until: heldUntil(cart, ctx.services.cartTtlMs).toISOString(),
    amount: cart.amount,
    currency: CURRENCY,
    booking_id: booking?.id ?? null,
    refund_reason: cart.status === 'refunded' ? (cart.refund_reason as PaymentCart['refund_reason']) : null,
  };
}

/**
 * checkout/cancel: ends an open, unpaid cart and releases its hold at once (issue 41). A cart that
 * was paid meanwhile, booked, cancelled or has run out answers 410.
 */
async function cancel(ctx: RequestContext): Promise<true> {
  const { cartId } = parseInput(ExecPaymentBodySchema, { cartId: ctx.query.cartId ?? '' });
  const now = ctx.services.now();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const cart = await loadCart(tx, cartId, true);
    if (!cart || cart.status !== 'open' || !cartIsLive(cart, now, ctx.services.cartTtlMs)) return false;
    if (cart.paid_at !== null || (await providerOf(ctx).paymentOfCart(tx, cart.id))) return false;
    await tx.query("UPDATE carts SET status = 'cancelled', updated_at = $2 WHERE id = $1", [cart.id, now.toISOString()]);
    await releaseHolds(tx, cart.id);
    return true;
  });
  if (!cancelled) throw cartGone();
  return true;
}

async function orderReview(ctx: RequestContext): Promise<OrderReview> {
  const id = ctx.query.id ?? '';
  const [row] = await ctx.db.query<CartRow & { booking_id: string; booked_at: Date; has_tickets: boolean }>(
    `SELECT c.*, b.id AS booking_id, b.created_at AS booked_at, b.has_tickets FROM bookings b JOIN carts c ON c.id = b.cart_id WHERE b.id = $1`,
    [id.slice(0, 64)],
  );
  if (!row) throw new HttpError(406, CHECKOUT_ERRORS.ORDER_NOT_AVAILABLE, 'This order is not available.');
  // issue 42: its files for the holder of its key or its logged-in owner; the booking id alone shows what it showed before
  const booking = await loadBooking(ctx.db, row.booking_id);
  const opened = booking !== null && (await mayOpen(ctx, booking));
  const extras = opened ? orderExtras(ctx, booking) : {};
  // issue 46: each line's withdrawal and whether one may be withdrawn now, for the same requests
  const withdrawal = opened ? (await withdrawalViews(ctx.db, [row.booking_id], ctx.services.now())).get(row.booking_id) : undefined;
  return {
    id: row.booking_id,
    created_at: new Date(row.booked_at).toISOString(),
    payart: row.payart,
    has_tickets: row.has_tickets,
    external_document_number: row.external_document_number,
    lines: withdrawal ? row.lines.map((line, i) => ({ ...line, withdrawn_at: withdrawal.withdrawnAt[i] ?? null })) : row.lines,
    ...(withdrawal ? { withdrawable: withdrawal.withdrawable } : {}),
    subtotal: row.subtotal,
    discount: row.discount,
    shipping: row.shipping,
    amount: row.amount,
    currency: CURRENCY,
    ...extras,
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
  return shippingCost(ctx.db, country, body.cart, ctx.services.now());
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
  router.get('checkout/cart', paymentCart);
  router.post('payment/notify', paymentNotice);
  router.get('order/review', orderReview);
  router.post('shipping/costs', shippingCosts);
}

export type { ReturnUrls };
