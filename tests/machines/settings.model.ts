/**
 * Model of the settings machine: one page with four forms. To keep the walk finite and readable,
 * a path works in one form only (the others stay as loaded): typing is field by field in a fixed
 * order, each save is tried before and after the form is complete, and every call answers with
 * success, 422, no answer and 401 (the session expired). A draft kept before a login detour is a
 * scenario of its own (a second input), and so is the draft of another customer (issue 45: a third
 * input, whose forms show the account as saved).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { settingsMachine, type SettingsContext, type SettingsSection } from '../../machines/settings.machine.js';
import { defineModel } from './model.js';

export const attr = {
  countries: { CH: 'Schweiz', DE: 'Deutschland' },
  salutations: { mr: 'Herr', ms: 'Frau' },
  required_fields: ['email', 'password', 'fname', 'lname'],
  visible_fields: ['email', 'password', 'salutation', 'fname', 'lname', 'street', 'zip', 'city', 'country'],
};

const address = { name: 'Ada Lovelace', street: 'Seestrasse 1', zip: '8000', city: 'Zürich', country: 'CH' };
export const customer = {
  id: 7,
  email: 'ada@museum.example',
  salutation: 'ms',
  fname: 'Ada',
  lname: 'Lovelace',
  company: '',
  phone: '',
  isGuest: false,
  country: 'CH',
  send_invoice: true,
  addrBilling: address,
  addrShipping: null,
};
export const renamed = { ...customer, fname: 'Grace', addrBilling: { ...address, name: 'Grace Lovelace' } };
export const DELIVERY = { name: 'Ada Lovelace', street: 'Unter den Linden 5', zip: '10117', city: 'Berlin', country: 'DE' };
export const shipped = { ...customer, addrShipping: { id: 7, ...DELIVERY } };
/** customer/emailchange answers where the confirmation link went (issue 44): the account keeps its address until it is followed. */
export const requested = { email: 'grace@museum.example', expiresAt: '2026-12-08T10:00:00.000Z' };

/** Typed in this order; the first value of fname empties the required field. */
export const TYPING: Record<SettingsSection, [string, string][]> = {
  details: [
    ['fname', ''],
    ['fname', 'Grace'],
  ],
  address: [
    ['street', DELIVERY.street],
    ['zip', DELIVERY.zip],
    ['city', DELIVERY.city],
    ['country', DELIVERY.country],
  ],
  password: [
    ['current', 'Museum2026!'],
    ['next', 'Lake-view-2027'],
    ['confirmation', 'Lake-view-2027'],
  ],
  email: [
    ['email', 'grace@museum.example'],
    ['password', 'Museum2026!'],
  ],
};

export const DRAFT = {
  customerId: customer.id,
  details: { salutation: 'ms', fname: 'Grace', lname: 'Hopper', company: '', phone: '', street: 'Seestrasse 1', zip: '8000', city: 'Zürich', country: 'CH' },
  delivery: { sameAsBilling: false, values: DELIVERY },
  email: 'grace@museum.example',
};

const apiError = (status: number, fields: Record<string, string[]> = {}, message = '') => ({ status, code: String(status), message, fields });
export const unauthorized = apiError(401, {}, 'Your session has expired. Please log in again.');
export const noAnswer = apiError(0);

const SECTION_OF: Record<string, SettingsSection> = {
  DETAILS_CHANGED: 'details',
  SAVE_DETAILS: 'details',
  ADDRESS_CHANGED: 'address',
  SAME_AS_BILLING_CHANGED: 'address',
  SAVE_ADDRESS: 'address',
  PASSWORD_CHANGED: 'password',
  CHANGE_PASSWORD: 'password',
  EMAIL_CHANGED: 'email',
  CHANGE_EMAIL: 'email',
};

/** The form a path has started to work in, if any. */
function touched(c: SettingsContext): SettingsSection | null {
  if (c.details.fname !== 'Ada' || c.rejectedSubmits.details > 0 || c.notice?.section === 'details') return 'details';
  if (!c.delivery.sameAsBilling || c.rejectedSubmits.address > 0 || c.notice?.section === 'address') return 'address';
  if (c.passwords.current !== '' || c.rejectedSubmits.password > 0 || c.notice?.section === 'password') return 'password';
  if (c.emailForm.email !== '' || c.rejectedSubmits.email > 0 || c.notice?.section === 'email') return 'email';
  return null;
}

