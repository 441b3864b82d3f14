/**
 * Account calls of spec §7 (auth/*, customer/*): request bodies and answers, shared by the client
 * (src/api/accounts.ts) and the reference server (src/server/api/accounts.ts). docs/api.md.
 */
import * as v from 'valibot';

/** The MD5 hex digest of a password (§7: `_p`, `_po`, `_pn`); the client makes it with js-md5. */
export const Md5HexSchema = v.pipe(v.string('Expected the password digest'), v.regex(/^[a-f0-9]{32}$/i, 'Expected an MD5 hex digest'));

export const EmailSchema = v.pipe(
  v.string('Please enter an e-mail address.'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Please enter an e-mail address.'),
  v.maxLength(254, 'The e-mail address is too long.'),
  v.email('Please enter a valid e-mail address.'),
);

/** A plain password as typed at registration (sent once, hashed by the server). */
export const NewPasswordSchema = v.pipe(
  v.string('Please enter a password.'),
  v.minLength(8, 'The password must have at least 8 characters.'),
  v.maxLength(200, 'The password is too long.'),
);

const text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters.`)), '');
const CountryKeySchema = v.optional(
  v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^([A-Z]{2})?$/, 'Expected a two-letter country key.')),
  '',
);
const PhoneSchema = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(40, 'At most 40 characters.'), v.regex(/^[+0-9 ()/.-]*$/, 'Please enter a valid phone number.')),
  '',
);

const required = (max: number) =>
  v.pipe(v.string('Please fill in all fields for Shipping Address'), v.trim(), v.nonEmpty('Please fill in all fields for Shipping Address'), v.maxLength(max, `At most ${max} characters.`));

/** A delivery address different from the billing address (§5: all fields must be filled). */
export const ShippingAddressInputSchema = v.object({
  name: required(200),
  street: required(200),
  zip: required(16),
  city: required(100),
  country: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'Please fill in all fields for Shipping Address')),
});
export type ShippingAddressInput = v.InferOutput<typeof ShippingAddressInputSchema>;

/** Personal data fields of `c` shared by register, validate, update and guest (§7). */
const customerDataEntries = {
  salutation: text(20),
  fname: text(100),
  lname: text(100),
  company: text(200),
  phone: PhoneSchema,
  street: text(200),
  zip: text(16),
  city: text(100),
  country: CountryKeySchema,
  /** null or absent: deliver to the billing address */
  shipping: v.optional(v.nullable(ShippingAddressInputSchema), null),
};

/** customer/update `c` (e-mail and password change through their own calls). */
export const CustomerUpdateInputSchema = v.object(customerDataEntries);
export type CustomerUpdateInput = v.InferOutput<typeof CustomerUpdateInputSchema>;

/** customer/register and customer/validate `c`. */
export const CustomerRegisterInputSchema = v.object({ email: EmailSchema, password: NewPasswordSchema, ...customerDataEntries });
export type CustomerRegisterInput = v.InferOutput<typeof CustomerRegisterInputSchema>;

/** auth/guest `c`: billing data without a password. */
export const GuestInputSchema = v.object({
  email: EmailSchema,
  ...customerDataEntries,
  send_invoice: v.optional(v.boolean(), true),
});
export type GuestInput = v.InferOutput<typeof GuestInputSchema>;

export const RegisterRequestSchema = v.object({ c: CustomerRegisterInputSchema });
export const UpdateRequestSchema = v.object({ c: CustomerUpdateInputSchema });
export const GuestRequestSchema = v.object({ c: GuestInputSchema });

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

export const LoginRequestSchema = v.object({ _u: EmailSchema, _p: Md5HexSchema });
export const PwdResetRequestSchema = v.object({ email: EmailSchema, backlink: v.optional(v.pipe(v.string(), v.maxLength(2000)), '') });
export const PwdConfirmRequestSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)), _p: Md5HexSchema });
export const PwdChangeRequestSchema = v.object({ _po: Md5HexSchema, _pn: Md5HexSchema });
export const EmailChangeRequestSchema = v.object({ _po: Md5HexSchema, email: EmailSchema });

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
  VALIDATION_FAILED: 'VALIDATION_FAILED',
} as const;
