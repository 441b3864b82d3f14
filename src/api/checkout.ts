/**
 * Checkout, payment, order review and shipping calls of spec §7, and the orders of issue 42 ("My
 * orders", an order by its key, its confirmation sent again: they share the order schemas, so one
 * module loads them). The jwt goes in `?_=` where the visitor is logged in (§6). GET
 * checkout/payments lives in config.ts (getPaymentTypes).
 */
import * as v from 'valibot';
import { isApiError, type Http } from './http.js';
import type { CartPayload, CartItem } from '../domain/cart-payload.js';
import { CART_PAYLOAD_VERSION } from '../domain/cart-values.js';
import type { ShippingRequest } from '../domain/shipping-payload.js';
import {
  CHECKOUT_ERRORS,
  ExecPaymentResultSchema,
  OrderReviewSchema,
  PaymentCartSchema,
  type PaymentRefundedData,
  ProviderReturnQuerySchema,
  type ProviderReturnQuery,
  RedirectUrlSchema,
  ShippingCostSchema,
  SuggestionsSchema,
  type PaymentAux,
  type PaymentShipping,
  type ReturnUrls,
} from './schemas/checkout.js';
import { OkSchema } from './schemas/accounts.js';
import { OrderListSchema, ResendResultSchema } from './schemas/orders.js';

export interface InitPaymentInput {
  payart: number;
  aux?: PaymentAux;
  items: CartItem[];
  externalDocumentNumber?: string | null;
  url: ReturnUrls;
  /** jwt; required for every payment type but express (161) */
  token?: string | undefined;
  /** the destination the cart priced shipping for, and a different delivery address (§4, §5) */
  shipping?: PaymentShipping;
  /** §9 requestInvoice, default true */
  requestInvoice?: boolean;
}

export interface ExecPaymentInput {
  cartId: string;
  us: string;
  sessionUs: string;
  srcURL?: string;
}

/** Who asks for an order (issue 42): its key (the mail's link, the success page), or its owner's token. */
export interface OrderAccess {
  key?: string | null | undefined;
  token?: string | null | undefined;
}

/** The order's key when there is one, else the owner's token: a mail's link works without a login. */
const orderAccess = ({ key, token }: OrderAccess) => (key ? { key } : { _: token ?? undefined });

const cart = (items: CartItem[], externalDocumentNumber?: string | null): CartPayload => ({
  ver: CART_PAYLOAD_VERSION,
  items,
  external_document_number: externalDocumentNumber ?? null,
});

export { cartIdOfProviderUrl } from '../domain/payment.js';

/**
 * What the provider appended to url.continue (`us`, `sessionUs`, `cartId`), read from the page URL
 * the visitor came back to; null when any of them is missing.
 */
export function parseProviderReturn(url: string | URL): ProviderReturnQuery | null {
  try {
    const params = new URL(url).searchParams;
    const parsed = v.safeParse(ProviderReturnQuerySchema, { us: params.get('us'), sessionUs: params.get('sessionUs'), cartId: params.get('cartId') });
    return parsed.success && parsed.output.us !== '' && parsed.output.sessionUs !== '' && parsed.output.cartId !== '' ? parsed.output : null;
  } catch {
    return null;
  }
}

const OverbookedDataSchema = v.object({ available: v.pipe(v.number(), v.integer(), v.minValue(0)), index: v.optional(v.number()) });

/** For a 422 OVERBOOKED of execPayment: how many are still available (§5 "states the available count"); else null. */
export function overbookedAvailable(error: unknown): number | null {
  if (!isApiError(error) || error.code !== CHECKOUT_ERRORS.OVERBOOKED) return null;
  const data = v.safeParse(OverbookedDataSchema, error.details);
  return data.success ? data.output.available : null;
}

