/**
 * The login and recovery screens on the real shell with a fake shop API: field errors tied to their
 * fields and focused, the MD5 digest on login, AUTH_LOGIN_FAILED, returnTo and the checkout
 * redirect target, fromUnauthorized, registration with the server's fields and 422 errors, guest
 * registration behind its flag, forgotten password and recovery with 400/422/success.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { md5 } from 'js-md5';
import en from '../../src/i18n/messages/en.json';
import { createShell, type ShellInstance } from '../../src/app/services.js';
import { App } from '../../src/app/App.js';
import type { RemoteConfig } from '../../src/api/schemas/config.js';
import { fakeServer, type Reply } from './shell-harness.js';

const catalogue = en as Record<string, string>;
/** An English catalogue message (fails loudly for an unknown id). */
function t(id: string): string {
  const message = catalogue[id];
  if (message === undefined) throw new Error(`en.json has no message ${id}`);
  return message;
}
const JWT = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '7', guest: false, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;
const GUEST_JWT = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '8', guest: true, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;
const customer = (over: Record<string, unknown> = {}) => ({
  id: 7, email: 'anna@museum.example', salutation: 'ms', fname: 'Anna', lname: 'Muster', company: '', phone: '', isGuest: false, country: 'CH',
  send_invoice: true, addrBilling: { name: 'Anna Muster', street: 'Museumstrasse 2', zip: '8001', city: 'Zürich', country: 'CH' }, addrShipping: null, ...over,
});
const ATTR = {
  countries: { CH: 'Switzerland', DE: 'Germany' },
  salutations: { ms: 'Ms', mr: 'Mr' },
  required_fields: ['email', 'password', 'fname', 'lname', 'street', 'zip', 'city', 'country'],
  visible_fields: ['email', 'password', 'salutation', 'fname', 'lname', 'street', 'zip', 'city', 'country'],
};

interface Call {
  path: string;
  query: URLSearchParams;
  body: unknown;
}
let shell: ShellInstance | null = null;
let calls: Call[] = [];

