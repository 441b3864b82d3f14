/**
 * The museum's clock (issue 44): its time zone (MUSEUM_TIME_ZONE on the server, default
 * Europe/Zurich) for calendars, "today", slot times and sale cut-offs, which follow summer time.
 * Before, they were computed at a fixed UTC+1, so in summer a slot stayed on sale an hour after it
 * had started. The zone's offset comes from Intl.DateTimeFormat (no time-zone data of our own).
 * Apart from ./dates.ts (calendar arithmetic), so that a page that only counts days does not load it.
 */
import { localAt } from './dates.js';

/**
 * The museum's time zone unless MUSEUM_TIME_ZONE names another (the server sets it at start:
 * setMuseumTimeZone). The browser cannot read the server's setting: the app's clock is this zone's.
 */
export const DEFAULT_MUSEUM_TIME_ZONE = 'Europe/Zurich';

let museumTimeZone: string = DEFAULT_MUSEUM_TIME_ZONE;


const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` is an IANA zone this runtime knows (e.g. 'Europe/Zurich'; not 'CET+1' or 'Mars/Olympus'). */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return false;
  try {
    wallClockFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Sets the museum's zone for this process (the server from MUSEUM_TIME_ZONE at start). */
export function setMuseumTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new RangeError(`'${timeZone}' is not a known IANA time zone (such as Europe/Zurich).`);
  museumTimeZone = timeZone;
}

export function getMuseumTimeZone(): string {
  return museumTimeZone;
}

/** Minutes the zone's clock is ahead of UTC at the instant `at` (120 in Zurich in summer, 60 in winter). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const wallClockAsUtc = Date.UTC(year, month - 1, day, hour % 24, minute, second);
  return Math.round((wallClockAsUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The museum's local date and time of an instant, in its time zone. */
export function museumLocal(now: Date): { date: string; time: string; datetime: string } {
  return localAt(now, zoneOffsetMinutes(now, museumTimeZone) * 60_000);
}

/**
 * An instant as the museum's wall clock writes it, with the zone's offset then
 * ('2026-12-07T23:34:05+01:00'): what a visitor reads as the time something happened at the
 * museum, whatever zone their browser is in (issue 46: when a withdrawal was received).
 */
export function museumIsoString(at: Date): string {
  const offset = zoneOffsetMinutes(at, museumTimeZone);
  const wallClock = new Date(Math.floor(at.getTime() / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const size = Math.abs(offset);
  return `${wallClock}${offset < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}

/** Today's date at the museum ('YYYY-MM-DD'). */
export function museumToday(now: Date = new Date()): string {
  return museumLocal(now).date;
}

