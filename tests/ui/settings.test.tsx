/**
 * The settings page on the real shell with a fake shop API (issue 13): login required (a guest
 * too) and back, the server's fields, customer/validate then customer/update with the token as
 * `_`, 422 errors on their fields, the header's new name, the password change (MD5, a wrong
 * current password on its field, the fresh token stored), the e-mail change, the delivery
 * address rule of §5, a 401 during the settings that goes through login and keeps what was typed,
 * and the guest form's delivery address and send_invoice when the cart ships.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { md5 } from 'js-md5';
import en from '../../src/i18n/messages/en.json';
import { createShell, type ShellInstance } from '../../src/app/services.js';
import { App } from '../../src/app/App.js';
import type { RemoteConfig } from '../../src/api/schemas/config.js';
import { fakeServer, type Reply } from './shell-harness.js';

const catalogue = en as Record<string, string>;
function t(id: string, values: Record<string, string> = {}): string {
  const message = catalogue[id];
  if (message === undefined) throw new Error(`en.json has no message ${id}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
const token = (sub: string, guest = false) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, guest, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;
const JWT = token('7');
const FRESH_JWT = token('7') + 'x';
const customer = (over: Record<string, unknown> = {}) => ({
  id: 7, email: 'anna@museum.example', salutation: 'ms', fname: 'Anna', lname: 'Muster', company: '', phone: '', isGuest: false, country: 'CH',
  send_invoice: true, addrBilling: { name: 'Anna Muster', street: 'Museumstrasse 2', zip: '8001', city: 'Zürich', country: 'CH' }, addrShipping: null, ...over,
});
const ATTR = {
  countries: { CH: 'Switzerland', DE: 'Germany' },
  salutations: { ms: 'Ms', mr: 'Mr' },
  required_fields: ['email', 'password', 'fname', 'lname', 'street', 'zip', 'city', 'country'],
  visible_fields: ['email', 'password', 'salutation', 'fname', 'lname', 'phone', 'street', 'zip', 'city', 'country'],
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

function loggedIn(jwt = JWT, guest = false) {
  sessionStorage.setItem('jwt', jwt);
  sessionStorage.setItem('customer', JSON.stringify({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', guest }));
}

/** The fake account API: customer and attr answer; `more` decides the rest. */
const account = (more: (c: Call) => Reply | undefined = () => undefined) => (c: Call): Reply | undefined => {
  if (c.path === 'customer') return { status: 200, body: { data: customer() } };
  if (c.path === 'customer/attr') return { status: 200, body: { data: ATTR } };
  return more(c);
};

const called = (p: string) => calls.filter((c) => c.path === p);
const location = () => shell?.router.state.location;
const input = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const errorOf = (element: HTMLElement) => document.getElementById((element.getAttribute('aria-describedby') ?? '').split(' ').pop() ?? '')?.textContent ?? '';
const section = (titleId: string) => screen.getByRole('region', { name: t(titleId) });
const submit = (titleId: string, buttonId: string) => fireEvent.click(within(section(titleId)).getByRole('button', { name: t(buttonId) }));
const opened = () => screen.findByRole('heading', { level: 2, name: t('settings.detailsTitle') }, { timeout: 5000 });

afterEach(() => {
  cleanup();
  shell?.actor.stop();
  shell = null;
  sessionStorage.clear();
});

describe('settings: login required', () => {
  it('a logged-out visitor goes to login with returnTo and fromUnauthorized, and comes back after login', async () => {
    mount('/en/settings', (c) =>
      c.path === 'auth/login' ? { status: 200, body: { data: { jwt: JWT } } } : account()(c),
    );
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    expect(location()?.pathname).toBe('/en/login');
    const search = location()?.search as { returnTo?: unknown; fromUnauthorized?: unknown };
    expect(search.returnTo).toBe('/en/settings');
    expect(String(search.fromUnauthorized)).toBe('true');
    type('email', 'anna@museum.example');
    type('password', 'Museum2026!');
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await opened();
    expect(location()?.pathname).toBe('/en/settings');
    expect(input('fname').value).toBe('Anna');
  });

  it('a guest counts as logged out (§6): login, not the settings', async () => {
    loggedIn(token('8', true), true);
    mount('/en/settings', account());
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    expect(called('customer')).toHaveLength(0);
  });
});

