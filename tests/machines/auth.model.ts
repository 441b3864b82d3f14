/**
 * Model of the login and recovery machine: one walk per screen the visitor can open. Forms are
 * filled field by field in a fixed order (e-mail, its confirmation, password, its confirmation),
 * and SUBMIT is tried after every field, so each form is submitted invalid and then valid. The
 * counter of rejected submissions only moves focus, so the walk tells "none" from "some".
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
export const attr = { countries: { CH: 'Schweiz' }, salutations: { mr: 'Herr' }, required_fields: ['email'], visible_fields: ['email'] };
export const customer = { id: 7, email: EMAIL };

const apiError = (status: number, fields: Record<string, string[]> = {}, message = '') => ({ status, code: String(status), message, fields });

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  if (e.type !== 'FIELD_CHANGED') return true;
  const values = (s.context as AuthContext).values as Record<string, string>;
  const next = FILL.find(([field, value]) => values[field] !== value);
  const ev = e as EventObject & { field: string };
  return next !== undefined && next[0] === ev.field;
}

export const authModel = defineModel({
  name: 'auth',
  machine: authMachine,
  inputs: [
    { entry: 'login', returnTo: '/en/tickets' },
    { entry: 'register' },
    { entry: 'guestRegister', guestRegistrationEnabled: true, redirectTarget: 'checkout' },
    { entry: 'guestRegister', guestRegistrationEnabled: false },
    { entry: 'forgotPassword' },
    { entry: 'recover', recoveryToken: 'guid-1' },
  ],
  events: {
    FIELD_CHANGED: FILL.map(([field, value]) => ({ field, value })),
    'done:login': { output: { jwt: 'jwt-login' } },
    'error:login': { error: apiError(401, {}, 'Invalid credentials') },
    'done:loadCustomer': { output: customer },
    'error:loadCustomer': { error: apiError(500) },
    'done:loadFormFields': { output: attr },
    'error:loadFormFields': { error: apiError(0) },
    'done:register': { output: { jwt: 'jwt-register' } },
    'error:register': [{ error: apiError(422, { email: ['The email has already been taken.'] }) }, { error: apiError(500) }],
    'done:validateGuest': { output: true },
    'error:validateGuest': [
      { error: apiError(422, { password: ['The password field is required.'] }) },
      { error: apiError(422, { zip: ['The zip field is required.'] }) },
      { error: apiError(500) },
    ],
    'done:registerGuest': { output: { jwt: 'jwt-guest' } },
    'error:registerGuest': [{ error: apiError(422, { email: ['taken'] }) }, { error: apiError(500) }],
    'done:requestPasswordReset': { output: true },
    'error:requestPasswordReset': { error: apiError(422, { email: ['unknown'] }) },
    'done:confirmPasswordReset': { output: { jwt: 'jwt-recovered' } },
    'error:confirmPasswordReset': [
      { error: apiError(400, {}, 'You must fill all fields') },
      { error: apiError(422, { token: ['used'] }, 'The link has expired.') },
      { error: apiError(500) },
    ],
  },
  filterEvents: allowed,
  stateKey: (s) => {
    const { rejectedSubmits, ...rest } = s.context as AuthContext;
    return { value: s.value, ...rest, rejected: rejectedSubmits > 0 };
  },
  fakeActions: ['notifyLoggedIn', 'showToast', 'navigateBack', 'navigateTo'],
});
