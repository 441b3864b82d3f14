/**
 * Model of the login and recovery machine: one chart entered at Login; the links (OPEN_*) lead
 * to every other form. Forms are filled field by field in a fixed order (e-mail, its
 * confirmation, password, its confirmation), and SUBMIT is tried after every field, so each form
 * is submitted invalid and then valid. Links are followed from untouched forms only (what was
 * typed stays across a link; the browser test shows that), which keeps the walk finite. The
 * counter of rejected submissions only moves focus, so the walk tells "none" from "some". Two
 * starts: from a link with returnTo (guest registration off), and from the checkout (the
 * redirect target; guest registration on).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { authMachine, type AuthContext } from '../../machines/auth.machine.js';
import { defineModel } from './model.js';

export const EMAIL = 'ada@museum.example';
export const PASSWORD = 'Secret-123';
export const FILL: [string, string][] = [
  ['email', EMAIL],
  ['emailConfirmation', EMAIL],
  ['password', PASSWORD],
  ['passwordConfirmation', PASSWORD],
];
/** The guest's delivery address when the cart ships, typed field by field in this order. */
export const ADDRESS: [string, string][] = [
  ['name', 'Ada Lovelace'],
  ['street', 'Seeweg 1'],
  ['zip', '10115'],
  ['city', 'Berlin'],
  ['country', 'DE'],
];
export const attr = { countries: { CH: 'Schweiz' }, salutations: { mr: 'Herr' }, required_fields: ['email'], visible_fields: ['email'] };
export const customer = { id: 7, email: EMAIL };
/** A server that requires a password and offers two countries (the config's default country is the second). */
export const attrWithPassword = { countries: { CH: 'Schweiz', DE: 'Deutschland' }, salutations: { mr: 'Herr' }, required_fields: ['email', 'password'], visible_fields: ['email', 'password'] };
export const DEFAULT_COUNTRY = 'DE';
/** The address a confirmation link (issue 44) makes the account's. */
export const NEW_EMAIL = 'grace@museum.example';
/** The e-mail as typed with spaces around it (pasted): the calls send it trimmed. */
export const SPACED_EMAIL = ` ${EMAIL} `;

const apiError = (status: number, fields: Record<string, string[]> = {}, message = '') => ({ status, code: String(status), message, fields });

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const context = s.context as AuthContext;
  if (e.type.startsWith('OPEN_')) return context.values.email === '' && context.rejectedSubmits === 0 && !s.hasTag('busy') && context.delivery.sameAsBilling && context.sendInvoice;
  // the guest form's extras: once the billing data is typed, a different delivery address (typed
  // field by field) and no invoice by e-mail, each once
  const billingTyped = FILL.every(([field, value]) => (context.values as Record<string, string>)[field] === value);
  if (e.type === 'SEND_INVOICE_CHANGED') return billingTyped && context.sendInvoice && (e as EventObject & { send: boolean }).send === false;
  if (e.type === 'SAME_AS_BILLING_CHANGED') return billingTyped && context.delivery.sameAsBilling && (e as EventObject & { same: boolean }).same === false;
  if (e.type === 'ADDRESS_CHANGED') {
    if (context.delivery.sameAsBilling) return false;
    const values = context.delivery.values as Record<string, string>;
    const next = ADDRESS.find(([field, value]) => values[field] !== value);
    return next !== undefined && next[0] === (e as EventObject & { field: string }).field;
  }
  if (e.type !== 'FIELD_CHANGED') return true;
  const values = context.values as Record<string, string>;
  const next = FILL.find(([field, value]) => values[field] !== value);
  const ev = e as EventObject & { field: string };
  return next !== undefined && next[0] === ev.field;
}

