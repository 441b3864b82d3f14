/**
 * The event ticketing journey in real headless Chromium, in /en, against the server `npm start`
 * runs on a fresh demo database: choose an event, a date and a time, buy two timed tickets and a
 * family ticket, see them in the cart at the price the catalogue asks, reload and still see them;
 * a sold-out Monday cannot be chosen; asking for more than a slot has left names the count; a
 * corrupt saved cart gives an empty cart; the date grid works by keyboard alone.
 *
 * Expected prices and places come from the catalogue API (the demo data), never from the UI.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoTenPlacesSlot, nextWeekday } from '../../src/server/seed/demo.js';
import { formatDate, formatPrice } from '../../src/i18n/format.js';
import { monthOf } from '../../src/domain/dates.js';
import { museumToday } from '../../src/domain/museum-clock.js';
import { calendarDay } from './calendar.js';
import { launchBrowser, openPage, type OpenedPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { repoRoot } from './server-process.js';

const en = JSON.parse(fs.readFileSync(path.join(repoRoot, 'src/i18n/messages/en.json'), 'utf8')) as Record<string, string>;

/** A catalogue message with simple {placeholders} filled in. */
function text(id: string, values: Record<string, string | number> = {}): string {
  const message = en[id];
  if (message === undefined) throw new Error(`en.json has no ${id}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface ApiTicket {
  id: number;
  name: string;
  price: number;
  subtickets: { id: number; name: string; price: number; min_quantity: number; max_quantity: number }[];
}
interface Collection {
  event: { id: number; name: string };
  tickets: ApiTicket[];
  timeslot: { datetime: string; max_tickets: number }[];
}

let baseUrl = '';
let browser: Browser;
let opened: OpenedPage | null = null;

async function api<T>(urlPath: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/en/${urlPath}`);
  expect(res.status, urlPath).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

function collection(eventId: number, date: string): Promise<Collection> {
  return api<Collection>(`ticket/collect/event/${eventId}/date/${date.replaceAll('-', '')}`);
}

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

async function open(urlPath: string): Promise<Page> {
  opened = await openPage(browser, baseUrl, urlPath, { locale: 'en-GB' });
  const { page } = opened;
  await page.locator('main h1').waitFor({ timeout: 15_000 });
  const accept = page.getByRole('button', { name: text('cookie.accept') });
  if (await accept.isVisible()) await accept.click();
  return page;
}

/** The ticket page of the permanent collection with `date` chosen and the time `time` picked. */
async function chooseDateAndTime(page: Page, date: string, time: string): Promise<void> {
  await (await calendarDay(page, date, text('calendar.nextMonth'), text('calendar.previousMonth'))).click();
  await page.getByText(text('calendar.chosenDate', { date: formatDate(date) })).waitFor();
  await page.getByRole('radio', { name: new RegExp(`^${time}`) }).check();
}

function counter(page: Page, name: string) {
  return page.getByRole('spinbutton', { name: new RegExp(`^${escape(name)}( –|$)`) });
}

describe('event ticketing in a real browser', () => {
  it('buys two timed tickets and a family ticket, shows them in the cart at the catalogue price and keeps them over a reload', async () => {
    const { date } = demoTenPlacesSlot(new Date());
    const offer = await collection(DEMO.events.collection, date);
    const adult = offer.tickets.find((t) => t.id === DEMO.tickets.collectionAdult);
    const family = offer.tickets.find((t) => t.id === DEMO.tickets.collectionFamily);
    const familyAdults = family?.subtickets.find((s) => s.id === DEMO.subtickets.familyAdults);
    const familyChildren = family?.subtickets.find((s) => s.id === DEMO.subtickets.familyChildren);
    if (!adult || !family || !familyAdults || !familyChildren) throw new Error('demo tickets missing');
    const children = 2;
    const expectedTotal = 2 * adult.price + family.price + familyAdults.price * familyAdults.max_quantity + familyChildren.price * children;

    const page = await open('/en/tickets');
    await page.getByRole('link', { name: new RegExp(`^${escape(text('tickets.chooseTickets'))}\\s*:\\s*${escape(offer.event.name)}$`) }).click();
    await page.waitForURL(`**/en/tickets/${DEMO.events.collection}`);
    await chooseDateAndTime(page, date, '10:00');
    await counter(page, adult.name).fill('2');
    await page.getByRole('checkbox', { name: familyAdults.name }).check();
    await counter(page, familyChildren.name).fill(String(children));
    await expect(page.getByText(text('tickets.selectionPrice', { price: formatPrice(expectedTotal) })).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: text('tickets.addToCart') }).click();
    await page.getByTestId('added-to-cart').waitFor();
    // the basket in the header counts the cart's lines: the timed tickets and the family ticket
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    await page.getByRole('link', { name: text('cart.goToCart') }).click();
    await page.waitForURL('**/en/checkout');
    const cart = page.getByTestId('cart-view');
    await cart.getByTestId('cart-total').waitFor();
    const checkCart = async () => {
      const lines = cart.getByTestId('cart-line');
      expect(await lines.count()).toBe(2);
      expect(await lines.nth(0).textContent()).toContain(adult.name);
      expect(await lines.nth(0).textContent()).toContain(text('cart.dateTime', { date: formatDate(date), time: '10:00' }));
      expect(await lines.nth(0).getByTestId('cart-line-amount').textContent()).toBe(formatPrice(2 * adult.price));
      expect(await lines.nth(1).textContent()).toContain(family.name);
      expect(await cart.getByTestId('cart-total').textContent()).toBe(formatPrice(expectedTotal));
    };
    await checkCart();

    await page.reload({ waitUntil: 'load' });
    await cart.getByTestId('cart-total').waitFor({ timeout: 15_000 });
    await checkCart();
    expect(opened?.errors).toEqual([]);
  });

  it('does not let a sold-out Monday be chosen: it says so in words and offers no times', async () => {
    const monday = nextWeekday(new Date(), 1);
    const calendar = await api<Record<string, number>>(
      `ticket/calendar/event/${DEMO.events.collection}/range/${monday.replaceAll('-', '')};${monday.replaceAll('-', '')}?deep=1`,
    );
    expect(calendar[monday]).toBe(0);
    const page = await open(`/en/tickets/${DEMO.events.collection}`);
    // the calendar first (the page loads the event and its lifetime before it), then look for the day
    const day = await calendarDay(page, monday, text('calendar.nextMonth'), text('calendar.previousMonth'));
    expect(await day.getAttribute('aria-disabled')).toBe('true');
    expect(await day.getAttribute('aria-label')).toContain(text('calendar.soldOut'));
    // focusable but not selectable: choosing it by keyboard only says why
    await day.focus();
    await page.keyboard.press('Enter');
    const alert = page.getByTestId('day-sold-out');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(text('tickets.daySoldOut', { date: formatDate(monday) }));
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.locator('td[aria-selected="true"]').count()).toBe(0);
  });

  it('refuses to overbook a slot and states how many places are left', async () => {
    const slot = demoTenPlacesSlot(new Date());
    const offer = await collection(slot.eventId, slot.date);
    const places = offer.timeslot.find((t) => t.datetime === slot.datetime)?.max_tickets ?? -1;
    const adult = offer.tickets.find((t) => t.id === slot.ticketId);
    if (!adult) throw new Error('demo adult ticket missing');
    expect(places).toBe(10);
    const first = 6;
    const page = await open(`/en/tickets/${slot.eventId}`);
    await chooseDateAndTime(page, slot.date, DEMO.tenPlacesTime);
    await counter(page, adult.name).fill(String(first));
    await page.getByRole('button', { name: text('tickets.addToCart') }).click();
    await page.getByRole('button', { name: text('tickets.buyMore') }).click();
    await counter(page, adult.name).fill(String(first));
    await page.getByRole('button', { name: text('tickets.addToCart') }).click();
    const alert = page.getByTestId('overbooked');
    await alert.waitFor();
    const left = places - first;
    expect(await alert.textContent()).toContain(`Only ${left} places are left at ${DEMO.tenPlacesTime}`);
    expect(await alert.textContent()).toContain(`you asked for ${first}.`);
    expect(await page.getByTestId('added-to-cart').count()).toBe(0);
  });

  it('shows an empty cart when the saved cart in session storage is corrupt', async () => {
    const page = await open('/en/checkout');
    await page.evaluate(() => sessionStorage.setItem('cart', '[{"type":"ticket","id":"x"'));
    await page.reload({ waitUntil: 'load' });
    const empty = page.getByTestId('cart-empty');
    await empty.waitFor({ timeout: 15_000 });
    expect(await empty.textContent()).toBe(text('cart.empty'));
    expect(await page.evaluate(() => sessionStorage.getItem('cart'))).toBeNull();
    expect(opened?.errors).toEqual([]);
  });

  it('operates the date grid with the keyboard alone: arrows, Page Down/Up, Home/End and Enter', async () => {
    const { date } = demoTenPlacesSlot(new Date());
    const page = await open(`/en/tickets/${DEMO.events.collection}`);
    await page.locator('button[data-date]').first().waitFor();
    const focusedDate = () => page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null);
    for (let i = 0; i < 40 && (await focusedDate()) === null; i++) await page.keyboard.press('Tab');
    const start = await focusedDate();
    if (start === null) throw new Error('Tab never reached the date grid');
    expect(await page.locator('button[data-date][tabindex="0"]').count()).toBe(1);

    const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await page.keyboard.press('ArrowRight');
    expect(await focusedDate()).toBe(shift(start, 1));
    await page.keyboard.press('ArrowDown');
    expect(await focusedDate()).toBe(shift(start, 8));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedDate()).toBe(start);
    await page.keyboard.press('PageDown');
    const nextMonth = await focusedDate();
    expect(nextMonth?.slice(0, 7)).not.toBe(start.slice(0, 7));
    await page.keyboard.press('PageUp');
    expect(await focusedDate()).toBe(start);
    // the permanent collection has no last month: End always reaches the week's Sunday
    await page.keyboard.press('End');
    const end = await focusedDate();
    if (end === null) throw new Error('End left the date grid');
    expect(new Date(`${end}T12:00:00Z`).getUTCDay()).toBe(0);
    // Home: the week's Monday, or the month's first day when that Monday is before this month (not shown)
    await page.keyboard.press('Home');
    const monday = shift(end, -6);
    expect(await focusedDate()).toBe(monthOf(monday) < monthOf(museumToday()) ? `${monthOf(end)}-01` : monday);

    // walk to the bookable day with arrow keys and choose it with Enter
    for (let i = 0; i < 62 && (await focusedDate()) !== date; i++) {
      const now = (await focusedDate()) ?? date;
      await page.keyboard.press(now < date ? 'ArrowRight' : 'ArrowLeft');
    }
    expect(await focusedDate()).toBe(date);
    await page.keyboard.press('Enter');
    await page.getByText(text('calendar.chosenDate', { date: formatDate(date) })).waitFor();
    expect(await page.locator(`td[aria-selected="true"] button[data-date="${date}"]`).count()).toBe(1);
    expect(await page.getByRole('radio').count()).toBeGreaterThan(0);
  });
});
