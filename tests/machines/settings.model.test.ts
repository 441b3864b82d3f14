import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { SettingsContext } from '../../machines/settings.machine.js';
import { describeModel } from './describe-model.js';
import { DELIVERY, DRAFT, attr, customer, renamed, requested, settingsModel, shipped } from './settings.model.js';
import type { RunContext } from './model.js';

const ctx = (s: { context: unknown }) => s.context as SettingsContext;
const last = (run: RunContext) => run.invocations.at(-1);
const statusOf = (run: RunContext) => (run.event as { error?: { status?: number } }).error?.status;
const failed = (run: RunContext, id: string) => run.event.type === `xstate.error.actor.${id}`;
const answered = (run: RunContext, id: string) => run.event.type === `xstate.done.actor.${id}`;
const output = (run: RunContext) => (run.event as { output?: unknown }).output;
const CALLS = ['validateDetails', 'saveDetails', 'saveAddress', 'changePassword', 'changeEmail'];

/** The `c` customer/update must get: the typed form plus the saved data of the other section. */
const detailsC = (c: SettingsContext) => ({
  salutation: c.details.salutation,
  fname: c.details.fname,
  lname: c.details.lname,
  company: c.details.company,
  phone: c.details.phone,
  street: c.details.street,
  zip: c.details.zip,
  city: c.details.city,
  country: c.details.country,
  shipping: c.customer?.addrShipping ? { name: c.customer.addrShipping.name, street: c.customer.addrShipping.street, zip: c.customer.addrShipping.zip, city: c.customer.addrShipping.city, country: c.customer.addrShipping.country } : null,
});

/** Exactly the effects the app provides for this step, no more, no fewer. */
function expectedEffects(s: AnyMachineSnapshot, run: RunContext): { action: string; params: unknown }[] {
  const c = ctx(s);
  const before = run.previous ? ctx(run.previous) : null;
  if (CALLS.some((id) => failed(run, id)) && statusOf(run) === 401) {
    // what was typed, with whose it is (issue 45)
    return [{ action: 'keepDraft', params: { customerId: before!.customer!.id, details: before!.details, delivery: before!.delivery, email: before!.emailForm.email } }];
  }
  if (answered(run, 'saveDetails') || answered(run, 'saveAddress'))
    return [
      { action: 'notifySession', params: { jwt: 'jwt-1', customer: output(run) } },
      { action: 'showToast', params: { id: 'settings.saved', tone: 'success' } },
    ];
  // asked, not changed (issue 44): no new customer for the session, a toast that the link went out
  if (answered(run, 'changeEmail')) return [{ action: 'showToast', params: { id: 'settings.emailLinkSent', tone: 'success' } }];
  if (answered(run, 'changePassword'))
    return [
      { action: 'notifySession', params: { jwt: 'jwt-2', customer: c.customer } },
      { action: 'showToast', params: { id: 'settings.passwordChanged', tone: 'success' } },
    ];
  if (failed(run, 'changePassword') && statusOf(run) === 422) return [{ action: 'showToast', params: { id: 'settings.passwordChangeFailed', tone: 'danger' } }];
  return [];
}

