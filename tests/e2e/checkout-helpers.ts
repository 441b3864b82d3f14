/**
 * Helpers of the checkout and auth e2e tests (issue 6): the German catalogue as patterns, a cart
 * seeded through session storage with a real demo slot, and the simulated provider's buttons.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { demoTenPlacesSlot, DEMO } from '../../src/server/seed/demo.js';
import { repoRoot } from './server-process.js';

export const de = JSON.parse(fs.readFileSync(path.join(repoRoot, 'src/i18n/messages/de.json'), 'utf8')) as Record<string, string>;

/** The visible text of a catalogue message (rich-text tags removed, placeholders matching anything). */
export function text(id: string): RegExp {
  const message = de[id];
  if (message === undefined) throw new Error(`de.json has no message ${id}`);
  const plain = message.replace(/<\/?[a-z]+>/g, '');
  const parts = plain.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.+'));
}

/**
 * The day of a seeded ticket line: tests book in parallel on one server, and 40 places at 11:00
 * of one day ran out once the suite had grown (a test then met "sold out" instead of what it
 * checks). Each test gets a day of its own, 2 to 29 days ahead, never a Monday, from its name, so
 * the same test always books the same day.
 */
export function demoTicketDay(key = expect.getState().currentTestName ?? ''): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const now = new Date();
  const tomorrow = demoTenPlacesSlot(now).date;
  let date = addDays(tomorrow, 1 + (hash % 27));
  if (new Date(`${date}T12:00:00Z`).getUTCDay() === 1) date = addDays(date, 1);
  return date;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A ticket line for the permanent collection at 11:00 (40 places; the 17:00 slot with its 10
 * places is left to other tests) on this test's own day (demoTicketDay).
 */
export function demoTicketLine(count = 1, day = demoTicketDay()) {
  return {
    type: 'ticket',
    id: DEMO.tickets.collectionAdult,
    eventId: DEMO.events.collection,
    name: 'Erwachsene',
    price: 1800,
    totalPrice: 1800 * count,
    totalCount: count,
    datetime: `${day} 11:00`,
    vat_value: 8.1,
    single_ticketing: 0,
    subtickets: [],
  };
}

/** Puts a cart into session storage and opens the checkout (the cart actor restores it at boot). */
export async function openCheckoutWithCart(page: Page, lines: unknown[] = [demoTicketLine()]): Promise<void> {
  await page.evaluate((cart) => sessionStorage.setItem('cart', JSON.stringify(cart)), lines);
  await page.goto('/de/checkout', { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1, name: text('title.checkout') }).waitFor({ timeout: 15_000 });
  await page.getByTestId('cart-line').first().waitFor({ timeout: 15_000 });
}

export async function acceptTermsAndPay(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: text('checkout.terms') }).check();
  await page.getByRole('checkbox', { name: text('checkout.privacy') }).check();
  await page.getByRole('button', { name: text('checkout.pay') }).click();
}

/** Waits for the simulated provider page and presses one of its buttons (German labels). */
export async function atProvider(page: Page, button: 'Bezahlen' | 'Abbrechen' | 'Fehlgeschlagene Zahlung simulieren'): Promise<void> {
  await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: button, exact: true }).click();
}

export function serverLog(): string {
  const file = inject('serverLogFile');
  return file ? fs.readFileSync(file, 'utf8') : '';
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text('title.login') }).waitFor({ timeout: 15_000 });
  await page.getByLabel(text('auth.email')).fill(email);
  await page.getByLabel(text('auth.password'), { exact: false }).first().fill(password);
  await page.getByRole('button', { name: text('auth.loginSubmit') }).click();
}

/** The checkout journey kept in session storage (src/app/journeys/checkout.ts): its state and context. */
export async function savedJourney(page: Page): Promise<{ value: unknown; context: Record<string, unknown> } | null> {
  const raw = await page.evaluate(() => sessionStorage.getItem('checkoutJourney'));
  return raw === null ? null : (JSON.parse(raw) as { value: unknown; context: Record<string, unknown> });
}

/** The payment cart id the saved checkout journey holds (undefined when no journey is saved). */
export async function savedCartId(page: Page): Promise<string | null | undefined> {
  const journey = await savedJourney(page);
  return journey ? (journey.context.cartId as string | null) : undefined;
}
