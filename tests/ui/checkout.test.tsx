/**
 * The checkout screens on the real shell (app machine, router, cart actor, checkout machine) with a
 * fake shop API: express payment to the provider, login required for other methods, direct debit
 * and terms checked at their fields, initPayment 422 in the cart, confirmation after the provider,
 * every execPayment outcome, a finished booking never confirmed twice, cancel (keep or clear),
 * failed, and order review; initPayment's 429 (issue 44) says what the voucher lookup's 429 says.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import en from '../../src/i18n/messages/en.json';
import de from '../../src/i18n/messages/de.json';
import { createShell, type ShellInstance } from '../../src/app/services.js';
import { App } from '../../src/app/App.js';
import { providerRedirect } from '../../src/app/journeys/checkout.js';
import { fakeServer, type Reply } from './shell-harness.js';
import type { RemoteConfig } from '../../src/api/schemas/config.js';
import { formatLocalTime } from '../../src/i18n/format.js';

const catalogue = en as Record<string, string>;
/** An English catalogue message (fails loudly for an unknown id). */
function t(id: string): string {
  const message = catalogue[id];
  if (message === undefined) throw new Error(`en.json has no message ${id}`);
  return message;
}
const ticket = {
  type: 'ticket', id: 1011, eventId: 101, name: 'Adults', price: 1800, totalPrice: 3600, totalCount: 2,
  datetime: '2026-12-05 11:00', vat_value: 8.1, single_ticketing: 0, subtickets: [],
};
const PAYMENTS = [
  { payartId: 161, i18n: { en: 'Online payment (card, TWINT)' } },
  { payartId: 74, i18n: { en: 'Direct debit' } },
];
const PROVIDER_URL = 'http://shop.test/provider/en/pay?cartId=CART12345678&session=SESS';
const VALID_JWT = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '1', guest: false, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;