export const authModel = defineModel({
  name: 'auth',
  machine: authMachine,
  inputs: [
    { returnTo: '/en/tickets', guestRegistrationEnabled: false },
    // from the checkout with an article to ship: the guest form asks for the delivery address
    { guestRegistrationEnabled: true, redirectTarget: '/en/checkout', cartShips: true },
  ],
  events: {
    OPEN_LOGIN: {},
    OPEN_REGISTRATION: {},
    OPEN_GUEST_REGISTRATION: {},
    OPEN_FORGOT_PASSWORD: {},
    OPEN_RECOVERY: { token: 'guid-1' },
    OPEN_EMAIL_CONFIRMATION: { token: 'mail-1' },
    FIELD_CHANGED: FILL.map(([field, value]) => ({ field, value })),
    SAME_AS_BILLING_CHANGED: { same: false },
    ADDRESS_CHANGED: ADDRESS.map(([field, value]) => ({ field, value })),
    SEND_INVOICE_CHANGED: { send: false },
    'done:login': { output: { jwt: 'jwt-login' } },
    'error:login': [
      { error: apiError(401, {}, 'Invalid credentials') },
      { error: apiError(422, {}, 'E-mail or password not correct.') },
      { error: apiError(429, {}, 'Too many attempts.') },
      // no answer (offline, timeout) and a server failure are not "wrong password" (issue 22 item 6)
      { error: apiError(0, {}, 'The server could not be reached.') },
      { error: apiError(500, {}, 'Internal error') },
    ],
    // loadCustomer runs under four invoke ids, loadFormFields under two (one per form)
    ...Object.fromEntries(
      ['loadCustomer', 'loadNewCustomer', 'loadGuest', 'loadRecoveredCustomer'].flatMap((id) => [
        [`done:${id}`, { output: customer }],
        [`error:${id}`, { error: apiError(500) }],
      ]),
    ),
    ...Object.fromEntries(
      ['loadFormFields', 'loadGuestFormFields'].flatMap((id) => [
        [`done:${id}`, { output: attr }],
        [`error:${id}`, { error: apiError(0) }],
      ]),
    ),
    'done:register': { output: { jwt: 'jwt-register' } },
    'error:register': [
      { error: apiError(422, { email: ['The email has already been taken.'] }) },
      { error: apiError(422, { 'shipping.zip': ['Please fill in all fields for Shipping Address'] }) },
      { error: apiError(500) },
    ],
    'done:validateGuest': { output: true },
    'error:validateGuest': [
      { error: apiError(422, { password: ['The password field is required.'] }) },
      { error: apiError(422, { zip: ['The zip field is required.'] }) },
      { error: apiError(422, { 'shipping.zip': ['Please fill in all fields for Shipping Address'] }) },
      { error: apiError(500) },
    ],
    'done:registerGuest': { output: { jwt: 'jwt-guest' } },
    'error:registerGuest': [{ error: apiError(422, { email: ['taken'] }) }, { error: apiError(500) }],
    'done:requestPasswordReset': { output: true },
    'error:requestPasswordReset': { error: apiError(422, { email: ['unknown'] }) },
    'done:checkRecoveryLink': { output: true },
    'error:checkRecoveryLink': [{ error: apiError(404) }, { error: apiError(0) }],
    // issue 44: the link mailed to a new address
    'done:confirmEmailChange': { output: { email: NEW_EMAIL } },
    'error:confirmEmailChange': [
      { error: apiError(410, {}, 'This confirmation link has expired.') },
      { error: apiError(404, {}, 'This confirmation link is not valid.') },
      { error: apiError(422, { email: ['This e-mail address is already registered.'] }) },
      { error: apiError(0) },
    ],
    'done:confirmPasswordReset': { output: { jwt: 'jwt-recovered' } },
    'error:confirmPasswordReset': [
      { error: apiError(400, {}, 'You must fill all fields') },
      { error: apiError(422, { token: ['used'] }, 'The link has expired.') },
      { error: apiError(500) },
    ],
  },
  filterEvents: allowed,
  scenarios: [
    {
      name: 'registration with an article to ship sends the other delivery address it asked for (issue 22 item 10)',
      input: { guestRegistrationEnabled: false, redirectTarget: '/en/checkout', cartShips: true },
      events: [
        { type: 'OPEN_REGISTRATION' },
        { type: 'done:loadFormFields', output: attr },
        ...FILL.map(([field, value]) => ({ type: 'FIELD_CHANGED', field, value })),
        { type: 'SAME_AS_BILLING_CHANGED', same: false },
        { type: 'SUBMIT' },
        ...ADDRESS.map(([field, value]) => ({ type: 'ADDRESS_CHANGED', field, value })),
        { type: 'SUBMIT' },
        { type: 'error:register', error: apiError(422, { 'shipping.zip': ['Please fill in all fields for Shipping Address'] }) },
        { type: 'SUBMIT' },
        { type: 'done:register', output: { jwt: 'jwt-register' } },
        { type: 'done:loadNewCustomer', output: customer },
      ],
    },
    { name: 'an empty login form is refused', events: [{ type: 'SUBMIT' }] },
    { name: 'an e-mail without a password is refused', events: [{ type: 'FIELD_CHANGED', field: 'email', value: EMAIL }, { type: 'SUBMIT' }] },
    {
      name: 'an empty registration is refused',
      events: [{ type: 'OPEN_REGISTRATION' }, { type: 'done:loadFormFields', output: attr }, { type: 'SUBMIT' }],
    },
    { name: 'an empty forgot-password form is refused', events: [{ type: 'OPEN_FORGOT_PASSWORD' }, { type: 'SUBMIT' }] },
    {
      name: 'a server that requires a password: registration refuses it unrepeated, the guest form asks for none; the default country is preselected',
      input: { guestRegistrationEnabled: true, defaultCountry: DEFAULT_COUNTRY },
      events: [
        { type: 'OPEN_REGISTRATION' },
        { type: 'done:loadFormFields', output: attrWithPassword },
        { type: 'FIELD_CHANGED', field: 'email', value: EMAIL },
        { type: 'FIELD_CHANGED', field: 'emailConfirmation', value: EMAIL },
        { type: 'FIELD_CHANGED', field: 'password', value: PASSWORD },
        { type: 'SUBMIT' },
        { type: 'OPEN_LOGIN' },
        { type: 'OPEN_GUEST_REGISTRATION' },
        { type: 'done:loadGuestFormFields', output: attrWithPassword },
        { type: 'FIELD_CHANGED', field: 'emailConfirmation', value: '' },
        { type: 'SUBMIT' },
        { type: 'FIELD_CHANGED', field: 'emailConfirmation', value: EMAIL },
        { type: 'SUBMIT' },
      ],
    },
    {
      name: 'registration refused by the server without field errors: its message, else the unexpected error; a default country the server does not offer is not preselected',
      input: { defaultCountry: 'FR' },
      events: [
        { type: 'OPEN_REGISTRATION' },
        { type: 'done:loadFormFields', output: attr },
        ...FILL.map(([field, value]) => ({ type: 'FIELD_CHANGED', field, value })),
        { type: 'SUBMIT' },
        { type: 'error:register', error: apiError(422, {}, 'Registration is closed.') },
        { type: 'SUBMIT' },
        { type: 'error:register', error: apiError(422) },
      ],
    },
    {
      name: 'a new password the server refuses on its field, without a message: said on the field, with the failure above the form',
      events: [
        { type: 'OPEN_RECOVERY', token: 'guid-1' },
        { type: 'done:checkRecoveryLink', output: true },
        { type: 'FIELD_CHANGED', field: 'password', value: PASSWORD },
        { type: 'FIELD_CHANGED', field: 'passwordConfirmation', value: PASSWORD },
        { type: 'SUBMIT' },
        { type: 'error:confirmPasswordReset', error: apiError(422, { password: ['The password is too weak.'], token: ['valid'] }) },
      ],
    },
    { name: 'started without the guest flag: guest registration is off', input: {}, events: [{ type: 'OPEN_GUEST_REGISTRATION' }] },
    {
      name: 'a link leaves each form without the errors of the refused form it came from (guest registration on); a second recovery link is checked with its own token',
      input: { guestRegistrationEnabled: true },
      events: [
        { type: 'SUBMIT' },
        { type: 'OPEN_REGISTRATION' },
        { type: 'done:loadFormFields', output: attr },
        { type: 'SUBMIT' },
        { type: 'OPEN_LOGIN' },
        { type: 'SUBMIT' },
        { type: 'OPEN_GUEST_REGISTRATION' },
        { type: 'done:loadGuestFormFields', output: attr },
        { type: 'SUBMIT' },
        { type: 'OPEN_LOGIN' },
        { type: 'SUBMIT' },
        { type: 'OPEN_FORGOT_PASSWORD' },
        { type: 'SUBMIT' },
        { type: 'OPEN_LOGIN' },
        { type: 'SUBMIT' },
        { type: 'OPEN_RECOVERY', token: 'guid-1' },
        { type: 'done:checkRecoveryLink', output: true },
        { type: 'FIELD_CHANGED', field: 'password', value: PASSWORD },
        { type: 'SUBMIT' },
        { type: 'OPEN_LOGIN' },
        { type: 'OPEN_REGISTRATION' },
        { type: 'done:loadFormFields', output: attr },
        { type: 'SUBMIT' },
        { type: 'OPEN_GUEST_REGISTRATION' },
        { type: 'done:loadGuestFormFields', output: attr },
        { type: 'SUBMIT' },
        { type: 'OPEN_REGISTRATION' },
        { type: 'OPEN_LOGIN' },
        { type: 'OPEN_FORGOT_PASSWORD' },
        { type: 'SUBMIT' },
        { type: 'OPEN_RECOVERY', token: 'guid-1' },
        { type: 'done:checkRecoveryLink', output: true },
        { type: 'SUBMIT' },
        { type: 'OPEN_RECOVERY', token: 'guid-2' },
        { type: 'done:checkRecoveryLink', output: true },
        { type: 'SUBMIT' },
        { type: 'OPEN_FORGOT_PASSWORD' },
      ],
    },
    {
      name: 'a link leaves each form without the errors of the refused form it came from (guest registration off)',
      events: [
        { type: 'SUBMIT' },
        { type: 'OPEN_GUEST_REGISTRATION' },
        { type: 'OPEN_REGISTRATION' },
        { type: 'done:loadFormFields', output: attr },
        { type: 'SUBMIT' },
        { type: 'OPEN_GUEST_REGISTRATION' },
      ],
    },
    {
      name: 'a second confirmation link is followed with its own token; a refused one can be left for login (issue 44)',
      events: [
        { type: 'OPEN_EMAIL_CONFIRMATION', token: 'mail-1' },
        { type: 'error:confirmEmailChange', error: apiError(404) },
        { type: 'OPEN_EMAIL_CONFIRMATION', token: 'mail-2' },
        { type: 'error:confirmEmailChange', error: apiError(0) },
        { type: 'RETRY' },
        { type: 'done:confirmEmailChange', output: { email: NEW_EMAIL } },
        { type: 'OPEN_LOGIN' },
      ],
    },
    {
      name: 'an e-mail typed with spaces around it: login sends it trimmed',
      events: [
        { type: 'FIELD_CHANGED', field: 'email', value: SPACED_EMAIL },
        { type: 'FIELD_CHANGED', field: 'password', value: PASSWORD },
        { type: 'SUBMIT' },
        { type: 'done:login', output: { jwt: 'jwt-login' } },
        { type: 'done:loadCustomer', output: customer },
      ],
    },
    {
      name: 'an e-mail typed with spaces around it: the reset is asked for it trimmed',
      events: [
        { type: 'OPEN_FORGOT_PASSWORD' },
        { type: 'FIELD_CHANGED', field: 'email', value: SPACED_EMAIL },
        { type: 'SUBMIT' },
        { type: 'done:requestPasswordReset', output: true },
      ],
    },
  ],
  stateKey: (s) => {
    const { rejectedSubmits, ...rest } = s.context as AuthContext;
    return { value: s.value, ...rest, rejected: rejectedSubmits > 0 };
  },
  fakeActions: ['notifyLoggedIn', 'showToast', 'navigateBack'],
});
