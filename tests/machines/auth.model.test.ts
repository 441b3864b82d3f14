import { expect } from 'vitest';
import type { AuthContext } from '../../machines/auth.machine.js';
import { describeModel } from './describe-model.js';
import { EMAIL, PASSWORD, attr, authModel, customer } from './auth.model.js';
import type { RunContext } from './model.js';

const ctx = (s: { context: unknown }) => s.context as AuthContext;
const calls = (run: RunContext, action: string) => run.actionCalls.filter((c) => c.action === action);
const last = (run: RunContext) => run.invocations.at(-1);

function loggedIn(s: { context: unknown }, run: RunContext, jwt: string, isGuest: boolean): void {
  const notified = calls(run, 'notifyLoggedIn');
  expect(notified).toHaveLength(1);
  // the customer is passed on when it could be loaded, null otherwise
  const loaded = run.event.type.startsWith('xstate.done.');
  expect(notified[0]!.params).toEqual({ jwt, customer: loaded ? customer : null, isGuest });
  expect(ctx(s).jwt).toBe(jwt);
}

describeModel(authModel, {
  'tag:form': (s, run) => {
    const values = ctx(s).values;
    for (const v of [values.email, values.emailConfirmation]) expect(['', EMAIL]).toContain(v);
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
    if (inv.src === 'confirmPasswordReset') expect(inv.input).toMatchObject({ token: 'guid-1' });
    if (inv.src === 'loadCustomer') expect(inv.input).toEqual({ jwt: ctx(s).jwt });
    expect(ctx(s).fieldErrors).toEqual({});
  },
  'tag:loading': (s, run) => {
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
  'Registration.Editing': (s) => expect(ctx(s).attr).toEqual(attr),
  'Guest registration.Editing': (s) => expect(ctx(s).attr).toEqual(attr),
  'Login.Editing': (s, run) => {
    // the journey starts here; a link back from another form clears that form's errors
    if (run.event.type === 'OPEN_LOGIN') expect(ctx(s).fieldErrors).toEqual({});
    expect(s.getMeta()['auth.Login']).toEqual({ route: 'login' });
  },
  'Forgot password.Editing': (s) => expect(s.getMeta()['auth.Forgot password']).toEqual({ route: 'forgotPassword' }),
  'Recovery.Editing': (s) => {
    expect(ctx(s).recoveryToken).toBe('guid-1');
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
});
