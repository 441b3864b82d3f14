/**
 * Request body of POST shipping/costs (§7 Shipping): the cart as a list of {type, id, datetime or
 * count} with day tickets expanded into separate lines of type `dayticket`, and the destination
 * country when the visitor is not logged in (a logged-in request sends only the cart; the server
 * takes the country from the customer behind the token `_`).
 */
import * as v from 'valibot';
import { DateTimeSchema } from './cart-payload.js';

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000));

export const ShippingLineSchema = v.variant('type', [
  v.object({ type: v.literal('merchandise'), id: Id, count: Count }),
  v.object({ type: v.literal('annualPass'), id: Id, count: Count }),
  v.object({ type: v.literal('voucher'), id: Id, count: Count }),
  v.object({ type: v.literal('ticket'), id: Id, count: Count, datetime: DateTimeSchema }),
  v.object({ type: v.literal('dayticket'), id: Id, count: Count, datetime: v.optional(v.string()) }),
  /** a tour sends datetime as date plus time and count 1 unless single ticketing (§7) */
  v.object({ type: v.literal('guidedTour'), id: Id, count: Count, datetime: DateTimeSchema }),
]);
export type ShippingLine = v.InferOutput<typeof ShippingLineSchema>;

export const ShippingRequestSchema = v.object({
  cart: v.pipe(v.array(ShippingLineSchema), v.maxLength(200)),
  /** ISO country key, e.g. CH; required when not logged in (a logged-in customer's own country wins) */
  country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'Expected a two-letter country key'))),
  /**
   * The country of a delivery address given for this order, different from the billing address
   * (issue 22 item 5): it wins over everything, logged in or not, as it does at initPayment.
   */
  delivery_country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'Expected a two-letter country key'))),
});
export type ShippingRequest = v.InferOutput<typeof ShippingRequestSchema>;

/**
 * The request schemas above are the server's to check; the app only sends these shapes, so it
 * imports nothing but types from here (a runtime import would bring the schemas into its bundle).
 * The error code of shipping/costs lives with the shipping rules (./shipping.ts).
 */