describe('settings: account details', () => {
  it('shows the fields the server marks visible, required ones marked; the token goes as _', async () => {
    loggedIn();
    mount('/en/settings', account());
    await opened();
    expect(called('customer')[0]?.query.get('_')).toBe(JWT);
    for (const name of ['salutation', 'fname', 'lname', 'phone', 'street', 'zip', 'city', 'country']) expect(input(name)).toBeTruthy();
    expect(input('company')).toBeNull();
    expect(input('fname').required).toBe(true);
    expect(input('phone').required).toBe(false);
  });

  it('an empty required field is refused on the field and focused; nothing is sent', async () => {
    loggedIn();
    mount('/en/settings', account());
    await opened();
    type('fname', ' ');
    submit('settings.detailsTitle', 'settings.saveDetails');
    await waitFor(() => expect(input('fname').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('fname'))).toContain(t('form.required'));
    expect(document.activeElement).toBe(input('fname'));
    expect(called('customer/validate')).toHaveLength(0);
  });

  it('validate, then update with the saved delivery address; the header shows the new name; USER_SETTINGS_SAVED', async () => {
    loggedIn();
    mount(
      '/en/settings',
      account((c) =>
        c.path === 'customer/validate'
          ? { status: 200, body: { data: true } }
          : c.path === 'customer/update'
            ? { status: 200, body: { data: customer({ fname: 'Dora', addrBilling: { name: 'Dora Muster', street: 'Museumstrasse 2', zip: '8001', city: 'Zürich', country: 'CH' } }) } }
            : undefined,
      ),
    );
    await opened();
    type('fname', 'Dora');
    submit('settings.detailsTitle', 'settings.saveDetails');
    await screen.findByTestId('settings-details-saved');
    expect(screen.getByTestId('settings-details-saved').textContent).toBe(t('settings.saved'));
    expect(called('customer/validate')[0]?.query.get('_')).toBe(JWT);
    expect(called('customer/update')[0]?.query.get('_')).toBe(JWT);
    expect(called('customer/update')[0]?.body).toEqual({
      c: { salutation: 'ms', fname: 'Dora', lname: 'Muster', company: '', phone: '', street: 'Museumstrasse 2', zip: '8001', city: 'Zürich', country: 'CH', shipping: null },
    });
    // the header menu and the stored session show the new name
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('Dora Muster'));
    expect(JSON.parse(sessionStorage.getItem('customer') ?? '{}')).toMatchObject({ fname: 'Dora' });
  });

  it('a 422 of customer/validate puts each error on its field; nothing is saved', async () => {
    loggedIn();
    mount(
      '/en/settings',
      account((c) =>
        c.path === 'customer/validate'
          ? { status: 422, body: { error: 'VALIDATION_FAILED', message: 'Please correct the errors in the form', fields: { phone: ['Please enter a valid phone number.'] } } }
          : undefined,
      ),
    );
    await opened();
    type('phone', 'call me');
    submit('settings.detailsTitle', 'settings.saveDetails');
    await waitFor(() => expect(input('phone').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('phone'))).toContain(t('form.phoneInvalid'));
    expect(called('customer/update')).toHaveLength(0);
  });
});

describe('settings: delivery address', () => {
  it('a different address needs all five fields (§5), then saves with the saved details', async () => {
    loggedIn();
    mount('/en/settings', account((c) => (c.path === 'customer/update' ? { status: 200, body: { data: customer({ addrShipping: { id: 7, name: 'Anna Muster', street: 'Seeweg 1', zip: '10115', city: 'Berlin', country: 'DE' } }) } } : undefined)));
    await opened();
    fireEvent.click(screen.getByRole('checkbox', { name: t('deliveryAddress.sameAsBilling') }));
    type('fname', 'Not saved here');
    submit('settings.addressTitle', 'settings.saveAddress');
    await waitFor(() => expect(input('shipping-street').getAttribute('aria-invalid')).toBe('true'));
    for (const field of ['street', 'zip', 'city']) expect(errorOf(input(`shipping-${field}`))).toContain(t('deliveryAddress.fillAllFields'));
    expect(input('shipping-name').value).toBe('Anna Muster');
    expect(called('customer/update')).toHaveLength(0);
    type('shipping-street', 'Seeweg 1');
    type('shipping-zip', '10115');
    type('shipping-city', 'Berlin');
    type('shipping-country', 'DE');
    submit('settings.addressTitle', 'settings.saveAddress');
    await screen.findByTestId('settings-address-saved');
    expect(called('customer/update')[0]?.body).toMatchObject({
      c: { fname: 'Anna', street: 'Museumstrasse 2', shipping: { name: 'Anna Muster', street: 'Seeweg 1', zip: '10115', city: 'Berlin', country: 'DE' } },
    });
  });
});

