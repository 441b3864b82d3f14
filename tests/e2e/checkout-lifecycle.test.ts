/**
 * A finished checkout stays finished (issue 22 defect 1), in real Chromium: after a booking, a
 * reload of the success page, Back to the provider's `checkout/accepted?…` return URL, or that URL
 * opened again never bring the old checkout back into the next one: a second purchase in the same
 * tab reaches the provider with its own line only and is booked; nothing is booked twice (the
 * slot's places, as the API answers them, go down once per booking).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from './calendar.js';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { acceptTermsAndPay, atProvider, demoTicketLine, openCheckoutWithCart, text } from './checkout-helpers.js';
import { demoTenPlacesSlot, DEMO } from '../../src/server/seed/demo.js';

let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * This file counts places before and after, so it books a slot no other test uses: 14:00 of the
 * next day that is not a Monday (40 places); a second line goes to 15:00.
 */
const SLOT_TIME = '14:00';
const slotLine = () => ({ ...demoTicketLine(1, demoTenPlacesSlot(new Date()).date), datetime: `${demoTenPlacesSlot(new Date()).date} ${SLOT_TIME}` });

/** Places left at 14:00 of the demo day (the slot this file books), as the API answers them. */
async function placesLeft(): Promise<number> {
  const { date } = demoTenPlacesSlot(new Date());
  const res = await fetch(`${baseUrl}/api/de/ticket/collect/event/${DEMO.events.collection}/date/${date.replaceAll('-', '')}`);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { timeslot: { datetime: string; max_tickets: number }[] } };
  const slot = data.timeslot.find((t) => t.datetime.startsWith(`${date} ${SLOT_TIME}`));
  if (!slot) throw new Error(`no ${SLOT_TIME} slot on ${date}`);
  return slot.max_tickets;
}

/** Buys the seeded one-ticket cart through the provider; answers the booking id and the provider's return URL. */
async function buyOneTicket(page: Page): Promise<{ bookingId: string; acceptedUrl: string }> {
  await openCheckoutWithCart(page, [slotLine()]);
  await acceptTermsAndPay(page);
  await atProvider(page, 'Bezahlen');
  await page.waitForURL(/\/de\/checkout\/accepted\?/);
  const acceptedUrl = page.url();
  await page.getByRole('button', { name: text('checkout.confirm') }).click();
  await page.waitForURL(/\/de\/checkout\/success$/);
  const bookingId = (await page.getByTestId('booking-id').innerText()).trim();
  expect(bookingId).toMatch(/^[A-Z0-9]{12}$/);
  return { bookingId, acceptedUrl };
}

/**
 * As a visitor does it: the header's tickets link and the collection (or its address typed),
 * two tickets at 14:00, the basket; then the checkout must show the new cart (one line), not the old booking.
 */
async function secondPurchase(page: Page, oldBookingId: string, via: 'header link' | 'address bar'): Promise<string> {
  if (via === 'header link') {
    await page.getByRole('navigation').getByRole('link', { name: 'Tickets', exact: true }).first().click();
    await page.waitForURL(/\/de\/tickets$/);
    await page.locator(`a[href="/de/tickets/${DEMO.events.collection}"]`).first().click();
  } else {
    await page.goto(`/de/tickets/${DEMO.events.collection}`, { waitUntil: 'load' });
  }
  const { date } = demoTenPlacesSlot(new Date());
  await (await calendarDay(page, date, text('calendar.nextMonth'), text('calendar.previousMonth'))).click();
  await page.getByRole('radio', { name: new RegExp(`^${SLOT_TIME}`) }).check();
  await page.getByRole('spinbutton').first().fill('2');
  await page.getByRole('button', { name: text('tickets.addToCart') }).click();
  await page.getByTestId('added-to-cart').waitFor();
  expect(await page.getByTestId('basket-count').innerText()).toBe('1');
  await page.getByTestId('basket-count').click();
  await page.waitForURL(/\/de\/checkout$/);
  await page.getByTestId('cart-line').first().waitFor();
  expect(page.url()).toMatch(/\/de\/checkout$/);
  expect(await page.getByTestId('cart-line').count()).toBe(1);
  expect(await page.getByText(oldBookingId).count()).toBe(0);

  await acceptTermsAndPay(page);
  await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
  // the provider is asked for the new line only: two adults
  await expect(page.locator('main').innerText()).resolves.toMatch(/36[.,]00/);
  await atProvider(page, 'Bezahlen');
  await page.getByRole('button', { name: text('checkout.confirm') }).click();
  await page.waitForURL(/\/de\/checkout\/success$/);
  const bookingId = (await page.getByTestId('booking-id').innerText()).trim();
  expect(bookingId).toMatch(/^[A-Z0-9]{12}$/);
  expect(bookingId).not.toBe(oldBookingId);
  return bookingId;
}

