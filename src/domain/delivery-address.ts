/**
 * The delivery address of §3/§5: by default the billing address; a different one needs all five
 * fields (name, street, zip, city, country), else 'Please fill in all fields for Shipping Address'
 * on each empty field; the country is a code of the server's list (issue 45 item 1). One rule for the checkout, the settings and the guest form; the server
 * checks the same fields with ShippingAddressInputSchema (src/api/schemas/accounts.ts).
 */
import type { ShippingAddressInput } from '../api/schemas/accounts.js';
import type { FieldErrors, FormMessage } from './account-forms.js';

export const DELIVERY_ADDRESS_FIELDS = ['name', 'street', 'zip', 'city', 'country'] as const;
export type DeliveryAddressField = (typeof DELIVERY_ADDRESS_FIELDS)[number];
export type DeliveryAddressValues = Record<DeliveryAddressField, string>;

/**
 * The browser's autofill tokens of the delivery address fields (checkout, settings, registration and
 * guest form), each with the `shipping` address-type token of the HTML autofill spec. The street is one line
 * (an `<input type="text">`), so it is `address-line1`: `street-address` belongs to the spec's
 * Multiline control group, which a text input may not carry.
 */
export const DELIVERY_AUTOCOMPLETE: Record<DeliveryAddressField, string> = {
  name: 'shipping name',
  street: 'shipping address-line1',
  zip: 'shipping postal-code',
  city: 'shipping address-level2',
  country: 'shipping country',
};

/** The most characters each typed field takes: the form says so before the server refuses it (ShippingAddressInputSchema uses these). */
export const DELIVERY_ADDRESS_MAX_LENGTH = { name: 200, street: 200, zip: 16, city: 100 } as const satisfies Record<Exclude<DeliveryAddressField, 'country'>, number>;

export const EMPTY_DELIVERY_ADDRESS: DeliveryAddressValues = { name: '', street: '', zip: '', city: '', country: '' };

/** Catalogue key of §5's 'Please fill in all fields for Shipping Address'. */
export const FILL_ALL_DELIVERY_FIELDS = 'deliveryAddress.fillAllFields';

/** Catalogue key of 'At most {max} characters.' */
const TOO_LONG = 'form.tooLong';

/** Catalogue key of 'Please choose a country from the list.' (a country that is not one of the list's codes). */
export const CHOOSE_COUNTRY_FROM_LIST = 'form.chooseCountry';

/**
 * Issue 45 item 1: the country is a code of the server's list (customer/attr), never a name typed
 * by hand ("Deutschland"; a code in small letters is the same code). `countries` is the list's codes where the caller holds it; without it the
 * country must at least be a two-letter code, as every code of the list is.
 */
export function isListedCountry(country: string, countries?: readonly string[]): boolean {
  const key = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(key)) return false;
  return countries === undefined || countries.includes(key);
}

/** §5: ready only when every field holds more than white space and the country is one of the list. */
export function deliveryAddressReady(values: Readonly<DeliveryAddressValues>, countries?: readonly string[]): boolean {
  return Object.keys(deliveryAddressErrors(values, countries)).length === 0;
}

/** The message on each empty field and on a country not of the list; {} when the address is complete. */
export function deliveryAddressErrors(values: Readonly<DeliveryAddressValues>, countries?: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of DELIVERY_ADDRESS_FIELDS) {
    const value = values[field].trim();
    if (value === '') errors[field] = [{ id: FILL_ALL_DELIVERY_FIELDS }];
    else if (field !== 'country' && value.length > DELIVERY_ADDRESS_MAX_LENGTH[field]) errors[field] = [{ id: TOO_LONG, values: { max: String(DELIVERY_ADDRESS_MAX_LENGTH[field]) } }];
  }
  if (errors.country === undefined && !isListedCountry(values.country, countries)) errors.country = [{ id: CHOOSE_COUNTRY_FROM_LIST }];
  return errors;
}

/** The `shipping` of customer/register, update and auth/guest: null means the billing address. */
export function deliveryAddressPayload(sameAsBilling: boolean, values: Readonly<DeliveryAddressValues>): ShippingAddressInput | null {
  if (sameAsBilling) return null;
  return {
    name: values.name.trim(),
    street: values.street.trim(),
    zip: values.zip.trim(),
    city: values.city.trim(),
    country: values.country.trim().toUpperCase(),
  };
}

/** The delivery field a 422's field key names under `prefix` (`shipping.zip`, `shipping.address.zip`), else null. */
export function deliveryFieldOf(key: string, prefix: string): DeliveryAddressField | null {
  if (!key.startsWith(`${prefix}.`)) return null;
  const field = key.slice(prefix.length + 1);
  return (DELIVERY_ADDRESS_FIELDS as readonly string[]).includes(field) ? (field as DeliveryAddressField) : null;
}

/**
 * initPayment's 422 on the delivery address it was sent (`shipping.address.*`, issue 45 item 1):
 * each on its field in the visitor's language, the country as "choose one from the list"; {} when
 * the refusal names no delivery field.
 */
export function deliveryPaymentErrors(fields: Readonly<Record<string, readonly string[]>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, texts] of Object.entries(fields)) {
    const field = deliveryFieldOf(key, 'shipping.address');
    if (field === null) continue;
    errors[field] = field === 'country' ? [{ id: CHOOSE_COUNTRY_FROM_LIST }] : texts.map((text) => tooLongMessage(text) ?? { id: FILL_ALL_DELIVERY_FIELDS });
  }
  return errors;
}

/** The servers' length refusal ("At most 16 characters.", src/api/schemas/accounts-requests.ts) in the visitor's language; null for another text. */
export function tooLongMessage(text: string): FormMessage | null {
  const max = /^At most (\d+) characters\.$/.exec(text)?.[1];
  return max ? { id: TOO_LONG, values: { max } } : null;
}
