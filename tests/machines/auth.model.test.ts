import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { AuthContext } from '../../machines/auth.machine.js';
import { forgotPasswordErrors, loginErrors, recoverErrors, registrationErrors } from '../../src/domain/account-forms.js';
import { describeModel } from './describe-model.js';
import { deliveryFormErrors } from '../../src/domain/settings-forms.js';
import { deliveryAddressPayload } from '../../src/domain/delivery-address.js';
import { EMAIL, NEW_EMAIL, PASSWORD, SPACED_EMAIL, attr, attrWithPassword, authModel, customer } from './auth.model.js';
import type { RunContext } from './model.js';

const ctx = (s: { context: unknown }) => s.context as AuthContext;
/** auth/guest `c` as §3/§5 want it: billing data, send_invoice, the delivery address only when the cart ships. */
const guestPayload = (c: AuthContext) => ({
  email: EMAIL,
  send_invoice: c.sendInvoice,
  shipping: c.cartShips ? deliveryAddressPayload(c.delivery.sameAsBilling, c.delivery.values) : null,
});
const calls = (run: RunContext, action: string) => run.actionCalls.filter((c) => c.action === action);
const last = (run: RunContext) => run.invocations.at(-1);
/** The token of the recovery link followed last (a second link replaces the first). */
const linkToken = (run: RunContext, type = 'OPEN_RECOVERY') =>
  [...run.history.map((h) => h.event), run.event].filter((e) => e.type === type).map((e) => (e as unknown as { token: string }).token).at(-1);
/** The token of the e-mail confirmation link followed last (issue 44). */
const emailLinkToken = (run: RunContext) => linkToken(run, 'OPEN_EMAIL_CONFIRMATION');

function loggedIn(s: { context: unknown }, run: RunContext, jwt: string, isGuest: boolean): void {
  const notified = calls(run, 'notifyLoggedIn');
  expect(notified).toHaveLength(1);
  // the customer is passed on when it could be loaded, null otherwise
  const loaded = run.event.type.startsWith('xstate.done.');
  expect(notified[0]!.params).toEqual({ jwt, customer: loaded ? customer : null, isGuest });
  expect(ctx(s).jwt).toBe(jwt);
}

const LINKS: Record<string, string> = {
  OPEN_LOGIN: 'Login',
  OPEN_REGISTRATION: 'Registration',
  OPEN_FORGOT_PASSWORD: 'Forgot password',
  OPEN_RECOVERY: 'Recovery',
  OPEN_EMAIL_CONFIRMATION: 'E-mail confirmation',
};
const statusOf = (run: RunContext) => (run.event as { error?: { status?: number } }).error?.status;
const errorOf = (run: RunContext, id: string) => run.event.type === `xstate.error.actor.${id}`;
const statusOfRun = (run: RunContext) => (run.event as { error?: { status?: number } }).error?.status;
const entered = (s: AnyMachineSnapshot, run: RunContext, state: string) => s.matches(state) && !run.previous?.matches(state);

/** The effects the app provides that a step must have: exactly these, no more, no fewer. */
function expectedEffects(s: AnyMachineSnapshot, run: RunContext): { action: string; params: unknown }[] {
  const c = ctx(s);
  const loggedIn = (isGuest: boolean) => ({
    action: 'notifyLoggedIn',
    params: { jwt: c.jwt, customer: run.event.type.startsWith('xstate.done.') ? customer : null, isGuest },
  });
  const back = { action: 'navigateBack', params: { returnTo: c.returnTo, redirectTarget: c.redirectTarget } };
  // a failed login says so once, at the form (issue 16 item 13), and a 429 names the wait there: no toast besides
  if (errorOf(run, 'login')) return [];
  if (entered(s, run, 'Signed in')) return [loggedIn(false), back];
  if (entered(s, run, 'Signed in as guest')) return [loggedIn(true), back];
  if (entered(s, run, 'Registered') || entered(s, run, 'Recovered')) return [loggedIn(false)];
  if (entered(s, run, 'Reset requested')) return [{ action: 'showToast', params: { id: 'auth.requestResetSuccess', tone: 'success' } }];
  if (errorOf(run, 'requestPasswordReset')) return [{ action: 'showToast', params: { id: 'auth.requestResetFail', tone: 'danger' } }];
  if (errorOf(run, 'confirmPasswordReset') && statusOf(run) !== 400) return [{ action: 'showToast', params: { id: 'auth.newPasswordFailed', tone: 'danger' } }];
  // the address changed (AUTH_EMAIL_CHANGE_SUCCESS); nobody is logged in by a confirmation link
  if (run.event.type === 'xstate.done.actor.confirmEmailChange') return [{ action: 'showToast', params: { id: 'settings.emailChanged', tone: 'success' } }];
  return [];
}

