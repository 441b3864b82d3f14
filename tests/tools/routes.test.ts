/**
 * One name per route (issue 23): a page is named in src/domain/routes.ts and nowhere spelled as a
 * path. The type-level cases fail `npm run typecheck` (part of `npm test`) when a misspelling
 * compiles again; the runtime cases read every machine's states.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine, type StateNode } from 'xstate';
import { ROUTE_TABLE, routeHref, titleKeyOf, type PageMeta, type RouteName, type RouteValues } from '../../src/domain/routes.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('route names are checked by the compiler', () => {
  it('types a machine state’s page and tags', () => {
    const machine = setup({ types: { meta: {} as PageMeta, tags: {} as 'loading' } }).createMachine({
      initial: 'list',
      states: {
        list: { meta: { route: 'tickets' }, tags: ['loading'] },
        // @ts-expect-error a misspelled route in a state's meta does not compile
        item: { meta: { route: 'tikcet' } },
        // @ts-expect-error a misspelled tag does not compile
        other: { tags: ['laoding'] },
      },
    });
    expect(machine.root.states.list?.meta).toEqual({ route: 'tickets' });
    expect(machine.root.states.list?.tags).toEqual(['loading']);
  });

  it('builds a page’s path from its name and params, and nothing else', () => {
    expect(routeHref('de', 'ticket', { id: 101 })).toBe('/de/tickets/101');
    expect(routeHref('fr', 'home')).toBe('/fr');
    expect(routeHref('en', 'login', {}, { returnTo: '/en/checkout' })).toBe('/en/login?returnTo=%2Fen%2Fcheckout');
    expect(routeHref('it', 'page', { id: 'a b' })).toBe('/it/page/a%20b');
    // @ts-expect-error a misspelled route name does not compile (and throws)
    expect(() => routeHref('de', 'tikets')).toThrow();
    // @ts-expect-error a page with path params needs them
    expect(routeHref('de', 'ticket')).toBe('/de/tickets/');
    // @ts-expect-error a param the page does not have
    expect(routeHref('de', 'ticket', { tourId: 1 })).toBe('/de/tickets/');
    // @ts-expect-error a page without params takes none
    expect(routeHref('de', 'checkout', { id: 1 })).toBe('/de/checkout');
  });

  it('types what the route parsed for a journey: its params and search by their kinds', () => {
    const ticket: RouteValues<'ticket'> = { route: 'ticket', params: { id: 101 }, search: { date: '2026-05-01' } };
    const id: number = ticket.params.id;
    const date: string | undefined = ticket.search.date;
    expect([id, date]).toEqual([101, '2026-05-01']);
    // @ts-expect-error an id is a number once parsed, never the URL's text
    const text: RouteValues<'ticket'> = { route: 'ticket', params: { id: '101' }, search: {} };
    // @ts-expect-error a page's values are the ones of its kinds
    expect(text.params.guid).toBeUndefined();
    // @ts-expect-error a search value may be absent
    const day: string = ticket.search.date;
    expect(day).toBe('2026-05-01');
  });
});

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) return sources(rel);
    return /\.(ts|tsx)$/.test(name) ? [rel] : [];
  });
}

function stateNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodes(child))];
}

describe('every page a machine names exists', () => {
  const files = readdirSync(join(root, 'machines')).filter((f) => f.endsWith('.machine.ts'));
  it.each(files)('machines/%s', async (file) => {
    const module = (await import(`../../machines/${file}`)) as Record<string, unknown>;
    const machines = Object.values(module).filter((value): value is AnyStateMachine => typeof value === 'object' && value !== null && 'root' in value && 'getInitialSnapshot' in value);
    expect(machines.length).toBeGreaterThan(0);
    const named = machines.flatMap((machine) => stateNodes(machine.root)).flatMap((node) => {
      const route = (node.meta as PageMeta | undefined)?.route;
      return route ? [route] : [];
    });
    const known = (route: string) => route in ROUTE_TABLE || route === 'pageNotFound' || route === 'logout';
    expect(named.filter((route) => !known(route))).toEqual([]);
    // and each of them has a title
    expect(named.filter((route) => titleKeyOf(route as RouteName) === undefined)).toEqual([]);
  });
});

describe('no path is written by hand', () => {
  it('has no `/${…}` path outside src/domain/routes.ts', () => {
    const offenders = [...sources('src'), ...sources('machines')]
      .filter((file) => file !== 'src/domain/routes.ts')
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => line.includes('`/${'))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
