/**
 * §2 (spec row 2.72): the secondary-page styling — the page as a narrow card (styles.css
 * `.screen--secondary`, asserted in tests/ui/styles.test.ts) — applies to login, register,
 * guestRegister, settings, forgotPassword, recoverAccount, forgotPasswordSuccess,
 * recoverPasswordSuccess (the spec's "recoverSuccess": /recover-success), registerSuccess and
 * checkoutSuccess, and not to the shop's other pages. The success page shows only at the end of a
 * payment: tests/ui/checkout.test.tsx "confirms the order, …" asserts it there (the confirmation
 * page before it is not a card, the success page is).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mountShell, ready, teardown, type Handler, type Mounted } from './shell-harness.js';

let mounted: Mounted | null = null;
afterEach(() => {
  teardown(mounted);
  mounted = null;
});

const token = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '7', guest: false, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;
const customer = {
  id: 7, email: 'anna@museum.example', salutation: 'ms', fname: 'Anna', lname: 'Muster', company: '', phone: '', isGuest: false, country: 'CH',
  send_invoice: true, addrBilling: { name: 'Anna Muster', street: 'Museumstrasse 2', zip: '8001', city: 'Zürich', country: 'CH' }, addrShipping: null,
};
const attr = { countries: { CH: 'Switzerland' }, salutations: { ms: 'Ms' }, required_fields: ['email', 'fname', 'lname'], visible_fields: ['email', 'fname', 'lname'] };
const account: Handler = (path) =>
  path === 'customer' ? { status: 200, body: { data: customer } } : path === 'customer/attr' ? { status: 200, body: { data: attr } } : undefined;

/** The page's main heading and the screen it sits in. */
async function screenOf(path: string, options: Parameters<typeof mountShell>[1] = {}): Promise<{ route: string | null; card: boolean }> {
  mounted = mountShell(path, options);
  const heading = await ready();
  const wrapper = heading.closest('.screen');
  return { route: wrapper?.getAttribute('data-route') ?? null, card: wrapper?.classList.contains('screen--secondary') ?? false };
}

const SECONDARY: [string, string, Parameters<typeof mountShell>[1]?][] = [
  ['login', '/en/login'],
  ['register', '/en/register'],
  ['guestRegister', '/en/register-guest', { config: { has_guest_registration: true } }],
  ['settings', '/en/settings', { handler: account }],
  ['forgotPassword', '/en/forgot-password'],
  ['recoverAccount', '/en/recover/abc123def456'],
  ['forgotPasswordSuccess', '/en/password-reset-success'],
  ['recoverPasswordSuccess', '/en/recover-success'],
  ['registerSuccess', '/en/register/success'],
];

describe('secondary-page styling (§2, spec row 2.72)', () => {
  it.each(SECONDARY)('%s (%s) shows its page as the secondary card', async (name, path, options) => {
    if (name === 'settings') {
      sessionStorage.setItem('jwt', token);
      sessionStorage.setItem('customer', JSON.stringify({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', guest: false }));
    }
    expect(await screenOf(path, options)).toEqual({ route: name, card: true });
  });

  it.each([
    ['home', '/en'],
    ['tickets', '/en/tickets'],
    ['merchandise', '/en/merchandise'],
    ['checkout', '/en/checkout'],
    ['page', '/en/page/imprint'],
  ])('%s (%s) is not a secondary page', async (name, path) => {
    expect(await screenOf(path)).toEqual({ route: name, card: false });
  });
});
