/**
 * The museum's time zone (issue 44 item 9): slot times, "today" and sale cut-offs follow the zone
 * of MUSEUM_TIME_ZONE (default Europe/Zurich, with summer time); voucher-code validity keeps the
 * fixed UTC+1 of spec §5. Before, every clock of the shop ran at UTC+1, so in summer a slot stayed
 * on sale for an hour after it had started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { voucherLocal } from '../../src/domain/dates.js';
import { DEFAULT_MUSEUM_TIME_ZONE, isTimeZone, museumLocal, zoneOffsetMinutes } from '../../src/domain/museum-clock.js';
import { EnvError, parseEnv } from '../../src/server/env.js';
import { DEMO } from '../../src/server/seed/demo.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let api: ShopApi;

beforeAll(async () => {
  server = await startTestServer({ now: new Date('2027-07-13T06:00:00Z') });
  api = createShopApi({ baseURL: server.apiBase, lang: () => 'en' });
});
afterAll(async () => {
  await server.close();
});

/** The permanent collection's slots on `date` (Tuesday to Sunday, every hour from 10:00) as the API offers them at `at`. */
async function slotTimesAt(at: string, date: string): Promise<string[]> {
  server.clock.now = new Date(at);
  const { timeslot } = await api.getTickets(DEMO.events.collection, date);
  return timeslot.map((slot) => slot.datetime.slice(11, 16));
}

describe('slots are sold until they start, by the museum\'s clock', () => {
  it('a slot at 11:00 on a July date goes off sale at 09:00 UTC (11:00 summer time)', async () => {
    // 2027-07-13 is a Tuesday
    expect(await slotTimesAt('2027-07-13T08:59:00Z', '2027-07-13')).toContain('11:00');
    const at9 = await slotTimesAt('2027-07-13T09:00:00Z', '2027-07-13');
    expect(at9).not.toContain('11:00');
    expect(at9).toContain('12:00');
  });

  it('a slot at 11:00 on a January date goes off sale at 10:00 UTC (11:00 winter time)', async () => {
    // 2027-01-12 is a Tuesday
    expect(await slotTimesAt('2027-01-12T09:59:00Z', '2027-01-12')).toContain('11:00');
    expect(await slotTimesAt('2027-01-12T10:00:00Z', '2027-01-12')).not.toContain('11:00');
  });

  it('"today" changes at midnight of the museum: at 22:30 UTC in summer it is already the next day', async () => {
    // 2027-07-13 22:30Z is 00:30 on Wednesday the 14th in Zurich: Tuesday's slots are gone
    expect(await slotTimesAt('2027-07-13T22:30:00Z', '2027-07-13')).toEqual([]);
    expect(museumLocal(new Date('2027-07-13T22:30:00Z')).date).toBe('2027-07-14');
  });
});

describe('the museum\'s clock', () => {
  it('is Europe/Zurich by default, an hour more in summer; voucher codes keep UTC+1 (§5)', () => {
    expect(DEFAULT_MUSEUM_TIME_ZONE).toBe('Europe/Zurich');
    const summer = new Date('2027-07-13T09:00:00Z');
    expect(museumLocal(summer).datetime).toBe('2027-07-13 11:00');
    expect(voucherLocal(summer).datetime).toBe('2027-07-13 10:00');
    expect(museumLocal(new Date('2027-01-12T10:00:00Z')).datetime).toBe('2027-01-12 11:00');
    expect(zoneOffsetMinutes(summer, 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2027-01-12T10:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  /** The EU's rule (since 1996): summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
  const lastSunday = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  const euOffset = (at: number) => {
    const year = new Date(at).getUTCFullYear();
    return at >= lastSunday(year, 2) && at < lastSunday(year, 9) ? 120 : 60;
  };

  it('property: around every change of the clocks, the local time is UTC plus the EU rule\'s offset', () => {
    const changes = [2026, 2027, 2028, 2029, 2030].flatMap((y) => [lastSunday(y, 2), lastSunday(y, 9)]);
    // instants within two days of a change (most of them), or anywhere in the five years
    const nearChange = fc.tuple(fc.constantFrom(...changes), fc.integer({ min: -2 * 86_400, max: 2 * 86_400 })).map(([change, s]) => change + s * 1000);
    const anywhere = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 11, 31) });
    fc.assert(
      fc.property(fc.oneof(nearChange, anywhere), (at) => {
        const offset = euOffset(at);
        expect(zoneOffsetMinutes(new Date(at), 'Europe/Zurich')).toBe(offset);
        const local = new Date(at + offset * 60_000).toISOString();
        expect(museumLocal(new Date(at)).datetime).toBe(`${local.slice(0, 10)} ${local.slice(11, 16)}`);
      }),
      { seed: 44, numRuns: 2_000 },
    );
  });
});

describe('MUSEUM_TIME_ZONE', () => {
  it('defaults to Europe/Zurich, takes an IANA zone, and stops the start on an unknown one, naming it', () => {
    expect(parseEnv({}).museumTimeZone).toBe('Europe/Zurich');
    expect(parseEnv({ MUSEUM_TIME_ZONE: 'America/New_York' }).museumTimeZone).toBe('America/New_York');
    for (const bad of ['Mars/Olympus', 'UTC+1', '+01:00', 'Europe/Zürich']) {
      expect(isTimeZone(bad), bad).toBe(false);
      expect(() => parseEnv({ MUSEUM_TIME_ZONE: bad }), bad).toThrow(EnvError);
      expect(() => parseEnv({ MUSEUM_TIME_ZONE: bad }), bad).toThrow(`MUSEUM_TIME_ZONE must be an IANA time zone such as Europe/Zurich, got '${bad}'.`);
    }
  });
});