interface Call {
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Api = (call: Call) => Reply | undefined;

let shell: ShellInstance | null = null;
let calls: Call[] = [];
let redirects: string[] = [];

function mount(path: string, api: Api = () => undefined, config: Partial<RemoteConfig> = {}) {
  calls = [];
  const server = fakeServer({
    config,
    handler: (p, url) => {
      if (p === 'checkout/payments') return { status: 200, body: { data: PAYMENTS } };
      const call = calls.find((c) => c.path === p && c.query.toString() === url.searchParams.toString()) ?? { path: p, query: url.searchParams, body: null };
      return api(call) ?? (p === 'checkout/suggest' ? { status: 200, body: { data: [] } } : undefined);
    },
  });
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const p = url.pathname.replace(/^\/api\/[a-z]{2}\//, '');
    calls.push({ path: p, query: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
    return server.fetch(input, init);
  };
  shell = createShell({
    baseURL: 'http://shop.test/api',
    history: createMemoryHistory({ initialEntries: [path] }),
    fetch: recording,
    reload: () => {},
    assign: () => {},
  });
  render(<App shell={shell} />);
  return shell;
}

const called = (p: string) => calls.filter((c) => c.path === p);
/** The checkout journey the app keeps in session storage (src/app/journeys/checkout.ts). */
const savedJourney = () => JSON.parse(sessionStorage.getItem('checkoutJourney') ?? 'null') as { value: unknown; context: Record<string, unknown> } | null;
const pathname = () => shell?.router.state.location.pathname;

beforeEach(() => {
  redirects = [];
  providerRedirect.assign = (url) => void redirects.push(url);
});

afterEach(() => {
  cleanup();
  shell?.actor.stop();
  shell = null;
  sessionStorage.clear();
});

async function openCheckout(api?: Api, config: Partial<RemoteConfig> = {}) {
  sessionStorage.setItem('cart', JSON.stringify([ticket]));
  mount('/en/checkout', api, config);
  await screen.findByRole('heading', { level: 1, name: t('title.checkout') }, { timeout: 5000 });
  await screen.findAllByTestId('cart-line');
  // the form takes input once the suggestions have loaded (the checkout's client loads with its first call)
  await waitFor(() => expect(screen.getByRole('button', { name: t('checkout.pay') })).toHaveProperty('disabled', false), { timeout: 5000 });
}

const acceptTerms = () => {
  fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
};
const pay = () => fireEvent.click(screen.getByRole('button', { name: t('checkout.pay') }));

describe('checkout: a logout forgets what was personal (issue 45)', () => {
  const catalogueLine = { type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 };
  const shipping: Api = (c) =>
    c.path === 'shipping/costs'
      ? { status: 200, body: { data: 900 } }
      : c.path === 'countries'
        ? { status: 200, body: { data: [{ key: 'CH', name: 'Switzerland', shippable: true }, { key: 'DE', name: 'Germany', shippable: true }] } }
        : undefined;

  it("the former customer's different delivery address and its country do not fill the next visitor's checkout; the cart stays", async () => {
    sessionStorage.setItem('jwt', VALID_JWT);
    sessionStorage.setItem('customer', JSON.stringify({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' }));
    sessionStorage.setItem('cart', JSON.stringify([catalogueLine]));
    // what Anna's checkout kept in this tab's session: her address in Berlin, and the country it ships to
    sessionStorage.setItem('deliveryAddress', JSON.stringify({ owner: '1', values: { name: 'Anna Muster', street: 'Unter den Linden 5', zip: '10117', city: 'Berlin', country: 'DE' } }));
    sessionStorage.setItem('cart.country', JSON.stringify({ chosenCountry: 'DE', deliveryCountry: 'DE' }));
    mount('/en/checkout', shipping);
    await screen.findByRole('heading', { level: 1, name: t('title.checkout') }, { timeout: 5000 });
    expect(await screen.findByDisplayValue('Unter den Linden 5', {}, { timeout: 5000 })).toBeTruthy();
    // Anna logs out (the user menu's link: back to the checkout) and leaves the computer
    await act(() => shell?.router.navigate({ href: '/logout?returnTo=%2Fen%2Fcheckout' }));
    await waitFor(() => expect(pathname()).toBe('/en/checkout'));
    expect(shell?.actor.getSnapshot().context.jwt).toBeNull();
    await screen.findByRole('heading', { level: 1, name: t('title.checkout') }, { timeout: 5000 });
    // the next visitor: the cart asks where to ship, and no address of Anna's is filled in
    await screen.findByTestId('shipping-needs-country', {}, { timeout: 5000 });
    expect(screen.queryByTestId('shipping-destination')).toBeNull();
    for (const value of ['Unter den Linden 5', '10117', 'Berlin']) expect(screen.queryByDisplayValue(value)).toBeNull();
    expect(sessionStorage.getItem('deliveryAddress')).toBeNull();
    expect(sessionStorage.getItem('cart.country')).toBeNull();
    expect(shell?.cart.getSnapshot().context.destination).toMatchObject({ chosenCountry: null, deliveryCountry: null });
    // the cart is the visitor's, not personal data: it stays
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(sessionStorage.getItem('cart')).not.toBeNull();
  });
  it('a /logout typed into the address bar (a page load of its own, the checkout not running) forgets the checkout the former customer left in the session', async () => {
    sessionStorage.setItem('jwt', VALID_JWT);
    sessionStorage.setItem('customer', JSON.stringify({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' }));
    sessionStorage.setItem('cart', JSON.stringify([catalogueLine]));
    // what Anna's checkout kept: its snapshot (her delivery address, method, ticks, booking) and the choice kept for a login
    const left = { value: { Cart: { 'Choosing payment': 'Editing' } }, context: { delivery: { sameAsBilling: false, values: { name: 'Anna Muster', street: 'Unter den Linden 5', zip: '10117', city: 'Berlin', country: 'DE' } } } };
    sessionStorage.setItem('checkoutJourney', JSON.stringify(left));
    sessionStorage.setItem('checkoutChoice', JSON.stringify({ payart: 74, termsAccepted: true, privacyAccepted: true }));
    // (a page load at /logout speaks the default language, German)
    mount('/logout?returnTo=%2Fde', shipping);
    await waitFor(() => expect(pathname()).toBe('/de'), { timeout: 5000 });
    expect(shell?.actor.getSnapshot().context.jwt).toBeNull();
    expect(sessionStorage.getItem('checkoutJourney')).toBeNull();
    expect(sessionStorage.getItem('checkoutChoice')).toBeNull();
    // the cart stays
    expect(sessionStorage.getItem('cart')).not.toBeNull();
  });
});

describe('checkout: choosing and starting the payment', () => {
  it('express payment (the default, 161) goes to the provider without login once terms and privacy are accepted', async () => {
    await openCheckout((c) => (c.path === 'checkout/initPayment' ? { status: 200, body: { data: PROVIDER_URL } } : undefined));
    expect(screen.getByRole('radio', { name: /Online payment/ })).toHaveProperty('checked', true);
    const progress = screen.getByRole('navigation', { name: t('checkout.progress') });
    expect(within(progress).getByText(t('checkout.step.cart')).closest('li')?.getAttribute('aria-current')).toBe('step');

    pay();
    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    await waitFor(() => expect(terms.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(terms.getAttribute('aria-describedby') ?? '')?.textContent).toContain(t('checkout.acceptTerms'));
    expect(document.activeElement).toBe(terms);
    expect(called('checkout/initPayment')).toHaveLength(0);

    acceptTerms();
    pay();
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]));
    const body = called('checkout/initPayment')[0]?.body as { payart: number; cart: { ver: number; items: unknown[] }; url: { continue: string; cancel: string } };
    expect(body.payart).toBe(161);
    expect(body.cart.ver).toBe(1);
    expect(body.cart.items).toEqual([{ type: 'ticket', id: 1011, count: 2, datetime: '2026-12-05 11:00', subtickets: [] }]);
    expect(body.url.continue).toMatch(/\/en\/checkout\/accepted$/);
    expect(body.url.cancel).toMatch(/\/en\/checkout\/canceled$/);
    // saved before leaving: the journey waits at the provider with the cart id of the attempt
    expect(savedJourney()?.value).toBe('At the payment provider');
    expect(savedJourney()?.context.cartId).toBe('CART12345678');
    expect(sessionStorage.getItem('cart')).not.toBeNull();
  });

  it("other methods need a login: 'You have to login before proceeding to payment' with login and register links back to the checkout", async () => {
    await openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: /Direct debit/ }));
    acceptTerms();
    pay();
    const notice = await screen.findByTestId('login-required');
    expect(notice.textContent).toContain(t('checkout.loginRequired'));
    const login = within(notice).getByRole('link', { name: t('header.login') });
    expect(login.getAttribute('href')).toContain('/en/login');
    expect(decodeURIComponent(login.getAttribute('href') ?? '')).toContain('/en/checkout');
    const progress = screen.getByRole('navigation', { name: t('checkout.progress') });
    expect(within(progress).getByText(t('checkout.step.signIn')).closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(called('checkout/initPayment')).toHaveLength(0);
  });

  it('direct debit when logged in: the account holder and a valid IBAN are required, then the token and the details go to initPayment', async () => {
    sessionStorage.setItem('jwt', VALID_JWT);
    sessionStorage.setItem('customer', JSON.stringify({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', country: 'CH' }));
    await openCheckout((c) => (c.path === 'checkout/initPayment' ? { status: 200, body: { data: PROVIDER_URL } } : undefined));
    fireEvent.click(screen.getByRole('radio', { name: /Direct debit/ }));
    acceptTerms();
    fireEvent.change(screen.getByLabelText(/IBAN/), { target: { value: 'CH93 0076 2011 6238 5295 8' } });
    pay();
    const iban = screen.getByLabelText(/IBAN/);
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(t('checkout.ibanInvalid'))).toBeTruthy();
    expect(screen.getByText(t('checkout.accountHolderMissing'))).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Account holder/));

    fireEvent.change(screen.getByLabelText(/Account holder/), { target: { value: 'Anna Muster' } });
    fireEvent.change(iban, { target: { value: 'CH93 0076 2011 6238 5295 7' } });
    pay();
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]));
    // the IBAN and the account holder are never kept in session storage
    expect(sessionStorage.getItem('checkoutJourney')).not.toContain('CH93');
    expect(sessionStorage.getItem('checkoutJourney')).not.toContain('Anna Muster');
    const call = called('checkout/initPayment')[0];
    expect(call?.query.get('_')).toBe(VALID_JWT);
    expect((call?.body as { payart: number; aux: unknown }).payart).toBe(74);
    expect((call?.body as { aux: unknown }).aux).toEqual({ Accountholder: 'Anna Muster', IBAN: 'CH93 0076 2011 6238 5295 7' });
  });

  it('a wallet chosen for express payment goes with initPayment', async () => {
    await openCheckout((c) => (c.path === 'checkout/initPayment' ? { status: 200, body: { data: PROVIDER_URL } } : undefined));
    fireEvent.click(screen.getByRole('radio', { name: t('checkout.wallet.GOOGLEPAY') }));
    acceptTerms();
    pay();
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]));
    expect((called('checkout/initPayment')[0]?.body as { aux: unknown }).aux).toEqual({ wallet: 'GOOGLEPAY' });
  });