describeModel(settingsModel, {
  '*': (s, run) => {
    expect(run.stepCalls.map(({ action, params }) => ({ action, params }))).toEqual(expectedEffects(s, run));
    // every call carries the session token as `_` (§6): the one the journey started with, or the fresh one
    for (const inv of run.invocations) expect((inv.input as { jwt: string }).jwt).toMatch(/^jwt-(1|new|other)$/);
  },
  'Loading account': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(last(run)).toMatchObject({ src: 'loadAccount', settled: false });
    expect(s.getMeta()['settings.Loading account']).toEqual({ route: 'settings' });
  },
  'Loading failed': (s, run) => {
    expect(s.getMeta()['settings.Loading failed']).toEqual({ route: 'settings' });
    expect(statusOf(run)).toBe(0);
    expect(s.can({ type: 'RETRY' })).toBe(true);
    expect(ctx(s).customer).toBeNull();
  },
  'Session expired': (s, run) => {
    expect(s.status).toBe('done');
    expect(statusOf(run)).toBe(401);
    // no page of its own: the shell's 401 policy goes to login (the host does not navigate)
    expect(Object.values(s.getMeta())).toEqual([]);
  },
  'Ready.Editing': (s, run) => {
    const c = ctx(s);
    expect(s.getMeta()['settings.Ready']).toEqual({ route: 'settings' });
    expect(c.attr).toEqual(attr);
    expect(s.hasTag('busy')).toBe(false);
    const e = run.event as { type: string; field?: string; value?: string; same?: boolean };
    if (answered(run, 'loadAccount')) {
      // the saved data fills the forms; passwords and the new e-mail start empty. A draft replaces
      // them only for the customer who typed it ('jwt-new'); another customer's ('jwt-other') is dropped
      const draft = c.jwt === 'jwt-new';
      expect(c.details.fname).toBe(draft ? DRAFT.details.fname : customer.fname);
      const loaded = (output(run) as { customer: typeof shipped }).customer;
      const saved = loaded.addrShipping
        ? { sameAsBilling: false, values: DELIVERY }
        : { sameAsBilling: true, values: { name: 'Ada Lovelace', street: '', zip: '', city: '', country: 'CH' } };
      expect(c.delivery).toEqual(draft ? DRAFT.delivery : saved);
      expect(c.emailForm).toEqual({ email: draft ? DRAFT.email : '', password: '' });
      expect(c.passwords).toEqual({ current: '', next: '', confirmation: '' });
      expect(c.draft).toBeNull();
      expect(c.pendingEmail).toBeNull();
    }
    // typing changes that field and clears its error
    if (e.type === 'DETAILS_CHANGED') expect((c.details as Record<string, string>)[e.field!]).toBe(e.value);
    if (e.type === 'ADDRESS_CHANGED') expect((c.delivery.values as Record<string, string>)[e.field!]).toBe(e.value);
    if (e.type === 'PASSWORD_CHANGED') expect((c.passwords as Record<string, string>)[e.field!]).toBe(e.value);
    if (e.type === 'EMAIL_CHANGED') expect((c.emailForm as Record<string, string>)[e.field!]).toBe(e.value);
    if (e.type.endsWith('_CHANGED') && e.field) {
      const section = { DETAILS_CHANGED: 'details', ADDRESS_CHANGED: 'address', PASSWORD_CHANGED: 'password', EMAIL_CHANGED: 'email' }[e.type] as keyof SettingsContext['errors'];
      expect(c.errors[section][e.field]).toBeUndefined();
    }
    if (e.type === 'SAME_AS_BILLING_CHANGED') {
      expect(c.delivery.sameAsBilling).toBe(e.same);
      expect(c.errors.address).toEqual({});
    }
    // a refused save says why next to the fields and asks the server nothing
    if (/^(SAVE|CHANGE)_/.test(e.type)) {
      const section = { SAVE_DETAILS: 'details', SAVE_ADDRESS: 'address', CHANGE_PASSWORD: 'password', CHANGE_EMAIL: 'email' }[e.type] as keyof SettingsContext['errors'];
      expect(Object.keys(c.errors[section]).length).toBeGreaterThan(0);
      expect(c.rejectedSubmits[section]).toBe(ctx(run.previous!).rejectedSubmits[section] + 1);
      expect(run.invocations.length).toBe(run.previous ? run.invocations.length : 0);
      if (section === 'details') expect(c.errors.details).toEqual({ fname: [{ id: 'form.required' }] });
      if (section === 'address')
        for (const field of ['street', 'zip', 'city', 'country'] as const)
          if ((c.delivery.values as Record<string, string>)[field] === '') expect(c.errors.address[field]).toEqual([{ id: 'deliveryAddress.fillAllFields' }]);
      if (section === 'password' && c.passwords.current === '') expect(c.errors.password.current).toEqual([{ id: 'form.required' }]);
      if (section === 'email' && c.emailForm.email === '') expect(c.errors.email.email).toEqual([{ id: 'form.required' }]);
    }
    // the server's answers (§8)
    if (answered(run, 'saveDetails')) {
      expect(c.customer).toEqual(output(run));
      expect(c.notice).toEqual({ section: 'details', message: { id: 'settings.saved' }, tone: 'success' });
      expect(c.details.fname).toBe(renamed.fname);
    }
    if (answered(run, 'saveAddress')) {
      expect(c.customer).toEqual(output(run));
      expect(c.notice).toEqual({ section: 'address', message: { id: 'settings.saved' }, tone: 'success' });
    }
    if (answered(run, 'changePassword')) {
      expect(c.jwt).toBe('jwt-2');
      expect(c.passwords).toEqual({ current: '', next: '', confirmation: '' });
      expect(c.notice).toEqual({ section: 'password', message: { id: 'settings.passwordChanged' }, tone: 'success' });
    }
    if (answered(run, 'changeEmail')) {
      // the account keeps its address until the link mailed to the new one is followed (issue 44)
      expect(c.customer).toEqual(customer);
      expect(c.pendingEmail).toBe(requested.email);
      expect(c.emailForm).toEqual({ email: '', password: '' });
      expect(c.notice).toEqual({ section: 'email', message: { id: 'settings.emailConfirmationSent', values: { email: requested.email } }, tone: 'success' });
    }
    if (failed(run, 'validateDetails') && statusOf(run) === 422) expect(c.errors.details).toEqual({ phone: [{ id: 'form.phoneInvalid' }] });
    if (failed(run, 'saveDetails') && statusOf(run) === 422) expect(c.errors.details).toEqual({ lname: [{ id: 'form.required' }] });
    if (failed(run, 'saveAddress') && statusOf(run) === 422) expect(c.errors.address).toEqual({ country: [{ id: 'form.chooseCountry' }] });
    if (failed(run, 'changePassword') && statusOf(run) === 422) {
      // a wrong current password is said on its field
      expect(c.errors.password).toEqual({ current: [{ id: 'settings.currentPasswordWrong' }] });
      expect(c.notice).toEqual({ section: 'password', message: { id: 'settings.passwordChangeFailed' }, tone: 'danger' });
    }
    if (failed(run, 'changeEmail') && statusOf(run) === 422) {
      expect(c.errors.email).toEqual({ email: [{ id: 'form.emailTaken' }] });
      expect(c.notice).toEqual({ section: 'email', message: { id: 'settings.emailChangeFailed' }, tone: 'danger' });
    }
    if (CALLS.some((id) => failed(run, id)) && statusOf(run) === 0) expect(c.notice).toMatchObject({ message: { id: 'form.unexpected' }, tone: 'danger' });
  },
  'Ready.Checking details': (s, run) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(last(run)).toMatchObject({ src: 'validateCustomer', input: { jwt: ctx(s).jwt, c: detailsC(ctx(s)) }, settled: false });
  },
  'Ready.Saving details': (s, run) => {
    expect(last(run)).toMatchObject({ src: 'updateCustomer', input: { jwt: ctx(s).jwt, c: detailsC(ctx(s)) }, settled: false });
    expect(run.invocations.at(-2)).toMatchObject({ src: 'validateCustomer', settled: true });
  },
  'Ready.Saving address': (s, run) => {
    const c = ctx(s);
    const saved = c.customer!;
    // the saved details, and the delivery address typed (null: the billing address)
    expect(last(run)).toMatchObject({
      src: 'updateCustomer',
      input: {
        jwt: 'jwt-1',
        c: { fname: saved.fname, lname: saved.lname, street: saved.addrBilling.street, country: saved.country, shipping: c.delivery.sameAsBilling ? null : DELIVERY },
      },
      settled: false,
    });
  },
  'Ready.Changing password': (s, run) => {
    expect(last(run)).toMatchObject({ src: 'changePassword', input: { jwt: 'jwt-1', current: 'Museum2026!', next: 'Lake-view-2027' }, settled: false });
  },
  'Ready.Changing e-mail': (s, run) => {
    expect(last(run)).toMatchObject({ src: 'changeEmail', input: { jwt: 'jwt-1', password: 'Museum2026!', email: 'grace@museum.example' }, settled: false });
  },
  'tag:busy': (s) => {
    const c = ctx(s);
    expect(c.notice).toBeNull();
  },
});

