/**
 * Account calls of spec §7 (auth/*, customer/*): request bodies and answers, shared by the client
 * (src/api/accounts.ts) and the reference server (src/server/api/accounts.ts). docs/api.md.
 */
import * as v from 'valibot';

/**
 * The request bodies (register, update, guest, login, the password and e-mail calls) are the
 * server's to check: they live in ./accounts-requests.ts, so that the app's bundle, which only
 * reads answers and checks an e-mail address, carries none of them; their types are the app's too.
 */
export type { CustomerRegisterInput, CustomerUpdateInput, GuestInput, ShippingAddressInput } from './accounts-requests.js';

export const EmailSchema = v.pipe(
  v.string('Please enter an e-mail address.'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Please enter an e-mail address.'),
  v.maxLength(254, 'The e-mail address is too long.'),
  v.email('Please enter a valid e-mail address.'),
);

/** Names of the registration form fields the server can require or show (`c` keys). */
export const CUSTOMER_FIELDS = ['email', 'password', 'salutation', 'fname', 'lname', 'company', 'phone', 'street', 'zip', 'city', 'country'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export const REQUIRED_MESSAGE = 'This field is required.';

/**
 * The server's required_fields check, shared so the form can run it before sending: every listed
 * field that is empty gets the message. Keys are `c` field names.
 */
export function missingRequiredFields(c: Record<string, unknown>, requiredFields: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const field of requiredFields) {
    const value = c[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) out[field] = [REQUIRED_MESSAGE];
  }
  return out;
}

// ---- answers ----

export const JwtResultSchema = v.object({ jwt: v.pipe(v.string(), v.nonEmpty()) });
export type JwtResult = v.InferOutput<typeof JwtResultSchema>;

export const AddressSchema = v.object({ name: v.string(), street: v.string(), zip: v.string(), city: v.string(), country: v.string() });
export type Address = v.InferOutput<typeof AddressSchema>;

/** GET customer (§3 Customer): stored in session and used to fill the user and shipping forms. */
export const CustomerSchema = v.object({
  id: v.number(),
  email: v.string(),
  salutation: v.string(),
  fname: v.string(),
  lname: v.string(),
  company: v.string(),
  phone: v.string(),
  isGuest: v.boolean(),
  country: v.string(),
  send_invoice: v.boolean(),
  addrBilling: AddressSchema,
  /** null: deliveries go to the billing address */
  addrShipping: v.nullable(v.object({ id: v.number(), ...AddressSchema.entries })),
});
export type Customer = v.InferOutput<typeof CustomerSchema>;

/** GET customer/attr */
export const CustomerAttrSchema = v.object({
  /** country key → name in the request language, in display order */
  countries: v.record(v.string(), v.string()),
  /** salutation key → label in the request language, in display order */
  salutations: v.record(v.string(), v.string()),
  required_fields: v.array(v.string()),
  visible_fields: v.array(v.string()),
});
export type CustomerAttr = v.InferOutput<typeof CustomerAttrSchema>;

/**
 * POST customer/emailchange (issue 44): nothing changed yet; the link that confirms the change went
 * to `email` and works until `expiresAt` (ISO time).
 */
export const EmailChangeRequestedSchema = v.object({ email: v.string(), expiresAt: v.string() });
export type EmailChangeRequested = v.InferOutput<typeof EmailChangeRequestedSchema>;

/** POST customer/emailconfirm: the account's address is now `email`. */
export const EmailConfirmedSchema = v.object({ email: v.string() });
export type EmailConfirmed = v.InferOutput<typeof EmailConfirmedSchema>;

/** Calls that answer nothing but success answer `{"data": true}`. */
export const OkSchema = v.literal(true);

/** Error codes of the account calls (§8). */
export const AUTH_ERRORS = {
  LOGIN_FAILED: 'AUTH_LOGIN_FAILED',
  TOKEN_INVALID: 'AUTH_TOKEN_INVALID',
  REQUEST_RESET_FAIL: 'AUTH_REQUEST_RESET_FAIL',
  SETTING_NEW_PASSWORD_FAILED: 'AUTH_SETTING_NEW_PASSWORD_FAILED',
  MISSING_FIELDS: 'AUTH_MISSING_FIELDS',
  PASSWORD_CHANGE_FAILED: 'AUTH_PASSWORD_CHANGE_FAILED',
  EMAIL_CHANGE_FAILED: 'AUTH_EMAIL_CHANGE_FAILED',
  /** customer/emailconfirm: the link was used, replaced by a newer one or never issued (404) */
  EMAIL_LINK_INVALID: 'AUTH_EMAIL_LINK_INVALID',
  /** customer/emailconfirm: the link is older than 24 hours (410) */
  EMAIL_LINK_EXPIRED: 'AUTH_EMAIL_LINK_EXPIRED',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
} as const;