  it('with guest registration on, the login notice also offers to continue as a guest', async () => {
    await openCheckout(undefined, { has_guest_registration: true });
    fireEvent.click(screen.getByRole('radio', { name: /Direct debit/ }));
    acceptTerms();
    pay();
    const notice = await screen.findByTestId('login-required');
    expect(within(notice).getByRole('link', { name: t('auth.guestLink') }).getAttribute('href')).toContain('/en/register-guest');
  });

  it('initPayment 422 shows its error in the cart and nothing leaves the page', async () => {
    await openCheckout((c) =>
      c.path === 'checkout/initPayment' ? { status: 422, body: { error: 'ITEM_UNAVAILABLE', message: 'Sold out.' } } : undefined,
    );
    acceptTerms();
    pay();
    const refused = await screen.findByTestId('payment-refused');
    expect(refused.textContent).toBe(t('checkout.error.ITEM_UNAVAILABLE'));
    expect(redirects).toEqual([]);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    // the refusal belonged to that attempt: choosing another method clears it
    fireEvent.click(screen.getByRole('radio', { name: /Direct debit/ }));
    await waitFor(() => expect(screen.queryByTestId('payment-refused')).toBeNull());
  });

  it('initPayment 422 OVERBOOKED names the line and how many places are left (§5)', async () => {
    await openCheckout((c) =>
      c.path === 'checkout/initPayment'
        ? { status: 422, body: { error: 'OVERBOOKED', message: 'Not enough places.', data: { available: 1, index: 0 } } }
        : undefined,
    );
    acceptTerms();
    pay();
    const refused = await screen.findByTestId('payment-refused');
    expect(refused.textContent).toBe('Only 1 place is left for “Adults”. Please change your cart.');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
  });

  it('upselling suggestions from checkout/suggest can be added to the cart', async () => {
    await openCheckout((c) =>
      c.path === 'checkout/suggest' ? { status: 200, body: { data: [{ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, vat_value: 2.6 }] } } : undefined,
    );
    const add = await screen.findByRole('button', { name: 'Add Catalogue to the cart' });
    fireEvent.click(add);
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Add Catalogue to the cart' })).toBeNull();
    // the added line is taxed at the suggestion's rate: 3900 contains 98.83 at 2.6 % -> CHF 0.99
    const added = screen.getAllByTestId('cart-line')[1] as HTMLElement;
    expect(within(added).getByTestId('cart-line-vat').textContent).toBe('incl. 2.6 % VAT: CHF 0.99');
  });
});

/**
 * Issue 44: the reference server answers checkout/initPayment with 429 TOO_MANY_REQUESTS (edge.ts:
 * too many payments, or too many voucher codes guessed, from one address), in the envelope and with
 * the Retry-After of the voucher lookup's rate limit (RateLimitedError). The app says the §8 message
 * of the lookup's 429 (error.tooManyRequests, the global message), keeps the cart and the page, and
 * the visitor can pay again.
 */
