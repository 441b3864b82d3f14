/**
 * Issue 22 item 9, measured in Chromium: the progress bar of the narrow success card keeps its
 * four steps on one row with each label on one line (1280 px), and at 390 px the long French
 * payment method label stays beside its radio button.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { acceptTermsAndPay, atProvider, demoTicketLine, openCheckoutWithCart, text } from './checkout-helpers.js';

let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface StepBox {
  /** the step's box */
  top: number;
  /** the lines its label takes, and the top of its first line */
  labelLines: number;
  labelTop: number;
  /** the label ends within the bar (nothing spills out of the card) */
  inside: boolean;
}

/** Where each progress step and its label (the text beside the number) are drawn. */
function progressBoxes(page: Page): Promise<StepBox[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.progress__step')).map((step) => {
      const label = Array.from(step.childNodes).find((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      const range = document.createRange();
      if (label) range.selectNodeContents(label);
      const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      const list = step.parentElement?.getBoundingClientRect();
      const right = Math.max(...Array.from(range.getClientRects()).map((r) => r.right));
      return { top: Math.round(step.getBoundingClientRect().top), labelLines: lines.size, labelTop: Math.min(...lines), inside: list !== undefined && right <= list.right + 0.5 };
    }),
  );
}

describe('checkout layout (issue 22 item 9)', () => {
  it('at 1280 px the success card shows the four progress steps on one row, each label on one line', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de', { viewport: { width: 1280, height: 900 } });
    try {
      await openCheckoutWithCart(page, [demoTicketLine()]);
      await acceptTermsAndPay(page);
      await atProvider(page, 'Bezahlen');
      await page.waitForURL(/\/de\/checkout\/accepted/, { timeout: 15_000 });
      await page.getByRole('button', { name: text('checkout.confirm') }).click();
      await page.waitForURL(/\/de\/checkout\/success/, { timeout: 15_000 });
      await page.locator('.checkout--success .progress__step').nth(3).waitFor({ timeout: 15_000 });
      const steps = await progressBoxes(page);
      expect(steps).toHaveLength(4);
      // "4 Abgeschlossen" on the row of the others, no label broken over lines
      expect(new Set(steps.map((s) => s.top)).size, JSON.stringify(steps)).toBe(1);
      expect(steps.map((s) => s.labelLines), JSON.stringify(steps)).toEqual([1, 1, 1, 1]);
      expect(new Set(steps.map((s) => s.labelTop)).size, JSON.stringify(steps)).toBe(1);
      expect(steps.map((s) => s.inside), JSON.stringify(steps)).toEqual([true, true, true, true]);
    } finally {
      await close();
    }
  });

  it('at 390 px in French the long payment method label stays on the line of its radio button', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/fr', { viewport: { width: 390, height: 900 }, locale: 'fr-CH' });
    try {
      await page.evaluate((cart) => sessionStorage.setItem('cart', JSON.stringify(cart)), [demoTicketLine()]);
      await page.goto('/fr/checkout', { waitUntil: 'load' });
      const radios = page.locator('input[name="payart"]');
      await radios.first().waitFor({ timeout: 15_000 });
      const boxes = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLInputElement>('input[name="payart"]')).map((input) => {
          const radio = input.getBoundingClientRect();
          const name = input.nextElementSibling as HTMLElement;
          const first = name.getClientRects()[0] ?? name.getBoundingClientRect();
          return { text: name.textContent, radioTop: radio.top, radioBottom: radio.bottom, radioRight: radio.right, nameTop: first.top, nameBottom: first.bottom, nameLeft: first.left };
        }),
      );
      expect(boxes.length).toBeGreaterThan(0);
      expect(boxes.some((b) => /carte et TWINT/.test(b.text ?? ''))).toBe(true);
      for (const b of boxes) {
        // beside the radio (to its right) and on its line (the first line of the name overlaps the radio vertically)
        expect(b.nameLeft, JSON.stringify(b)).toBeGreaterThanOrEqual(b.radioRight);
        expect(b.nameTop, JSON.stringify(b)).toBeLessThan(b.radioBottom);
        expect(b.nameBottom, JSON.stringify(b)).toBeGreaterThan(b.radioTop);
      }
    } finally {
      await close();
    }
  });
});