describe('a finished checkout stays finished (issue 22, defect 1)', () => {
  for (const via of ['header link', 'address bar'] as const) {
    it(`a reload of the success page, then a second purchase in the same tab (tickets by ${via}): its own cart, booked once`, async () => {
      const { page, errors, close } = await openPage(browser, baseUrl, '/de');
      try {
        const before = await placesLeft();
        const { bookingId } = await buyOneTicket(page);
        await page.reload({ waitUntil: 'load' });
        await page.getByTestId('booking-id').waitFor();
        expect((await page.getByTestId('booking-id').innerText()).trim()).toBe(bookingId);
        await secondPurchase(page, bookingId, via);
        expect(await placesLeft()).toBe(before - 3);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`Back to the provider return URL after the success page, then a second purchase (tickets by ${via}): no old booking, nothing booked twice`, async () => {
      const { page, errors, close } = await openPage(browser, baseUrl, '/de');
      try {
        const before = await placesLeft();
        const { bookingId } = await buyOneTicket(page);
        await page.goBack({ waitUntil: 'load' });
        // the return URL of a booked payment shows that booking (it is not paid or confirmed again)
        await page.getByTestId('booking-id').waitFor({ timeout: 15_000 });
        expect((await page.getByTestId('booking-id').innerText()).trim()).toBe(bookingId);
        await expect(page.getByRole('button', { name: text('checkout.confirm') }).count()).resolves.toBe(0);
        await secondPurchase(page, bookingId, via);
        expect(await placesLeft()).toBe(before - 3);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`the provider return URL opened again after the purchase, then a second purchase (tickets by ${via}): no old booking, nothing booked twice`, async () => {
      const { page, errors, close } = await openPage(browser, baseUrl, '/de');
      try {
        const before = await placesLeft();
        const { bookingId, acceptedUrl } = await buyOneTicket(page);
        await page.goto(acceptedUrl, { waitUntil: 'load' });
        await page.getByTestId('booking-id').waitFor({ timeout: 15_000 });
        expect((await page.getByTestId('booking-id').innerText()).trim()).toBe(bookingId);
        const second = await secondPurchase(page, bookingId, via);
        // and once more, after the second purchase: the first return URL shows its own booking, books nothing
        await page.goto(acceptedUrl, { waitUntil: 'load' });
        await page.getByTestId('booking-id').waitFor({ timeout: 15_000 });
        expect((await page.getByTestId('booking-id').innerText()).trim()).toBe(bookingId);
        expect(second).not.toBe(bookingId);
        expect(await placesLeft()).toBe(before - 3);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});

describe('an old return URL while a new cart is being filled (issue 22, defect 1)', () => {
  it('shows its own booking and leaves the new line in the cart: nothing confirmed, booked or emptied again', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      const before = await placesLeft();
      const { bookingId, acceptedUrl } = await buyOneTicket(page);
      // in-app to the tickets and a new line, then the old return URL in the address bar
      await page.getByRole('navigation').getByRole('link', { name: 'Tickets', exact: true }).first().click();
      await page.locator(`a[href="/de/tickets/${DEMO.events.collection}"]`).first().click();
      const { date } = demoTenPlacesSlot(new Date());
      await (await calendarDay(page, date, text('calendar.nextMonth'), text('calendar.previousMonth'))).click();
      await page.getByRole('radio', { name: new RegExp(`^${SLOT_TIME}`) }).check();
      await page.getByRole('spinbutton').first().fill('1');
      await page.getByRole('button', { name: text('tickets.addToCart') }).click();
      await page.getByTestId('added-to-cart').waitFor();
      await page.goto(acceptedUrl, { waitUntil: 'load' });
      await page.getByTestId('booking-id').waitFor({ timeout: 15_000 });
      expect((await page.getByTestId('booking-id').innerText()).trim()).toBe(bookingId);
      expect(await page.getByTestId('basket-count').innerText()).toBe('1');
      // the basket opens the new cart
      await page.getByTestId('basket-count').click();
      await page.waitForURL(/\/de\/checkout$/);
      await page.getByTestId('cart-line').first().waitFor();
      expect(await page.getByTestId('cart-line').count()).toBe(1);
      expect(await placesLeft()).toBe(before - 1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a retry after a failed payment pays the same order (issue 22, defect 10a)', () => {
  it('fails at the provider, pays again: the same cart id at the provider and on return, one booking', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      const before = await placesLeft();
      await openCheckoutWithCart(page, [slotLine()]);
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
      const firstCart = new URL(page.url()).searchParams.get('cartId');
      expect(firstCart).toMatch(/^\w{12}$/);
      await atProvider(page, 'Fehlgeschlagene Zahlung simulieren');
      await page.waitForURL(/\/de\/checkout\/failed/);
      await page.getByTestId('payment-not-completed').waitFor();
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
      // checkout/initPaymentOrder: the same order, not a new cart
      expect(new URL(page.url()).searchParams.get('cartId')).toBe(firstCart);
      await atProvider(page, 'Bezahlen');
      await page.waitForURL(/\/de\/checkout\/accepted\?/);
      expect(new URL(page.url()).searchParams.get('cartId')).toBe(firstCart);
      await page.getByRole('button', { name: text('checkout.confirm') }).click();
      await page.waitForURL(/\/de\/checkout\/success$/);
      expect((await page.getByTestId('booking-id').innerText()).trim()).toMatch(/^[A-Z0-9]{12}$/);
      expect(await placesLeft()).toBe(before - 1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('fails at the provider, a line is added, pays again: the changed cart is a new order with both lines', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page, [slotLine()]);
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
      const firstCart = new URL(page.url()).searchParams.get('cartId');
      await atProvider(page, 'Fehlgeschlagene Zahlung simulieren');
      await page.getByTestId('payment-not-completed').waitFor();
      // another ticket line (a later slot) joins the cart
      await page.evaluate(() => {
        const cart = JSON.parse(sessionStorage.getItem('cart') ?? '[]') as { datetime: string }[];
        sessionStorage.setItem('cart', JSON.stringify([...cart, { ...cart[0]!, datetime: cart[0]!.datetime.replace('14:00', '15:00') }]));
      });
      await page.goto('/de/checkout', { waitUntil: 'load' });
      await page.getByTestId('cart-line').nth(1).waitFor();
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
      const secondCart = new URL(page.url()).searchParams.get('cartId');
      expect(secondCart).toMatch(/^\w{12}$/);
      expect(secondCart).not.toBe(firstCart);
      await expect(page.locator('main').innerText()).resolves.toMatch(/36[.,]00/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the referrer of the session (§9, issue 22 defect 10d)', () => {
  it('keeps the page that referred the visitor, not the shop itself nor the payment provider, across a purchase', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'de-CH' });
    const page = await context.newPage();
    try {
      const referrer = 'https://www.lake-tourism.example/museums?region=lakeside';
      await page.goto('/de', { waitUntil: 'load', referer: referrer });
      await page.locator('main h1').waitFor({ timeout: 15_000 });
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('referrer'))).toBe(referrer);
      // a purchase through the provider and a reload: the first referrer stays
      await buyOneTicket(page);
      await page.reload({ waitUntil: 'load' });
      await page.getByTestId('booking-id').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('referrer'))).toBe(referrer);
    } finally {
      await context.close();
    }
  });

  it('a session that starts without a referrer keeps none, also after the provider round trip', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de');
    try {
      await buyOneTicket(page);
      await page.reload({ waitUntil: 'load' });
      await page.getByTestId('booking-id').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('referrer'))).toBeNull();
    } finally {
      await close();
    }
  });
});
