/**
 * The order's visits as a calendar file (issue 42, RFC 5545): one event per dated visit, at the
 * museum's wall-clock time with the museum's time zone (MUSEUM_TIME_ZONE, default Europe/Zurich:
 * a VTIMEZONE drawn from the runtime's zone data, so that a calendar in another zone shows the
 * visit at the right moment), stable UIDs (the same order
 * gives the same entries, a second import updates rather than duplicates), the booking number in
 * the description in the order's language.
 *
 * Lines end in CRLF and are folded at 75 octets without splitting a UTF-8 character; TEXT values
 * are escaped (\\ \; \, \n).
 */
import type { Language } from '../../api/languages.js';
import { getMuseumTimeZone, zoneOffsetMinutes } from '../../domain/museum-clock.js';
import { VISIT_DEFAULT_MINUTES, type OrderDocument, type Visit } from './model.js';
import { fileSafe, wallClock, WORDS } from './words.js';

/** The attachment's file name: `visit-<booking id>.ics`. */
export function calendarFileName(doc: OrderDocument): string {
  return `visit-${fileSafe(doc.bookingId)}.ics`;
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped, other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * A content line folded (RFC 5545 §3.1): no line longer than 75 octets, each continuation
 * starting with a space (which counts), never inside a UTF-8 character (nor a surrogate pair).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const c of line) {
    const size = encoder.encode(c).length;
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += c;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A change of the zone's offset: the first instant of the new offset, and the offsets in minutes. */
interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The zone's offset changes from the start of `fromYear` to the end of `toYear`, read from Intl (to the minute). */
export function zoneTransitions(timeZone: string, fromYear: number, toYear: number): Transition[] {
  const out: Transition[] = [];
  const end = Date.UTC(toYear + 1, 0, 1);
  const offset = (ms: number) => zoneOffsetMinutes(new Date(ms), timeZone);
  for (let day = Date.UTC(fromYear, 0, 1), before = offset(day); day < end; day += DAY_MS) {
    const after = offset(day + DAY_MS);
    if (after !== before) {
      // the first minute of the new offset
      let lo = day;
      let hi = day + DAY_MS;
      while (hi - lo > 60_000) {
        const mid = lo + Math.max(1, Math.floor((hi - lo) / 120_000)) * 60_000;
        if (offset(mid) === before) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: before, to: after });
    }
    before = after;
  }
  return out;
}

/** An offset in minutes as iCalendar writes it: +0100, -0430. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${two(Math.floor(whole / 60))}${two(whole % 60)}`;
}

/**
 * The museum's zone (MUSEUM_TIME_ZONE) as a calendar needs it to place the visits: its offsets
 * and every change of them from the year before the first visit to the year after the last, each
 * an observance starting at the wall-clock time of the change in the offset before it (RFC 5545
 * §3.6.5). Read from the runtime's zone data, so any zone is right, not only the EU's rules.
 */
export function timeZoneComponent(timeZone: string, fromYear: number, toYear: number): string[] {
  const first = Date.UTC(fromYear - 1, 0, 1);
  const changes = zoneTransitions(timeZone, fromYear - 1, toYear + 1);
  const initial = zoneOffsetMinutes(new Date(first), timeZone);
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', start: number, from: number, to: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${localStamp(new Date(start + from * 60_000))}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    `END:${kind}`,
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    `X-LIC-LOCATION:${timeZone}`,
    // the offset in force at the start of the range
    ...observance('STANDARD', first, initial, initial),
    ...changes.flatMap((c) => observance(c.to > c.from ? 'DAYLIGHT' : 'STANDARD', c.at, c.from, c.to)),
    'END:VTIMEZONE',
  ];
}

const two = (n: number): string => String(n).padStart(2, '0');

/** A Date read as wall-clock (its UTC fields) → 'YYYYMMDDTHHMMSS'. */
function localStamp(at: Date): string {
  return `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}T${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
}

interface Timed {
  visit: Visit;
  /** 1, 2, … in the order's visits: the UID's number */
  serial: number;
  start: Date;
  end: Date;
}

/**
 * The visit's start and end as wall-clock times; without an end (or with one not after the start)
 * it lasts VISIT_DEFAULT_MINUTES, added to the clock reading (no zone is involved: a visit that
 * starts at 14:00 ends at 15:00 also on the day the clocks change). Null when the start is no date.
 */
function timed(visit: Visit, serial: number): Timed | null {
  const start = wallClock(visit.start);
  if (!start) return null;
  const given = visit.end ? wallClock(visit.end) : null;
  const end = given && given > start ? given : new Date(start.getTime() + VISIT_DEFAULT_MINUTES * 60_000);
  return { visit, serial, start, end };
}

/** The description of every entry: the booking number, in the order's language (French sets a space before the colon). */
function description(lang: Language, bookingId: string): string {
  return `${WORDS[lang].bookingId}${lang === 'fr' ? '\u00a0:' : ':'} ${bookingId}`;
}

/**
 * The order's visits as an iCalendar file (METHOD:PUBLISH), or null when the order has no dated
 * visit. A visit whose start is not a wall-clock date and time (it never should be) is left out.
 */
export function renderCalendar(doc: OrderDocument, timeZone: string = getMuseumTimeZone()): string | null {
  const visits = doc.visits.map((visit, i) => timed(visit, i + 1)).filter((v): v is Timed => v !== null);
  if (visits.length === 0) return null;
  const bookedAt = new Date(doc.bookedAt);
  if (Number.isNaN(bookedAt.getTime())) throw new RangeError(`Order ${doc.bookingId}: bookedAt is no instant: ${doc.bookedAt}`);
  const stamp = `${bookedAt.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Museum Shop//Visits//${doc.lang.toUpperCase()}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...timeZoneComponent(timeZone, Math.min(...visits.map((v) => v.start.getUTCFullYear())), Math.max(...visits.map((v) => v.end.getUTCFullYear()))),
  ];
  for (const { visit, serial, start, end } of visits) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${doc.bookingId}-${serial}@museum-shop`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${timeZone}:${localStamp(start)}`,
      `DTEND;TZID=${timeZone}:${localStamp(end)}`,
      `SUMMARY:${escapeText(visit.title)}`,
    );
    if (visit.venue) lines.push(`LOCATION:${escapeText(visit.venue)}`);
    lines.push(`DESCRIPTION:${escapeText(description(doc.lang, doc.bookingId))}`, 'STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
