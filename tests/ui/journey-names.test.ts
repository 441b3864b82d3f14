/**
 * One name per journey (issue 23 item 4): the route table's journey, the registry's loader, the
 * journey module (src/app/journeys/<name>.ts) and its machine (machines/<name>.machine.ts) agree,
 * so the host stops the actor it started.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type JourneyName } from '../../src/domain/routes.js';
import { loadJourney } from '../../src/app/routes.js';
import { useJourney } from '../../src/app/journeys/use-journey.js';

const root = process.cwd() + '/';
const journeys = [...new Set(Object.values(ROUTE_TABLE).flatMap((route) => ('journey' in route ? [route.journey as JourneyName] : [])))].sort();

describe('journey names', () => {
  it('every journey of the route table has a route', () => {
    expect(journeys).toEqual(['auth', 'checkout', 'eventTicketing', 'orderReview', 'orders', 'settings', 'shop', 'static-page', 'tourBooking', 'voucherShop', 'withdrawal']);
  });

  it.each(journeys)('%s: its module, its machine and the journey it loads carry the name', async (name) => {
    expect(existsSync(`${root}src/app/journeys/${name}.ts`)).toBe(true);
    expect(existsSync(`${root}machines/${name}.machine.ts`)).toBe(true);
    expect((await loadJourney(name)).name).toBe(name);
  });

  it('a misspelled journey name does not compile (the type-level cases fail `npm run typecheck` once they compile)', () => {
    // @ts-expect-error no journey is called so (and the registry has no loader for it)
    expect(() => loadJourney('tourBookng')).toThrow();
    const screen = () => {
      // @ts-expect-error a screen asks for its journey by a name of the route table
      useJourney('tikets');
    };
    expect(typeof screen).toBe('function');
  });
});
