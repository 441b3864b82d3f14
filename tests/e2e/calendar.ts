/**
 * The day button of a booking page's calendar, whichever month the page opened on. The calendar
 * shows one month, today's: near a month's end "tomorrow" (or the next Wednesday) is in the next
 * one, and a test that looked for it at once failed on the last days of a month (a fresh-clone CI
 * run at 00:19 museum time on 29 November, a Sunday before a closed Monday: the first bookable
 * day was 1 December).
 */
import type { Locator, Page } from 'playwright-core';

export async function calendarDay(page: Page | Locator, date: string, nextMonth: string | RegExp): Promise<Locator> {
  await page.locator('table[role="grid"] button[data-date]').first().waitFor({ timeout: 15_000 });
  const day = page.locator(`button[data-date="${date}"]`);
  if ((await day.count()) === 0) {
    const shown = await page.locator('table[role="grid"] button[data-date]').first().getAttribute('data-date');
    // only ever one month on: a day further away is the test's mistake, not the page's
    if (shown !== null && date.slice(0, 7) <= shown.slice(0, 7)) throw new Error(`${date} is not in the month shown (${shown.slice(0, 7)})`);
    await page.getByRole('button', { name: nextMonth }).first().click();
    await day.waitFor({ timeout: 15_000 });
  }
  return day;
}
