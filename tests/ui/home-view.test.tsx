/**
 * The remote config's home_view (§3, spec row 3.03, issue 45) in the real shell against a fake
 * API: a section's list as the home page shows that list (at its own address, with its title,
 * heading and nav marking), and the default landing stays for 'default', for a value this app
 * does not know and for a section whose flag is off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mountShell, ready, teardown, type Handler, type Mounted } from './shell-harness.js';
import type { RemoteConfig } from '../../src/api/schemas/config.js';
import { museumToday } from '../../src/domain/museum-clock.js';

let mounted: Mounted | null = null;
afterEach(() => {
  teardown(mounted);
  mounted = null;
});

const tour = {
  id: 1, name: 'Highlights', description: 'Highlights text', eventName: null, sequence_no: 1, duration: 60, max_participants: 20, min_participants: 1,
  single_ticketing: 1, book_complete_tour: 0, booking_without_tickets: 0, priceList: [],
  tickets: [{ id: 91, name: 'Adult', price: 2500, vat_value: 8.1, sequence_no: 1, subtickets: [] }],
  custom_groups: [{ id: 5, name: 'Public tours' }], langIdentifier: 'en', langName: 'English', museumId: 1, venue: { id: 1, name: 'Main building' },
};
const catalogue: Handler = (path) => {
  if (path === 'tour/select/event') return { status: 200, body: { data: { tours: [tour] } } };
  if (path === 'tour/attr') return { status: 200, body: { data: { category: [{ id: 5, name: 'Public tours' }], venues: [], languages: [] } } };
  if (path === 'tour/overview') return { status: 200, body: { data: { [museumToday()]: [1] } } };
  // the other sections' lists: empty
  if (path === 'event/select' || path === 'merchandise/select' || path === 'voucher/select/event/') return { status: 200, body: { data: [] } };
  if (path === 'merchandise/attr') return { status: 200, body: { data: { category: [] } } };
  if (path === 'voucher/attr') return { status: 200, body: { data: { group: [] } } };
  return undefined;
};

/** The home page in English with this home_view (a value the schema would not type: the back end's odd one). */
function openHome(homeView: unknown, config: Partial<RemoteConfig> = {}, path = '/en'): Mounted {
  return mountShell(path, { handler: catalogue, config: { ...config, home_view: homeView as RemoteConfig['home_view'] } });
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));

async function expectDefaultLanding(m: Mounted): Promise<void> {
  expect((await ready()).textContent).toBe('Welcome to Lakeside Museum');
  expect(m.shell.router.state.location.pathname).toBe('/en');
  expect(document.title).toBe('Lakeside Museum');
  expect(screen.getByRole('heading', { level: 2, name: 'What would you like to do?' })).toBeTruthy();
  expect(nav().getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toEqual([]);
  expect(document.querySelector('[data-testid="tour-card"]')).toBeNull();
}

describe('home_view', () => {
  it('guidedTours: the home page is the guided tour list, with its title, heading and nav marking', async () => {
    mounted = openHome('guidedTours');
    expect((await ready()).textContent).toBe('Guided tours');
    expect(mounted.shell.router.state.location.pathname).toBe('/en/guided-tours');
    expect(await screen.findAllByTestId('tour-card')).toHaveLength(1);
    expect(document.querySelector('.tour-card h2')?.textContent).toBe('Highlights');
    await waitFor(() => expect(document.title).toBe('Guided tours - Lakeside Museum'));
    expect(nav().getByRole('link', { name: 'Tours with a guide' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('heading', { name: 'What would you like to do?' })).toBeNull();
    // the history holds no entry of the landing: Back does not come back to a page that only moves on
    expect(mounted.shell.router.history.length).toBe(1);
  });

  it('guidedTours: the brand link (home) leads to the tour list from another page too', async () => {
    mounted = openHome('guidedTours', {}, '/en/page/imprint');
    expect((await ready()).textContent).toBe('Page imprint');
    fireEvent.click(screen.getByRole('link', { name: /Lakeside Museum/ }));
    await waitFor(() => expect(mounted?.shell.router.state.location.pathname).toBe('/en/guided-tours'));
    expect(await screen.findAllByTestId('tour-card')).toHaveLength(1);
    // the imprint, then the list: Back returns to the imprint, not to a landing that moves on
    expect(mounted.shell.router.history.length).toBe(2);
  });

  it('every other section: its list (vouchers: the voucher list at vouchers, passes: the pass list)', async () => {
    const lists = [
      ['tickets', '/en/tickets', 'Tickets'],
      ['merchandise', '/en/merchandise', 'Shop'],
      ['passes', '/en/passes', 'Annual passes'],
      ['vouchers', '/en/vouchers', 'Vouchers'],
    ] as const;
    for (const [view, path, heading] of lists) {
      mounted = openHome(view);
      await waitFor(() => expect(mounted?.shell.router.state.location.pathname, view).toBe(path));
      expect((await ready()).textContent, view).toBe(heading);
      teardown(mounted);
      mounted = null;
    }
  });

  it('default: the default landing', async () => {
    mounted = openHome('default');
    await expectDefaultLanding(mounted);
  });

  it('a value this app does not know (tours, a misspelt key, a number): the default landing, the app does not fail', async () => {
    for (const value of ['tours', 'guided_tours', 7]) {
      mounted = openHome(value);
      await expectDefaultLanding(mounted);
      teardown(mounted);
      mounted = null;
    }
  });

  it('a section whose flag is off: the default landing, not the not-found page', async () => {
    mounted = openHome('guidedTours', { has_guided_tours: false });
    await expectDefaultLanding(mounted);
    expect(nav().queryByRole('link', { name: 'Tours with a guide' })).toBeNull();
  });
});
