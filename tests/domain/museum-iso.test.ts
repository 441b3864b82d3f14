/**
 * `museumIsoString` (src/domain/museum-clock.ts, issue 46): an instant as the museum's wall clock
 * writes it, with the offset of that moment, so that a page shows the time a withdrawal was
 * received as the acknowledgement states it, in any browser's zone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MUSEUM_TIME_ZONE, museumIsoString, setMuseumTimeZone } from '../../src/domain/museum-clock.js';

afterEach(() => setMuseumTimeZone(DEFAULT_MUSEUM_TIME_ZONE));

describe('museumIsoString', () => {
  it('writes Zurich winter and summer time with their offsets, to the second', () => {
    expect(museumIsoString(new Date('2026-12-07T22:34:05.987Z'))).toBe('2026-12-07T23:34:05+01:00');
    expect(museumIsoString(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02T00:30:00+02:00');
  });

  it('names the same instant (to the second) in another zone, negative and half-hour offsets included', () => {
    for (const [zone, expected] of [
      ['America/New_York', '2026-12-07T17:34:05-05:00'],
      ['Asia/Kolkata', '2026-12-08T04:04:05+05:30'],
      ['UTC', '2026-12-07T22:34:05+00:00'],
    ] as const) {
      setMuseumTimeZone(zone);
      const written = museumIsoString(new Date('2026-12-07T22:34:05Z'));
      expect(written).toBe(expected);
      expect(new Date(written).toISOString()).toBe('2026-12-07T22:34:05.000Z');
    }
  });
});
