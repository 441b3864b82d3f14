/**
 * Issue 45 on the real shell (app machine, router, cart, checkout) with a fake shop API:
 * 1. a logged-in customer's different delivery address chooses its country from the shop's list
 *    in the page's language (never typed), one empty choice; a country kept from before that is
 *    not a code of the list ("Deutschland") is refused at its field, initPayment is not asked;
 * 2. a logged-in customer without a known country gets shipping priced: the customer record is
 *    read again when it is missing, and while the country is still unknown the cart lets the
 *    customer choose it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import en from '../../src/i18n/messages/en.json';
import de from '../../src/i18n/messages/de.json';
import { createShell, type ShellInstance } from '../../src/app/services.js';
import { App } from '../../src/app/App.js';
import { providerRedirect } from '../../src/app/journeys/checkout.js';
import { fakeServer, type Reply } from './shell-harness.js';

const catalogues = { en: en as Record<string, string>, de: de as Record<string, string> };
/** A catalogue message (fails loudly for an unknown id). */
function t(id: string, lang: keyof typeof catalogues = 'en'): string {
  const message = catalogues[lang][id];
  if (message === undefined) throw new Error(`${lang}.json has no message ${id}`);
  return message;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const JWT = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '7', guest: false, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;
const BOOK = { type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 };
const PAYMENTS = [{ payartId: 161, i18n: { en: 'Online payment (card, TWINT)', de: 'Online-Zahlung (Karte, TWINT)' } }];
const PROVIDER_URL = 'http://shop.test/provider/en/pay?cartId=CART12345678&session=SESS';
/** The shop's country list in the language of the request (GET countries and customer/attr hold the same). */
const COUNTRY_NAMES: Record<string, [string, string][]> = {
  en: [['CH', 'Switzerland'], ['DE', 'Germany']],
  de: [['CH', 'Schweiz'], ['DE', 'Deutschland']],
};
const customerRecord = (over: Record<string, unknown> = {}) => ({
  id: 7, email: 'anna@museum.example', salutation: 'ms', fname: 'Anna', lname: 'Muster', company: '', phone: '', isGuest: false, country: 'DE',
  send_invoice: true, addrBilling: { name: 'Anna Muster', street: 'Museumstrasse 2', zip: '8001', city: 'Zürich', country: 'DE' }, addrShipping: null, ...over,
});

interface Call {
  lang: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
let shell: ShellInstance | null = null;
let calls: Call[] = [];
let redirects: string[] = [];

function mount(path: string, api: (call: Call) => Reply | undefined = () => undefined) {
  calls = [];
  redirects = [];
  providerRedirect.assign = (url) => void redirects.push(url);
  const server = fakeServer({
    handler: (p, url) => {
      const lang = url.pathname.split('/')[2] ?? 'en';
      const call = calls.filter((c) => c.path === p).at(-1) ?? { lang, path: p, query: url.searchParams, body: null };
      const answer = api(call);
      if (answer) return answer;
      if (p === 'checkout/payments') return { status: 200, body: { data: PAYMENTS } };
      if (p === 'checkout/suggest') return { status: 200, body: { data: [] } };
      if (p === 'countries') return { status: 200, body: { data: (COUNTRY_NAMES[lang] ?? []).map(([key, name]) => ({ key, name, shippable: true })) } };
      if (p === 'customer/attr') {
        return { status: 200, body: { data: { countries: Object.fromEntries(COUNTRY_NAMES[lang] ?? []), salutations: {}, required_fields: [], visible_fields: [] } } };
      }
      if (p === 'shipping/costs') return { status: 200, body: { data: 900 } };
      if (p === 'checkout/initPayment') return { status: 200, body: { data: PROVIDER_URL } };
      return undefined;
    },
  });
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push({
      lang: url.pathname.split('/')[2] ?? '',
      path: url.pathname.replace(/^\/api\/[a-z]{2}\//, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    });
    return server.fetch(input, init);
  };
  shell = createShell({ baseURL: 'http://shop.test/api', history: createMemoryHistory({ initialEntries: [path] }), fetch: recording, reload: () => {}, assign: () => {} });
  render(<App shell={shell} />);
  return shell;
}

const called = (p: string) => calls.filter((c) => c.path === p);
/** The field a label names (label/for), the way a screen reader finds it. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}`)) as HTMLInputElement | HTMLSelectElement;
const optionsOf = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => [o.value, o.textContent]);
const errorOf = (element: HTMLElement) => document.getElementById((element.getAttribute('aria-describedby') ?? '').split(' ').pop() ?? '')?.textContent ?? '';

function loggedIn(customer: Record<string, unknown> | null) {
  sessionStorage.setItem('jwt', JWT);
  if (customer) sessionStorage.setItem('customer', JSON.stringify(customer));
}

async function openCheckout(lang: 'en' | 'de', api?: (call: Call) => Reply | undefined) {
  sessionStorage.setItem('cart', JSON.stringify([BOOK]));
  mount(`/${lang}/checkout`, api);
  await screen.findByRole('heading', { level: 1, name: t('title.checkout', lang) }, { timeout: 5000 });
  await screen.findAllByTestId('cart-line');
}

const acceptTerms = () => {
  for (const box of screen.getAllByRole('checkbox')) {
    if (/terms|privacy|Geschäftsbedingungen|Datenschutz/i.test(box.closest('label')?.textContent ?? box.getAttribute('name') ?? '')) fireEvent.click(box);
  }
};

afterEach(() => {
  cleanup();
  shell?.actor.stop();
  shell = null;
  sessionStorage.clear();
});

describe('issue 45 item 1: one country select for the delivery address, from the shop\'s list', () => {
  it('a logged-in customer chooses the delivery country from the list in the page\'s language, with one empty choice; the cart prices that country', async () => {
    loggedIn({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' });
    await openCheckout('de');
    await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
    // (the delivery address is a part of the payment form loaded beside it)
    fireEvent.click(await screen.findByRole('checkbox', { name: t('deliveryAddress.sameAsBilling', 'de') }, { timeout: 3000 }));

    // a choice, never a text field: "Deutschland" cannot be typed; the names in German, "Bitte wählen" once
    const country = await waitFor(() => {
      const select = field(t('deliveryAddress.country', 'de'));
      expect(select.tagName).toBe('SELECT');
      expect(optionsOf(select)).toEqual([
        ['', t('form.choose', 'de')],
        ['CH', 'Schweiz'],
        ['DE', 'Deutschland'],
      ]);
      return select;
    });
    expect(calls.filter((c) => c.path === 'countries' || c.path === 'customer/attr').every((c) => c.lang === 'de')).toBe(true);

    fireEvent.change(country, { target: { value: 'DE' } });
    // the delivery country is the shipping country: the cart asks for it with the token
    await waitFor(() => expect(called('shipping/costs').some((c) => (c.body as { delivery_country?: string }).delivery_country === 'DE')).toBe(true), { timeout: 3000 });
    expect(called('shipping/costs').at(-1)?.query.get('_')).toBe(JWT);
    await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });

    fireEvent.change(field(t('deliveryAddress.name', 'de')), { target: { value: 'Max Muster' } });
    fireEvent.change(field(t('deliveryAddress.street', 'de')), { target: { value: 'Hauptstrasse 1' } });
    fireEvent.change(field(t('deliveryAddress.zip', 'de')), { target: { value: '10115' } });
    fireEvent.change(field(t('deliveryAddress.city', 'de')), { target: { value: 'Berlin' } });
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: t('checkout.pay', 'de') }));
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]), { timeout: 3000 });
    const shipping = (called('checkout/initPayment')[0]?.body as { shipping?: { address?: { country?: string } } }).shipping;
    expect(shipping?.address?.country).toBe('DE');
  });

  it('a delivery country kept from before that is not a code of the list ("Deutschland") is refused at its field, in the page\'s language; initPayment is not asked', async () => {
    sessionStorage.setItem('deliveryAddress', JSON.stringify({ owner: null, values: { name: 'Max Muster', street: 'Hauptstrasse 1', zip: '10115', city: 'Berlin', country: 'Deutschland' } }));
    sessionStorage.setItem('cart.country', JSON.stringify({ chosenCountry: 'CH', deliveryCountry: null }));
    await openCheckout('de');
    await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: t('checkout.pay', 'de') }));
    const country = field(t('deliveryAddress.country', 'de'));
    await waitFor(() => expect(country.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(country)).toBe(t('form.chooseCountry', 'de'));
    expect(country.tagName).toBe('SELECT');
    expect(country.value).toBe('');
    expect(called('checkout/initPayment')).toHaveLength(0);
    expect(redirects).toEqual([]);
  });
});

describe('issue 45 item 2: a logged-in customer without a known country gets shipping priced', () => {
  it('no country in the customer record: the cart lets the customer choose it, and prices it with the token', async () => {
    loggedIn({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: '' });
    await openCheckout('en');
    const select = await screen.findByTestId('shipping-country', {}, { timeout: 3000 });
    expect(optionsOf(select)).toEqual([
      ['', t('shipping.countryPlaceholder')],
      ['CH', 'Switzerland'],
      ['DE', 'Germany'],
    ]);
    fireEvent.change(select, { target: { value: 'DE' } });
    await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
    const asked = called('shipping/costs').at(-1);
    // the server knows no country behind the token: the chosen one goes with the cart
    expect(asked?.body).toMatchObject({ country: 'DE' });
    expect(asked?.query.get('_')).toBe(JWT);
    await waitFor(() => expect(screen.getByRole('button', { name: t('checkout.pay') })).toHaveProperty('disabled', false), { timeout: 3000 });
  });

  it('the customer record missing after the login (GET customer failed): it is read again, and shipping is priced for its country', async () => {
    loggedIn(null);
    await openCheckout('en', (c) => (c.path === 'customer' ? { status: 200, body: { data: customerRecord() } } : undefined));
    await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
    expect(called('customer')).toHaveLength(1);
    expect(called('customer')[0]?.query.get('_')).toBe(JWT);
    expect(called('shipping/costs').at(-1)?.query.get('_')).toBe(JWT);
    expect(screen.getByTestId('shipping-destination').textContent).toContain('Germany');
    // kept with the session, as after a login that read it
    expect(JSON.parse(sessionStorage.getItem('customer') ?? 'null')).toMatchObject({ fname: 'Anna', country: 'DE' });
  });

  it('the record cannot be read again either: the cart lets the customer choose the country instead of waiting for ever', async () => {
    loggedIn(null);
    await openCheckout('en', (c) => (c.path === 'customer' ? { status: 404, body: { error: 'NOT_FOUND', message: 'gone' } } : undefined));
    const select = await screen.findByTestId('shipping-country', {}, { timeout: 3000 });
    fireEvent.change(select, { target: { value: 'CH' } });
    await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
    expect(called('shipping/costs').at(-1)?.body).toMatchObject({ country: 'CH' });
    // asked once more, not again and again
    expect(called('customer')).toHaveLength(1);
  });
});

/** Opens the different delivery address of a logged-in customer's checkout and fills it (Berlin). */
async function typeBerlinAddress(lang: 'en' | 'de', zip = '10115') {
  await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
  fireEvent.click(await screen.findByRole('checkbox', { name: t('deliveryAddress.sameAsBilling', lang) }, { timeout: 3000 }));
  fireEvent.change(await waitFor(() => field(t('deliveryAddress.country', lang))), { target: { value: 'DE' } });
  // the delivery country is the shipping country: priced again before Pay goes on
  await waitFor(() => expect(called('shipping/costs').some((c) => (c.body as { delivery_country?: string }).delivery_country === 'DE')).toBe(true), { timeout: 3000 });
  await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
  fireEvent.change(field(t('deliveryAddress.name', lang)), { target: { value: 'Max Muster' } });
  fireEvent.change(field(t('deliveryAddress.street', lang)), { target: { value: 'Hauptstrasse 1' } });
  fireEvent.change(field(t('deliveryAddress.zip', lang)), { target: { value: zip } });
  fireEvent.change(field(t('deliveryAddress.city', lang)), { target: { value: 'Berlin' } });
  acceptTerms();
}

describe("issue 45 item 1: the server's refusal of the delivery address is told at its fields, in the page's language", () => {
  it('initPayment 422 VALIDATION_FAILED naming shipping.address fields: each field says why in German, the notice says to correct them; nothing in English', async () => {
    loggedIn({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' });
    let refuse = true;
    await openCheckout('de', (c) =>
      c.path === 'checkout/initPayment' && refuse
        ? {
            status: 422,
            body: {
              error: 'VALIDATION_FAILED',
              message: 'The request is not valid.',
              // a back end with a shorter zip than the shop's own limit, and a country it does not know
              fields: { 'shipping.address.zip': ['At most 5 characters.'], 'shipping.address.country': ['Please fill in all fields for Shipping Address'] },
            },
          }
        : undefined,
    );
    await typeBerlinAddress('de', '10115-B');
    fireEvent.click(screen.getByRole('button', { name: t('checkout.pay', 'de') }));
    // (the form is busy while the payment starts)
    await waitFor(() => expect(field(t('deliveryAddress.zip', 'de')).getAttribute('aria-invalid')).toBe('true'), { timeout: 3000 });
    const zip = field(t('deliveryAddress.zip', 'de'));
    expect(errorOf(zip)).toBe('Höchstens 5 Zeichen.');
    const country = field(t('deliveryAddress.country', 'de'));
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(country)).toBe(t('form.chooseCountry', 'de'));
    expect(screen.getByTestId('payment-refused').textContent).toBe(t('form.correctErrors', 'de'));
    expect(document.body.textContent).not.toContain('The request is not valid.');
    expect(document.body.textContent).not.toContain('At most');
    expect(redirects).toEqual([]);
    // corrected, the next payment goes to the provider, and the field's message goes with the change
    fireEvent.change(zip, { target: { value: '10115' } });
    expect(zip.getAttribute('aria-invalid')).toBeNull();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: t('checkout.pay', 'de') }));
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]), { timeout: 3000 });
  });

  it('a refusal of the request that names no field the visitor can correct says, in German, that the cart cannot be completed', async () => {
    loggedIn({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' });
    await openCheckout('de', (c) =>
      c.path === 'checkout/initPayment' ? { status: 422, body: { error: 'VALIDATION_FAILED', message: 'The request is not valid.', fields: { 'cart.items.0.count': ['Invalid'] } } } : undefined,
    );
    await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: t('checkout.pay', 'de') }));
    expect((await screen.findByTestId('payment-refused', {}, { timeout: 3000 })).textContent).toBe(t('checkout.cannotComplete', 'de'));
    expect(document.body.textContent).not.toContain('The request is not valid.');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
  });

  it("a field longer than the shop takes is refused at the field before anything is sent (the server's limit, one source)", async () => {
    loggedIn({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' });
    await openCheckout('en');
    await typeBerlinAddress('en', '1'.repeat(17));
    fireEvent.click(screen.getByRole('button', { name: t('checkout.pay') }));
    await waitFor(() => expect(field(t('deliveryAddress.zip')).getAttribute('aria-invalid')).toBe('true'));
    const zip = field(t('deliveryAddress.zip'));
    expect(errorOf(zip)).toBe('At most 16 characters.');
    expect(called('checkout/initPayment')).toHaveLength(0);
  });
});

