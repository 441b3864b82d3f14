/**
 * The ticketing screens in the real shell (router, app machine, cart actor) against a fake
 * catalogue: the event list (order, filters, no results, failed and retry) and the ticket page
 * (not found, expired, sold-out day, sold-out time, limits and why, family ticket incomplete,
 * nothing chosen, no results, overbooking with the count, added to cart and buy more).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act, mountShell, ready, teardown, type Handler, type Mounted } from './shell-harness.js';
import { museumToday } from '../../src/domain/museum-clock.js';
import { addDays, addMonths, isoWeekday } from '../../src/domain/dates.js';

let mounted: Mounted | null = null;
afterEach(() => {
  teardown(mounted);
  mounted = null;
});

const today = museumToday();
/** bookable and sold-out days soon after today: always within the two months shown */
const day = addDays(today, 2);
const soldOutDay = addDays(today, 3);
const compact = (date: string) => date.replaceAll('-', '');

function event(id: number, name: string, extra: Partial<Record<string, unknown>> = {}) {
  return {
    id, name, description: `${name} text`, venue: { id: 1, name: 'Main building' }, sequence_no: 0, sorting_datetime: '2026-01-01 10:00',
    custom_groups: [], start: addDays(today, -30), end: addDays(today, 300), expired: false, image: null, ...extra,
  };
}

const events = [
  event(1, 'Night walk', { sequence_no: 0, sorting_datetime: '2026-03-01 20:00', venue: { id: 2, name: 'Art hall' } }),
  event(2, 'Collection', { sequence_no: 2, custom_groups: [{ id: 7, name: 'Families' }] }),
  event(3, 'Workshop', { sequence_no: 0, sorting_datetime: '2026-02-01 10:00', venue: { id: 2, name: 'Art hall' } }),
  event(4, 'Highlights', { sequence_no: 1 }),
];

const slot = (time: string, places: number) => ({ datetime: `${day} ${time}`, datetime_end: `${day} ${time.replace(/^(\d\d)/, (h) => String(Number(h) + 1).padStart(2, '0'))}`, max_tickets: places });

function ticket(id: number, name: string, price: number, extra: Partial<Record<string, unknown>> = {}) {
  return {
    id, name, mode: 1, price, vat_value: 8.1, schedule: [slot('10:00', 5), slot('11:00', 0)], family: 0, subtickets: [], group_id: null, group_name: null,
    print_separately: 0, unique_barcode: 0, scan_separately: 0, book_with_cost: 0, book_with_cost_warn: 0, sequence_no: id, eventId: 2, ...extra,
  };
}

const adult = ticket(21, 'Adult', 1800);
const family = ticket(24, 'Family ticket', 4200, {
  family: 1,
  subtickets: [
    { id: 241, name: 'Adults (2)', price: 0, vat_value: 0, min_quantity: 2, max_quantity: 2 },
    { id: 242, name: 'Children', price: 0, vat_value: 0, min_quantity: 1, max_quantity: 4 },
  ],
});

interface Catalogue {
  events?: unknown[];
  lifetime?: { status: number; body: unknown };
  calendar?: Record<string, number>;
  tickets?: unknown[];
  timeslots?: unknown[];
  failEvents?: number;
}

function catalogue(c: Catalogue = {}): { handler: Handler; calls: string[] } {
  const calls: string[] = [];
  let failEvents = c.failEvents ?? 0;
  const handler: Handler = (path, url) => {
    calls.push(path);
    if (path === 'event/select') {
      if (failEvents > 0) {
        failEvents -= 1;
        return { status: 404, body: { error: 'NOT_FOUND', message: 'down' } };
      }
      return { status: 200, body: { data: c.events ?? events } };
    }
    if (path === 'ticket/lifetime') {
      if (url.searchParams.get('event') !== '2') return { status: 404, body: { error: 'NOT_FOUND', message: 'no event' } };
      return c.lifetime ?? { status: 200, body: { data: { first: addDays(today, -30), last: addDays(today, 300) } } };
    }
    if (path.startsWith('ticket/calendar/event/2/')) return { status: 200, body: { data: c.calendar ?? { [day]: 5, [soldOutDay]: 0 } } };
    if (path === `ticket/collect/event/2/date/${compact(day)}`) {
      return { status: 200, body: { data: { event: events[1], date: day, tickets: c.tickets ?? [adult, family], timeslot: c.timeslots ?? [slot('10:00', 5), slot('11:00', 0)] } } };
    }
    return undefined;
  };
  return { handler, calls };
}

async function openTicketPage(c: Catalogue = {}) {
  const { handler, calls } = catalogue(c);
  mounted = mountShell('/en/tickets/2', { handler });
  await ready();
  return calls;
}

function dayButton(date: string): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
  if (!button) throw new Error(`no day ${date}`);
  return button;
}