describe('checkout: initPayment 429 (issue 44)', () => {
  const catalogues = { de: de as Record<string, string>, en: catalogue };
  /** The reference server's rate-limit answer (src/server/api/http-error.ts RateLimitedError, http.ts errorAnswer). */
  const rateLimited: Reply = {
    status: 429,
    body: { error: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait a minute and try again.', fields: {}, data: { retryAfter: 42 } },
    headers: { 'retry-after': '42' },
  };
  const giftCode = { barcode: 'GIFT-10', name: 'Gift voucher', amount: 1000, used_amount: 0, available_amount: 1000, valid_from: null, valid_to: null };

  for (const lang of ['de', 'en'] as const) {
    it(`${lang}: the lookup's 429 message, not a redirect; the cart with its voucher code stays and Pay works again`, async () => {
      const m = (id: string) => {
        const message = catalogues[lang][id];
        if (message === undefined) throw new Error(`${lang}.json has no message ${id}`);
        return message;
      };
      /** The text of a checkbox label's <link>…</link> part, to find the checkbox by name. */
      const linkText = (id: string) => new RegExp(/<link>(.*)<\/link>/.exec(m(id))?.[1] ?? m(id));
      let initPayment: Reply = rateLimited;
      sessionStorage.setItem('cart', JSON.stringify([ticket]));
      mount(`/${lang}/checkout`, (c) => {
        if (c.path === 'voucher') return c.query.get('voucher') === 'GIFT-10' ? { status: 200, body: { data: giftCode } } : rateLimited;
        if (c.path === 'checkout/initPayment') return initPayment;
        return undefined;
      });
      await screen.findByRole('heading', { level: 1, name: m('title.checkout') }, { timeout: 5000 });
      await screen.findAllByTestId('cart-line');
      const payButton = () => screen.getByRole('button', { name: m('checkout.pay') });
      await waitFor(() => expect(payButton()).toHaveProperty('disabled', false), { timeout: 5000 });
      const redeem = (value: string) => {
        fireEvent.change(screen.getByRole('textbox', { name: m('voucherCode.label') }), { target: { value } });
        fireEvent.click(screen.getByRole('button', { name: m('voucherCode.submit') }));
      };
      const bannerText = async () => (await screen.findByTestId('global-message')).querySelector('.global-message__text')?.textContent;

      // a voucher code in the cart, which initPayment takes along
      redeem('GIFT-10');
      await screen.findByTestId('voucher-code-added');
      await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));

      // the voucher lookup's 429: the message it shows
      redeem('GUESS-1');
      const lookupMessage = await bannerText();
      expect(lookupMessage).toBe(m('error.tooManyRequests'));
      fireEvent.click(screen.getByRole('button', { name: m('message.dismiss') }));
      await waitFor(() => expect(screen.queryByTestId('global-message')).toBeNull());

      // initPayment's 429: the same message
      fireEvent.click(screen.getByRole('checkbox', { name: linkText('checkout.terms') }));
      fireEvent.click(screen.getByRole('checkbox', { name: linkText('checkout.privacy') }));
      fireEvent.click(payButton());
      await waitFor(() => expect(called('checkout/initPayment')).toHaveLength(1));
      expect(JSON.stringify(called('checkout/initPayment')[0]?.body)).toContain('GIFT-10');
      expect(await bannerText()).toBe(lookupMessage);

      // nothing left the page: the cart and its code are shown, and Pay can be pressed again
      expect(redirects).toEqual([]);
      expect(pathname()).toBe(`/${lang}/checkout`);
      expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
      expect(JSON.parse(sessionStorage.getItem('cart') ?? '[]')).toHaveLength(2);
      await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));

      // a minute later the server takes the payment: the next Pay goes to the provider
      initPayment = { status: 200, body: { data: PROVIDER_URL } };
      fireEvent.click(payButton());
      await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]));
      expect(called('checkout/initPayment')).toHaveLength(2);
    });
  }
});

describe('checkout: suggestions after a page load', () => {
  it('a language switch (a page load) shows no suggestion in the language it was offered in', async () => {
    await openCheckout((c) =>
      c.path === 'checkout/suggest' ? { status: 200, body: { data: [{ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, vat_value: 2.6 }] } } : undefined,
    );
    await screen.findByRole('button', { name: 'Add Catalogue to the cart' });
    // the German page loads the app anew from what the session keeps
    cleanup();
    shell?.actor.stop();
    mount('/de/checkout', (c) => (c.path === 'checkout/suggest' ? { status: 200, body: { data: [{ type: 'merchandise', id: 301, name: 'Katalog', price: 3900, vat_value: 2.6 }] } } : undefined));
    await screen.findAllByTestId('cart-line', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe(''));
    expect(screen.queryByText(/Catalogue/)).toBeNull();
  });
});

