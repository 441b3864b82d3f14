/**
 * The calendar file of an order's visits (issue 42, src/server/tickets/ics.ts), read as RFC 5545
 * says a calendar reads it: CRLF lines of at most 75 octets, folded without splitting a
 * character, that unfold to the content lines; TEXT values escaped; the museum's time zone
 * defined (VTIMEZONE, from the runtime's zone data, for any MUSEUM_TIME_ZONE, checked by placing
 * visits through the file's own definition) and named by every time; one event per visit with a stable UID, its end
 * (given, or VISIT_DEFAULT_MINUTES on the wall clock), and the booking number in the order's
 * language. No visits, no file.
 */
import { describe, expect, it } from 'vitest';
import { getMuseumTimeZone, setMuseumTimeZone, zoneOffsetMinutes } from '../../src/domain/museum-clock.js';
import type { Language } from '../../src/api/languages.js';
import { calendarFileName, renderCalendar } from '../../src/server/tickets/ics.js';
import { VISIT_DEFAULT_MINUTES, type OrderDocument, type Visit } from '../../src/server/tickets/model.js';

const BOOKING = 'MS7Q4K2P';

function order(lang: Language, visits: Visit[]): OrderDocument {
  return {
    bookingId: BOOKING,
    lang,
    bookedAt: '2026-12-06T09:41:07.250Z',
    buyer: 'Zoë Müller',
    lines: [],
    subtotal: 0,
    discount: 0,
    shipping: 0,
    amount: 0,
    currency: 'CHF',
    vouchersUsed: [],
    shippingAddress: null,
    admissions: [],
    visits,
  };
}

const LONG_TITLE = 'Ägyptens Schätze – Gold, Götter und Pharaonen: Die große Sonderausstellung im Ostflügel 🎨 mit Führung durch die Kuratorin; Treffpunkt \\ Foyer';
const VENUE = 'Haupthaus, Saal 3; Eingang Süd\nbarrierefrei über die Rampe';

const VISITS: Visit[] = [
  { title: LONG_TITLE, start: '2026-03-14 14:00:00', end: '2026-03-14 15:30:00', venue: VENUE },
  // no end: VISIT_DEFAULT_MINUTES on the wall clock, across midnight
  { title: 'Nachtführung', start: '2026-07-31 23:30:00', end: null, venue: null },
  // the night the clocks go back: still one hour on the wall clock
  { title: 'Frühführung', start: '2026-10-25 02:30:00', end: null, venue: 'Foyer' },
];

/** Physical lines (without their CRLF). */
const physical = (ics: string): string[] => ics.split('\r\n').slice(0, -1);
/** Content lines: unfolded (RFC 5545 §3.1). */
const unfold = (ics: string): string[] => ics.replace(/\r\n[ \t]/g, '').split('\r\n').slice(0, -1);
/** A TEXT value unescaped. */
const unescape = (value: string): string => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** The events' properties, by name (parameters kept in the name, e.g. "DTSTART;TZID=Europe/Zurich"). */
function events(ics: string): Map<string, string>[] {
  const out: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of unfold(ics)) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT' && current) {
      out.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return out;
}

/** The observances of a VTIMEZONE: kind, onset (local, in the offset before it), offsets in minutes. */
function observances(zone: string[]): { kind: string; start: string; from: number; to: number }[] {
  const minutes = (v: string) => (v.startsWith('-') ? -1 : 1) * (Number(v.slice(1, 3)) * 60 + Number(v.slice(3, 5)));
  const out: { kind: string; start: string; from: number; to: number }[] = [];
  let current: Record<string, string> | null = null;
  for (const line of zone) {
    if (line === 'BEGIN:STANDARD' || line === 'BEGIN:DAYLIGHT') current = { kind: line.slice(6) };
    else if ((line === 'END:STANDARD' || line === 'END:DAYLIGHT') && current) {
      out.push({ kind: current.kind!, start: current.DTSTART!, from: minutes(current.TZOFFSETFROM!), to: minutes(current.TZOFFSETTO!) });
      current = null;
    } else if (current) current[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 1);
  }
  return out;
}

/** 'YYYYMMDDTHHMMSS' read as wall-clock fields → their ms as if UTC. */
const wallMs = (stamp: string) => Date.UTC(Number(stamp.slice(0, 4)), Number(stamp.slice(4, 6)) - 1, Number(stamp.slice(6, 8)), Number(stamp.slice(9, 11)), Number(stamp.slice(11, 13)), Number(stamp.slice(13, 15)));

