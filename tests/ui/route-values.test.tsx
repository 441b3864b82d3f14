/**
 * Params and search parsed once, at the route (issue 23 item 1), as a visitor sees it: a path
 * param that does not fit its kind is the not-found page and starts no journey (as when each
 * route checked its params in `beforeLoad`); a search value that does not fit is as if it were
 * absent (the address then drops it: the router writes the parsed search back); search keys no
 * page reads, and values that fit, stay in the address as opened.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { mountShell, ready, teardown, type Mounted } from './shell-harness.js';

let mounted: Mounted | null = null;
afterEach(() => {
  teardown(mounted);
  mounted = null;
});

/** What the page asked the API for beyond the shell's boot. */
const pageCalls = (m: Mounted) => m.server.calls.filter((call) => !/ (shopinfo(\/config)?|static\/content|checkout\/payments)$/.test(call));
const shownRoute = () => document.querySelector('[data-route]')?.getAttribute('data-route');

describe('a path param that does not fit its kind', () => {
  it.each([
    '/de/tickets/abc',
    '/de/tickets/0',
    '/de/tickets/1234567890',
    '/de/guided-tours/xyz',
    '/de/vouchers/1.5',
    '/de/passes/-1',
    '/de/product/abc',
    '/de/merchandise/abc',
    '/de/order-review/a.b',
    '/de/page/a.b',
    // a page id the server's pages cannot have (digits, `-`, capitals): not found, not "try again" (found by the static page's browser replay)
    '/de/page/no-such-page-42',
    '/de/page/Imprint',
    `/de/recover/${'a'.repeat(129)}`,
  ])('%s: the not-found page, and nothing is asked of the API', async (path) => {
    mounted = mountShell(path);
    expect((await ready()).textContent).toBe('Seite nicht gefunden');
    expect(shownRoute()).toBe('pageNotFound');
    expect(mounted.shell.router.state.location.pathname).toBe(path);
    expect(pageCalls(mounted)).toEqual([]);
  });

  it('one that fits opens its page with the journey', async () => {
    mounted = mountShell('/de/tickets/101');
    await ready();
    expect(shownRoute()).toBe('ticket');
    await waitFor(() => expect(pageCalls(mounted!)).toContain('de ticket/collect/event/101'));
  });
});

describe('search values', () => {
  it('keys no page reads stay in the address, and the page opens as without them', async () => {
    mounted = mountShell('/de/tickets?foo=bar');
    expect((await ready()).textContent).toBe('Tickets');
    expect(mounted.shell.router.state.location.href).toBe('/de/tickets?foo=bar');
  });

  it('values that fit stay as opened (a number, a date, a return path)', async () => {
    for (const href of ['/de/passes?category=5', '/de/tickets/101?date=2026-05-01&foo=1', '/de/login?returnTo=%2Fde%2Fcheckout']) {
      mounted = mountShell(href);
      await ready();
      expect(mounted.shell.router.state.location.href).toBe(href);
      teardown(mounted);
      mounted = null;
    }
  });

  it('a category that does not fit is no filter: the list opens as /passes', async () => {
    mounted = mountShell('/de/passes?category=abc');
    expect((await ready()).textContent).toBe('Jahreskarten');
    expect(shownRoute()).toBe('passes');
    expect(mounted.shell.router.state.location.href).toBe('/de/passes');
  });

  it('a returnTo to another site is no return path: the login page opens as /login', async () => {
    mounted = mountShell('/de/login?returnTo=https://evil.example');
    expect((await ready()).textContent).toBe('Anmelden');
    expect(mounted.shell.router.state.location.href).toBe('/de/login');
  });
});