/** Shows the month of `date` (the calendar shows one month at a time). */
async function showMonthOf(date: string) {
  await waitFor(() => expect(document.querySelector('button[data-date]')).not.toBeNull());
  if (!document.querySelector(`button[data-date="${date}"]`)) fireEvent.click(screen.getByRole('button', { name: /Next month/ }));
  await waitFor(() => dayButton(date));
}

async function chooseDay(date = day) {
  await showMonthOf(date);
  act(() => dayButton(date).click());
}

describe('event list', () => {
  it('lists events by sequence_no, then by sorting_datetime, and filters by venue and category', async () => {
    mounted = mountShell('/en/tickets', { handler: catalogue().handler });
    await ready();
    await screen.findByText('Highlights');
    const titles = () => [...document.querySelectorAll('.event-card__title')].map((h) => h.textContent);
    expect(titles()).toEqual(['Highlights', 'Collection', 'Workshop', 'Night walk']);
    expect(screen.getByRole('link', { name: /^Choose tickets\s*:\s*Collection$/ }).getAttribute('href')).toBe('/en/tickets/2');

    fireEvent.change(screen.getByLabelText('Venue'), { target: { value: '2' } });
    expect(titles()).toEqual(['Workshop', 'Night walk']);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '7' } });
    expect(titles()).toEqual([]);
    expect(screen.getByTestId('no-results').textContent).toBe('There are no results for the selection.');
    fireEvent.change(screen.getByLabelText('Venue'), { target: { value: '' } });
    expect(titles()).toEqual(['Collection']);
  });

  it('opens an event from the list under its name and keeps the list and its filters on the way back', async () => {
    const { handler, calls } = catalogue();
    mounted = mountShell('/en/tickets', { handler });
    await ready();
    await screen.findByText('Highlights');
    fireEvent.change(screen.getByLabelText('Venue'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('link', { name: /^Choose tickets\s*:\s*Collection$/ }));
    expect((await screen.findByRole('heading', { level: 1, name: 'Collection' }, { timeout: 5000 })).textContent).toBe('Collection');
    await screen.findAllByRole('grid');
    fireEvent.click(screen.getByRole('link', { name: 'All events' }));
    await screen.findByRole('heading', { level: 1, name: 'Tickets' }, { timeout: 5000 });
    expect([...document.querySelectorAll('.event-card__title')].map((h) => h.textContent)).toEqual(['Highlights', 'Collection']);
    expect((screen.getByLabelText('Venue') as HTMLSelectElement).value).toBe('1');
    expect(calls.filter((c) => c === 'event/select')).toHaveLength(1);
  });

  it('says when the events could not be loaded and loads them on retry', async () => {
    mounted = mountShell('/en/tickets', { handler: catalogue({ failEvents: 1 }).handler });
    await ready();
    const alert = await screen.findByText('The events could not be loaded.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Highlights')).toBeTruthy();
  });
});