/**
 * The instant a calendar places a wall-clock time at, reading only the file's VTIMEZONE (RFC 5545
 * §3.6.5): the offset of the last observance begun by then.
 */
function placed(zone: string[], stamp: string): number {
  const onsets = observances(zone)
    .map((o) => ({ at: wallMs(o.start) - o.from * 60_000, to: o.to }))
    .sort((a, b) => a.at - b.at);
  const wall = wallMs(stamp);
  for (let i = onsets.length - 1; i >= 0; i--) {
    const instant = wall - onsets[i]!.to * 60_000;
    if (instant >= onsets[i]!.at) return instant;
  }
  throw new Error(`${stamp} is before the zone's first observance`);
}

describe('the calendar file', () => {
  const ics = renderCalendar(order('de', VISITS)) ?? '';

  it('is none for an order without visits', () => {
    expect(renderCalendar(order('de', []))).toBeNull();
  });

  it('is named after the booking', () => {
    expect(calendarFileName(order('de', VISITS))).toBe('visit-MS7Q4K2P.ics');
  });

  it('ends every line in CRLF and folds at 75 octets, never inside a character, unfolding to the text', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = physical(ics);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      // a split surrogate pair (a character cut in two) would not survive encoding on its own
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
    // the long title was folded, and more than once
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThanOrEqual(2);
    const summary = events(ics)[0]!.get('SUMMARY')!;
    expect(unescape(summary)).toBe(LONG_TITLE);
  });

  it('folds runs of two- and four-octet characters at a character boundary', () => {
    for (const title of ['ü'.repeat(100), '🎨'.repeat(40), `a${'é🎨'.repeat(30)}`]) {
      const calendar = renderCalendar(order('de', [{ ...VISITS[1]!, title }])) ?? '';
      const lines = physical(calendar);
      for (const line of lines) {
        expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
        expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
      }
      // full lines: a fold leaves no more than a character's octets unused
      const summary = lines.findIndex((l) => l.startsWith('SUMMARY:'));
      expect(Buffer.byteLength(lines[summary]!, 'utf8')).toBeGreaterThan(75 - 4);
      expect(events(calendar)[0]!.get('SUMMARY')).toBe(title);
    }
  });

  it('escapes backslash, semicolon, comma and line breaks in TEXT values', () => {
    const first = events(ics)[0]!;
    expect(first.get('LOCATION')).toBe('Haupthaus\\, Saal 3\\; Eingang Süd\\nbarrierefrei über die Rampe');
    expect(unescape(first.get('LOCATION')!)).toBe(VENUE);
    expect(first.get('SUMMARY')).toContain('Kuratorin\\; Treffpunkt \\\\ Foyer');
    expect(first.get('SUMMARY')).toContain('Gold\\, Götter');
  });

  it('is a published Gregorian calendar of version 2.0 with the museum’s time zone', () => {
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    for (const line of ['VERSION:2.0', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH']) expect(lines).toContain(line);
    expect(lines.find((l) => l.startsWith('PRODID:'))).toMatch(/^PRODID:-\/\/.+\/\/.+/);
    const zone = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
    expect(zone[1]).toBe('TZID:Europe/Zurich');
    // summer time begins at 02:00 on the last Sunday of March and ends at 03:00 on the last Sunday of October
    const parts = observances(zone);
    expect(parts).toContainEqual({ kind: 'DAYLIGHT', start: '20260329T020000', from: 60, to: 120 });
    expect(parts).toContainEqual({ kind: 'STANDARD', start: '20261025T030000', from: 120, to: 60 });
    // the zone comes before the events that name it
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
  });

  it('has one event per visit: stable UID, stamp of the booking, local times in the museum’s zone', () => {
    const list = events(ics);
    expect(list).toHaveLength(3);
    expect(list.map((e) => e.get('UID'))).toEqual([`${BOOKING}-1@museum-shop`, `${BOOKING}-2@museum-shop`, `${BOOKING}-3@museum-shop`]);
    for (const e of list) expect(e.get('DTSTAMP')).toBe('20261206T094107Z');
    expect(list[0]!.get('DTSTART;TZID=Europe/Zurich')).toBe('20260314T140000');
    expect(list[0]!.get('DTEND;TZID=Europe/Zurich')).toBe('20260314T153000');
    expect(list[1]!.has('LOCATION')).toBe(false);
    expect(list[2]!.get('LOCATION')).toBe('Foyer');
    // the same order, the same file
    expect(renderCalendar(order('de', VISITS))).toBe(ics);
  });

  it(`lets a visit without an end last ${VISIT_DEFAULT_MINUTES} minutes on the wall clock (across midnight, and the night the clocks change)`, () => {
    expect(VISIT_DEFAULT_MINUTES).toBe(60);
    const [, night, early] = events(ics);
    expect(night!.get('DTSTART;TZID=Europe/Zurich')).toBe('20260731T233000');
    expect(night!.get('DTEND;TZID=Europe/Zurich')).toBe('20260801T003000');
    expect(early!.get('DTSTART;TZID=Europe/Zurich')).toBe('20261025T023000');
    expect(early!.get('DTEND;TZID=Europe/Zurich')).toBe('20261025T033000');
  });

  it('names the booking in the description, in the order’s language', () => {
    expect(events(ics).map((e) => unescape(e.get('DESCRIPTION') ?? ''))).toEqual(Array(3).fill(`Buchungsnummer: ${BOOKING}`));
    const expected: Record<Language, string> = {
      de: `Buchungsnummer: ${BOOKING}`,
      en: `Booking number: ${BOOKING}`,
      fr: `Numéro de réservation\u00a0: ${BOOKING}`,
      it: `Numero di prenotazione: ${BOOKING}`,
      nl: `Boekingsnummer: ${BOOKING}`,
      es: `Número de reserva: ${BOOKING}`,
      sv: `Bokningsnummer: ${BOOKING}`,
      da: `Bookingnummer: ${BOOKING}`,
    };
    for (const [lang, description] of Object.entries(expected) as [Language, string][]) {
      const calendar = renderCalendar(order(lang, VISITS.slice(0, 1))) ?? '';
      expect(events(calendar)[0]!.get('DESCRIPTION'), lang).toBe(description.replace(/,/g, '\\,'));
      expect(unfold(calendar).find((l) => l.startsWith('PRODID:')), lang).toMatch(new RegExp(`//${lang.toUpperCase()}$`));
    }
  });

  it('leaves out a visit whose start is no date and time, and is none when no visit is left', () => {
    const broken: Visit = { title: 'Kaputt', start: 'morgen', end: null, venue: null };
    expect(renderCalendar(order('de', [broken]))).toBeNull();
    expect(events(renderCalendar(order('de', [broken, VISITS[1]!])) ?? '')).toHaveLength(1);
  });
});

describe('the calendar file in the zone MUSEUM_TIME_ZONE names', () => {
  // summer time by other rules, a half-hour change, an offset of 5:45 and none at all
  const ZONES = ['Europe/Zurich', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Asia/Tokyo'];
  const noonEveryWeek = Array.from({ length: 53 * 2 }, (_, week) => new Date(Date.UTC(2026, 0, 3 + week * 7, 12)).toISOString().slice(0, 10));
  const visits: Visit[] = noonEveryWeek.map((day) => ({ title: `Visit ${day}`, start: `${day} 12:00:00`, end: null, venue: null }));

  for (const zone of ZONES) {
    it(`${zone}: every visit's time names the zone, and its definition places each at the moment the zone's clock shows it`, () => {
      const ics = renderCalendar(order('en', visits), zone) ?? '';
      const lines = unfold(ics);
      const definition = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
      expect(definition[1]).toBe(`TZID:${zone}`);
      const list = events(ics);
      expect(list).toHaveLength(visits.length);
      for (const [i, event] of list.entries()) {
        const stamp = event.get(`DTSTART;TZID=${zone}`) ?? '';
        expect(stamp, noonEveryWeek[i]).toBe(`${noonEveryWeek[i]!.replaceAll('-', '')}T120000`);
        const instant = placed(definition, stamp);
        // what the zone's clock shows at that moment is the visit's time
        const shown = new Date(instant + zoneOffsetMinutes(new Date(instant), zone) * 60_000).toISOString().slice(0, 19);
        expect(shown, `${zone} ${stamp}`).toBe(`${noonEveryWeek[i]}T12:00:00`);
      }
    });
  }

  it('is the zone the server was started with, when none is given', () => {
    const before = getMuseumTimeZone();
    try {
      setMuseumTimeZone('America/New_York');
      const ics = renderCalendar(order('en', VISITS)) ?? '';
      expect(unfold(ics)).toContain('TZID:America/New_York');
      expect(events(ics)[0]!.get('DTSTART;TZID=America/New_York')).toBe('20260314T140000');
    } finally {
      setMuseumTimeZone(before);
    }
  });
});
