/**
 * The account forms of §3 and their rules (§5 forms, §8 registration and recovery errors): which
 * fields the registration shows and requires (from the server's customer/attr), matching
 * e-mails and passwords, the payloads of customer/register, customer/validate and auth/guest,
 * and how 422 field errors of the server become messages. Pure; used by
 * machines/auth.machine.ts and the screens that render the forms.
 */
import * as v from 'valibot';
import { EmailSchema, type CustomerAttr } from '../api/schemas/accounts.js';
import type { CustomerDataInput, GuestRegisterInput, RegisterInput } from '../api/accounts.js';
import { tooLongMessage } from './delivery-address.js';

/** Every field of the account forms (§3 registration form; first and last name as the server names them). */
export const AUTH_FIELDS = [
  'email',
  'emailConfirmation',
  'password',
  'passwordConfirmation',
  'salutation',
  'company',
  'phone',
  'fname',
  'lname',
  'street',
  'zip',
  'city',
  'country',
] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];
export type AuthValues = Record<AuthField, string>;

/** A message the UI shows: a catalogue key (with the values it names), or a text the server sent that has no key. */
export type FormMessage = { id: string; values?: Record<string, string> } | { text: string };
export type FieldErrors = Partial<Record<string, FormMessage[]>>;

export const EMPTY_VALUES: AuthValues = Object.fromEntries(AUTH_FIELDS.map((f) => [f, ''])) as AuthValues;

/** Server messages that have a catalogue key; anything else is shown as the server wrote it. */
const SERVER_MESSAGE_KEYS: Record<string, string> = {
  'This field is required.': 'form.required',
  'Please enter an e-mail address.': 'form.required',
  'Please enter a valid e-mail address.': 'form.emailInvalid',
  'The password must have at least 8 characters.': 'form.passwordTooShort',
  'This e-mail address is already registered.': 'form.emailTaken',
  'Please choose a country from the list.': 'form.chooseCountry',
  'Please choose a salutation from the list.': 'form.chooseSalutation',
  'Please enter a valid phone number.': 'form.phoneInvalid',
  'This recovery link is not valid or has expired.': 'auth.recoveryLinkInvalid',
  'This recovery link is not valid or has expired. Please request a new one.': 'auth.recoveryLinkInvalid',
  'You must fill all fields': 'auth.fillAllFields',
  'Please fill in all fields for Shipping Address': 'deliveryAddress.fillAllFields',
};

export function serverMessage(text: string): FormMessage {
  const id = SERVER_MESSAGE_KEYS[text];
  if (id) return { id };
  // the servers' length limit, in the visitor's language (issue 45)
  return tooLongMessage(text) ?? { text };
}

/** 422 `fields` (lists per field, §5) → form errors; `shipping.*` and `c.*` keep their last part. */
export function serverFieldErrors(fields: Record<string, string[]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    const field = key.replace(/^c\./, '');
    out[field] = [...(out[field] ?? []), ...messages.map(serverMessage)];
  }
  return out;
}

const isEmail = (value: string) => v.is(EmailSchema, value);
const blank = (value: string) => value.trim() === '';

function add(errors: FieldErrors, field: string, id: string): void {
  errors[field] = [...(errors[field] ?? []), { id }];
}

export function loginErrors(values: AuthValues): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.email)) add(errors, 'email', 'form.required');
  else if (!isEmail(values.email)) add(errors, 'email', 'form.emailInvalid');
  if (values.password === '') add(errors, 'password', 'form.required');
  return errors;
}

export function forgotPasswordErrors(values: AuthValues): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.email)) add(errors, 'email', 'form.required');
  else if (!isEmail(values.email)) add(errors, 'email', 'form.emailInvalid');
  return errors;
}

/** Passwords must match; both empty is left to the server (400 'You must fill all fields'). */
export function recoverErrors(values: AuthValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.password !== values.passwordConfirmation) add(errors, 'passwordConfirmation', 'form.passwordsMismatch');
  else if (values.password !== '' && values.password.length < 8) add(errors, 'password', 'form.passwordTooShort');
  return errors;
}

/** Fields the registration form shows: the server's visible_fields plus the required ones. */
export function visibleFields(attr: CustomerAttr | null, guest: boolean): AuthField[] {
  const listed = new Set([...(attr?.visible_fields ?? []), ...(attr?.required_fields ?? []), 'email']);
  const out: AuthField[] = [];
  for (const field of AUTH_FIELDS) {
    if (field === 'emailConfirmation') {
      if (listed.has('email')) out.push(field);
    } else if (field === 'password' || field === 'passwordConfirmation') {
      if (!guest) out.push(field);
    } else if (listed.has(field)) out.push(field);
  }
  return out;
}

export function isRequiredField(attr: CustomerAttr | null, field: AuthField): boolean {
  if (field === 'email' || field === 'emailConfirmation') return true;
  if (field === 'passwordConfirmation') return attr?.required_fields.includes('password') ?? true;
  return attr?.required_fields.includes(field) ?? false;
}

/** §5 registration: required fields, a valid e-mail given twice, a password of 8+ given twice. */
export function registrationErrors(values: AuthValues, attr: CustomerAttr | null, guest: boolean): FieldErrors {
  const errors: FieldErrors = {};
  // Every required field, the two "repeat" fields included: an empty form flags them all.
  for (const field of visibleFields(attr, guest)) {
    if (isRequiredField(attr, field) && blank(values[field])) add(errors, field, 'form.required');
  }
  if (!blank(values.email) && !isEmail(values.email)) add(errors, 'email', 'form.emailInvalid');
  if (!blank(values.emailConfirmation) && values.email.trim().toLowerCase() !== values.emailConfirmation.trim().toLowerCase()) add(errors, 'emailConfirmation', 'form.emailsMismatch');
  if (!guest) {
    if (values.password !== '' && values.password.length < 8) add(errors, 'password', 'form.passwordTooShort');
    if (values.passwordConfirmation !== '' && values.password !== values.passwordConfirmation) add(errors, 'passwordConfirmation', 'form.passwordsMismatch');
  }
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** The customer's own data in a form: the account forms' fields without e-mail and password (the settings' details). */
export type CustomerDataValues = Pick<AuthValues, 'salutation' | 'fname' | 'lname' | 'company' | 'phone' | 'street' | 'zip' | 'city' | 'country'>;

/**
 * The `c` of customer/register, customer/validate, auth/guest and customer/update from a form:
 * typed fields trimmed, the chosen salutation and country as they are.
 */
export function customerData(values: CustomerDataValues): CustomerDataInput {
  return {
    salutation: values.salutation,
    fname: values.fname.trim(),
    lname: values.lname.trim(),
    company: values.company.trim(),
    phone: values.phone.trim(),
    street: values.street.trim(),
    zip: values.zip.trim(),
    city: values.city.trim(),
    country: values.country,
  };
}

export function registerInput(values: AuthValues): RegisterInput {
  return { email: values.email.trim(), password: values.password, ...customerData(values) };
}

export function guestInput(values: AuthValues): GuestRegisterInput {
  return { email: values.email.trim(), ...customerData(values) };
}

/** §8: guest registration proceeds if only a password error remains. */
export function onlyPasswordErrors(error: { status: number; fields: Record<string, string[]> }): boolean {
  if (error.status !== 422) return false;
  const keys = Object.keys(error.fields);
  return keys.length > 0 && keys.every((key) => key === 'password' || key === 'c.password');
}



