import { describe, expect, it } from 'vitest';
import {
  deliveryOf,
  deliveryServerErrors,
  deliveryUpdate,
  detailsErrors,
  detailsFields,
  detailsOf,
  detailsServerErrors,
  detailsUpdate,
  emailChangeErrors,
  emailServerErrors,
  passwordChangeErrors,
  passwordServerErrors,
} from '../../src/domain/settings-forms.js';

const attr = {
  countries: { CH: 'Schweiz' },
  salutations: { ms: 'Frau' },
  required_fields: ['email', 'password', 'fname', 'lname', 'city'],
  visible_fields: ['email', 'password', 'salutation', 'fname', 'lname', 'phone'],
};
const billing = { name: 'Anna Muster', street: 'Museumstrasse 2', zip: '8001', city: 'Zürich', country: 'CH' };
const customer = {
  id: 7, email: 'anna@museum.example', salutation: 'ms', fname: 'Anna', lname: 'Muster', company: '', phone: '', isGuest: false,
  country: 'CH', send_invoice: true, addrBilling: billing, addrShipping: null,
};

describe('settings forms (§5, §7)', () => {
  it('shows the visible and required fields the server names, never e-mail or password', () => {
    expect(detailsFields(attr)).toEqual(['salutation', 'fname', 'lname', 'phone', 'city']);
  });

  it('asks for every shown required field', () => {
    const values = { ...detailsOf(customer), fname: ' ', city: '' };
    expect(detailsErrors(values, attr)).toEqual({ fname: [{ id: 'form.required' }], city: [{ id: 'form.required' }] });
    expect(detailsErrors(detailsOf(customer), attr)).toEqual({});
  });

  it('password change: current given, new of 8+ typed twice', () => {
    expect(passwordChangeErrors({ current: '', next: 'short', confirmation: 'other' })).toEqual({
      current: [{ id: 'form.required' }],
      next: [{ id: 'form.passwordTooShort' }],
      confirmation: [{ id: 'form.passwordsMismatch' }],
    });
    expect(passwordChangeErrors({ current: 'x', next: 'long enough', confirmation: 'long enough' })).toEqual({});
  });

  it('e-mail change: a valid address and the password', () => {
    expect(emailChangeErrors({ email: 'nope', password: '' })).toEqual({ email: [{ id: 'form.emailInvalid' }], password: [{ id: 'form.required' }] });
    expect(emailChangeErrors({ email: 'new@museum.example', password: 'x' })).toEqual({});
  });

  it('each form sends the saved data of the other one (customer/update replaces the record)', () => {
    const saved = { ...customer, addrShipping: { id: 7, name: 'Anna', street: 'Seeweg 1', zip: '10115', city: 'Berlin', country: 'DE' } };
    const typed = { ...detailsOf(saved), fname: '  Dora ' };
    expect(detailsUpdate(typed, saved)).toMatchObject({ fname: 'Dora', shipping: { street: 'Seeweg 1', country: 'DE' } });
    const delivery = { sameAsBilling: true, values: deliveryOf(saved).values };
    expect(deliveryUpdate(delivery, { ...saved, fname: 'Anna' })).toMatchObject({ fname: 'Anna', shipping: null });
    expect(deliveryOf(customer)).toEqual({ sameAsBilling: true, values: { name: 'Anna Muster', street: '', zip: '', city: '', country: 'CH' } });
  });

  it('puts 422 fields on the form they belong to', () => {
    const fields = { 'c.fname': ['This field is required.'], 'shipping.zip': ['Please fill in all fields for Shipping Address'] };
    expect(detailsServerErrors(fields)).toEqual({ fname: [{ id: 'form.required' }] });
    expect(deliveryServerErrors(fields)).toEqual({ zip: [{ id: 'deliveryAddress.fillAllFields' }] });
    expect(passwordServerErrors({ _po: ['The current password is not correct.'] })).toEqual({ current: [{ id: 'settings.currentPasswordWrong' }] });
    expect(emailServerErrors({ _po: ['The password is not correct.'], email: ['This e-mail address is already registered.'] })).toEqual({
      password: [{ id: 'settings.currentPasswordWrong' }],
      email: [{ id: 'form.emailTaken' }],
    });
    // a text without a key is shown as the server wrote it
    expect(detailsServerErrors({ phone: ['Something new.'] })).toEqual({ phone: [{ text: 'Something new.' }] });
  });
});
