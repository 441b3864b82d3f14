/**
 * The guided tour booking journey in real headless Chromium against the server `npm start` runs
 * on a fresh demo database (issue 10):
 * - tour 203 booked as a complete tour (Thursday 18:30, the slot's own price list) with every
 *   mandatory answer, through the cart and the simulated provider to the success page; the cart
 *   total of the tour line is the amount the provider is asked to charge;
 * - single tickets of tour 201 with the family ticket, in the cart with name, date, time, counts
 *   and price;
 * - a sold-out time (201, Saturday 11:00) and a sold-out day (201, Wednesday) cannot be chosen;
 * - too many participants is capped and says the limit; a missing mandatory answer is said on
 *   its field; an unknown tour says not found;
 * - the whole journey once by keyboard alone (list → tour → date → time → counts → cart);
 * - axe (WCAG 2.2 AA) on the list and a tour page in two languages at 1280 and 390 px.
 *
 * Expected prices and names come from the catalogue API (the demo data), never from the UI.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, nextWeekday } from '../../src/server/seed/demo.js';
import { formatDate, formatPrice } from '../../src/i18n/format.js';
import { axeViolations } from './axe.js';
import { calendarDay } from './calendar.js';
import { launchBrowser, openPage, type OpenedPage } from './browser.js';
import { acceptTermsAndPay, atProvider, openCheckoutWithCart } from './checkout-helpers.js';
import { e2eBaseUrl } from './context.js';
import { repoRoot } from './server-process.js';

type Lang = 'de' | 'en';
const catalogues: Record<Lang, Record<string, string>> = {
  de: JSON.parse(fs.readFileSync(path.join(repoRoot, 'src/i18n/messages/de.json'), 'utf8')) as Record<string, string>,
  en: JSON.parse(fs.readFileSync(path.join(repoRoot, 'src/i18n/messages/en.json'), 'utf8')) as Record<string, string>,
};

/** A catalogue message with simple {placeholders} filled in. */
function text(lang: Lang, id: string, values: Record<string, string | number> = {}): string {
  const message = catalogues[lang][id];
  if (message === undefined) throw new Error(`${lang}.json has no ${id}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface ApiTour {
  id: number;
  name: string;
  priceList: { id: number; name: string; price: number }[];
  tickets: { id: number; name: string; price: number; subtickets: { id: number; name: string; price: number }[] }[];
  schedule: { time: string; remaining: number; soldout: boolean; priceList: { id: number; price: number }[] | null }[];
  questions: { id: number; type: string; label: string; mandatory: boolean; options: { value: string; label: string }[] }[];
  date: string | null;
}

let baseUrl = '';
let browser: Browser;
let opened: OpenedPage | null = null;

async function api<T>(lang: Lang, urlPath: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${lang}/${urlPath}`);
  expect(res.status, urlPath).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
const tourOn = (lang: Lang, id: number, date: string) => api<ApiTour>(lang, `tour?tour=${id}&date=${date}`);

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});
afterEach(async () => {
  await opened?.close();
  opened = null;
});
afterAll(async () => {
  await browser?.close();
});

async function open(lang: Lang, urlPath: string, viewport?: { width: number; height: number }): Promise<Page> {
  opened = await openPage(browser, baseUrl, urlPath, { locale: lang === 'de' ? 'de-CH' : 'en-GB', ...(viewport ? { viewport } : {}) });
  const { page } = opened;
  await page.locator('main h1').waitFor({ timeout: 15_000 });
  const accept = page.getByRole('button', { name: text(lang, 'cookie.accept') });
  if (await accept.isVisible()) await accept.click();
  return page;
}

/** The tour page with `date` chosen (opened with ?date=, which picks it when bookable). */
async function openTourOn(lang: Lang, tourId: number, date: string): Promise<Page> {
  const page = await open(lang, `/${lang}/guided-tours/${tourId}?date=${date}`);
  await page.getByText(text(lang, 'calendar.chosenDate', { date: formatDate(date) })).waitFor({ timeout: 15_000 });
  return page;
}

const counter = (scope: Pick<Page, 'getByRole'> | Pick<Locator, 'getByRole'>, name: string) => scope.getByRole('textbox', { name: new RegExp(`^${escape(name)}( –|$)`) });

