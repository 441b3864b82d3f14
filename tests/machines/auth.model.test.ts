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
    expect(last(run)?.src).toBe('loadFormFields');
    expect(ctx(s).attr).toBeNull();
  },
  'Registration.Form fields failed': (s) => {
    expect(ctx(s).attr).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Guest registration.Form fields failed': (s) => {
    expect(ctx(s).attr).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Registration.Editing': (s) => expect(ctx(s).attr).toEqual(attr),
  'Guest registration.Editing': (s) => expect(ctx(s).attr).toEqual(attr),
  'Signed in': (s, run) => {
    loggedIn(s, run, 'jwt-login', false);
    expect(calls(run, 'navigateBack').map((c) => c.params)).toEqual([{ returnTo: '/en/tickets', redirectTarget: null }]);
  },
  Registered: (s, run) => {
    loggedIn(s, run, 'jwt-register', false);
    expect(calls(run, 'navigateTo').map((c) => c.params)).toEqual([{ route: 'registerSuccess', returnTo: null }]);
  },
  'Guest registration off': (s, run) => {
    expect(run.invocations).toEqual([]);
    expect(s.status).toBe('active');
  },
  'Signed in as guest': (s, run) => {
    loggedIn(s, run, 'jwt-guest', true);
    expect(calls(run, 'navigateBack').map((c) => c.params)).toEqual([{ returnTo: null, redirectTarget: 'checkout' }]);
  },
  'Reset requested': (s, run) => {
    expect(s.status).toBe('done');
    expect(calls(run, 'showToast').at(-1)?.params).toEqual({ id: 'auth.requestResetSuccess', tone: 'success' });
    expect(calls(run, 'navigateTo').map((c) => c.params)).toEqual([{ route: 'forgotPasswordSuccess', returnTo: null }]);
  },
  Recovered: (s, run) => {
    loggedIn(s, run, 'jwt-recovered', false);
    expect(calls(run, 'navigateTo').map((c) => c.params)).toEqual([{ route: 'recoverPasswordSuccess', returnTo: null }]);
  },
});