describe("issue 45 item 3: after a 401, the former customer's delivery address does not reach the next visitor", () => {
  const BERT_JWT = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '8', guest: false, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;
  const bert = customerRecord({
    id: 8, email: 'bert@museum.example', salutation: 'mr', fname: 'Bert', lname: 'Beispiel', country: 'CH',
    addrBilling: { name: 'Bert Beispiel', street: 'Hafenweg 9', zip: '6004', city: 'Luzern', country: 'CH' },
  });
  const expired = { status: 401, body: { error: 'AUTH_TOKEN_INVALID', message: 'Your session has expired. Please log in again.' } };

  async function annaTypesAndHerSessionEnds(api: (call: Call) => Reply | undefined) {
    loggedIn({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' });
    await openCheckout('en', api);
    await typeBerlinAddress('en');
    fireEvent.click(screen.getByRole('button', { name: t('checkout.pay') }));
    await screen.findByRole('heading', { level: 1, name: t('title.login') }, { timeout: 5000 });
  }
  const noAnnaAddress = () => {
    for (const value of ['Max Muster', 'Hauptstrasse 1', '10115', 'Berlin']) expect(screen.queryByDisplayValue(value)).toBeNull();
  };

  it("another customer logs in at the same computer: the checkout is theirs, without Anna's address, and pays without it", async () => {
    let sessionEnded = true;
    await annaTypesAndHerSessionEnds((c) => {
      if (c.path === 'checkout/initPayment' && sessionEnded) return expired;
      if (c.path === 'auth/login') return { status: 200, body: { data: { jwt: BERT_JWT } } };
      if (c.path === 'customer') return { status: 200, body: { data: bert } };
      return undefined;
    });
    sessionEnded = false;
    fireEvent.change(screen.getByLabelText(new RegExp(`^${escape(t('auth.email'))}`)), { target: { value: 'bert@museum.example' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${escape(t('auth.password'))}`)), { target: { value: 'Hafen2026!' } });
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    // the login goes back to the checkout (returnTo)
    await screen.findByRole('heading', { level: 1, name: t('title.checkout') }, { timeout: 5000 });
    await waitFor(() => expect(shell?.actor.getSnapshot().context.jwt).toBe(BERT_JWT));
    const same = await screen.findByRole('checkbox', { name: t('deliveryAddress.sameAsBilling') }, { timeout: 3000 });
    expect((same as HTMLInputElement).checked).toBe(true);
    noAnnaAddress();
    expect(sessionStorage.getItem('deliveryAddress')).toBeNull();
    // Bert pays: his token, no delivery address of Anna's
    await waitFor(() => expect(screen.getByRole('button', { name: t('checkout.pay') })).toHaveProperty('disabled', false), { timeout: 3000 });
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: t('checkout.pay') }));
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]), { timeout: 3000 });
    const paid = called('checkout/initPayment').at(-1);
    expect(paid?.query.get('_')).toBe(BERT_JWT);
    expect((paid?.body as { shipping?: { address?: unknown } }).shipping?.address ?? null).toBeNull();
  });

  it("an address kept in the session for a customer (the checkout's own record gone) fills only that customer's checkout", async () => {
    const annas = { owner: '7', values: { name: 'Max Muster', street: 'Hauptstrasse 1', zip: '10115', city: 'Berlin', country: 'DE' } };
    sessionStorage.setItem('deliveryAddress', JSON.stringify(annas));
    await openCheckout('en');
    await screen.findByRole('checkbox', { name: t('deliveryAddress.sameAsBilling') }, { timeout: 3000 });
    noAnnaAddress();
    cleanup();
    shell?.actor.stop();
    sessionStorage.clear();
    // Anna's own session: her address is back
    sessionStorage.setItem('deliveryAddress', JSON.stringify(annas));
    loggedIn({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' });
    await openCheckout('en');
    expect(await screen.findByDisplayValue('Hauptstrasse 1', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('nobody logs in: the next visitor at the checkout does not see the address either', async () => {
    await annaTypesAndHerSessionEnds((c) => (c.path === 'checkout/initPayment' ? expired : undefined));
    await act(() => shell?.router.navigate({ href: '/en/checkout' }));
    await screen.findByRole('heading', { level: 1, name: t('title.checkout') }, { timeout: 5000 });
    expect(shell?.actor.getSnapshot().context.jwt).toBeNull();
    await screen.findAllByTestId('cart-line');
    noAnnaAddress();
    expect(sessionStorage.getItem('deliveryAddress')).toBeNull();
  });
});