describe('guided tour booking in a real browser', () => {
  it('books tour 203 as a complete tour on Thursday 18:30 with every mandatory answer, pays at the provider the cart total and reaches the success page', async () => {
    const thursday = nextWeekday(new Date(), 4);
    const tour = await tourOn('de', DEMO.tours.privateGroup, thursday);
    const evening = tour.schedule.find((s) => s.time === '18:30');
    const group = tour.priceList.find((p) => p.id === DEMO.tourPrices.groupTour);
    const participant = tour.tickets.find((t) => t.id === DEMO.tourTickets.privateParticipant);
    if (!evening?.priceList || !group || !participant) throw new Error('demo tour 203 changed');
    const eveningPrice = evening.priceList.find((p) => p.id === group.id)?.price ?? -1;
    expect(eveningPrice).not.toBe(group.price); // the slot overrides the tour's price list
    const q = (id: number) => tour.questions.find((x) => x.id === id)!;

    const page = await openTourOn('de', DEMO.tours.privateGroup, thursday);
    await page.getByRole('radio', { name: /^18:30/ }).check();
    await counter(page, group.name).fill('1');
    await counter(page, text('de', 'tour.participants')).fill('12');
    await counter(page, participant.name).fill('12');
    await page.getByRole('group', { name: new RegExp(escape(q(DEMO.questions.ageGroup).label)) }).getByRole('radio', { name: q(DEMO.questions.ageGroup).options[2]!.label }).check();
    await page.getByLabel(new RegExp(`^${escape(q(DEMO.questions.language).label)}`)).selectOption('en');
    await page.getByRole('group', { name: new RegExp(escape(q(DEMO.questions.accessibility).label)) }).getByRole('checkbox', { name: q(DEMO.questions.accessibility).options[0]!.label }).check();
    await page.getByLabel(new RegExp(`^${escape(q(DEMO.questions.groupName).label)}`)).fill('Klasse 4b');
    await page.getByLabel(new RegExp(`^${escape(q(DEMO.questions.wheelchairs).label)}`)).fill('1');
    await expect(page.getByTestId('tour-price').textContent()).resolves.toBe(text('de', 'tour.price', { price: formatPrice(eveningPrice) }));
    await page.getByRole('button', { name: text('de', 'tour.addToCart') }).click();
    await page.getByTestId('added-to-cart').waitFor();

    await page.getByRole('link', { name: text('de', 'cart.goToCart') }).click();
    await page.waitForURL('**/de/checkout');
    const line = page.getByTestId('cart-line');
    await line.first().waitFor({ timeout: 15_000 });
    expect(await line.count()).toBe(1);
    const lineText = (await line.textContent()) ?? '';
    expect(lineText).toContain(tour.name);
    expect(lineText).toContain(text('de', 'cart.dateTime', { date: formatDate(thursday), time: '18:30' }));
    expect(lineText).toContain(group.name);
    expect(lineText).toContain(participant.name);
    expect(await line.getByTestId('cart-line-amount').textContent()).toBe(formatPrice(eveningPrice));
    const total = await page.getByTestId('cart-total').textContent();
    expect(total).toBe(formatPrice(eveningPrice));

    await acceptTermsAndPay(page);
    await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
    // what the server asks the provider to charge is what the cart showed
    expect(Number(await page.locator('[data-amount]').getAttribute('data-amount'))).toBe(eveningPrice);
    await atProvider(page, 'Bezahlen');
    await page.waitForURL(/\/de\/checkout\/accepted\?/);
    await page.getByRole('button', { name: text('de', 'checkout.confirm') }).click();
    await page.waitForURL(/\/de\/checkout\/success$/);
    expect((await page.getByTestId('booking-id').innerText()).trim()).toMatch(/^[A-Z0-9]{12}$/);
    expect(opened?.errors).toEqual([]);

    // the booked tour is taken: a second group at the same time finds one tour fewer
    const after = await tourOn('de', DEMO.tours.privateGroup, thursday);
    expect(after.schedule.find((s) => s.time === '18:30')).toMatchObject({ tours_remaining: 2 });
  });

  it('books single tickets of tour 201 with the family ticket: the cart shows name, date, time, counts and the catalogue price', async () => {
    const tuesday = nextWeekday(new Date(), 2);
    const tour = await tourOn('en', DEMO.tours.highlightsDe, tuesday);
    const adult = tour.tickets.find((t) => t.id === DEMO.tourTickets.highlightsAdult);
    const family = tour.tickets.find((t) => t.id === DEMO.tourTickets.highlightsFamily);
    const familyAdults = family?.subtickets.find((s) => s.id === DEMO.subtickets.tourFamilyAdults);
    const familyChildren = family?.subtickets.find((s) => s.id === DEMO.subtickets.tourFamilyChildren);
    if (!adult || !family || !familyAdults || !familyChildren) throw new Error('demo tour 201 changed');
    const expected = 2 * adult.price + family.price + 2 * familyAdults.price + 3 * familyChildren.price;

    const page = await openTourOn('en', DEMO.tours.highlightsDe, tuesday);
    await page.getByRole('radio', { name: /^15:00/ }).check();
    await counter(page, adult.name).fill('2');
    const familyGroup = page.getByRole('group', { name: new RegExp(`^${escape(family.name)}`) });
    await counter(familyGroup, familyAdults.name).fill('2');
    await counter(familyGroup, familyChildren.name).fill('3');
    await expect(page.getByTestId('tour-price').textContent()).resolves.toBe(text('en', 'tour.price', { price: formatPrice(expected) }));
    await page.getByRole('button', { name: text('en', 'tour.addToCart') }).click();
    await page.getByTestId('added-to-cart').waitFor();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();

    await page.getByRole('link', { name: text('en', 'cart.goToCart') }).click();
    await page.waitForURL('**/en/checkout');
    const line = page.getByTestId('cart-line');
    await line.first().waitFor({ timeout: 15_000 });
    const lineText = (await line.textContent()) ?? '';
    expect(lineText).toContain(tour.name);
    expect(lineText).toContain(text('en', 'cart.dateTime', { date: formatDate(tuesday), time: '15:00' }));
    expect(lineText).toContain(text('en', 'cart.quantity', { count: 7 }));
    expect(lineText).toContain(text('en', 'cart.part', { count: 2, name: adult.name, price: formatPrice(adult.price) }));
    expect(lineText).toContain(text('en', 'cart.part', { count: 2, name: `${family.name}: ${familyAdults.name}`, price: formatPrice(familyAdults.price) }));
    expect(lineText).toContain(text('en', 'cart.part', { count: 3, name: `${family.name}: ${familyChildren.name}`, price: formatPrice(familyChildren.price) }));
    expect(await line.getByTestId('cart-line-amount').textContent()).toBe(formatPrice(expected));
    expect(await page.getByTestId('cart-total').textContent()).toBe(formatPrice(expected));

    expect(opened?.errors).toEqual([]);
  });

  it('does not book a sold-out time or a sold-out day: choosing one says in words that it is sold out', async () => {
    const saturday = nextWeekday(new Date(), 6);
    const tour = await tourOn('en', DEMO.tours.highlightsDe, saturday);
    expect(tour.schedule.find((s) => s.time === '11:00')?.soldout).toBe(true);
    const page = await openTourOn('en', DEMO.tours.highlightsDe, saturday);
    const soldOut = page.getByRole('radio', { name: /^11:00/ });
    // focusable and announced as unavailable, like a sold-out day of the grid
    expect(await soldOut.getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator('label.time-slot--soldOut').textContent()).toContain(text('en', 'calendar.soldOut'));
    // the open time was chosen (§4: the only open time of the day)
    expect(await page.getByRole('radio', { name: /^15:00/ }).isChecked()).toBe(true);
    // choosing the sold-out time says so and books nothing at 11:00
    // Playwright counts aria-disabled as not enabled; a visitor's click still reaches the radio
    await soldOut.click({ force: true });
    const timeAlert = page.getByText(text('en', 'tour.timeSoldOut', { time: '11:00' }));
    await timeAlert.waitFor();
    expect(await soldOut.isChecked()).toBe(false);

    const wednesday = nextWeekday(new Date(), 3);
    const day = await calendarDay(page, wednesday, text('en', 'calendar.nextMonth'), text('en', 'calendar.previousMonth'));
    expect(await day.getAttribute('aria-disabled')).toBe('true');
    expect(await day.getAttribute('aria-label')).toContain(text('en', 'calendar.soldOut'));
    await day.focus();
    await page.keyboard.press('Enter');
    const alert = page.getByTestId('day-sold-out');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(text('en', 'tour.daySoldOut', { date: formatDate(wednesday) }));
  });

  it('caps too many participants and says the limit next to the control', async () => {
    const tuesday = nextWeekday(new Date(), 2);
    const tour = await tourOn('en', DEMO.tours.highlightsDe, tuesday);
    const adult = tour.tickets.find((t) => t.id === DEMO.tourTickets.highlightsAdult)!;
    const page = await openTourOn('en', DEMO.tours.highlightsDe, tuesday);
    await counter(page, adult.name).fill('30');
    await expect(counter(page, adult.name).inputValue()).resolves.toBe('20');
    const notice = page.getByTestId('limit-notice');
    expect(await notice.textContent()).toBe(`${text('en', 'tour.limited', { max: 20 })} ${text('en', 'tour.limit.maxParticipants', { max: 20 })}`);
    // non-numeric input is 0
    await counter(page, adult.name).fill('two');
    await expect(counter(page, adult.name).inputValue()).resolves.toBe('0');

    // a complete tour: 25 participants per tour booked
    const thursday = nextWeekday(new Date(), 4);
    const page2 = await openTourOn('en', DEMO.tours.privateGroup, thursday);
    await counter(page2, text('en', 'tour.participants')).fill('40');
    await expect(counter(page2, text('en', 'tour.participants')).inputValue()).resolves.toBe('25');
    expect(await page2.getByTestId('limit-notice').textContent()).toContain(text('en', 'tour.limit.perTour', { max: 25 }));
  });

  it('says a missing mandatory answer on its field and adds nothing', async () => {
    const monday = nextWeekday(new Date(), 1);
    const tour = await tourOn('en', DEMO.tours.privateGroup, monday);
    const group = tour.priceList.find((p) => p.id === DEMO.tourPrices.groupTour)!;
    const page = await openTourOn('en', DEMO.tours.privateGroup, monday);
    await counter(page, group.name).fill('1');
    await counter(page, text('en', 'tour.participants')).fill('8');
    await page.getByRole('button', { name: text('en', 'tour.addToCart') }).click();
    await page.getByTestId('answers-missing').waitFor();
    const groupName = tour.questions.find((q) => q.id === DEMO.questions.groupName)!;
    const field = page.getByLabel(new RegExp(`^${escape(groupName.label)}`));
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const error = page.locator(`[id="${describedBy.split(' ').at(-1)}"]`);
    expect(await error.textContent()).toBe(text('en', 'tour.answerRequired'));
    expect(await page.getByTestId('added-to-cart').count()).toBe(0);
    // answering it removes its error
    await field.fill('Seniors club');
    expect(await field.getAttribute('aria-invalid')).toBeNull();
  });

  it('a race: a tour line whose time sold out since it was added is refused at payment, naming the line and the places left', async () => {
    // Wednesday 11:00 of tour 201 is taken by others (the demo's prebooked places)
    const wednesday = nextWeekday(new Date(), 3);
    const tour = await tourOn('de', DEMO.tours.highlightsDe, wednesday);
    expect(tour.schedule.find((s) => s.time === '11:00')).toMatchObject({ remaining: 0 });
    opened = await openPage(browser, baseUrl, '/de');
    const { page } = opened;
    await openCheckoutWithCart(page, [{
      type: 'guidedTour', id: DEMO.tours.highlightsDe, name: tour.name, price: 5000, totalPrice: 5000, totalCount: 2, date: wednesday, time: '11:00',
      vat_value: 8.1, single_ticketing: 1, prices: [], tickets: [{ id: DEMO.tourTickets.highlightsAdult, count: 2, subtickets: [] }], answers: [],
    }]);
    await acceptTermsAndPay(page);
    const refused = page.getByTestId('payment-refused');
    await refused.waitFor({ timeout: 15_000 });
    expect(await refused.innerText()).toBe(`Für „${tour.name}“ ist kein Platz mehr frei. Bitte ändern Sie Ihren Warenkorb.`);
    expect(await page.getByTestId('cart-line').count()).toBe(1);
  });

  it('says not found for a tour that does not exist', async () => {
    const page = await open('en', '/en/guided-tours/999');
    await page.getByTestId('tour-not-found').waitFor({ timeout: 15_000 });
    expect(await page.locator('main h1').textContent()).toBe(text('en', 'tour.notFoundTitle'));
  });

  it('goes the whole journey by keyboard alone: list, tour, date, time, counts, cart', async () => {
    const page = await open('en', '/en/guided-tours');
    await page.getByTestId('tour-card').first().waitFor();
    const focused = () => page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? `${el.tagName}|${el.getAttribute('aria-label') ?? ''}|${(el.textContent ?? '').trim()}|${el.getAttribute('data-date') ?? ''}|${(el as HTMLInputElement).labels?.[0]?.textContent ?? ''}` : '';
    });
    async function tabTo(match: (f: string) => boolean, limit = 80) {
      for (let i = 0; i < limit; i++) {
        if (match(await focused())) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached it; last: ${await focused()}`);
    }
    const tour = (await api<{ tours: { id: number; name: string; langIdentifier: string }[] }>('en', 'tour/select/event')).tours.find((t) => t.id === DEMO.tours.highlightsEn)!;
    await tabTo((f) => f.startsWith('A|') && f.includes(tour.name));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/en/guided-tours/${tour.id}`);
    await page.getByRole('radio', { checked: true }).waitFor({ timeout: 15_000 });
    // the date grid: its chosen day is in the tab order; Enter chooses it again
    await tabTo((f) => f.split('|')[3] !== '');
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { checked: true }).waitFor();
    const detail = await api<ApiTour>('en', `tour?tour=${tour.id}`);
    const adult = detail.tickets.find((t) => t.id === DEMO.tourTickets.highlightsEnAdult)!;
    const more = text('en', 'cart.more', { name: `${adult.name} – ${formatPrice(adult.price)}` });
    await tabTo((f) => f.startsWith('BUTTON|') && f.split('|')[1] === more);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await tabTo((f) => f.startsWith('BUTTON|') && f.includes(text('en', 'tour.addToCart')));
    await page.keyboard.press('Enter');
    await page.getByTestId('added-to-cart').waitFor();
    // focus moved to the confirmation; the cart link is next
    await tabTo((f) => f.startsWith('A|') && f.includes(text('en', 'cart.goToCart')));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/checkout');
    const line = page.getByTestId('cart-line');
    await line.first().waitFor({ timeout: 15_000 });
    expect(await line.textContent()).toContain(tour.name);
    expect(await line.getByTestId('cart-line-amount').textContent()).toBe(formatPrice(2 * adult.price));
  });

  describe('issue 22', () => {
    it('defect 3: a month not loaded yet is drawn once, with its days; meanwhile the month shown stays and a day clicked there is kept', async () => {
      const page = await open('de', `/de/guided-tours/${DEMO.tours.highlightsDe}`);
      await page.getByTestId('tour-price').waitFor({ timeout: 15_000 });
      // slow calendar answers: the time in which a month drawn without its days could be clicked
      await page.route('**/tour/calendar/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      // every state of the grid from now on: the month's title and how many of its days can be chosen
      await page.evaluate(() => {
        const w = window as unknown as { __months: string[] };
        w.__months = [];
        let last = '';
        new MutationObserver(() => {
          const title = document.querySelector('.date-grid__title')?.textContent ?? '';
          const open = document.querySelectorAll('table[role="grid"] button[data-date]:not([aria-disabled])').length;
          const seen = `${title}|${open}`;
          if (seen !== last) w.__months.push(seen);
          last = seen;
        }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      const next = page.getByRole('button', { name: text('de', 'calendar.nextMonth') });
      await next.click(); // the month after: loaded with the first
      await page.locator('table[role="grid"] button[data-date]:not([aria-disabled])').first().waitFor();
      const shownBefore = await page.locator('.date-grid__title').textContent();
      await next.click(); // the month after that: its days are asked for now
      await page.getByText(text('de', 'calendar.loadingMonth')).waitFor();
      // the grid still shows the month it showed, with its days: one of them can be chosen at once
      expect(await page.locator('.date-grid__title').textContent()).toBe(shownBefore);
      const day = page.locator('table[role="grid"] button[data-date]:not([aria-disabled])').last();
      const clicked = (await day.getAttribute('data-date'))!;
      await day.click();
      await page.getByText(text('de', 'calendar.chosenDate', { date: formatDate(clicked) })).waitFor({ timeout: 15_000 });
      // then the new month, drawn once with its days
      await page.waitForFunction((before) => document.querySelector('.date-grid__title')?.textContent !== before, shownBefore, { timeout: 15_000 });
      await page.waitForTimeout(500);
      const months = await page.evaluate(() => (window as unknown as { __months: string[] }).__months);
      expect(months.filter((m) => m.endsWith('|0'))).toEqual([]);
      // the day clicked while the month loaded is still the chosen one
      expect(await page.getByText(text('de', 'calendar.chosenDate', { date: formatDate(clicked) })).count()).toBe(1);
      expect(opened?.errors).toEqual([]);
    });

    // On a first load defect 3 did not show before the change either (grid recorded from the first
    // byte: a cold load, a reload, from the list, slow API answers, 6x CPU throttling, 390 px, other
    // time zones, ?date= in and out of range): this test guards the first load; the test above is
    // the one that failed (a month drawn before its days).
    it('defect 3 (guard): the date grid of /de/guided-tours/201 is drawn once, with its days, and a day clicked as soon as it can be is kept', async () => {
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'de-CH', viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      // from the first byte: every change of the grid, and a click on the last open day the moment one is open
      await page.addInitScript(() => {
        const w = window as unknown as { __grid: string[]; __clicked: string | null };
        w.__grid = [];
        w.__clicked = null;
        let last = '';
        const look = () => {
          const grid = document.querySelector('table[role="grid"]');
          const open = grid ? [...grid.querySelectorAll<HTMLButtonElement>('button[data-date]:not([aria-disabled])')] : [];
          const seen = grid ? `grid ${open.length}` : 'none';
          if (seen !== last) {
            w.__grid.push(seen);
            last = seen;
          }
          const target = open.at(-1);
          if (target && w.__clicked === null) {
            w.__clicked = target.dataset.date ?? '';
            target.click();
          }
        };
        new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
      });
      await page.goto(`/de/guided-tours/${DEMO.tours.highlightsDe}`);
      const clicked = await page.waitForFunction(() => (window as unknown as { __clicked: string | null }).__clicked, null, { timeout: 15_000 }).then((h) => h.jsonValue() as Promise<string>);
      // the chosen day's times arrive, then nothing else may happen to the grid
      await page.getByText(text('de', 'calendar.chosenDate', { date: formatDate(clicked) })).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(1500);
      const history = await page.evaluate(() => (window as unknown as { __grid: string[] }).__grid);
      // drawn once: after it first appears the grid never goes away, and it never shows without its open days
      const first = history.findIndex((h) => h !== 'none');
      expect(first).toBeGreaterThanOrEqual(0);
      expect(history.slice(first).filter((h) => h === 'none' || h === 'grid 0')).toEqual([]);
      // the day clicked stays chosen
      expect(await page.locator('td[aria-selected="true"] button').getAttribute('data-date')).toBe(clicked);
      await context.close();
    });

    it('defect 8: books tour 201 with tickets without typing the group size; the participants are shown as the tickets add up', async () => {
      const tuesday = nextWeekday(new Date(), 2);
      const tour = await tourOn('de', DEMO.tours.highlightsDe, tuesday);
      const adult = tour.tickets.find((t) => t.id === DEMO.tourTickets.highlightsAdult)!;
      const child = tour.tickets.find((t) => t.id === DEMO.tourTickets.highlightsChild)!;
      const page = await openTourOn('de', DEMO.tours.highlightsDe, tuesday);
      await page.getByRole('radio', { name: /^15:00/ }).check();
      expect(await counter(page, text('de', 'tour.participants')).count()).toBe(0);
      // the family ticket's subtickets have the same names: the tickets of their own come first
      await counter(page, adult.name).first().fill('2');
      await counter(page, child.name).first().fill('1');
      const group = page.getByTestId('tour-participants');
      expect(await group.textContent()).toBe(text('de', 'tour.participantsFromTickets', { count: 3 }));
      expect(await group.getAttribute('aria-live')).toBe('polite');
      await page.getByRole('button', { name: text('de', 'tour.addToCart') }).click();
      await page.getByTestId('added-to-cart').waitFor();
      await page.getByRole('link', { name: text('de', 'cart.goToCart') }).click();
      await page.waitForURL('**/de/checkout');
      const line = page.getByTestId('cart-line');
      await line.first().waitFor({ timeout: 15_000 });
      expect(await line.textContent()).toContain(text('de', 'cart.quantity', { count: 3 }));
      expect(await line.getByTestId('cart-line-amount').textContent()).toBe(formatPrice(2 * adult.price + child.price));
      expect(opened?.errors).toEqual([]);
    });

    it('defect 8: books tour 205 as a whole tour with its tickets only: no group size to type, the minimum checked on the tickets, the server takes the line at the cart price', async () => {
      const saturday = nextWeekday(new Date(), 6);
      const tour = await tourOn('en', DEMO.tours.kids, saturday);
      const group = tour.priceList.find((p) => p.id === DEMO.tourPrices.kidsGroup)!;
      const child = tour.tickets.find((t) => t.id === DEMO.tourTickets.kidsChild)!;
      const adult = tour.tickets.find((t) => t.id === DEMO.tourTickets.kidsAdult)!;
      const page = await openTourOn('en', DEMO.tours.kids, saturday);
      await counter(page, group.name).fill('1');
      expect(await counter(page, text('en', 'tour.participants')).count()).toBe(0);
      await counter(page, child.name).fill('2');
      await counter(page, adult.name).fill('1');
      expect(await page.getByTestId('tour-participants').textContent()).toBe(text('en', 'tour.participantsFromTickets', { count: 3 }));
      await page.getByRole('button', { name: text('en', 'tour.addToCart') }).click();
      expect(await page.getByTestId('count-problem').textContent()).toBe(text('en', 'tour.problem.belowMinimum', { min: 4 }));
      await counter(page, child.name).fill('3');
      expect(await page.getByTestId('tour-participants').textContent()).toBe(text('en', 'tour.participantsFromTickets', { count: 4 }));
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: text('en', 'tour.addToCart') }).click();
      await page.getByTestId('added-to-cart').waitFor();
      await page.getByRole('link', { name: text('en', 'cart.goToCart') }).click();
      await page.waitForURL('**/en/checkout');
      const line = page.getByTestId('cart-line');
      await line.first().waitFor({ timeout: 15_000 });
      expect(await line.textContent()).toContain(text('en', 'cart.quantity', { count: 4 }));
      expect(await page.getByTestId('cart-total').textContent()).toBe(formatPrice(group.price + 3 * child.price + adult.price));
      expect(opened?.errors).toEqual([]);
    });
  });

  describe('axe (WCAG 2.2 AA)', () => {
    for (const lang of ['de', 'en'] as const) {
      for (const width of [1280, 390]) {
        it(`the list and the page of tour 203 in ${lang} at ${width} px`, async () => {
          const viewport = { width, height: 900 };
          const page = await open(lang, `/${lang}/guided-tours`, viewport);
          await page.getByTestId('tour-card').first().waitFor({ timeout: 15_000 });
          expect(await axeViolations(page)).toEqual([]);
          await opened?.close();
          const monday = nextWeekday(new Date(), 1);
          const tourPage = await open(lang, `/${lang}/guided-tours/${DEMO.tours.privateGroup}?date=${monday}`, viewport);
          await tourPage.getByTestId('tour-price').waitFor({ timeout: 15_000 });
          // with the errors of a refused add shown too
          await tourPage.getByRole('button', { name: text(lang, 'tour.addToCart') }).click();
          await tourPage.getByTestId('count-problem').waitFor();
          // The refused add moved focus (and the scroll) to the first question. Depending on how far
          // (the day's notices, the places left after the tests before), a counter could straddle the
          // sticky header's lower edge, which axe reports as a too-small target (target-size) although
          // the control is whole once scrolled to; the check runs from the top of the page, the same
          // page and errors, so that it judges the controls and not where the scroll stopped.
          await tourPage.evaluate(() => window.scrollTo(0, 0));
          expect(await axeViolations(tourPage)).toEqual([]);
        });
      }
    }
  });
});