function nextTyping(c: SettingsContext, section: SettingsSection): [string, string] | undefined {
  const current: Record<string, string> =
    section === 'details' ? c.details : section === 'address' ? c.delivery.values : section === 'password' ? c.passwords : c.emailForm;
  if (section === 'details') return c.details.fname === 'Ada' ? TYPING.details[0] : c.details.fname === '' ? TYPING.details[1] : undefined;
  return TYPING[section].find(([field, value]) => current[field] !== value);
}

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = s.context as SettingsContext;
  const section = SECTION_OF[e.type];
  if (!section) return true;
  if (s.hasTag('busy')) return false;
  const working = touched(c);
  if (working !== null && working !== section) return false;
  // a form is saved at most twice per path (refused, then sent), so the walk ends
  if (/^(SAVE|CHANGE)_/.test(e.type)) return c.rejectedSubmits[section] < 2 && !(c.notice?.tone === 'success');
  if (e.type === 'SAME_AS_BILLING_CHANGED') return c.delivery.sameAsBilling && (e as EventObject & { same: boolean }).same === false;
  if (section === 'address' && c.delivery.sameAsBilling) return false;
  const next = nextTyping(c, section);
  const ev = e as EventObject & { field: string; value: string };
  return next !== undefined && next[0] === ev.field && next[1] === ev.value;
}

export const settingsModel = defineModel({
  name: 'settings',
  machine: settingsMachine,
  input: { jwt: 'jwt-1' },
  events: {
    'done:loadAccount': { output: { customer, attr } },
    'error:loadAccount': [{ error: unauthorized }, { error: noAnswer }],
    DETAILS_CHANGED: TYPING.details.map(([field, value]) => ({ field, value })),
    ADDRESS_CHANGED: TYPING.address.map(([field, value]) => ({ field, value })),
    SAME_AS_BILLING_CHANGED: { same: false },
    PASSWORD_CHANGED: TYPING.password.map(([field, value]) => ({ field, value })),
    EMAIL_CHANGED: TYPING.email.map(([field, value]) => ({ field, value })),
    'done:validateDetails': { output: true },
    'error:validateDetails': [{ error: unauthorized }, { error: apiError(422, { phone: ['Please enter a valid phone number.'] }) }, { error: noAnswer }],
    'done:saveDetails': { output: renamed },
    'error:saveDetails': [{ error: unauthorized }, { error: apiError(422, { lname: ['This field is required.'] }) }, { error: noAnswer }],
    'done:saveAddress': { output: shipped },
    'error:saveAddress': [
      { error: unauthorized },
      { error: apiError(422, { 'shipping.country': ['Please choose a country from the list.'] }) },
      { error: noAnswer },
    ],
    'done:changePassword': { output: { jwt: 'jwt-2' } },
    'error:changePassword': [
      { error: unauthorized },
      { error: apiError(422, { _po: ['The current password is not correct.'] }, 'The password could not be changed.') },
      { error: noAnswer },
    ],
    'done:changeEmail': { output: requested },
    'error:changeEmail': [
      { error: unauthorized },
      { error: apiError(422, { email: ['This e-mail address is already registered.'] }, 'The e-mail address could not be changed.') },
      { error: noAnswer },
    ],
  },
  filterEvents: allowed,
  scenarios: [
    {
      name: 'a draft kept before a login detour is filled in after login, passwords aside',
      input: { jwt: 'jwt-new', draft: DRAFT },
      events: [{ type: 'done:loadAccount', output: { customer, attr } }, { type: 'SAVE_DETAILS' }, { type: 'done:validateDetails', output: true }],
    },
    {
      name: "another customer's draft (a 401, then someone else logged in) is not filled in: the forms show this account",
      input: { jwt: 'jwt-other', draft: { ...DRAFT, customerId: 8 } },
      events: [{ type: 'done:loadAccount', output: { customer, attr } }, { type: 'SAVE_DETAILS' }, { type: 'done:validateDetails', output: true }],
    },
    {
      name: 'saving the delivery address leaves half-typed details unsaved',
      events: [
        { type: 'done:loadAccount', output: { customer, attr } },
        { type: 'DETAILS_CHANGED', field: 'fname', value: 'Half typed' },
        { type: 'SAVE_ADDRESS' },
        { type: 'done:saveAddress', output: customer },
      ],
    },
    {
      name: 'typing in another form while one saves, and the saved address back to the billing address',
      events: [
        { type: 'done:loadAccount', output: { customer: shipped, attr } },
        { type: 'SAVE_DETAILS' },
        { type: 'EMAIL_CHANGED', field: 'email', value: 'grace@museum.example' },
        { type: 'SAME_AS_BILLING_CHANGED', same: true },
        { type: 'SAVE_ADDRESS' },
        { type: 'done:validateDetails', output: true },
        { type: 'done:saveDetails', output: { ...renamed, addrShipping: shipped.addrShipping } },
        { type: 'SAVE_ADDRESS' },
      ],
    },
    {
      name: 'a new e-mail typed with spaces around it is sent trimmed',
      events: [
        { type: 'done:loadAccount', output: { customer, attr } },
        { type: 'EMAIL_CHANGED', field: 'email', value: '  grace@museum.example ' },
        { type: 'EMAIL_CHANGED', field: 'password', value: 'Museum2026!' },
        { type: 'CHANGE_EMAIL' },
        { type: 'done:changeEmail', output: requested },
      ],
    },
  ],
  fakeActions: ['notifySession', 'showToast', 'keepDraft'],
});
