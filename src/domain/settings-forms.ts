/**
 * The account settings forms (§2 settings, §3 customer, §5 forms, §7 customer/update, pwdchange,
 * emailchange): which details fields the settings show (the registration fields the server marks
 * visible or required, without e-mail and password, which have their own forms), their rules,
 * the change-password and change-e-mail rules, the `c` of customer/validate and customer/update,
 * and how the server's 422 fields land on the fields of each form. The delivery address follows
 * the one rule of ./delivery-address.ts. Pure; used by machines/settings.machine.ts, the guest
 * form of machines/auth.machine.ts and the screens.
 */
import * as v from 'valibot';
import { EmailSchema, type Customer, type CustomerAttr } from '../api/schemas/accounts.js';
import type { CustomerDataInput } from '../api/accounts.js';
import { customerData, isRequiredField, serverMessage, visibleFields, type FieldErrors, type FormMessage } from './account-forms.js';
import {
  DELIVERY_ADDRESS_FIELDS,
  EMPTY_DELIVERY_ADDRESS,
  deliveryAddressErrors,
  deliveryAddressPayload,
  deliveryFieldOf,
  type DeliveryAddressValues,
} from './delivery-address.js';

export const DETAILS_FIELDS = ['salutation', 'fname', 'lname', 'company', 'phone', 'street', 'zip', 'city', 'country'] as const;
export type DetailsField = (typeof DETAILS_FIELDS)[number];
export type DetailsValues = Record<DetailsField, string>;

export const PASSWORD_FIELDS = ['current', 'next', 'confirmation'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];
export type PasswordValues = Record<PasswordField, string>;

export const EMAIL_FIELDS = ['email', 'password'] as const;
export type EmailField = (typeof EMAIL_FIELDS)[number];
export type EmailValues = Record<EmailField, string>;

/** The delivery address form: the billing address, or a different one (all five fields, §5). */
export interface DeliveryForm {
  sameAsBilling: boolean;
  values: DeliveryAddressValues;
}

export const EMPTY_DETAILS: DetailsValues = Object.fromEntries(DETAILS_FIELDS.map((f) => [f, ''])) as DetailsValues;
export const EMPTY_PASSWORDS: PasswordValues = { current: '', next: '', confirmation: '' };
export const EMPTY_EMAIL_FORM: EmailValues = { email: '', password: '' };
export const BILLING_DELIVERY: DeliveryForm = { sameAsBilling: true, values: EMPTY_DELIVERY_ADDRESS };

/** The sections of the settings page; each has its own form, errors and notice. */
export type SettingsSection = 'details' | 'address' | 'password' | 'email';

/** Details fields the settings show: the server's visible and required ones, e-mail and password aside. */
export function detailsFields(attr: CustomerAttr | null): DetailsField[] {
  const shown = new Set<string>(visibleFields(attr, true));
  return DETAILS_FIELDS.filter((field) => shown.has(field));
}

export function isRequiredDetail(attr: CustomerAttr | null, field: DetailsField): boolean {
  return isRequiredField(attr, field);
}

const add = (errors: FieldErrors, field: string, id: string) => {
  errors[field] = [...(errors[field] ?? []), { id }];
};
const blank = (value: string) => value.trim() === '';

/** §5: every shown required field filled (the server checks the same list, customer/validate). */
export function detailsErrors(values: DetailsValues, attr: CustomerAttr | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of detailsFields(attr)) if (isRequiredDetail(attr, field) && blank(values[field])) add(errors, field, 'form.required');
  return errors;
}

/** Current password given; the new one of 8+ characters, typed twice. */
export function passwordChangeErrors(values: PasswordValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.current === '') add(errors, 'current', 'form.required');
  if (values.next === '') add(errors, 'next', 'form.required');
  else if (values.next.length < 8) add(errors, 'next', 'form.passwordTooShort');
  if (values.next !== values.confirmation) add(errors, 'confirmation', 'form.passwordsMismatch');
  return errors;
}

/** A valid new e-mail address, and the current password that confirms the change. */
export function emailChangeErrors(values: EmailValues): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.email)) add(errors, 'email', 'form.required');
  else if (!v.is(EmailSchema, values.email)) add(errors, 'email', 'form.emailInvalid');
  if (values.password === '') add(errors, 'password', 'form.required');
  return errors;
}

