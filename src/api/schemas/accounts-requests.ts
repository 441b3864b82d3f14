/**
 * The request bodies of the account calls of spec §7 (docs/api.md), checked by the reference
 * server (src/server/api/accounts.ts). The app sends these shapes (their types come through
 * ./accounts.ts) but never parses them: keeping them apart keeps them out of the app's bundle.
 */
import * as v from 'valibot';
import { EmailSchema } from './accounts.js';
import { DELIVERY_ADDRESS_MAX_LENGTH } from '../../domain/delivery-address.js';

/** The MD5 hex digest of a password (§7: `_p`, `_po`, `_pn`); the client makes it with js-md5. */
export const Md5HexSchema = v.pipe(v.string('Expected the password digest'), v.regex(/^[a-f0-9]{32}$/i, 'Expected an MD5 hex digest'));

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
  name: required(DELIVERY_ADDRESS_MAX_LENGTH.name),
  street: required(DELIVERY_ADDRESS_MAX_LENGTH.street),
  zip: required(DELIVERY_ADDRESS_MAX_LENGTH.zip),
  city: required(DELIVERY_ADDRESS_MAX_LENGTH.city),
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

export const LoginRequestSchema = v.object({ _u: EmailSchema, _p: Md5HexSchema });
export const PwdResetRequestSchema = v.object({ email: EmailSchema, backlink: v.optional(v.pipe(v.string(), v.maxLength(2000)), '') });
export const PwdConfirmRequestSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)), _p: Md5HexSchema });
export const PwdChangeRequestSchema = v.object({ _po: Md5HexSchema, _pn: Md5HexSchema });
export const EmailChangeRequestSchema = v.object({ _po: Md5HexSchema, email: EmailSchema });
