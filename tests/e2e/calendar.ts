/**
 * The day button of a booking page's calendar, whichever month the page opened on. The calendar
 * opens on today's month, or on the next one when today's has no day with places left (an event
 * on the last evening of a month); near a month's end "tomorrow" (or the next Wednesday) is in the
 * next one, and a test that looked for it at once failed on the last days of a month (a
 * fresh-clone CI run at 00:19 museum time on 29 November, a Sunday before a closed Monday: the
 * first bookable day was 1 December). The visitor goes one month on or back, as the day needs.
 */
import type { Locator, Page } from 'playwright-core';
import { addMonths, monthOf } from '../../src/domain/dates.js';

export async function calendarDay(page: Page | Locator, date: string, nextMonth: string | RegExp, previousMonth: string | RegExp): Promise<Locator> {
  await page.locator('table[role="grid"] button[data-date]').first().waitFor({ timeout: 15_000 });
  const day = page.locator(`button[data-date="${date}"]`);
  if ((await day.count()) === 0) {
    const shown = monthOf((await page.locator('table[role="grid"] button[data-date]').first().getAttribute('data-date')) ?? date);
    const month = monthOf(date);
    // only ever one month on or back: a day further away is the test's mistake, not the page's
    if (month === addMonths(shown, 1)) await page.getByRole('button', { name: nextMonth }).first().click();
    else if (month === addMonths(shown, -1)) await page.getByRole('button', { name: previousMonth }).first().click();
    else throw new Error(`${date} is not in the month shown (${shown}) nor next to it`);
    await day.waitFor({ timeout: 15_000 });
  }
  return day;
}