describe('ticket page', () => {
  it('says an unknown event is not found', async () => {
    mounted = mountShell('/en/tickets/99', { handler: catalogue().handler });
    expect((await screen.findByRole('heading', { level: 1, name: 'Event not found' }, { timeout: 5000 })).textContent).toBe('Event not found');
  });

  it('says an event whose last day is past has ended', async () => {
    await openTicketPage({ lifetime: { status: 200, body: { data: { first: addDays(today, -60), last: addDays(today, -1) } } } });
    expect((await screen.findByTestId('event-expired')).textContent).toBe('This event has ended; tickets are no longer on sale.');
    expect(document.querySelector('[role="grid"]')).toBeNull();
  });

  it('shows the month and the next one with each day\'s status in words; a sold-out day is announced, not chosen', async () => {
    await openTicketPage();
    await showMonthOf(day);
    expect(screen.getAllByRole('grid')).toHaveLength(1);
    expect(dayButton(day).getAttribute('aria-label')).toMatch(/, 5 places left$/);
    await showMonthOf(soldOutDay);
    expect(dayButton(soldOutDay).getAttribute('aria-label')).toMatch(/, sold out$/);
    expect(dayButton(soldOutDay).getAttribute('aria-disabled')).toBe('true');
    // a day of that month without places: one of its first three days that is neither of the two
    // (on the month's last days both fall on its 1st and 2nd)
    const closedDay = ['01', '02', '03'].map((d) => `${soldOutDay.slice(0, 7)}-${d}`).find((d) => d !== soldOutDay && d !== day) ?? '';
    expect(dayButton(closedDay).getAttribute('aria-label')).toMatch(/, (not available|in the past)$/);
    expect(document.querySelectorAll('button[data-date][tabindex="0"]')).toHaveLength(1);
    act(() => dayButton(soldOutDay).click());
    expect((await screen.findByTestId('day-sold-out')).textContent).toMatch(/is sold out\. Please choose another day\.$/);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('offers the times as radios, a sold-out time marked unavailable with its reason, and counters with their limit and why', async () => {
    await openTicketPage();
    await chooseDay();
    const open = await screen.findByRole('radio', { name: /10:00/ });
    const full = screen.getByRole('radio', { name: /11:00/ });
    expect(full.getAttribute('aria-disabled')).toBe('true');
    expect(full.closest('label')?.textContent).toContain('sold out');
    // choosing it after an open time says it is sold out, chooses nothing, and the open time can be chosen again
    act(() => open.click());
    await screen.findByRole('spinbutton', { name: 'Adult – CHF 18.00' });
    act(() => full.click());
    expect(await screen.findByText('11:00 is sold out. Please choose another time.')).toBeTruthy();
    expect((full as HTMLInputElement).checked).toBe(false);
    expect((open as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('spinbutton', { name: 'Adult – CHF 18.00' })).toBeNull();
    act(() => open.click());
    const counter = await screen.findByRole('spinbutton', { name: 'Adult – CHF 18.00' });
    expect(document.getElementById(counter.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Up to 5: 5 places are left at this time.');
    fireEvent.change(counter, { target: { value: '9' } });
    expect((counter as HTMLInputElement).value).toBe('5');
    expect(screen.getByText('Only 5 places are left at this time, so the number of “Adult” was lowered.')).toBeTruthy();
    expect(screen.getByText('Price of your selection: CHF 90.00')).toBeTruthy();
    fireEvent.change(counter, { target: { value: 'abc' } });
    expect((counter as HTMLInputElement).value).toBe('0');
  });

  it('asks for at least one ticket, and for every part of a family ticket', async () => {
    await openTicketPage();
    await chooseDay();
    fireEvent.click(await screen.findByRole('radio', { name: /10:00/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert').textContent).toBe('Please choose at least one ticket.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Adults (2)' }));
    expect(screen.getByText('Price of your selection: CHF 42.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert').textContent).toBe('A family ticket needs a number for every part: Family ticket.');
    expect(screen.getByText('Choose a number for every part of this ticket.')).toBeTruthy();
    expect(mounted?.shell.cart.getSnapshot().context.lines).toEqual([]);
  });

  it('puts the tickets in the cart, says so, links to the cart and lets the visitor buy more', async () => {
    await openTicketPage();
    await chooseDay();
    fireEvent.click(await screen.findByRole('radio', { name: /10:00/ }));
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Adult – CHF 18.00' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const added = await screen.findByTestId('added-to-cart');
    // issue 16 item 4: what was added, and what the cart holds in the badge's words (lines)
    expect(within(added).getByRole('heading').textContent).toBe('Added to your cart: 2 × Adult.');
    expect(within(added).getByTestId('cart-holds').textContent).toBe('Your cart now holds 1 item.');
    expect(within(added).getByRole('link', { name: 'Go to the cart' }).getAttribute('href')).toBe('/en/checkout');
    const lines = mounted?.shell.cart.getSnapshot().context.lines ?? [];
    expect(lines).toMatchObject([{ type: 'ticket', id: 21, totalCount: 2, totalPrice: 3600, datetime: `${day} 10:00` }]);
    expect(JSON.parse(sessionStorage.getItem('cart') ?? '[]')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    fireEvent.click(within(added).getByRole('button', { name: 'Buy more tickets' }));
    expect(((await screen.findByRole('spinbutton', { name: 'Adult – CHF 18.00' })) as HTMLInputElement).value).toBe('0');
  });

  it('refuses more places than the time has left after the cart, stating the count', async () => {
    sessionStorage.setItem(
      'cart',
      JSON.stringify([{ type: 'ticket', id: 21, eventId: 2, name: 'Adult', price: 1800, totalPrice: 7200, totalCount: 4, datetime: `${day} 10:00`, vat_value: 8.1, single_ticketing: 0, subtickets: [] }]),
    );
    await openTicketPage();
    await chooseDay();
    fireEvent.click(await screen.findByRole('radio', { name: /10:00/ }));
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Adult – CHF 18.00' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect((await screen.findByTestId('overbooked')).textContent).toBe(
      'Only 1 place is left at 10:00, counting the tickets for this time already in your cart; you asked for 2.',
    );
    expect(mounted?.shell.cart.getSnapshot().context.lines).toHaveLength(1);
  });

  it('says when a date offers no tickets', async () => {
    await openTicketPage({ tickets: [], timeslots: [] });
    await chooseDay();
    expect((await screen.findByTestId('no-results')).textContent).toBe('There are no results for the selection.');
  });

  it('draws a month only with its days: on opening and on moving to a month not loaded yet, the grid waits for the answer (issue 45)', async () => {
    // every calendar answer waits until the test lets it go
    const answers: { range: string; send: (data: Record<string, number>) => void }[] = [];
    const { handler: base } = catalogue();
    const handler: Handler = (path, url) => {
      if (!path.startsWith('ticket/calendar/event/2/')) return base(path, url);
      return new Promise((resolve) => answers.push({ range: path.slice(path.lastIndexOf('/') + 1), send: (data) => resolve({ status: 200, body: { data } }) }));
    };
    mounted = mountShell('/en/tickets/2', { handler });
    await ready();
    await waitFor(() => expect(answers).toHaveLength(1));
    // before the first answer: the page says it is loading, and no month is drawn
    expect(screen.getByText('Loading the calendar …').getAttribute('role')).toBe('status');
    expect(document.querySelector('[role="grid"]')).toBeNull();
    expect(document.querySelector('button[data-date]')).toBeNull();
    act(() => answers[0]?.send({ [day]: 5, [soldOutDay]: 0 }));
    await showMonthOf(day);
    // to the first month the first answer did not hold (it held today's month and the next one)
    const notLoaded = addMonths(today.slice(0, 7), 2);
    const shown = () => document.querySelector<HTMLElement>('button[data-date]')?.dataset.date?.slice(0, 7);
    if (shown() !== addMonths(notLoaded, -1)) fireEvent.click(screen.getByRole('button', { name: /Next month/ }));
    await waitFor(() => expect(shown()).toBe(addMonths(notLoaded, -1)));
    expect(answers).toHaveLength(1);
    const before = shown() ?? '';
    fireEvent.click(screen.getByRole('button', { name: /Next month/ }));
    await waitFor(() => expect(answers).toHaveLength(2));
    const next = `${notLoaded}-15`;
    // §9: the month asked for plus the following one
    expect(answers[1]?.range).toBe(`${compact(`${notLoaded}-01`)};${compact(addDays(`${addMonths(notLoaded, 2)}-01`, -1))}`);
    // while its days load: the month shown stays, its days as they were, none of the new month's
    // days is drawn (neither choosable nor "not available"), and the grid says it is busy
    expect(shown()).toBe(before);
    expect(document.querySelector(`button[data-date^="${notLoaded}"]`)).toBeNull();
    expect(screen.getByText('Loading more days …').getAttribute('role')).toBe('status');
    expect(document.querySelector('.date-grid')?.getAttribute('aria-busy')).toBe('true');
    // the answer: the month is drawn once, with its days
    act(() => answers[1]?.send({ [next]: 4 }));
    await waitFor(() => expect(shown()).toBe(notLoaded));
    expect(dayButton(next).getAttribute('aria-disabled')).toBeNull();
    expect(dayButton(next).getAttribute('aria-label')).toMatch(/, 4 places left$/);
    expect(dayButton(`${notLoaded}-14`).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByText('Loading more days …')).toBeNull();
    expect(document.querySelector('.date-grid')?.getAttribute('aria-busy')).toBeNull();
  });

  it('moves through the date grid by keyboard and loads further months on Page Down', async () => {
    const calls = await openTicketPage();
    await showMonthOf(day);
    const start = document.querySelector<HTMLButtonElement>('button[data-date][tabindex="0"]');
    if (!start) throw new Error('no focusable day');
    const from = start.dataset.date ?? '';
    act(() => start.focus());
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect((document.activeElement as HTMLElement).dataset.date).toBe(addDays(from, 1));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect((document.activeElement as HTMLElement).dataset.date).toBe(addDays(from, 8));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' });
    const monday = (document.activeElement as HTMLElement).dataset.date ?? '';
    expect(isoWeekday(monday)).toBe(1);
    const calendarCalls = () => calls.filter((c) => c.startsWith('ticket/calendar')).length;
    const loadedBefore = calendarCalls();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'PageDown' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'PageDown' });
    // the first request holds today's month and the next; each month asked for past those is one
    // request. Near a month's end the page shows the next month (where the bookable day is) or the
    // arrows above cross into it, and Page Down then passes two unloaded months.
    const first = today.slice(0, 7);
    const shown = monday.slice(0, 7);
    const loaded = new Set([first, addMonths(first, 1), ...(shown > addMonths(first, 1) ? [shown, addMonths(shown, 1)] : [])]);
    const monthsPastLoaded = [addMonths(shown, 1), addMonths(shown, 2)].filter((month) => !loaded.has(month)).length;
    await waitFor(() => expect(calendarCalls()).toBe(loadedBefore + monthsPastLoaded));
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.date?.slice(0, 7)).toBe(addMonths(monday.slice(0, 7), 2)));
    expect(document.querySelectorAll('button[data-date][tabindex="0"]')).toHaveLength(1);
  });
});
