/**
 * The parts of the cart payload (./cart-payload.ts) that the app's own cart lines use too (the
 * saved cart is checked with them on restore, src/domain/cart-lines.ts). They live apart because
 * the payload's item schemas are the server's to check: an app that imported ./cart-payload.ts at
 * run time would carry all of them (esbuild cannot drop an unused top-level schema call).
 */
import * as v from 'valibot';

export const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
export const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000));
/** 'YYYY-MM-DD HH:mm' in the museum's local time. */
export const DateTimeSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'Expected YYYY-MM-DD HH:mm'));
export const DateSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected YYYY-MM-DD'));

export const TourAnswerSchema = v.object({
  qId: Id,
  type: v.picklist(['radio', 'select', 'checkbox', 'text', 'textarea', 'number']),
  value: v.union([v.string(), v.number(), v.array(v.string())]),
});

export const PassOwnerSchema = v.object({
  title: v.optional(v.string(), ''),
  first: v.pipe(v.string(), v.trim(), v.minLength(1)),
  last: v.pipe(v.string(), v.trim(), v.minLength(1)),
  address: v.optional(v.string(), ''),
  send_to_custom_addr: v.optional(v.boolean(), false),
});

/** Cart payload version (§9). */
export const CART_PAYLOAD_VERSION = 1;