function mount(path: string, api: (call: Call) => Reply | undefined, config: Partial<RemoteConfig> = {}) {
  calls = [];
  const server = fakeServer({ config, handler: (p) => api(calls.filter((c) => c.path === p).at(-1) ?? { path: p, query: new URLSearchParams(), body: null }) });
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push({ path: url.pathname.replace(/^\/api\/[a-z]{2}\//, ''), query: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
    return server.fetch(input, init);
  };
  shell = createShell({ baseURL: 'http://shop.test/api', history: createMemoryHistory({ initialEntries: [path] }), fetch: recording, reload: () => {}, assign: () => {} });
  render(<App shell={shell} />);
}

const called = (p: string) => calls.filter((c) => c.path === p);
/** The POSTs to a path (the recovery screen GETs customer/pwdconfirm first to check the link). */
const posted = (p: string) => called(p).filter((c) => c.body !== null);
const location = () => shell?.router.state.location;
const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const errorOf = (element: HTMLElement) => document.getElementById((element.getAttribute('aria-describedby') ?? '').split(' ').pop() ?? '')?.textContent ?? '';

afterEach(() => {
  cleanup();
  shell?.actor.stop();
  shell = null;
  sessionStorage.clear();
});

describe('login', () => {
  it('empty fields are refused at the fields, described and focused; nothing is sent', async () => {
    mount('/en/login', () => undefined);
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await waitFor(() => expect(input('email').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('email'))).toContain(t('form.required'));
    expect(errorOf(input('password'))).toContain(t('form.required'));
    expect(document.activeElement).toBe(input('email'));
    expect(called('auth/login')).toHaveLength(0);
  });

  it('sends the MD5 digest, keeps jwt and customer in session storage and goes back to returnTo', async () => {
    mount('/en/login?returnTo=%2Fen%2Ftickets', (c) =>
      c.path === 'auth/login' ? { status: 200, body: { data: { jwt: JWT } } } : c.path === 'customer' ? { status: 200, body: { data: customer() } } : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    type('email', 'anna@museum.example');
    type('password', 'Museum2026!');
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await waitFor(() => expect(location()?.pathname).toBe('/en/tickets'));
    expect(called('auth/login')[0]?.body).toEqual({ _u: 'anna@museum.example', _p: md5('Museum2026!') });
    expect(sessionStorage.getItem('jwt')).toBe(JWT);
    expect(JSON.parse(sessionStorage.getItem('customer') ?? '{}')).toMatchObject({ fname: 'Anna', lname: 'Muster' });
    expect(shell?.actor.getSnapshot().context.jwt).toBe(JWT);
  });

  it('without returnTo, the checkout redirect target brings the visitor back to the checkout', async () => {
    sessionStorage.setItem('cart', JSON.stringify([{ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 }]));
    mount('/en/checkout', (c) =>
      c.path === 'auth/login' ? { status: 200, body: { data: { jwt: JWT } } } : c.path === 'customer' ? { status: 200, body: { data: customer() } } : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: t('title.checkout') }, { timeout: 5000 });
    // to login from the checkout, as the header's login link without returnTo would
    await act(() => shell?.router.navigate({ to: '/en/login' }));
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    type('email', 'anna@museum.example');
    type('password', 'Museum2026!');
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await waitFor(() => expect(location()?.pathname).toBe('/en/checkout'));
  });

  const returnPages: [string, () => Promise<HTMLElement>][] = [
    ['failed', () => screen.findByTestId('payment-not-completed', {}, { timeout: 5000 })],
    ['canceled', () => screen.findByRole('button', { name: t('checkout.keepCart') }, { timeout: 5000 })],
  ];
  it.each(returnPages)("without returnTo, a login from the checkout's %s page goes back to it (§4: leaving checkout towards login remembers checkout; issue 45)", async (page, shown) => {
    sessionStorage.setItem('cart', JSON.stringify([{ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 }]));
    mount(`/en/checkout/${page}?cartId=CART12345678`, (c) =>
      c.path === 'auth/login' ? { status: 200, body: { data: { jwt: JWT } } } : c.path === 'customer' ? { status: 200, body: { data: customer() } } : undefined,
    );
    await shown();
    await act(() => shell?.router.navigate({ to: '/en/login' }));
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    type('email', 'anna@museum.example');
    type('password', 'Museum2026!');
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await waitFor(() => expect(location()?.pathname).toBe(`/en/checkout/${page}`));
    // the page the visitor left, as it was
    expect(await shown()).toBeTruthy();
  });

  it('from any other page, login without returnTo goes home', async () => {
    mount('/en/tickets', (c) =>
      c.path === 'auth/login' ? { status: 200, body: { data: { jwt: JWT } } } : c.path === 'customer' ? { status: 200, body: { data: customer() } } : undefined,
    );
    await act(() => shell?.router.navigate({ to: '/en/login' }));
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    type('email', 'anna@museum.example');
    type('password', 'Museum2026!');
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await waitFor(() => expect(location()?.pathname).toBe('/en'));
  });

  it('a wrong password: AUTH_LOGIN_FAILED once, as an announced alert at the form (no toast besides); still logged out', async () => {
    mount('/en/login', (c) => (c.path === 'auth/login' ? { status: 422, body: { error: 'AUTH_LOGIN_FAILED', message: 'no' } } : undefined));
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    type('email', 'anna@museum.example');
    type('password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(t('auth.loginFailed')));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(document.body.textContent?.split(t('auth.loginFailed')).length).toBe(2);
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(location()?.pathname).toBe('/en/login');
  });

  it('fromUnauthorized explains why the visitor is on the login page', async () => {
    mount('/en/login?fromUnauthorized=true', () => undefined);
    expect(await screen.findByText(t('login.fromUnauthorized'), {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('registration', () => {
  it('shows the fields the server makes visible, checks matching e-mails and passwords, then shows 422 errors per field', async () => {
    mount('/en/register', (c) =>
      c.path === 'customer/attr'
        ? { status: 200, body: { data: ATTR } }
        : c.path === 'customer/register'
          ? { status: 422, body: { error: 'VALIDATION_FAILED', message: 'Please correct', fields: { email: ['This e-mail address is already registered.'] } } }
          : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: t('title.register') }, { timeout: 5000 });
    await waitFor(() => expect(input('fname')).toBeTruthy());
    expect(input('company')).toBeNull();
    expect(input('phone')).toBeNull();
    const country = screen.getByLabelText(new RegExp(t('auth.field.country'))) as HTMLSelectElement;
    expect([...country.options].map((o) => o.textContent)).toEqual(['Switzerland', 'Germany']);

    type('email', 'lea@museum.example');
    type('emailConfirmation', 'lea@museum.exampel');
    type('password', 'Sommer2026!');
    type('passwordConfirmation', 'Sommer2026?');
    fireEvent.click(screen.getByRole('button', { name: t('auth.registerSubmit') }));
    await waitFor(() => expect(input('emailConfirmation').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('emailConfirmation'))).toContain(t('form.emailsMismatch'));
    expect(errorOf(input('passwordConfirmation'))).toContain(t('form.passwordsMismatch'));
    expect(errorOf(input('fname'))).toContain(t('form.required'));
    expect(document.activeElement).toBe(input('emailConfirmation'));
    expect(called('customer/register')).toHaveLength(0);

    type('emailConfirmation', 'lea@museum.example');
    type('passwordConfirmation', 'Sommer2026!');
    for (const [name, value] of [['fname', 'Lea'], ['lname', 'Beispiel'], ['street', 'Seestrasse 1'], ['zip', '8002'], ['city', 'Zürich']] as const) type(name, value);
    fireEvent.click(screen.getByRole('button', { name: t('auth.registerSubmit') }));
    await waitFor(() => expect(input('email').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('email'))).toContain(t('form.emailTaken'));
    expect(document.activeElement).toBe(input('email'));
    expect(called('customer/register')[0]?.body).toMatchObject({ c: { email: 'lea@museum.example', password: 'Sommer2026!', fname: 'Lea', country: 'CH' } });
  });

  it('offers the billing address to the browser\'s autofill as one-line fields: the street is address-line1 (issue 45 item 10)', async () => {
    mount('/en/register', (c) => (c.path === 'customer/attr' ? { status: 200, body: { data: ATTR } } : undefined));
    await screen.findByRole('heading', { level: 1, name: t('title.register') }, { timeout: 5000 });
    await waitFor(() => expect(input('street')).toBeTruthy());
    // a text input may not carry street-address (a multi-line token): browsers fill it wrongly or not at all
    expect(input('street').tagName).toBe('INPUT');
    expect(input('street').getAttribute('autocomplete')).toBe('address-line1');
    expect(input('zip').getAttribute('autocomplete')).toBe('postal-code');
    expect(input('city').getAttribute('autocomplete')).toBe('address-level2');
  });

  it('success logs the new customer in and shows the register success page', async () => {
    mount('/en/register?returnTo=%2Fen%2Ftickets', (c) =>
      c.path === 'customer/attr'
        ? { status: 200, body: { data: ATTR } }
        : c.path === 'customer/register'
          ? { status: 200, body: { data: { jwt: JWT } } }
          : c.path === 'customer'
            ? { status: 200, body: { data: customer({ fname: 'Lea', lname: 'Beispiel' }) } }
            : undefined,
    );
    await waitFor(() => expect(input('fname')).toBeTruthy(), { timeout: 5000 });
    for (const [name, value] of [['email', 'lea@museum.example'], ['emailConfirmation', 'lea@museum.example'], ['password', 'Sommer2026!'], ['passwordConfirmation', 'Sommer2026!'], ['fname', 'Lea'], ['lname', 'Beispiel'], ['street', 'Seestrasse 1'], ['zip', '8002'], ['city', 'Zürich']] as const) type(name, value);
    fireEvent.click(screen.getByRole('button', { name: t('auth.registerSubmit') }));
    expect(await screen.findByText(t('auth.registerSuccessText'), {}, { timeout: 5000 })).toBeTruthy();
    expect(location()?.pathname).toBe('/en/register/success');
    expect(sessionStorage.getItem('jwt')).toBe(JWT);
    // "Continue" goes back to where the register link was clicked
    expect(screen.getByRole('link', { name: t('auth.continue') }).getAttribute('href')).toBe('/en/tickets');
  });
});

describe('guest registration', () => {
  it('is off by default: the screen offers login instead', async () => {
    mount('/en/register-guest', () => undefined);
    expect(await screen.findByText(t('auth.guestOff'), {}, { timeout: 5000 })).toBeTruthy();
    expect(input('email')).toBeNull();
  });

  it('with the flag on, proceeds when only a password error remains and returns to the checkout as a guest', async () => {
    mount(
      '/en/register-guest?returnTo=%2Fen%2Fcheckout',
      (c) =>
        c.path === 'customer/attr'
          ? { status: 200, body: { data: ATTR } }
          : c.path === 'customer/validate'
            ? { status: 422, body: { error: 'VALIDATION_FAILED', message: 'x', fields: { password: ['Please enter a password.'] } } }
            : c.path === 'auth/guest'
              ? { status: 200, body: { data: { jwt: GUEST_JWT } } }
              : c.path === 'customer'
                ? { status: 200, body: { data: customer({ isGuest: true }) } }
                : undefined,
      { has_guest_registration: true },
    );
    await waitFor(() => expect(input('fname')).toBeTruthy(), { timeout: 5000 });
    expect(input('password')).toBeNull();
    for (const [name, value] of [['email', 'gast@museum.example'], ['emailConfirmation', 'gast@museum.example'], ['fname', 'Gina'], ['lname', 'Gast'], ['street', 'Weg 1'], ['zip', '3000'], ['city', 'Bern']] as const) type(name, value);
    fireEvent.click(screen.getByRole('button', { name: t('auth.guestSubmit') }));
    await waitFor(() => expect(location()?.pathname).toBe('/en/checkout'), { timeout: 5000 });
    expect(called('auth/guest')[0]?.body).toMatchObject({ c: { email: 'gast@museum.example', fname: 'Gina' } });
    expect(shell?.actor.getSnapshot().context.isGuest).toBe(true);
  });

  it('with the flag on, other validation errors stop it and show at their fields', async () => {
    mount(
      '/en/register-guest',
      (c) =>
        c.path === 'customer/attr'
          ? { status: 200, body: { data: ATTR } }
          : c.path === 'customer/validate'
            ? { status: 422, body: { error: 'VALIDATION_FAILED', message: 'x', fields: { password: ['Please enter a password.'], zip: ['At most 16 characters.'] } } }
            : undefined,
      { has_guest_registration: true },
    );
    await waitFor(() => expect(input('fname')).toBeTruthy(), { timeout: 5000 });
    for (const [name, value] of [['email', 'gast@museum.example'], ['emailConfirmation', 'gast@museum.example'], ['fname', 'Gina'], ['lname', 'Gast'], ['street', 'Weg 1'], ['zip', '3000'], ['city', 'Bern']] as const) type(name, value);
    fireEvent.click(screen.getByRole('button', { name: t('auth.guestSubmit') }));
    await waitFor(() => expect(input('zip').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('zip'))).toContain('At most 16 characters.');
    expect(called('auth/guest')).toHaveLength(0);
  });
});

describe('logout', () => {
  it('/logout clears jwt and customer and honours returnTo', async () => {
    sessionStorage.setItem('jwt', JWT);
    sessionStorage.setItem('customer', JSON.stringify({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster' }));
    mount('/logout?returnTo=%2Fen%2Ftickets', () => undefined);
    await waitFor(() => expect(location()?.pathname).toBe('/en/tickets'), { timeout: 5000 });
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(sessionStorage.getItem('customer')).toBeNull();
    expect(shell?.actor.getSnapshot().context.customer).toBeNull();
  });
});

describe('forgotten password and recovery', () => {
  it('a valid e-mail: success toast, then the success page', async () => {
    mount('/en/forgot-password', (c) => (c.path === 'customer/pwdreset' ? { status: 200, body: { data: true } } : undefined));
    await screen.findByRole('heading', { level: 1, name: t('title.forgotPassword') }, { timeout: 5000 });
    type('email', 'nope');
    fireEvent.click(screen.getByRole('button', { name: t('auth.forgotSubmit') }));
    await waitFor(() => expect(errorOf(input('email'))).toContain(t('form.emailInvalid')));
    expect(called('customer/pwdreset')).toHaveLength(0);
    type('email', 'anna@museum.example');
    fireEvent.click(screen.getByRole('button', { name: t('auth.forgotSubmit') }));
    await waitFor(() => expect(location()?.pathname).toBe('/en/password-reset-success'));
    expect((await screen.findByTestId('toast')).textContent).toContain(t('auth.requestResetSuccess'));
    expect((called('customer/pwdreset')[0]?.body as { backlink: string }).backlink).toMatch(/\/en\/recover\/$/);
  });

  it('a failed request: AUTH_REQUEST_RESET_FAIL', async () => {
    mount('/en/forgot-password', (c) => (c.path === 'customer/pwdreset' ? { status: 422, body: { error: 'AUTH_REQUEST_RESET_FAIL', message: 'x' } } : undefined));
    await screen.findByRole('heading', { level: 1, name: t('title.forgotPassword') }, { timeout: 5000 });
    type('email', 'anna@museum.example');
    fireEvent.click(screen.getByRole('button', { name: t('auth.forgotSubmit') }));
    expect((await screen.findByTestId('toast')).textContent).toContain(t('auth.requestResetFail'));
    expect(location()?.pathname).toBe('/en/forgot-password');
  });

  it("recover: 400 'You must fill all fields', 422 the server's error, success logs in", async () => {
    let answer: Reply = { status: 400, body: { error: 'AUTH_MISSING_FIELDS', message: 'You must fill all fields' } };
    mount('/en/recover/GUID-123', (c) =>
      c.path === 'customer/pwdconfirm' ? (c.body === null ? { status: 200, body: { data: true } } : answer) : c.path === 'customer' ? { status: 200, body: { data: customer() } } : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: t('title.recoverAccount') }, { timeout: 5000 });
    const submit = screen.getByRole('button', { name: t('auth.recoverSubmit') });
    fireEvent.click(submit);
    expect(await screen.findByText(t('auth.fillAllFields'))).toBeTruthy();
    expect(posted('customer/pwdconfirm')[0]?.body).toEqual({ token: 'GUID-123', _p: '' });

    type('password', 'Neues-Passwort2');
    type('passwordConfirmation', 'Neues-Passwort3');
    fireEvent.click(submit);
    await waitFor(() => expect(errorOf(input('passwordConfirmation'))).toContain(t('form.passwordsMismatch')));
    expect(posted('customer/pwdconfirm')).toHaveLength(1);

    answer = { status: 422, body: { error: 'AUTH_SETTING_NEW_PASSWORD_FAILED', message: 'This recovery link is not valid or has expired. Please request a new one.', fields: { token: ['x'] } } };
    type('passwordConfirmation', 'Neues-Passwort2');
    fireEvent.click(submit);
    const alert = await screen.findByText(t('auth.recoveryLinkInvalid'));
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect((await screen.findByTestId('toast')).textContent).toContain(t('auth.newPasswordFailed'));

    answer = { status: 200, body: { data: { jwt: JWT } } };
    fireEvent.click(submit);
    await waitFor(() => expect(location()?.pathname).toBe('/en/recover-success'));
    expect(posted('customer/pwdconfirm').at(-1)?.body).toEqual({ token: 'GUID-123', _p: md5('Neues-Passwort2') });
    expect(sessionStorage.getItem('jwt')).toBe(JWT);
    expect(await screen.findByText(t('auth.recoverSuccessText'))).toBeTruthy();
  });
});

describe('the link that confirms a new e-mail address (issue 44)', () => {
  it('opening it confirms the change once and says so; an expired, used or failed link says what happened', async () => {
    let answer: Reply = { status: 200, body: { data: { email: 'dora@museum.example' } } };
    mount('/en/confirm-email/TOKEN-1', (c) => (c.path === 'customer/emailconfirm' ? answer : undefined));
    await screen.findByRole('heading', { level: 1, name: t('title.confirmEmail') }, { timeout: 5000 });
    const confirmed = await screen.findByTestId('email-confirmed');
    expect(confirmed.textContent).toContain(t('settings.emailChanged'));
    expect(confirmed.textContent).toContain('dora@museum.example');
    expect(posted('customer/emailconfirm').map((c) => c.body)).toEqual([{ token: 'TOKEN-1' }]);
    expect(location()?.pathname).toBe('/en/confirm-email/TOKEN-1');
    cleanup();

    answer = { status: 410, body: { error: 'AUTH_EMAIL_LINK_EXPIRED', message: 'This confirmation link has expired.' } };
    mount('/en/confirm-email/TOKEN-2', (c) => (c.path === 'customer/emailconfirm' ? answer : undefined));
    expect((await screen.findByTestId('email-link-expired', {}, { timeout: 5000 })).textContent).toBe(t('emailConfirm.emailLinkExpired'));
    cleanup();

    answer = { status: 404, body: { error: 'AUTH_EMAIL_LINK_INVALID', message: 'This confirmation link is not valid.' } };
    mount('/en/confirm-email/TOKEN-3', (c) => (c.path === 'customer/emailconfirm' ? answer : undefined));
    const invalid = await screen.findByTestId('email-link-invalid', {}, { timeout: 5000 });
    expect(invalid.textContent).toBe(t('emailConfirm.emailLinkInvalid'));
    expect(invalid.getAttribute('role')).toBe('alert');
    cleanup();

    answer = { status: 0, body: null };
    mount('/en/confirm-email/TOKEN-4', (c) => (c.path === 'customer/emailconfirm' ? answer : undefined));
    await screen.findByText(t('emailConfirm.emailConfirmFailed'), {}, { timeout: 5000 });
    answer = { status: 200, body: { data: { email: 'dora@museum.example' } } };
    fireEvent.click(screen.getByRole('button', { name: t('form.retry') }));
    expect((await screen.findByTestId('email-confirmed')).textContent).toContain('dora@museum.example');
  });
});