export function checkoutApi(http: Http) {
  return {
    /** POST checkout/suggest {cart{ver:1, items}}: upselling suggestions. */
    getSuggestions: (items: CartItem[], signal?: AbortSignal) =>
      http.request('POST', 'checkout/suggest', { schema: SuggestionsSchema, body: { cart: cart(items) }, signal }),
    /** POST checkout/initPayment: 200 answers the provider URL to send the browser to; 422 shows in the cart. */
    initPayment: (input: InitPaymentInput, signal?: AbortSignal) =>
      http.request('POST', 'checkout/initPayment', {
        schema: RedirectUrlSchema,
        query: { _: input.token },
        body: {
          payart: input.payart,
          aux: input.aux ?? {},
          cart: cart(input.items, input.externalDocumentNumber),
          url: input.url,
          ...(input.shipping ? { shipping: input.shipping } : {}),
          request_invoice: input.requestInvoice ?? true,
        },
        signal,
      }),
    /** POST checkout/initPaymentOrder {payart, aux, id, url}: a new payment attempt for an open cart. */
    initPaymentOrder: (input: { payart: number; aux?: PaymentAux; id: string; url: ReturnUrls; token?: string | undefined }, signal?: AbortSignal) =>
      http.request('POST', 'checkout/initPaymentOrder', {
        schema: RedirectUrlSchema,
        query: { _: input.token },
        body: { payart: input.payart, aux: input.aux ?? {}, id: input.id, url: input.url },
        signal,
      }),
    /** POST checkout/execPayment?us&sessionUs&srcURL {cartId}: books once; repeats answer the same booking. */
    execPayment: (input: ExecPaymentInput, signal?: AbortSignal) =>
      http.request('POST', 'checkout/execPayment', {
        schema: ExecPaymentResultSchema,
        query: { us: input.us, sessionUs: input.sessionUs, srcURL: input.srcURL },
        body: { cartId: input.cartId },
        signal,
      }),
    /** POST checkout/cancel?noRedirect=1&cartId=: 410 when the cart is already gone. */
    cancelPayment: (cartId: string, signal?: AbortSignal) =>
      http.request('POST', 'checkout/cancel', { schema: OkSchema, query: { noRedirect: 1, cartId }, signal }),
    /**
     * GET checkout/cart?id= (issue 41): where a payment cart stands and until when its places are
     * held; 410 CART_GONE for an unknown cart. A back end without this call answers 404.
     */
    getPaymentCart: (cartId: string, signal?: AbortSignal) => http.request('GET', 'checkout/cart', { schema: PaymentCartSchema, query: { id: cartId }, signal }),
    /** GET orders?_=token (issue 42): the customer's orders, newest first; 401 TOKEN_INVALID without a valid login. */
    listOrders: (token: string, signal?: AbortSignal) => http.request('GET', 'orders', { schema: OrderListSchema, query: { _: token }, signal }),
    /**
     * GET order/review?id (406 ORDER_NOT_AVAILABLE). Issue 42: with the order's key (the mail's
     * link, the success page) or as its owner (the token) the answer carries its documents, visits
     * and bought vouchers.
     */
    getOrderReview: (id: string, access: OrderAccess = {}, signal?: AbortSignal) =>
      http.request('GET', 'order/review', { schema: OrderReviewSchema, query: { id, ...orderAccess(access) }, signal }),
    /**
     * POST order/resend?id&key (or ?_=token), issue 42: the confirmation goes out again, to the
     * (masked) address answered. 429 ORDER_RESEND_TOO_SOON with `retry_after`, 406 unknown order,
     * 422 ORDER_NO_ADDRESS.
     */
    resendConfirmation: (id: string, access: OrderAccess, signal?: AbortSignal) =>
      http.request('POST', 'order/resend', { schema: ResendResultSchema, query: { id, ...orderAccess(access) }, signal }),
    /**
     * POST shipping/costs: cost in minor units. Logged in: pass the token and only the cart; else
     * the country. Errors carry the code (e.g. SHIPPING_NOT_POSSIBLE_FOR_COUNTRY).
     */
    getShippingCosts: (request: ShippingRequest, token?: string, signal?: AbortSignal) =>
      http.request('POST', 'shipping/costs', { schema: ShippingCostSchema, query: { _: token }, body: request, signal }),
  };
}
