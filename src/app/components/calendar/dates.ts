/** Calendar arithmetic on ISO dates ('YYYY-MM-DD') and months ('YYYY-MM'), in UTC so no time zone shifts a day. */

function parse(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function daysIn(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The same day of the month `delta` months away, clamped to that month's last day. */
export function addMonthsToDate(date: string, delta: number): string {
  const month = shiftMonth(monthOfDate(date), delta);
  const day = Math.min(Number(date.slice(8, 10)), daysIn(month));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = parse(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Weeks of a month, Monday first; null fills the days before the 1st and after the last. */
export function monthWeeks(month: string): (string | null)[][] {
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: isoWeekday(`${month}-01`) - 1 }, () => null);
  for (let day = 1; day <= daysIn(month); day++) {
    week.push(`${month}-${String(day).padStart(2, '0')}`);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** A UTC Date at noon of the ISO date, for Intl formatting of names (weekday, month). */
export function dateForNames(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}
