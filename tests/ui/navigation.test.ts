import { afterEach, describe, expect, it } from 'vitest';
import { composeTitle, logoutDestination, returnDestination, safeReturnTo, shouldRememberVisit, sizeClass, swapLanguage } from '../../src/app/navigation.js';
import { restoreSession } from '../../src/app/session.js';

afterEach(() => sessionStorage.clear());

function jwt(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
}

describe('navigation rules (§4)', () => {
  it('after login: returnTo first, else the checkout redirect target, else home; never another site', () => {
    expect(returnDestination('/de/tickets/101', '/de/checkout', 'de')).toBe('/de/tickets/101');
    expect(returnDestination(null, '/de/checkout', 'de')).toBe('/de/checkout');
    expect(returnDestination(null, null, 'fr')).toBe('/fr');
    expect(returnDestination('//evil.example/x', null, 'de')).toBe('/de');
    expect(returnDestination(null, 'https://evil.example/', 'en')).toBe('/en');
  });

  it('after logout: returnTo, unless its page needs a login (then home, issue 45); never another site', () => {
    expect(logoutDestination('/de/tickets/101?date=2026-12-24', 'de')).toBe('/de/tickets/101?date=2026-12-24');
    expect(logoutDestination('/en/checkout', 'en')).toBe('/en/checkout');
    expect(logoutDestination('/en/settings', 'en')).toBe('/en');
    expect(logoutDestination('/fr/settings/?x=1#top', 'fr')).toBe('/fr');
    expect(logoutDestination('/de/orders', 'de')).toBe('/de');
    // one order, opened with its key (issue 42), needs no login: the visitor stays on it
    expect(logoutDestination('/de/orders/A1?key=k', 'de')).toBe('/de/orders/A1?key=k');
    expect(logoutDestination('/settings', 'it')).toBe('/it');
    expect(logoutDestination(undefined, 'de')).toBe('/de');
    expect(logoutDestination('//evil.example/settings', 'de')).toBe('/de');
  });

  it('stores visits except the root', () => {
    expect(shouldRememberVisit('/')).toBe(false);
    expect(shouldRememberVisit('/de')).toBe(true);
  });

  it('swaps or adds the language segment', () => {
    expect(swapLanguage('/de/guided-tours/12', 'fr')).toBe('/fr/guided-tours/12');
    expect(swapLanguage('/tickets', 'en')).toBe('/en/tickets');
    expect(swapLanguage('/', 'it')).toBe('/it');
  });

  it('composes titles with the configured separator, home gives the site name alone', () => {
    expect(composeTitle('Tickets', 'Museum', ' - ')).toBe('Tickets - Museum');
    expect(composeTitle('Tickets', 'Museum', ' | ')).toBe('Tickets | Museum');
    expect(composeTitle(null, 'Museum', ' | ')).toBe('Museum');
  });

  it('size classes at 544, 768, 992, 1200 px', () => {
    expect([320, 544, 545, 768, 769, 992, 993, 1200, 1201].map(sizeClass)).toEqual([
      'size-xs', 'size-xs', 'size-sm', 'size-sm', 'size-md', 'size-md', 'size-lg', 'size-lg', 'size-xl',
    ]);
  });

  it('follows only same-site returnTo paths', () => {
    expect(safeReturnTo('/de/tickets?x=1')).toBe('/de/tickets?x=1');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo(undefined)).toBeNull();
  });
});

describe('session restore (§9 keys, validated)', () => {
  it('restores a valid token and customer, and tells guests apart', () => {
    sessionStorage.setItem('jwt', jwt({ guest: true, exp: 2_000_000_000 }));
    sessionStorage.setItem('customer', JSON.stringify({ email: 'a@b.c', fname: 'A', lname: 'B' }));
    const restored = restoreSession('', sessionStorage, 1_900_000_000_000);
    expect(restored.jwt).not.toBeNull();
    expect(restored.customer?.fname).toBe('A');
    expect(restored.isGuest).toBe(true);
  });

  it('drops an expired token together with the customer', () => {
    sessionStorage.setItem('jwt', jwt({ exp: 1_000 }));
    sessionStorage.setItem('customer', JSON.stringify({ email: 'a@b.c', fname: 'A', lname: 'B' }));
    const restored = restoreSession('', sessionStorage, 1_900_000_000_000);
    expect(restored).toMatchObject({ jwt: null, customer: null });
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(sessionStorage.getItem('customer')).toBeNull();
  });

  it('drops a customer of the wrong shape but keeps the token', () => {
    sessionStorage.setItem('jwt', jwt({ exp: 2_000_000_000 }));
    sessionStorage.setItem('customer', JSON.stringify({ email: 42 }));
    const restored = restoreSession('', sessionStorage, 1_900_000_000_000);
    expect(restored.jwt).not.toBeNull();
    expect(restored.customer).toBeNull();
  });

  it('takes the partner from the URL over a stored one and rejects odd values', () => {
    sessionStorage.setItem('partner', 'old');
    expect(restoreSession('?partner=new-1', sessionStorage).partner).toBe('new-1');
    expect(sessionStorage.getItem('partner')).toBe('new-1');
    expect(restoreSession('?partner=%3Cscript%3E', sessionStorage).partner).toBe('new-1');
  });

  it('keeps the referring page of the first page load of the session (§9 referrer, issue 22 10d)', () => {
    const shop = 'https://shop.museum.example';
    restoreSession('', sessionStorage, Date.now(), { referrer: 'https://www.lake-tourism.example/museums?x=1', origin: shop });
    expect(sessionStorage.getItem('referrer')).toBe('https://www.lake-tourism.example/museums?x=1');
    // a later page load from elsewhere does not replace it
    restoreSession('', sessionStorage, Date.now(), { referrer: 'https://other.example/', origin: shop });
    expect(sessionStorage.getItem('referrer')).toBe('https://www.lake-tourism.example/museums?x=1');
  });

  it('never keeps the payment provider as referrer: the shop\'s own /provider/, nor the provider the checkout sent the visitor to', () => {
    const shop = 'https://shop.museum.example';
    restoreSession('', sessionStorage, Date.now(), { referrer: `${shop}/provider/de/pay?cartId=abc&session=def`, origin: shop });
    expect(sessionStorage.getItem('referrer')).toBeNull();
    // a provider on its own host, named by initPayment's answer that the saved checkout holds
    sessionStorage.setItem('checkoutJourney', JSON.stringify({ context: { providerUrl: 'https://pay.provider.example/checkout/abc' } }));
    restoreSession('', sessionStorage, Date.now(), { referrer: 'https://pay.provider.example/checkout/abc?ok=1', origin: shop });
    expect(sessionStorage.getItem('referrer')).toBeNull();
    // nor the shop's own pages (a reload after a language switch); nothing at all when there is no referrer
    restoreSession('', sessionStorage, Date.now(), { referrer: `${shop}/de/tickets`, origin: shop });
    restoreSession('', sessionStorage, Date.now(), { referrer: '', origin: shop });
    expect(sessionStorage.getItem('referrer')).toBeNull();
    // the first outside page after those is kept
    restoreSession('', sessionStorage, Date.now(), { referrer: 'https://www.lake-tourism.example/', origin: shop });
    expect(sessionStorage.getItem('referrer')).toBe('https://www.lake-tourism.example/');
  });

  it('reads the cookie consent flag', () => {
    expect(restoreSession('', sessionStorage).cookiesAccepted).toBe(false);
    sessionStorage.setItem('cookiesAccepted', 'true');
    expect(restoreSession('', sessionStorage).cookiesAccepted).toBe(true);
  });
});
