/**
 * Helpers of the checkout and auth e2e tests (issue 6): the German catalogue as patterns, a cart
 * seeded through session storage with a real demo slot, and the simulated provider's buttons.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
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
 * A ticket line for the permanent collection at 11:00 on the next day that is not a Monday
 * (40 places; the 17:00 slot with its 10 places is left to other tests).
 */
export function demoTicketLine(count = 1) {
  const slot = demoTenPlacesSlot(new Date());
  return {
    type: 'ticket',
    id: DEMO.tickets.collectionAdult,
    eventId: DEMO.events.collection,
    name: 'Erwachsene',
    price: 1800,
    totalPrice: 1800 * count,
    totalCount: count,
    datetime: `${slot.date} 11:00`,
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