describe('checkout: back from the provider', () => {
  const acceptedPath = '/en/checkout/accepted?us=US1234567890&sessionUs=SESS&cartId=CART12345678';

  /** Back from the provider in a tab that kept no journey: the provider's query carries the cart id. */
  async function openAccepted(api: Api) {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mount(acceptedPath, api);
    await screen.findByRole('heading', { level: 1, name: t('title.checkoutAccepted') }, { timeout: 5000 });
  }

  it('confirms the order, books it with us, sessionUs and the cart id, clears the cart and shows the booking id; a reload does not book again', async () => {
    await openAccepted((c) => (c.path === 'checkout/execPayment' ? { status: 200, body: { data: { booking_id: 'BOOKING12345', has_tickets: true } } } : undefined));
    // §2 (spec row 2.72): the success page has the secondary-page styling, the confirmation before it does not
    const inSecondaryCard = () => screen.getByRole('heading', { level: 1 }).closest('.screen')?.classList.contains('screen--secondary');
    expect(inSecondaryCard()).toBe(false);
    expect(called('checkout/execPayment')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: t('checkout.confirm') }));
    expect((await screen.findByTestId('booking-id', {}, { timeout: 5000 })).textContent).toBe('BOOKING12345');
    expect(pathname()).toBe('/en/checkout/success');
    expect(inSecondaryCard()).toBe(true);
    expect(screen.getByText(t('checkout.ticketsByMail'))).toBeTruthy();
    const exec = called('checkout/execPayment');
    expect(exec).toHaveLength(1);
    expect(exec[0]?.query.get('us')).toBe('US1234567890');
    expect(exec[0]?.query.get('sessionUs')).toBe('SESS');
    expect(exec[0]?.body).toEqual({ cartId: 'CART12345678' });
    expect(sessionStorage.getItem('cart')).toBeNull();
    expect(savedJourney()?.value).toBe('Booked');

    // reload of the provider's return URL
    cleanup();
    shell?.actor.stop();
    mount(acceptedPath, (c) => (c.path === 'checkout/execPayment' ? { status: 500, body: { error: 'MUST_NOT_BE_CALLED' } } : undefined));
    expect((await screen.findByTestId('booking-id', {}, { timeout: 5000 })).textContent).toBe('BOOKING12345');
    expect(called('checkout/execPayment')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: t('checkout.confirm') })).toBeNull();
    expect(pathname()).toBe('/en/checkout/success');
  });

  it('issue 42: with the documents execPayment answers, where the mail went, the PDF, the calendar entry and the review with the key; a reload keeps them', async () => {
    const documents = {
      key: 'Kq3vT9xw2LmN8pRs4YbZ6cDe', mail_to: 'a•••@museum.example', pdf: 'http://shop.test/api/en/order/tickets.pdf?id=BOOKING12345', gift_pdf: null,
      ics: 'http://shop.test/api/en/order/visits.ics?id=BOOKING12345',
    };
    await openAccepted((c) => (c.path === 'checkout/execPayment' ? { status: 200, body: { data: { booking_id: 'BOOKING12345', has_tickets: true, documents } } } : undefined));
    fireEvent.click(screen.getByRole('button', { name: t('checkout.confirm') }));
    await screen.findByTestId('booking-id', {}, { timeout: 5000 });
    const shows = async () => {
      // the documents block (loaded with the first booking that has documents) says where the mail went
      const docs = await screen.findByRole('region', { name: t('documents.title') });
      expect(within(docs).getByTestId('mailed-to').textContent).toBe('The confirmation was sent to a•••@museum.example.');
      // instead of the sentence of a back end without documents
      expect(screen.queryByText(t('checkout.ticketsByMail'))).toBeNull();
      expect(within(docs).getByRole('link', { name: t('documents.pdf') }).getAttribute('href')).toBe(documents.pdf);
      expect(within(docs).getByRole('link', { name: t('documents.calendar') }).getAttribute('href')).toBe(documents.ics);
      expect(screen.getAllByTestId('mailed-to')).toHaveLength(1);
      expect(screen.getByRole('link', { name: t('checkout.viewOrder') }).getAttribute('href')).toBe(`/en/order-review/BOOKING12345?key=${documents.key}`);
    };
    await shows();
    cleanup();
    shell?.actor.stop();
    mount('/en/checkout/success');
    await screen.findByTestId('booking-id', {}, { timeout: 5000 });
    await shows();
  });

  it('issue 42: a back end without documents shows the success page as before', async () => {
    await openAccepted((c) => (c.path === 'checkout/execPayment' ? { status: 200, body: { data: { booking_id: 'BOOKING12345', has_tickets: true } } } : undefined));
    fireEvent.click(screen.getByRole('button', { name: t('checkout.confirm') }));
    await screen.findByTestId('booking-id', {}, { timeout: 5000 });
    expect(screen.getByText(t('checkout.ticketsByMail'))).toBeTruthy();
    expect(screen.queryByTestId('order-documents')).toBeNull();
    expect(screen.queryByTestId('mailed-to')).toBeNull();
    expect(screen.getByRole('link', { name: t('checkout.viewOrder') }).getAttribute('href')).toBe('/en/order-review/BOOKING12345');
  });

  it('saved before leaving for the provider: the return restores the journey and books with the cart id it kept', async () => {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mount('/en/checkout', (c) =>
      c.path === 'checkout/initPayment'
        ? { status: 200, body: { data: PROVIDER_URL } }
        : c.path === 'checkout/execPayment'
          ? { status: 200, body: { data: { booking_id: 'BOOKING12345', has_tickets: false } } }
          : undefined,
    );
    await screen.findAllByTestId('cart-line', {}, { timeout: 5000 });
    acceptTerms();
    pay();
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]));
    // the browser comes back (a new page load) without the cart id in the query
    cleanup();
    shell?.actor.stop();
    mount('/en/checkout/accepted?us=US1234567890&sessionUs=SESS', (c) =>
      c.path === 'checkout/execPayment' ? { status: 200, body: { data: { booking_id: 'BOOKING12345', has_tickets: false } } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: t('checkout.confirm') }, { timeout: 5000 }));
    expect((await screen.findByTestId('booking-id', {}, { timeout: 5000 })).textContent).toBe('BOOKING12345');
    expect(called('checkout/execPayment')[0]?.body).toEqual({ cartId: 'CART12345678' });
  });

  it.each([
    [410, { error: 'CART_GONE', message: 'gone' }, 'cart-gone', t('checkout.cartGone')],
    [422, { error: 'PAYMENT_NOT_COMPLETED', message: 'not paid' }, 'booking-refused', t('checkout.error.PAYMENT_NOT_COMPLETED')],
    [400, { error: 'BAD_REQUEST', message: 'The request is incomplete.' }, 'booking-invalid', 'The request is incomplete.'],
  ])('execPayment %i shows its own message and keeps the cart', async (status, body, testId, message) => {
    await openAccepted((c) => (c.path === 'checkout/execPayment' ? { status, body } : undefined));
    fireEvent.click(screen.getByRole('button', { name: t('checkout.confirm') }));
    const notice = await screen.findByTestId(testId);
    expect(notice.textContent).toContain(message);
    expect(within(notice).getByRole('link', { name: t('checkout.backToCart') })).toBeTruthy();
    expect(sessionStorage.getItem('cart')).not.toBeNull();
  });

  it('cancelled: keeping the cart keeps every line and does not end the order (issue 22: it can be paid again)', async () => {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mount('/en/checkout/canceled?cartId=CART12345678', (c) => (c.path === 'checkout/cancel' ? { status: 200, body: { data: true } } : undefined));
    fireEvent.click(await screen.findByRole('button', { name: t('checkout.keepCart') }, { timeout: 5000 }));
    await waitFor(() => expect(pathname()).toBe('/en/checkout'));
    expect(called('checkout/cancel')).toEqual([]);
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(1);
  });

  it('cancelled: clearing calls cancel with the cart id and empties the cart (also when cancel answers 410)', async () => {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mount('/en/checkout/canceled?cartId=CART12345678', (c) => (c.path === 'checkout/cancel' ? { status: 410, body: { error: 'CART_GONE' } } : undefined));
    fireEvent.click(await screen.findByRole('button', { name: t('checkout.clearCart') }, { timeout: 5000 }));
    await screen.findByTestId('cart-cleared');
    expect(called('checkout/cancel')[0]?.query.get('cartId')).toBe('CART12345678');
    // the order is over: the kept journey no longer holds its cart id
    expect(savedJourney()?.context.cartId).toBeNull();
    expect(sessionStorage.getItem('cart')).toBeNull();
    expect(shell?.cart.getSnapshot().context.lines).toEqual([]);
  });

  it("failed: 'payment not completed, try again' with the cart and the payment form", async () => {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mount('/en/checkout/failed?cartId=CART12345678');
    expect((await screen.findByTestId('payment-not-completed', {}, { timeout: 5000 })).textContent).toBe(t('checkout.paymentNotCompleted'));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.getByRole('button', { name: t('checkout.pay') })).toBeTruthy();
  });

  it('failed, then paid again: the retry of the same order says it is taking the visitor to the payment page, as the first payment did', async () => {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    let answerInitPayment: (reply: { status: number; body: unknown }) => void = () => {};
    mount('/en/checkout', (c) =>
      c.path === 'checkout/initPayment' ? new Promise((resolve) => void (answerInitPayment = resolve)) : undefined,
    );
    await screen.findAllByTestId('cart-line', {}, { timeout: 5000 });
    acceptTerms();
    pay();
    expect(await screen.findByText(t('checkout.redirecting'))).toBeTruthy();
    answerInitPayment({ status: 200, body: { data: PROVIDER_URL } });
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]));
    // the provider sends the browser back: the payment failed, the order stays open
    cleanup();
    shell?.actor.stop();
    let answerInitPaymentOrder: (reply: { status: number; body: unknown }) => void = () => {};
    mount('/en/checkout/failed?cartId=CART12345678', (c) =>
      c.path === 'checkout/initPaymentOrder' ? new Promise((resolve) => void (answerInitPaymentOrder = resolve)) : undefined,
    );
    await screen.findByTestId('payment-not-completed', {}, { timeout: 5000 });
    pay();
    await waitFor(() => expect(called('checkout/initPaymentOrder')).toHaveLength(1));
    expect(await screen.findByText(t('checkout.redirecting'))).toBeTruthy();
    answerInitPaymentOrder({ status: 200, body: { data: PROVIDER_URL } });
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL, PROVIDER_URL]));
    expect(called('checkout/initPayment')).toHaveLength(0);
  });
});

