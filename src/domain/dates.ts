/**
 * Every date rule of the shop in one place: museum local time, calendar arithmetic on dates
 * ('YYYY-MM-DD'), months ('YYYY-MM') and times ('HH:mm'), and the date formats of the API
 * ('YYYYMMDD'). All in UTC so no time zone shifts a day. Display formats (d.m.Y) are in
 * src/i18n/format.ts.
 *
 * The museum's clock (its time zone: museumLocal, museumToday) is ./museum-clock.ts, a module of
 * its own so that a page that only counts days (the checkout) does not load the zone's code.
 * Voucher-code validity keeps the fixed UTC+1 of spec §5 (`voucherLocal`).
 */

/** §5: "validity computed at UTC+1" (voucher codes), whatever the season. */
export const VOUCHER_UTC_OFFSET_MINUTES = 60;

const pad = (n: number) => String(n).padStart(2, '0');
const parse = (date: string) => new Date(`${date}T00:00:00Z`);

/** An instant's date and time on a clock `offsetMs` ahead of UTC. */
export function localAt(now: Date, offsetMs: number): { date: string; time: string; datetime: string } {
  const local = new Date(now.getTime() + offsetMs);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  return { date, time, datetime: `${date} ${time}` };
}

/** The date and time of an instant at UTC+1, the clock of voucher-code validity (§5). */
export function voucherLocal(now: Date): { date: string; time: string; datetime: string } {
  return localAt(now, VOUCHER_UTC_OFFSET_MINUTES * 60_000);
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, days: number): string {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = parse(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'YYYYMMDD' or 'YYYY-MM-DD' to 'YYYY-MM-DD' when it is a real calendar date, else null. */
export function parseDateParam(value: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = parse(iso);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) return null;
  return iso;
}

/** 'YYYYMMDD' or 'YYYY-MM-DD…' -> 'YYYY-MM-DD'; null when neither. */
export function toIsoDate(value: string): string | null {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return iso ? (iso[1] ?? null) : null;
}

/** 'YYYY-MM-DD' -> 'YYYYMMDD'. */
export function toCompactDate(isoDate: string): string {
  return isoDate.slice(0, 10).replaceAll('-', '');
}

/** 'HH:mm' plus minutes (may pass midnight; the date part is not changed). */
export function addMinutes(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${pad(Math.floor(total / 60) % 24)}:${pad(total % 60)}`;
}

/** 'YYYY-MM' of a date. */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** Adds months to a 'YYYY-MM'. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = (y ?? 0) * 12 + ((m ?? 1) - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad((index % 12) + 1)}`;
}

/** Number of days of a 'YYYY-MM'. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, m ?? 1, 0)).getUTCDate();
}

/** The same day of the month `delta` months away, clamped to that month's last day. */
export function addMonthsToDate(date: string, delta: number): string {
  const month = addMonths(monthOf(date), delta);
  return `${month}-${pad(Math.min(Number(date.slice(8, 10)), daysInMonth(month)))}`;
}

/** Weeks of a month, Monday first; null fills the days before the 1st and after the last. */
export function monthWeeks(month: string): (string | null)[][] {
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: isoWeekday(`${month}-01`) - 1 }, () => null);
  for (let day = 1; day <= daysInMonth(month); day++) {
    week.push(`${month}-${pad(day)}`);
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
