/**
 * The tour screens in the real shell (router, app machine, cart actor) against a fake catalogue:
 * the list (language filter on the default tour language, next days with the four-day flag,
 * categories with tours only, venue filter, no results and the way back) and the tour page (a
 * requested date that cannot be booked named with the next one, sold-out time marked unavailable and said,
 * the limit next to a counter and the notice when capped, a missing answer on its field, added
 * to the cart and shown there with name, date, time, counts and price; not found).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act, mountShell, ready, teardown, type Handler, type Mounted } from './shell-harness.js';
import { addDays } from '../../src/domain/dates.js';
import { museumToday } from '../../src/domain/museum-clock.js';
import { formatDate } from '../../src/i18n/format.js';

let mounted: Mounted | null = null;
afterEach(() => {
  teardown(mounted);
  mounted = null;
});

const today = museumToday();
const day = addDays(today, 2);
const soldOutDay = addDays(today, 3);
const compact = (date: string) => date.replaceAll('-', '');

function tour(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id, name, description: `${name} text`, eventName: null, sequence_no: id, duration: 60, max_participants: 20, min_participants: 1,
    single_ticketing: 1, book_complete_tour: 0, booking_without_tickets: 0, priceList: [],
    tickets: [{ id: 91, name: 'Adult', price: 2500, vat_value: 8.1, sequence_no: 1, subtickets: [] }],
    custom_groups: [{ id: 5, name: 'Public tours' }], langIdentifier: 'de', langName: 'German', museumId: 1, venue: { id: 1, name: 'Main building' },
    ...extra,
  };
}
const tours = [
  tour(1, 'Highlights'),
  tour(2, 'Highlights in English', { langIdentifier: 'en', langName: 'English' }),
  tour(3, 'Architecture walk', { venue: { id: 2, name: 'Art hall' }, custom_groups: [{ id: 6, name: 'Architecture' }] }),
];
const slot = (time: string, remaining: number) => ({
  time, datetime: `${day} ${time}`, datetime_end: `${day} ${time}`, timeslotId: 1, tours: 1, tours_remaining: remaining > 0 ? 1 : 0, remaining, soldout: remaining <= 0, priceList: null,
});
const detail = {
  ...tours[0],
  date: day,
  schedule: [slot('11:00', 0), slot('15:00', 12)],
  questions: [{ id: 77, type: 'text', label: 'Name of the group', mandatory: true, options: [], min: null, max: null }],
};

function catalogue(options: { calendarStatus?: number } = {}): { handler: Handler; calls: string[] } {
  const calls: string[] = [];
  const handler: Handler = (path) => {
    calls.push(path);
    if (path === 'tour/select/event') return { status: 200, body: { data: { tours } } };
    if (path === 'tour/attr') return { status: 200, body: { data: { category: [{ id: 5, name: 'Public tours' }, { id: 6, name: 'Architecture' }, { id: 7, name: 'Empty' }], venues: [], languages: [] } } };
    if (path === 'tour/overview') return { status: 200, body: { data: { [today]: [1], [addDays(today, 4)]: [3] } } };
    if (path === 'tour/lifetime/tour/1') return { status: 200, body: { data: { first: addDays(today, -30), last: addDays(today, 300) } } };
    if (path.startsWith('tour/calendar/tour/1/')) {
      if (options.calendarStatus) return { status: options.calendarStatus, body: { error: 'NOT_FOUND', message: 'no tour' } };
      return {
        status: 200,
        body: { data: { [day]: { '11:00': { timeslotId: 1, remaining: 0, tours_remaining: 0, soldout: true }, '15:00': { timeslotId: 2, remaining: 12, tours_remaining: 1, soldout: false } }, [soldOutDay]: { '11:00': { timeslotId: 3, remaining: 0, tours_remaining: 0, soldout: true } } } },
      };
    }
    if (path === 'tour') return { status: 200, body: { data: detail } };
    return undefined;
  };
  return { handler, calls };
}

describe('tour list', () => {
  it('starts on the default tour language, offers the next days that have tours and categories with tours, filters and finds the way back from no results', async () => {
    mounted = mountShell('/en/guided-tours', { handler: catalogue().handler, config: { guided_tour_default_language: 'de' } });
    await ready();
    await screen.findAllByTestId('tour-card');
    const titles = () => [...document.querySelectorAll('.tour-card h2')].map((h) => h.textContent);
    // English tours exist: the list starts on English
    expect((screen.getByLabelText('Tour language') as HTMLSelectElement).value).toBe('en');
    expect(titles()).toEqual(['Highlights in English']);
    fireEvent.change(screen.getByLabelText('Tour language'), { target: { value: '' } });
    expect(titles()).toEqual(['Highlights', 'Highlights in English', 'Architecture walk']);
    // the quick dates: today and in four days have tours, tomorrow, in two and three days none
    const dates = within(screen.getByRole('group', { name: 'Date' }));
    expect(dates.getAllByRole('button').map((b) => b.textContent)).toEqual(['Today', 'In 4 days']);
    fireEvent.click(dates.getByRole('button', { name: 'In 4 days' }));
    expect(titles()).toEqual(['Architecture walk']);
    fireEvent.click(dates.getByRole('button', { name: 'In 4 days' }));
    // categories without tours are not offered
    expect([...(screen.getByLabelText('Category') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['All categories', 'Public tours', 'Architecture']);
    fireEvent.change(screen.getByLabelText('Venue'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '5' } });
    expect(screen.getByTestId('no-results').textContent).toContain('There are no results for this selection.');
    fireEvent.click(screen.getByRole('button', { name: 'Show all tours' }));
    expect(titles()).toHaveLength(3);
  });

  it('starts on the configured default tour language when the interface language has no tours', async () => {
    mounted = mountShell('/fr/guided-tours', { handler: catalogue().handler, config: { guided_tour_default_language: 'de' } });
    await ready();
    await screen.findAllByTestId('tour-card');
    expect([...document.querySelectorAll('.tour-card h2')].map((h) => h.textContent)).toEqual(['Highlights', 'Architecture walk']);
  });
  it('shows each tour card\'s duration in minutes abbreviated "min." (§9, spec row 9.26), in the page\'s language', async () => {
    const durations = () => screen.getAllByTestId('tour-card').map((card) => within(card).getByText(/min\./i).textContent);
    mounted = mountShell('/en/guided-tours', { handler: catalogue().handler, config: { guided_tour_default_language: 'de' } });
    await ready();
    await screen.findAllByTestId('tour-card');
    fireEvent.change(screen.getByLabelText('Tour language'), { target: { value: '' } });
    expect(durations()).toEqual(['60 min.', '60 min.', '60 min.']);
    teardown(mounted);
    mounted = mountShell('/de/guided-tours', { handler: catalogue().handler, config: { guided_tour_default_language: 'de' } });
    await ready();
    await screen.findAllByTestId('tour-card');
    expect(durations()).toEqual(['60 Min.', '60 Min.']);
  });
});

describe('tour page', () => {
  it('names a requested date that cannot be booked, marks the sold-out time unavailable, caps counts with the reason, says a missing answer on its field and adds to the cart', async () => {
    const { handler, calls } = catalogue();
    mounted = mountShell(`/en/guided-tours/1?date=${soldOutDay}`, { handler });
    await ready();
    const notice = await screen.findByTestId('unavailable-date');
    expect(notice.textContent).toBe(`This tour cannot be booked on ${formatDate(soldOutDay)}. The next available date is ${formatDate(day)}.`);
    expect(calls).toContain('tour');
    const soldOut = screen.getByRole('radio', { name: /^11:00/ }) as HTMLInputElement;
    expect(soldOut.getAttribute('aria-disabled')).toBe('true');
    expect(soldOut.closest('label')?.textContent).toContain('sold out');
    expect((screen.getByRole('radio', { name: /^15:00/ }) as HTMLInputElement).checked).toBe(true);

    const adult = screen.getByRole('textbox', { name: /^Adult – / });
    expect(document.getElementById(adult.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('At most 12: the places left at this time.');
    fireEvent.change(adult, { target: { value: '30' } });
    expect((adult as HTMLInputElement).value).toBe('12');
    expect(screen.getByTestId('limit-notice').textContent).toBe('Set to 12. At most 12: the places left at this time.');
    fireEvent.change(adult, { target: { value: 'three' } });
    expect((adult as HTMLInputElement).value).toBe('0');
    fireEvent.change(adult, { target: { value: '2' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const field = screen.getByLabelText(/^Name of the group/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain('Please answer all mandatory fields.');
    // the keyboard is taken to the field in error
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: 'Friends' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByTestId('added-to-cart');

    fireEvent.click(screen.getByRole('link', { name: 'Go to the cart' }));
    const line = await screen.findByTestId('cart-line', {}, { timeout: 5000 });
    expect(line.textContent).toContain('Highlights');
    expect(line.textContent).toContain(`${formatDate(day)}`);
    expect(line.textContent).toContain('15:00');
    expect(line.textContent).toContain('Quantity: 2');
    expect(within(line).getByTestId('cart-line-amount').textContent).toBe('CHF 50.00');
  });

  it('a whole tour whose tickets are required never asks the group size: the participants are the tickets, shown and checked (issue 22, defect 8)', async () => {
    const kids = tour(4, 'Kids group', {
      min_participants: 4, max_participants: 15, single_ticketing: 0, book_complete_tour: 1, booking_without_tickets: 0,
      priceList: [{ id: 41, name: 'Group', price: 18000, vat_value: 8.1, sequence_no: 1 }],
      tickets: [
        { id: 42, name: 'Child', price: 0, vat_value: 8.1, sequence_no: 1, subtickets: [] },
        { id: 43, name: 'Accompanying adult', price: 0, vat_value: 8.1, sequence_no: 2, subtickets: [] },
      ],
    });
    const { handler: base } = catalogue();
    const handler: Handler = (path, url) => {
      if (path === 'tour/lifetime/tour/4') return { status: 200, body: { data: { first: addDays(today, -30), last: addDays(today, 300) } } };
      if (path.startsWith('tour/calendar/tour/4/')) return { status: 200, body: { data: { [day]: { '15:00': { timeslotId: 2, remaining: 12, tours_remaining: 1, soldout: false } } } } };
      if (path === 'tour' && url.searchParams.get('tour') === '4') return { status: 200, body: { data: { ...kids, date: day, schedule: [slot('15:00', 12)], questions: [] } } };
      return base(path, url);
    };
    mounted = mountShell('/en/guided-tours/4', { handler });
    await ready();
    const child = await screen.findByRole('textbox', { name: /^Child/ });
    // nothing asks for the number of participants a second time
    expect(screen.queryByRole('textbox', { name: /participants/i })).toBeNull();
    expect(screen.queryByText('Number of participants')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /^Group/ }), { target: { value: '1' } });
    fireEvent.change(child, { target: { value: '2' } });
    // the group is the tickets' sum, shown in a live region
    const group = screen.getByTestId('tour-participants');
    expect(group.textContent).toBe('Participants: 2');
    expect(group.getAttribute('aria-live')).toBe('polite');
    // §5's minimum on that sum, with its usual words
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('count-problem').textContent).toBe('This tour needs a group of at least 4 participants.');
    fireEvent.change(screen.getByRole('textbox', { name: /^Accompanying adult/ }), { target: { value: '2' } });
    expect(screen.getByTestId('tour-participants').textContent).toBe('Participants: 4');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByTestId('added-to-cart');
    fireEvent.click(screen.getByRole('link', { name: 'Go to the cart' }));
    const line = await screen.findByTestId('cart-line', {}, { timeout: 5000 });
    expect(line.textContent).toContain('Kids group');
    expect(line.textContent).toContain('Quantity: 4');
  });

  it('a month without tour dates says so and is not "sold out"; a month whose tour days are all sold out says sold out (issue 22, defect 9)', async () => {
    const { handler: base } = catalogue();
    const later = addDays(today, 100);
    const handler: Handler = (path, url) => {
      if (path === 'tour/lifetime/tour/5' || path === 'tour/lifetime/tour/6') return { status: 200, body: { data: { first: addDays(today, -30), last: addDays(today, 300) } } };
      // tour 5 has no dates in the months shown, only later; tour 6 has one day, sold out
      if (path.startsWith('tour/calendar/tour/5/')) return { status: 200, body: { data: path.includes(`/range/${compact(today).slice(0, 6)}`) ? {} : { [later]: { '15:00': { timeslotId: 9, remaining: 5, tours_remaining: 1, soldout: false } } } } };
      if (path.startsWith('tour/calendar/tour/6/')) return { status: 200, body: { data: { [soldOutDay]: { '11:00': { timeslotId: 3, remaining: 0, tours_remaining: 0, soldout: true } } } } };
      return base(path, url);
    };
    mounted = mountShell('/en/guided-tours/5', { handler });
    await ready();
    const none = await screen.findByTestId('tour-no-dates');
    expect(none.textContent).toBe('This tour has no dates in this month. Please choose another month.');
    expect(screen.queryByTestId('tour-sold-out')).toBeNull();
    teardown(mounted);

    mounted = mountShell('/en/guided-tours/6', { handler });
    await ready();
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).not.toBe(''));
    // the sold-out day may be in this month or the next: show its month
    if (soldOutDay.slice(0, 7) !== today.slice(0, 7)) fireEvent.click(await screen.findByRole('button', { name: /Next month/ }));
    expect((await screen.findByTestId('tour-sold-out')).textContent).toBe('Every day shown is sold out. Please choose another month.');
    expect(screen.queryByTestId('tour-no-dates')).toBeNull();
  });

  it('says not found when the calendar answers 404 (§8)', async () => {
    mounted = mountShell('/en/guided-tours/1', { handler: catalogue({ calendarStatus: 404 }).handler });
    await ready();
    await screen.findByTestId('tour-not-found');
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Tour not found'));
  });
});