/** The delivery address form's errors: none when it is the billing address; the country one of customer/attr's (issue 45 item 1). */
export function deliveryFormErrors(form: DeliveryForm, attr?: Pick<CustomerAttr, 'countries'> | null): FieldErrors {
  return form.sameAsBilling ? {} : deliveryAddressErrors(form.values, attr ? Object.keys(attr.countries) : undefined);
}

export const hasAny = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

export function detailsOf(customer: Customer): DetailsValues {
  return {
    salutation: customer.salutation,
    fname: customer.fname,
    lname: customer.lname,
    company: customer.company,
    phone: customer.phone,
    street: customer.addrBilling.street,
    zip: customer.addrBilling.zip,
    city: customer.addrBilling.city,
    country: customer.country,
  };
}

export function deliveryOf(customer: Customer): DeliveryForm {
  const shipping = customer.addrShipping;
  if (!shipping) return { sameAsBilling: true, values: { ...EMPTY_DELIVERY_ADDRESS, name: customer.addrBilling.name, country: customer.country } };
  return { sameAsBilling: false, values: { name: shipping.name, street: shipping.street, zip: shipping.zip, city: shipping.city, country: shipping.country } };
}

/**
 * customer/update replaces the whole record, so each section sends its own form and the saved
 * data of the other one: saving the details keeps the saved delivery address, saving the address
 * keeps the saved details (a half-typed form of the other section is never saved by accident).
 */
export function detailsUpdate(values: DetailsValues, saved: Customer): CustomerDataInput {
  const delivery = deliveryOf(saved);
  return { ...customerData(values), shipping: deliveryAddressPayload(delivery.sameAsBilling, delivery.values) };
}

export function deliveryUpdate(form: DeliveryForm, saved: Customer): CustomerDataInput {
  return { ...customerData(detailsOf(saved)), shipping: deliveryAddressPayload(form.sameAsBilling, form.values) };
}

/** Server texts of the settings calls that have a catalogue key. */
const SETTINGS_MESSAGES: Record<string, string> = {
  'The current password is not correct.': 'settings.currentPasswordWrong',
  'The password is not correct.': 'settings.currentPasswordWrong',
  'This e-mail address is already registered.': 'form.emailTaken',
  'Please fill in all fields for Shipping Address': 'deliveryAddress.fillAllFields',
};

function message(text: string): FormMessage {
  const id = SETTINGS_MESSAGES[text];
  return id ? { id } : serverMessage(text);
}

function collect(fields: Record<string, string[]>, rename: (key: string) => string | null): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, texts] of Object.entries(fields)) {
    const field = rename(key.replace(/^c\./, ''));
    if (field !== null) out[field] = [...(out[field] ?? []), ...texts.map(message)];
  }
  return out;
}

const deliveryField = (key: string) => deliveryFieldOf(key, 'shipping');

/** 422 of customer/validate or update: the details fields (the delivery address's go to that form). */
export function detailsServerErrors(fields: Record<string, string[]>): FieldErrors {
  return collect(fields, (key) => (key.startsWith('shipping') ? null : key));
}

/** 422 `shipping.*` fields on the delivery address form; `shipping` alone on every field. */
export function deliveryServerErrors(fields: Record<string, string[]>): FieldErrors {
  const errors = collect(fields, deliveryField);
  const whole = fields.shipping ?? fields['c.shipping'];
  if (whole && !hasAny(errors)) for (const field of DELIVERY_ADDRESS_FIELDS) errors[field] = whole.map(message);
  return errors;
}

/** 422 of pwdchange: `_po` (the current password is wrong) on the current password field, `_pn` on the new one. */
export function passwordServerErrors(fields: Record<string, string[]>): FieldErrors {
  return collect(fields, (key) => (key === '_po' ? 'current' : key === '_pn' ? 'next' : null));
}

/** 422 of emailchange: `_po` on the password field, `email` on the e-mail field. */
export function emailServerErrors(fields: Record<string, string[]>): FieldErrors {
  return collect(fields, (key) => (key === '_po' ? 'password' : key === 'email' ? 'email' : null));
}

/**
 * What survives a login detour (expired session): everything typed but passwords, and whose it
 * is: it fills the forms again only for the same customer (issue 45: after a 401 on a shared
 * computer, the next customer to log in saw and could save the former one's name and address).
 */
export interface SettingsDraft {
  /** the id of the customer whose account was being edited (GET customer's `id`) */
  customerId: number;
  details: DetailsValues;
  delivery: DeliveryForm;
  email: string;
}