describe('settings: the country fields (issue 45 item 1)', () => {
  it('the billing and the delivery address choose the country from customer/attr\'s list, with one empty choice at most', async () => {
    loggedIn();
    mount('/en/settings', account());
    await opened();
    fireEvent.click(screen.getByRole('checkbox', { name: t('deliveryAddress.sameAsBilling') }));
    for (const name of ['country', 'shipping-country']) {
      const select = input(name) as unknown as HTMLSelectElement;
      expect(select.tagName).toBe('SELECT');
      const options = [...select.options].map((o) => [o.value, o.textContent]);
      expect(options.filter(([value]) => value !== '')).toEqual([
        ['CH', 'Switzerland'],
        ['DE', 'Germany'],
      ]);
      // "Please choose" while nothing is chosen, once; none once a country is
      expect(options.filter(([value]) => value === '')).toEqual(select.value === '' ? [['', t('form.choose')]] : []);
    }
  });
});

describe('settings: password', () => {
  it('a wrong current password is said on its field (AUTH_PASSWORD_CHANGE_FAILED); success stores the fresh token', async () => {
    loggedIn();
    let wrong = true;
    mount(
      '/en/settings',
      account((c) => {
        if (c.path !== 'customer/pwdchange') return undefined;
        if (wrong) return { status: 422, body: { error: 'AUTH_PASSWORD_CHANGE_FAILED', message: 'The password could not be changed.', fields: { _po: ['The current password is not correct.'] } } };
        return { status: 200, body: { data: { jwt: FRESH_JWT } } };
      }),
    );
    await opened();
    type('new-password', 'short');
    submit('settings.passwordTitle', 'settings.changePassword');
    await waitFor(() => expect(input('current-password').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('new-password'))).toContain(t('form.passwordTooShort'));
    expect(called('customer/pwdchange')).toHaveLength(0);

    type('current-password', 'not my password');
    type('new-password', 'Lake-view-2027');
    type('new-password-confirmation', 'Lake-view-2027');
    submit('settings.passwordTitle', 'settings.changePassword');
    await waitFor(() => expect(errorOf(input('current-password'))).toContain(t('settings.currentPasswordWrong')));
    expect(within(section('settings.passwordTitle')).getByRole('alert').textContent).toContain(t('settings.passwordChangeFailed'));
    expect(called('customer/pwdchange')[0]?.body).toEqual({ _po: md5('not my password'), _pn: md5('Lake-view-2027') });
    expect(called('customer/pwdchange')[0]?.query.get('_')).toBe(JWT);

    wrong = false;
    type('current-password', 'Museum2026!');
    submit('settings.passwordTitle', 'settings.changePassword');
    await screen.findByTestId('settings-password-saved');
    expect(sessionStorage.getItem('jwt')).toBe(FRESH_JWT);
    expect(shell?.actor.getSnapshot().context.jwt).toBe(FRESH_JWT);
    expect(input('current-password').value).toBe('');
  });
});

describe('settings: e-mail', () => {
  it('a taken address is said on the e-mail field; success says where the confirmation went and keeps the address until it is followed (issue 44)', async () => {
    loggedIn();
    let taken = true;
    mount(
      '/en/settings',
      account((c) => {
        if (c.path !== 'customer/emailchange') return undefined;
        if (taken) return { status: 422, body: { error: 'AUTH_EMAIL_CHANGE_FAILED', message: 'x', fields: { email: ['This e-mail address is already registered.'] } } };
        return { status: 200, body: { data: { email: 'dora@museum.example', expiresAt: '2026-12-08T10:00:00.000Z' } } };
      }),
    );
    await opened();
    type('new-email', 'demo@museum.example');
    type('email-password', 'Museum2026!');
    submit('settings.emailTitle', 'settings.changeEmail');
    await waitFor(() => expect(errorOf(input('new-email'))).toContain(t('form.emailTaken')));
    expect(called('customer/emailchange')[0]?.body).toEqual({ _po: md5('Museum2026!'), email: 'demo@museum.example' });
    taken = false;
    type('new-email', 'dora@museum.example');
    submit('settings.emailTitle', 'settings.changeEmail');
    const saved = await screen.findByTestId('settings-email-saved');
    // "we sent a confirmation to <new>; your address changes once you follow the link"
    expect(saved.textContent).toContain('We sent a confirmation link to dora@museum.example.');
    expect(saved.textContent).toContain('Your address changes once you follow it');
    expect(screen.getByTestId('settings-pending-email').textContent).toContain('dora@museum.example');
    // nothing changed yet: the page and the session keep the current address
    expect(screen.getByTestId('settings-current-email').textContent).not.toContain('dora@museum.example');
    expect(JSON.parse(sessionStorage.getItem('customer') ?? '{}')).not.toMatchObject({ email: 'dora@museum.example' });
  });
});

