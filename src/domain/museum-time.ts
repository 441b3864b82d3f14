/**
 * Museum local time. The reference shop computes calendars, time slots and voucher validity at a
 * fixed UTC+1 (spec §5: "validity computed at UTC+1"), so server and app agree on "today" without
 * time-zone data. Dates are 'YYYY-MM-DD', times 'HH:mm', date-times 'YYYY-MM-DD HH:mm'.
 */
export const MUSEUM_UTC_OFFSET_MINUTES = 60;

const pad = (n: number) => String(n).padStart(2, '0');

/** The museum's local date and time of an instant. */
export function museumLocal(now: Date): { date: string; time: string; datetime: string } {
  const local = new Date(now.getTime() + MUSEUM_UTC_OFFSET_MINUTES * 60_000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  return { date, time, datetime: `${date} ${time}` };
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
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
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) return null;
  return iso;
}

/** 'HH:mm' plus minutes (may pass midnight; the date part is not changed). */
export function addMinutes(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${pad(Math.floor(total / 60) % 24)}:${pad(total % 60)}`;
}