describeModel(authModel, {
  '*': (s, run) => {
    expect(run.stepCalls.map(({ action, params }) => ({ action, params }))).toEqual(expectedEffects(s, run));
    const e = run.event;
    const c = ctx(s);
    // a link leads to its form (the guest link only when guest registration is on)
    if (LINKS[e.type]) expect(s.matches(LINKS[e.type] as never)).toBe(true);
    if (e.type === 'OPEN_GUEST_REGISTRATION') expect(s.matches(c.guestRegistrationEnabled ? 'Guest registration' : 'Guest registration off')).toBe(true);
    // ... without the errors of the form it left (what was typed stays)
    if (e.type.startsWith('OPEN_')) {
      expect(c.fieldErrors).toEqual({});
      expect(c.deliveryErrors).toEqual({});
      expect(c.formError).toBeNull();
    }
    // a submit the form rules refuse stays on the form, says why, and asks the server nothing
    const before = run.previous;
    if (e.type === 'SUBMIT' && before) {
      const values = (before.context as AuthContext).values;
      const attr = (before.context as AuthContext).attr;
      const invalid =
        (before.matches('Login') && Object.keys(loginErrors(values)).length > 0) ||
        (before.matches('Registration') &&
          (Object.keys(registrationErrors(values, attr, false)).length > 0 ||
            ((before.context as AuthContext).cartShips && Object.keys(deliveryFormErrors((before.context as AuthContext).delivery)).length > 0))) ||
        (before.matches('Guest registration') &&
          (Object.keys(registrationErrors(values, attr, true)).length > 0 ||
            ((before.context as AuthContext).cartShips && Object.keys(deliveryFormErrors((before.context as AuthContext).delivery)).length > 0))) ||
        (before.matches('Forgot password') && Object.keys(forgotPasswordErrors(values)).length > 0) ||
        (before.matches('Recovery') && Object.keys(recoverErrors(values)).length > 0);
      expect(s.hasTag('busy')).toBe(!invalid);
      if (invalid) expect(c.rejectedSubmits).toBe((before.context as AuthContext).rejectedSubmits + 1);
      // the refused registration names the fields its rules name (a guest's without the password)
      if (invalid && before.matches('Registration')) expect(c.fieldErrors).toEqual(registrationErrors(values, attr, false));
      if (invalid && before.matches('Guest registration')) expect(c.fieldErrors).toEqual(registrationErrors(values, attr, true));
    }
    // the form fields arrive: the config's default country is preselected when the server offers it, else the first one
    if (/^xstate\.done\.actor\.load(Guest)?FormFields$/.test(e.type) && c.attr) {
      const asked = ctx(before!).values.country;
      const countries = Object.keys(c.attr.countries);
      expect(c.values.country).toBe(countries.includes(asked) ? asked : countries[0]);
    }
    // server answers (§8)
    if (errorOf(run, 'register') && statusOf(run) === 422) {
      const fields = (run.event as unknown as { error: { fields: Record<string, string[]> } }).error.fields;
      if (fields.email) expect(c.fieldErrors.email).toEqual([{ text: 'The email has already been taken.' }]);
      // errors on fields say "correct the errors" above the form; a refusal without any says the server's message, else the unexpected error
      const message = (run.event as unknown as { error: { message: string } }).error.message;
      expect(c.formError).toEqual(Object.keys(fields).length > 0 ? { id: 'form.correctErrors' } : message ? { text: message } : { id: 'form.unexpected' });
      // a 422 on the delivery address is shown there, not on the billing field of the same name
      if (fields['shipping.zip']) {
        expect(c.deliveryErrors.zip).toEqual([{ id: 'deliveryAddress.fillAllFields' }]);
        expect(c.fieldErrors.zip).toBeUndefined();
      }
    }
    if (errorOf(run, 'validateGuest')) {
      const fields = Object.keys((run.event as unknown as { error: { fields: Record<string, unknown> } }).error.fields);
      const onlyPassword = statusOf(run) === 422 && fields.every((f) => f === 'password');
      expect(s.matches({ 'Guest registration': onlyPassword ? 'Registering guest' : 'Editing' })).toBe(true);
      // 422: billing fields on their fields, the delivery address's on the delivery fields (§5)
      if (statusOf(run) === 422 && fields.includes('zip')) expect(c.fieldErrors.zip).toBeDefined();
      if (statusOf(run) === 422 && fields.includes('shipping.zip')) {
        expect(c.deliveryErrors.zip).toEqual([{ id: 'deliveryAddress.fillAllFields' }]);
        expect(c.fieldErrors.zip).toBeUndefined();
      }
    }
    if (errorOf(run, 'confirmPasswordReset')) {
      const status = statusOf(run);
      const { message, fields } = (run.event as unknown as { error: { message: string; fields: Record<string, string[]> } }).error;
      expect(c.formError).toEqual(status === 400 ? { id: 'auth.fillAllFields' } : status === 422 ? (message ? { text: message } : { id: 'auth.newPasswordFailed' }) : { id: 'form.unexpected' });
      // 422: the new password's errors on its fields; the token's belongs to the link, not to a field
      if (status === 422) expect(Object.keys(c.fieldErrors)).toEqual(Object.keys(fields).filter((f) => f !== 'token'));
    }
  },
  'Login.Signing in': (s, run) => expect(last(run)).toMatchObject({ src: 'login', input: { email: EMAIL, password: PASSWORD } }),
  'Login.Loading customer': (s, run) => expect(last(run)).toMatchObject({ src: 'loadCustomer', input: { jwt: 'jwt-login' } }),
  'Registration.Loading form fields': (s, run) => {
    expect(last(run)?.src).toBe('loadFormFields');
    expect(s.hasTag('loading')).toBe(true);
  },
  'Registration.Registering': (s, run) => {
    // §7 customer/register: the delivery address goes with it when the cart ships (issue 22 item 10)
    const c = ctx(s);
    expect(last(run)).toMatchObject({ src: 'register', input: { email: EMAIL, password: PASSWORD } });
    expect(last(run)?.input).toHaveProperty('shipping', c.cartShips ? deliveryAddressPayload(c.delivery.sameAsBilling, c.delivery.values) : null);
    if (c.cartShips && !c.delivery.sameAsBilling) expect((last(run)?.input as { shipping: unknown }).shipping).toEqual({ name: 'Ada Lovelace', street: 'Seeweg 1', zip: '10115', city: 'Berlin', country: 'DE' });
  },
  'Registration.Loading new customer': (s, run) => expect(last(run)).toMatchObject({ src: 'loadCustomer', input: { jwt: 'jwt-register' } }),
  'Guest registration.Loading form fields': (s, run) => {
    expect(last(run)?.src).toBe('loadFormFields');
    expect(s.hasTag('loading')).toBe(true);
  },
  'Guest registration.Checking billing data': (s, run) => {
    expect(last(run)).toMatchObject({ src: 'validateGuest', input: guestPayload(ctx(s)) });
    expect(last(run)?.input).not.toHaveProperty('password');
  },
  'Guest registration.Registering guest': (s, run) => expect(last(run)).toMatchObject({ src: 'registerGuest', input: guestPayload(ctx(s)) }),
  'Guest registration.Loading guest': (s, run) => expect(last(run)).toMatchObject({ src: 'loadCustomer', input: { jwt: 'jwt-guest' } }),
  'Forgot password.Requesting reset': (s, run) => expect(last(run)).toMatchObject({ src: 'requestPasswordReset', input: { email: EMAIL } }),
  'Recovery.Checking the link': (s, run) => {
    // the link is asked about before any form shows (issue 16 item 9)
    expect(s.hasTag('loading')).toBe(true);
    expect(s.hasTag('form')).toBe(false);
    expect(last(run)).toMatchObject({ src: 'checkRecoveryLink', input: { token: linkToken(run) } });
  },
  'Recovery.Link invalid': (s, run) => {
    // a used, expired or invented link (404) shows no form; any other failure would show the form
    expect(s.hasTag('form')).toBe(false);
    expect(statusOf(run)).toBe(404);
    expect(s.can({ type: 'OPEN_FORGOT_PASSWORD' })).toBe(true);
  },
  'Recovery.Setting password': (s, run) => expect(last(run)).toMatchObject({ src: 'confirmPasswordReset', input: { token: linkToken(run), password: ctx(s).values.password } }),
  'Recovery.Loading customer': (s, run) => expect(last(run)).toMatchObject({ src: 'loadCustomer', input: { jwt: 'jwt-recovered' } }),
  // issue 44: the link mailed to a new address; its page (meta.route) is confirm-email/{token}
  'E-mail confirmation.Confirming': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(s.hasTag('form')).toBe(false);
    expect(ctx(s).emailToken).toBe(emailLinkToken(run));
    expect(ctx(s).confirmedEmail).toBeNull();
    expect(last(run)).toMatchObject({ src: 'confirmEmailChange', input: { token: emailLinkToken(run) }, settled: false });
    expect(s.getMeta()['auth.E-mail confirmation']).toEqual({ route: 'confirmEmail' });
  },
  'E-mail confirmation.Confirmed': (s, run) => {
    expect(run.event.type).toBe('xstate.done.actor.confirmEmailChange');
    expect(ctx(s).confirmedEmail).toBe(NEW_EMAIL);
    expect(s.status).toBe('active');
    expect(calls(run, 'notifyLoggedIn')).toEqual([]);
    expect(s.can({ type: 'OPEN_LOGIN' })).toBe(true);
  },
  'E-mail confirmation.Link expired': (s, run) => {
    expect(statusOf(run)).toBe(410);
    expect(ctx(s).confirmedEmail).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'E-mail confirmation.Link invalid': (s, run) => {
    expect(statusOf(run)).toBe(404);
    expect(ctx(s).confirmedEmail).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'E-mail confirmation.Address taken': (s, run) => {
    expect(statusOf(run)).toBe(422);
    expect(ctx(s).confirmedEmail).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'E-mail confirmation.Confirmation failed': (s, run) => {
    expect(statusOf(run)).toBe(0);
    expect(ctx(s).confirmedEmail).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'tag:form': (s, run) => {
    const values = ctx(s).values;
    for (const v of [values.email, values.emailConfirmation]) expect(['', EMAIL, SPACED_EMAIL]).toContain(v);
    for (const v of [values.password, values.passwordConfirmation]) expect(['', PASSWORD]).toContain(v);
    if (!s.hasTag('busy') && run.event.type === 'SUBMIT') {
      // a refused submit says why, next to the fields or above the form
      expect(ctx(s).rejectedSubmits).toBeGreaterThan(0);
      expect(Object.keys(ctx(s).fieldErrors).length + (ctx(s).formError ? 1 : 0)).toBeGreaterThan(0);
    }
    if (!s.hasTag('busy') && run.event.type.startsWith('xstate.error.')) expect(ctx(s).formError).not.toBeNull();
  },
  'tag:busy': (s, run) => {
    const inv = last(run)!;
    expect(inv.settled).toBe(false);
    if (inv.src === 'login') expect(inv.input).toEqual({ email: EMAIL, password: PASSWORD });
    if (inv.src === 'requestPasswordReset') expect(inv.input).toEqual({ email: EMAIL });
    if (inv.src === 'confirmPasswordReset') expect(inv.input).toMatchObject({ token: linkToken(run) });
    if (inv.src === 'loadCustomer') expect(inv.input).toEqual({ jwt: ctx(s).jwt });
    expect(ctx(s).fieldErrors).toEqual({});
  },
  'tag:loading': (s, run) => {
    // the recovery link check is the other loading state (asserted on its own above)
    if (s.matches({ Recovery: 'Checking the link' })) return expect(last(run)).toMatchObject({ src: 'checkRecoveryLink', settled: false });
    if (s.matches({ 'E-mail confirmation': 'Confirming' })) return expect(last(run)).toMatchObject({ src: 'confirmEmailChange', settled: false });
    expect(last(run)).toMatchObject({ src: 'loadFormFields', settled: false });
    // before the first answer there are no fields; fields loaded for the other form stay until the new answer
    if (!run.invocations.some((i) => i.src === 'loadFormFields' && i.settled)) expect(ctx(s).attr).toBeNull();
  },
  'Registration.Form fields failed': (s, run) => {
    expect(run.event.type).toMatch(/^xstate\.error\.actor\.loadFormFields$/);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Guest registration.Form fields failed': (s, run) => {
    expect(run.event.type).toMatch(/^xstate\.error\.actor\.loadGuestFormFields$/);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Registration.Editing': (s, run) => {
    expect([attr, attrWithPassword]).toContainEqual(ctx(s).attr);
    const e = run.event as { type: string; same?: boolean; field?: string; value?: string };
    if (e.type === 'SAME_AS_BILLING_CHANGED') expect(ctx(s).delivery.sameAsBilling).toBe(e.same);
    if (e.type === 'ADDRESS_CHANGED') expect((ctx(s).delivery.values as Record<string, string>)[e.field ?? '']).toBe(e.value);
  },
  'Guest registration.Editing': (s, run) => {
    expect([attr, attrWithPassword]).toContainEqual(ctx(s).attr);
    const e = run.event as { type: string; same?: boolean; send?: boolean; field?: string; value?: string };
    if (e.type === 'SAME_AS_BILLING_CHANGED') {
      expect(ctx(s).delivery.sameAsBilling).toBe(e.same);
      expect(ctx(s).deliveryErrors).toEqual({});
    }
    if (e.type === 'SEND_INVOICE_CHANGED') expect(ctx(s).sendInvoice).toBe(e.send);
    if (e.type === 'ADDRESS_CHANGED') {
      expect((ctx(s).delivery.values as Record<string, string>)[e.field ?? '']).toBe(e.value);
      expect(ctx(s).deliveryErrors[e.field ?? '']).toBeUndefined();
    }
    // a refused submit with an incomplete delivery address says so on each empty field
    if (e.type === 'SUBMIT' && ctx(s).cartShips && !ctx(s).delivery.sameAsBilling) {
      expect(ctx(s).deliveryErrors).toEqual(deliveryFormErrors(ctx(s).delivery));
    }
  },
  'Login.Editing': (s, run) => {
    // the journey starts here; a link back from another form clears that form's errors
    if (run.event.type === 'OPEN_LOGIN') expect(ctx(s).fieldErrors).toEqual({});
    if (errorOf(run, 'login')) {
      // §8: only a refusal of the credentials says "e-mail or password not correct"; what was typed stays
      const status = statusOfRun(run);
      const expected = status === 429 ? 'error.tooManyRequests' : status === 401 || status === 422 ? 'auth.loginFailed' : status === 0 ? 'error.network' : 'form.unexpected';
      expect(ctx(s).formError).toEqual({ id: expected });
      expect(ctx(s).values).toEqual(ctx(run.previous!).values);
      expect(ctx(s).values.email).toBe(EMAIL);
      expect(ctx(s).values.password).toBe(PASSWORD);
    }
    expect(s.getMeta()['auth.Login']).toEqual({ route: 'login' });
  },
  'Forgot password.Editing': (s) => expect(s.getMeta()['auth.Forgot password']).toEqual({ route: 'forgotPassword' }),
  'Recovery.Editing': (s, run) => {
    expect(ctx(s).recoveryToken).toBe(linkToken(run));
    expect(s.getMeta()['auth.Recovery']).toEqual({ route: 'recoverAccount' });
  },
  'Signed in': (s, run) => {
    loggedIn(s, run, 'jwt-login', false);
    const { returnTo, redirectTarget } = ctx(s);
    expect(calls(run, 'navigateBack').map((c) => c.params)).toEqual([{ returnTo, redirectTarget }]);
    expect([returnTo, redirectTarget]).toEqual(returnTo ? ['/en/tickets', null] : [null, '/en/checkout']);
  },
  Registered: (s, run) => {
    loggedIn(s, run, 'jwt-register', false);
    expect(s.status).toBe('done');
    // the success page is the final state's route; nothing else navigates
    expect(s.getMeta()['auth.Registered']).toEqual({ route: 'registerSuccess' });
    expect(calls(run, 'navigateBack')).toEqual([]);
  },
  'Guest registration off': (s, run) => {
    expect(ctx(s).guestRegistrationEnabled).toBe(false);
    expect(run.invocations.filter((i) => i.src === 'loadFormFields' && !i.settled)).toEqual([]);
    expect(s.status).toBe('active');
  },
  'Signed in as guest': (s, run) => {
    loggedIn(s, run, 'jwt-guest', true);
    expect(calls(run, 'navigateBack').map((c) => c.params)).toEqual([{ returnTo: null, redirectTarget: '/en/checkout' }]);
  },
  'Reset requested': (s, run) => {
    expect(s.status).toBe('done');
    expect(calls(run, 'showToast').at(-1)?.params).toEqual({ id: 'auth.requestResetSuccess', tone: 'success' });
    expect(s.getMeta()['auth.Reset requested']).toEqual({ route: 'forgotPasswordSuccess' });
    expect(calls(run, 'notifyLoggedIn')).toEqual([]);
  },
  Recovered: (s, run) => {
    loggedIn(s, run, 'jwt-recovered', false);
    expect(s.getMeta()['auth.Recovered']).toEqual({ route: 'recoverPasswordSuccess' });
  },
}, {
  // the page of each form and success state (meta.route): the URL the visitor sees
  routes: {
    Login: 'login',
    Registration: 'register',
    Registered: 'registerSuccess',
    'Guest registration off': 'guestRegister',
    'Guest registration': 'guestRegister',
    'Forgot password': 'forgotPassword',
    'Reset requested': 'forgotPasswordSuccess',
    Recovery: 'recoverAccount',
    Recovered: 'recoverPasswordSuccess',
    'E-mail confirmation': 'confirmEmail',
  },
});