describe('checkout: issue 41, every payment buys what it paid for', () => {
  const acceptedPath = '/en/checkout/accepted?us=US1234567890&sessionUs=SESS&cartId=CART12345678';
  /** GET checkout/cart of the open order: held until 14:20 UTC, shown on the visitor's own clock (15:20 in Zurich). */
  const paymentCart = (status: string) => ({
    status: 200,
    body: { data: { id: 'CART12345678', status, held_until: '2026-12-05T14:20:00.000Z', amount: 3600, currency: 'CHF', booking_id: null, refund_reason: null } },
  });
  const HELD = `Your order is held for you until ${formatLocalTime('2026-12-05T14:20:00.000Z')}.`;
  const holdLine = () => screen.getByTestId('cart-hold');

  /** Pays in this tab (the journey is kept for the provider round trip), then comes back to `returnPath`. */
  async function payThenReturn(returnPath: string, api: Api, lines: unknown[] = [ticket]) {
    sessionStorage.setItem('cart', JSON.stringify(lines));
    mount('/en/checkout', (c) => (c.path === 'checkout/initPayment' ? { status: 200, body: { data: PROVIDER_URL } } : undefined));
    await screen.findAllByTestId('cart-line', {}, { timeout: 5000 });
    acceptTerms();
    pay();
    await waitFor(() => expect(redirects).toEqual([PROVIDER_URL]));
    cleanup();
    shell?.actor.stop();
    mount(returnPath, api);
  }

  it('execPayment 422 PAYMENT_REFUNDED: "Payment refunded" with the amount and why, not a refusal; the cart is kept and the next Pay is a new order', async () => {
    const refunded = { status: 422, body: { error: 'PAYMENT_REFUNDED', message: 'refunded', data: { amount: 3600, currency: 'CHF', reason: 'sold_out' } } };
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mount(acceptedPath, (c) =>
      c.path === 'checkout/execPayment' ? refunded : c.path === 'checkout/initPayment' ? { status: 200, body: { data: PROVIDER_URL } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: t('checkout.confirm') }, { timeout: 5000 }));
    const notice = await screen.findByTestId('payment-refunded');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment refunded');
    expect(notice.textContent).toContain(
      'Your payment arrived after the hold on your order had run out, and the places or items were sold out meanwhile. We could not book your order and have refunded the full amount of CHF 36.00.',
    );
    expect(notice.textContent).toContain(t('checkout.refundedCartKept'));
    expect(screen.queryByTestId('booking-refused')).toBeNull();
    // announced: the notice is in the checkout's alert region
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(sessionStorage.getItem('cart')).not.toBeNull();
    fireEvent.click(within(notice).getByRole('link', { name: t('checkout.backToCart') }));
    await waitFor(() => expect(pathname()).toBe('/en/checkout'));
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(1);
    // the refunded cart is over: no hold to ask about, and paying again is a new order
    expect(called('checkout/cart')).toEqual([]);
    acceptTerms();
    pay();
    await waitFor(() => expect(called('checkout/initPayment')).toHaveLength(1));
    expect(called('checkout/initPaymentOrder')).toEqual([]);
  });

  it.each([
    ['voucher', 'la valeur du bon dont elle avait besoin a été utilisée entre-temps'],
    ['cancelled', 'Votre paiement est arrivé après l’annulation de la commande.'],
  ])('the refund of reason %s is told in the visitor\'s language (French) with the amount', async (reason, words) => {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mount('/fr/checkout/accepted?us=US1234567890&sessionUs=SESS&cartId=CART12345678', (c) =>
      c.path === 'checkout/execPayment' ? { status: 422, body: { error: 'PAYMENT_REFUNDED', message: 'refunded', data: { amount: 123450, currency: 'CHF', reason } } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer la commande' }, { timeout: 5000 }));
    const notice = await screen.findByTestId('payment-refunded');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Paiement remboursé');
    expect(notice.textContent).toContain('CHF 1’234.50');
    expect(notice.textContent).toContain(words);
  });

  it('cancelled: the question says until when the order is held (on the visitor\'s clock), announced politely', async () => {
    await payThenReturn('/en/checkout/canceled?cartId=CART12345678', (c) => (c.path === 'checkout/cart' ? paymentCart('held') : undefined));
    await screen.findByRole('button', { name: t('checkout.keepCart') }, { timeout: 5000 });
    await waitFor(() => expect(holdLine().textContent).toBe(HELD));
    expect(holdLine().getAttribute('role')).toBe('status');
    expect(called('checkout/cart')[0]?.query.get('id')).toBe('CART12345678');
    // back at the cart with the open order: the line again, and Pay pays the same order
    fireEvent.click(screen.getByRole('button', { name: t('checkout.keepCart') }));
    await waitFor(() => expect(pathname()).toBe('/en/checkout'));
    await waitFor(() => expect(holdLine().textContent).toBe(HELD));
    expect(called('checkout/cart')).toHaveLength(2);
  });

  it('failed: "payment not completed" with the hold; Pay waits for the answer, then pays the same order', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    await payThenReturn('/en/checkout/failed?cartId=CART12345678', (c) =>
      c.path === 'checkout/cart'
        ? new Promise((resolve) => void (answer = resolve))
        : c.path === 'checkout/initPaymentOrder'
          ? { status: 200, body: { data: PROVIDER_URL } }
          : undefined,
    );
    await screen.findByTestId('payment-not-completed', {}, { timeout: 5000 });
    // the line keeps its room while the shop is asked, and Pay waits
    await waitFor(() => expect(holdLine().className).toContain('checkout__hold--reserved'));
    expect((screen.getByRole('button', { name: t('checkout.pay') }) as HTMLButtonElement).disabled).toBe(true);
    answer(paymentCart('held'));
    await waitFor(() => expect(holdLine().textContent).toBe(HELD));
    await waitFor(() => expect((screen.getByRole('button', { name: t('checkout.pay') }) as HTMLButtonElement).disabled).toBe(false));
    pay();
    await waitFor(() => expect(called('checkout/initPaymentOrder')).toHaveLength(1));
    expect(called('checkout/initPayment')).toEqual([]);
    expect(called('checkout/cancel')).toEqual([]);
  });

  it('failed, the hold ran out: the page says so, and Pay makes a new order (initPayment), with nothing to release', async () => {
    await payThenReturn('/en/checkout/failed?cartId=CART12345678', (c) =>
      c.path === 'checkout/cart' ? paymentCart('expired') : c.path === 'checkout/initPayment' ? { status: 200, body: { data: PROVIDER_URL } } : undefined,
    );
    await screen.findByTestId('payment-not-completed', {}, { timeout: 5000 });
    await waitFor(() => expect(holdLine().textContent).toBe(t('checkout.holdExpired')));
    await waitFor(() => expect((screen.getByRole('button', { name: t('checkout.pay') }) as HTMLButtonElement).disabled).toBe(false));
    pay();
    await waitFor(() => expect(called('checkout/initPayment')).toHaveLength(1));
    expect(called('checkout/initPaymentOrder')).toEqual([]);
    expect(called('checkout/cancel')).toEqual([]);
  });

  it('a back end without checkout/cart (404): the failed page shows what it showed before, no hold line', async () => {
    await payThenReturn('/en/checkout/failed?cartId=CART12345678', () => undefined);
    await screen.findByTestId('payment-not-completed', {}, { timeout: 5000 });
    await waitFor(() => expect(called('checkout/cart')).toHaveLength(1));
    await waitFor(() => expect((screen.getByRole('button', { name: t('checkout.pay') }) as HTMLButtonElement).disabled).toBe(false));
    expect(holdLine().textContent).toBe('');
    expect(holdLine().className).not.toContain('checkout__hold--reserved');
    expect(screen.queryByText(/held/)).toBeNull();
  });

  it('failed, then a line removed: Pay first releases the earlier order (checkout/cancel), then starts a new one; the held line goes with the change', async () => {
    const children = { ...ticket, id: 1012, name: 'Children', price: 900, totalPrice: 900, totalCount: 1 };
    await payThenReturn(
      '/en/checkout/failed?cartId=CART12345678',
      (c) =>
        c.path === 'checkout/cart'
          ? paymentCart('held')
          : c.path === 'checkout/cancel'
            ? { status: 410, body: { error: 'CART_GONE' } }
            : c.path === 'checkout/initPayment'
              ? { status: 200, body: { data: PROVIDER_URL } }
              : undefined,
      [ticket, children],
    );
    await waitFor(() => expect(holdLine().textContent).toBe(HELD), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Children, 05.12.2026 11:00 from the cart' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(holdLine().textContent).toBe('');
    pay();
    await waitFor(() => expect(called('checkout/initPayment')).toHaveLength(1));
    const cancel = called('checkout/cancel');
    expect(cancel).toHaveLength(1);
    expect(cancel[0]?.query.get('cartId')).toBe('CART12345678');
    expect(calls.findIndex((c) => c.path === 'checkout/cancel')).toBeLessThan(calls.findIndex((c) => c.path === 'checkout/initPayment'));
    expect(called('checkout/initPaymentOrder')).toEqual([]);
  });

  it("initPayment 422 OVERBOOKED for no line of this cart still names how many are left, in the visitor's language (German)", async () => {
    sessionStorage.setItem('cart', JSON.stringify([ticket]));
    mount('/de/checkout', (c) =>
      c.path === 'checkout/initPayment' ? { status: 422, body: { error: 'OVERBOOKED', message: 'Only 2 left.', data: { available: 2, index: 5 } } } : undefined,
    );
    await screen.findAllByTestId('cart-line', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt bezahlen' }));
    const refused = await screen.findByTestId('payment-refused');
    expect(refused.textContent).toBe('Es sind nur noch 2 Plätze frei. Bitte ändern Sie Ihren Warenkorb.');
  });
});

describe('checkout: a saved journey that cannot be restored', () => {
  it.each([
    ['not JSON', '{"status":'],
    ['the wrong shape', JSON.stringify({ status: 'active', value: 'Cart', context: { lines: 'many' } })],
    ['a state the machine does not have', JSON.stringify({ status: 'active', value: 'Nowhere', context: { lines: [], jwt: null, choice: { payart: 161, termsAccepted: true, privacyAccepted: true }, paymentTypes: [], suggestions: [], cartId: null, us: null, sessionUs: null, providerUrl: null, booking: null }, children: {} })],
  ])('%s: a console warning and a working checkout with the cart', async (_, saved) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      sessionStorage.setItem('checkoutJourney', saved);
      await openCheckout();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('checkout journey was dropped'));
      expect(screen.getByRole('button', { name: t('checkout.pay') })).toBeTruthy();
      expect(savedJourney()?.value).toEqual({ Cart: expect.anything() });
    } finally {
      warn.mockRestore();
    }
  });
});

describe('order review', () => {
  it('406 says the order is not available', async () => {
    mount('/en/order-review/UNKNOWN', (c) => (c.path === 'order/review' ? { status: 406, body: { error: 'ORDER_NOT_AVAILABLE' } } : undefined));
    expect((await screen.findByTestId('order-not-available', {}, { timeout: 5000 })).textContent).toBe(t('checkout.orderNotAvailable'));
  });

  it('shows the paid order', async () => {
    const order = {
      id: 'BOOKING12345', created_at: '2026-11-22T10:00:00.000Z', payart: 161, has_tickets: true, external_document_number: null,
      lines: [{ type: 'ticket', name: 'Adults', amount: 3600, vat: 270 }], subtotal: 3600, discount: 0, shipping: 0, amount: 3600, currency: 'CHF',
    };
    mount('/en/order-review/BOOKING12345', (c) => (c.path === 'order/review' ? { status: 200, body: { data: order } } : undefined));
    expect(await screen.findByText('Order BOOKING12345 of 22.11.2026', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('CHF 36.00').length).toBeGreaterThan(0);
  });
});

export { act };