describe('settings: the session expires', () => {
  it('a 401 on save goes to login with returnTo and fromUnauthorized; after login the typed details are back', async () => {
    loggedIn();
    let expired = true;
    mount(
      '/en/settings',
      account((c) =>
        c.path === 'customer/validate' && expired
          ? { status: 401, body: { error: 'AUTH_TOKEN_INVALID', message: 'Your session has expired. Please log in again.' } }
          : c.path === 'auth/login'
            ? { status: 200, body: { data: { jwt: FRESH_JWT } } }
            : undefined,
      ),
    );
    await opened();
    type('fname', 'Dora');
    type('city', 'Basel');
    submit('settings.detailsTitle', 'settings.saveDetails');
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    expect(location()?.search).toMatchObject({ returnTo: '/en/settings', fromUnauthorized: 'true' });
    expired = false;
    type('email', 'anna@museum.example');
    type('password', 'Museum2026!');
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await opened();
    expect(input('fname').value).toBe('Dora');
    expect(input('city').value).toBe('Basel');
    expect(sessionStorage.getItem('settingsDraft')).toBeNull();
    expect(called('customer').at(-1)?.query.get('_')).toBe(FRESH_JWT);
  });

  it("after a 401, another customer's login shows that customer's account: never the draft the former one typed (issue 45)", async () => {
    loggedIn();
    const BERT_JWT = token('8');
    const bert = customer({
      id: 8, email: 'bert@museum.example', salutation: 'mr', fname: 'Bert', lname: 'Beispiel',
      addrBilling: { name: 'Bert Beispiel', street: 'Hafenweg 9', zip: '4051', city: 'Luzern', country: 'CH' },
    });
    let expired = true;
    mount('/en/settings', (c) => {
      if (c.path === 'customer') return { status: 200, body: { data: c.query.get('_') === BERT_JWT ? bert : customer() } };
      if (c.path === 'customer/attr') return { status: 200, body: { data: ATTR } };
      if (c.path === 'customer/validate' && expired) return { status: 401, body: { error: 'AUTH_TOKEN_INVALID', message: 'Your session has expired. Please log in again.' } };
      if (c.path === 'auth/login') return { status: 200, body: { data: { jwt: BERT_JWT } } };
      return undefined;
    });
    await opened();
    // Anna types, her session ends, she walks away
    type('fname', 'Dora');
    type('city', 'Basel');
    submit('settings.detailsTitle', 'settings.saveDetails');
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    expired = false;
    // Bert logs in at the same computer; the login goes back to the settings (returnTo)
    type('email', 'bert@museum.example');
    type('password', 'Hafen2026!');
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await opened();
    await waitFor(() => expect(input('fname').value).toBe('Bert'));
    expect(input('lname').value).toBe('Beispiel');
    expect(input('city').value).toBe('Luzern');
    expect(screen.queryByDisplayValue('Dora')).toBeNull();
    expect(screen.queryByDisplayValue('Basel')).toBeNull();
    // Anna's draft is gone, not waiting for the next login
    expect(sessionStorage.getItem('settingsDraft')).toBeNull();
    expect(called('customer').at(-1)?.query.get('_')).toBe(BERT_JWT);
  });

  it('the draft an ended session kept, with whose it is, is forgotten by a deliberate logout (issue 45)', async () => {
    loggedIn();
    mount(
      '/en/settings',
      account((c) => (c.path === 'customer/validate' ? { status: 401, body: { error: 'AUTH_TOKEN_INVALID', message: 'Your session has expired. Please log in again.' } } : undefined)),
    );
    await opened();
    type('fname', 'Dora');
    submit('settings.detailsTitle', 'settings.saveDetails');
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    // the draft waits for Anna's login, with whose it is
    expect(JSON.parse(sessionStorage.getItem('settingsDraft') ?? '{}')).toMatchObject({ customerId: 7, details: { fname: 'Dora' } });
    // she logs out instead of logging in (the header shows no menu now: /logout, where its link goes)
    await act(() => shell?.router.navigate({ href: '/logout' }));
    await waitFor(() => expect(location()?.pathname).toBe('/en'));
    expect(sessionStorage.getItem('settingsDraft')).toBeNull();
  });
});

