import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUES,
  customerData,
  forgotPasswordErrors,
  guestInput,
  isRequiredField,
  loginErrors,
  onlyPasswordErrors,
  recoverErrors,
  registrationErrors,
  serverFieldErrors,
  visibleFields,
  type AuthValues,
} from '../../src/domain/account-forms.js';

const values = (over: Partial<AuthValues>): AuthValues => ({ ...EMPTY_VALUES, ...over });
const attr = { countries: { CH: 'Schweiz' }, salutations: { mr: 'Herr' }, required_fields: ['email', 'password', 'fname', 'lname'], visible_fields: ['email', 'password', 'fname', 'lname', 'phone'] };

describe('account forms (§5)', () => {
  it('login: an e-mail that is one, and a password', () => {
    expect(loginErrors(values({}))).toEqual({ email: [{ id: 'form.required' }], password: [{ id: 'form.required' }] });
    expect(loginErrors(values({ email: 'nope', password: 'x' }))).toEqual({ email: [{ id: 'form.emailInvalid' }] });
    expect(loginErrors(values({ email: ' ada@museum.example ', password: 'x' }))).toEqual({});
  });

  it('forgot password: a valid e-mail', () => {
    expect(forgotPasswordErrors(values({ email: 'ada@' }))).toEqual({ email: [{ id: 'form.emailInvalid' }] });
    expect(forgotPasswordErrors(values({ email: 'ada@museum.example' }))).toEqual({});
  });

  it('recovery: passwords must match and have 8 characters; both empty is left to the server', () => {
    expect(recoverErrors(values({ password: 'Secret-123', passwordConfirmation: 'Secret-124' }))).toEqual({ passwordConfirmation: [{ id: 'form.passwordsMismatch' }] });
    expect(recoverErrors(values({ password: 'short', passwordConfirmation: 'short' }))).toEqual({ password: [{ id: 'form.passwordTooShort' }] });
    expect(recoverErrors(values({}))).toEqual({});
  });

  it('registration shows the visible and required fields of the server; guests have no password', () => {
    expect(visibleFields(attr, false)).toEqual(['email', 'emailConfirmation', 'password', 'passwordConfirmation', 'phone', 'fname', 'lname']);
    expect(visibleFields(attr, true)).toEqual(['email', 'emailConfirmation', 'phone', 'fname', 'lname']);
    expect(isRequiredField(attr, 'fname')).toBe(true);
    expect(isRequiredField(attr, 'phone')).toBe(false);
    expect(isRequiredField(attr, 'passwordConfirmation')).toBe(true);
  });

  it('registration: required fields, matching e-mails (any case) and matching passwords', () => {
    const filled = values({ email: 'Ada@Museum.example', emailConfirmation: 'ada@museum.example', password: 'Secret-123', passwordConfirmation: 'Secret-123', fname: 'Ada', lname: 'L' });
    expect(registrationErrors(filled, attr, false)).toEqual({});
    expect(registrationErrors({ ...filled, emailConfirmation: 'other@museum.example', passwordConfirmation: 'x' }, attr, false)).toEqual({
      emailConfirmation: [{ id: 'form.emailsMismatch' }],
      passwordConfirmation: [{ id: 'form.passwordsMismatch' }],
    });
    expect(registrationErrors({ ...filled, fname: ' ' }, attr, true)).toEqual({ fname: [{ id: 'form.required' }] });
  });

  it('an empty registration flags every required field, the two repeat fields included (issue 16 item 13)', () => {
    const errors = registrationErrors(values({}), attr, false);
    expect(errors.emailConfirmation).toEqual([{ id: 'form.required' }]);
    expect(errors.passwordConfirmation).toEqual([{ id: 'form.required' }]);
    expect(errors.email).toEqual([{ id: 'form.required' }]);
    // a repeat field left empty says "required", not also "does not match"
    const half = registrationErrors(values({ email: 'ada@museum.example', password: 'Secret-123', fname: 'Ada', lname: 'L' }), attr, false);
    expect(half).toEqual({ emailConfirmation: [{ id: 'form.required' }], passwordConfirmation: [{ id: 'form.required' }] });
  });

  it('payloads are trimmed; a guest sends no password', () => {
    const v = values({ email: ' ada@museum.example ', fname: ' Ada ', lname: 'L', country: 'CH', salutation: 'mr', password: 'Secret-123' });
    expect(customerData(v)).toMatchObject({ fname: 'Ada', lname: 'L', country: 'CH', salutation: 'mr' });
    expect(guestInput(v)).not.toHaveProperty('password');
    expect(guestInput(v).email).toBe('ada@museum.example');
  });

  it('422 field errors land on their fields, known server texts become catalogue messages', () => {
    expect(serverFieldErrors({ 'c.email': ['This e-mail address is already registered.'], zip: ['Odd zip'] })).toEqual({
      email: [{ id: 'form.emailTaken' }],
      zip: [{ text: 'Odd zip' }],
    });
  });

  it('§8: a guest registration proceeds when only a password error remains', () => {
    expect(onlyPasswordErrors({ status: 422, fields: { 'c.password': ['required'] } })).toBe(true);
    expect(onlyPasswordErrors({ status: 422, fields: { password: ['x'], zip: ['y'] } })).toBe(false);
    expect(onlyPasswordErrors({ status: 500, fields: { password: ['x'] } })).toBe(false);
    expect(onlyPasswordErrors({ status: 422, fields: {} })).toBe(false);
  });
});