describe('guest registration from a cart that ships', () => {
  const merchandise = { type: 'merchandise', id: 301, name: 'Catalogue', price: 3500, totalPrice: 3500, count: 1, vat_value: 2.6 };

  it('asks for the delivery address (§5) and sends it with send_invoice', async () => {
    sessionStorage.setItem('cart', JSON.stringify([merchandise]));
    mount(
      '/en/register-guest?returnTo=%2Fen%2Fcheckout',
      (c) =>
        c.path === 'customer/attr'
          ? { status: 200, body: { data: ATTR } }
          : c.path === 'customer/validate'
            ? { status: 422, body: { error: 'VALIDATION_FAILED', message: 'x', fields: { password: ['Please enter a password.'] } } }
            : c.path === 'auth/guest'
              ? { status: 200, body: { data: { jwt: token('9', true) } } }
              : c.path === 'customer'
                ? { status: 200, body: { data: customer({ isGuest: true }) } }
                : undefined,
      { has_guest_registration: true },
    );
    await waitFor(() => expect(input('fname')).toBeTruthy(), { timeout: 5000 });
    for (const [name, value] of [['email', 'gast@museum.example'], ['emailConfirmation', 'gast@museum.example'], ['fname', 'Gina'], ['lname', 'Gast'], ['street', 'Weg 1'], ['zip', '3000'], ['city', 'Bern']] as const) type(name, value);
    fireEvent.click(screen.getByRole('checkbox', { name: t('deliveryAddress.sameAsBilling') }));
    fireEvent.click(screen.getByRole('checkbox', { name: t('auth.sendInvoice') }));
    fireEvent.click(screen.getByRole('button', { name: t('auth.guestSubmit') }));
    await waitFor(() => expect(input('shipping-name').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('shipping-name'))).toContain(t('deliveryAddress.fillAllFields'));
    expect(called('customer/validate')).toHaveLength(0);
    type('shipping-name', 'Gina Gast');
    type('shipping-street', 'Seeweg 1');
    type('shipping-zip', '10115');
    type('shipping-city', 'Berlin');
    type('shipping-country', 'DE');
    fireEvent.click(screen.getByRole('button', { name: t('auth.guestSubmit') }));
    await waitFor(() => expect(location()?.pathname).toBe('/en/checkout'), { timeout: 5000 });
    expect(called('auth/guest')[0]?.body).toMatchObject({
      c: { email: 'gast@museum.example', send_invoice: false, shipping: { name: 'Gina Gast', street: 'Seeweg 1', zip: '10115', city: 'Berlin', country: 'DE' } },
    });
    // the guest is treated as logged out for the header menu (§6)
    expect(screen.queryByText('Anna Muster')).toBeNull();
    expect(screen.getByRole('banner').querySelector('a[href$="/settings"]')).toBeNull();
  });

  it('without an article to ship there is no delivery address; the invoice goes by e-mail by default', async () => {
    mount('/en/register-guest', (c) => (c.path === 'customer/attr' ? { status: 200, body: { data: ATTR } } : undefined), { has_guest_registration: true });
    await waitFor(() => expect(input('fname')).toBeTruthy(), { timeout: 5000 });
    expect(screen.queryByRole('checkbox', { name: t('deliveryAddress.sameAsBilling') })).toBeNull();
    expect((screen.getByRole('checkbox', { name: t('auth.sendInvoice') }) as HTMLInputElement).checked).toBe(true);
  });

  it('with the flag off, the login screen offers no guest link', async () => {
    mount('/en/login', () => undefined);
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: t('auth.guestLink') })).toBeNull();
  });
});
