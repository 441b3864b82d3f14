/**
 * Every machine is one connected chart (issue "Journeys drive their routes"): no state that
 * nothing leads to, no island reachable only through a start-up choice, no eventless hub.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StateMachine, createMachine, type AnyStateMachine } from 'xstate';
import { connectivity } from '../../src/tools/connectivity.js';

const dir = fileURLToPath(new URL('../../machines/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.machine.ts')).sort();

async function machineOf(file: string): Promise<AnyStateMachine> {
  const mod = (await import(pathToFileURL(`${dir}${file}`).href)) as Record<string, unknown>;
  const machine = Object.values(mod).find((v): v is AnyStateMachine => v instanceof StateMachine);
  if (!machine) throw new Error(`${file} exports no machine`);
  return machine;
}

describe('every machine is one connected chart', () => {
  it.each(files)('%s', async (file) => {
    expect(connectivity(await machineOf(file))).toEqual({ unreachable: [], islands: [], hubs: [] });
  });
});

describe('the check itself', () => {
  it('names an island that only a start-up choice reaches, a hub, and a state nothing enters', () => {
    const machine = createMachine({
      initial: 'Opening',
      states: {
        Opening: {
          always: [
            { guard: () => false, target: 'Accepted' },
            { guard: () => false, target: 'Cancelled' },
            { guard: () => false, target: 'Failed' },
            { target: 'Cart' },
          ],
        },
        Cart: { on: { PAY: 'Paying' } },
        Paying: {},
        Accepted: {},
        Cancelled: {},
        Failed: {},
        Orphan: {},
      },
    });
    expect(connectivity(machine)).toEqual({
      unreachable: ['Orphan'],
      islands: ['Accepted', 'Cancelled', 'Failed'],
      hubs: ['Opening'],
    });
  });

  it('accepts a start-up choice whose branches the visitor can also reach', () => {
    const machine = createMachine({
      initial: 'Starting',
      states: {
        Starting: { always: [{ guard: () => false, target: 'Page' }, { target: 'List' }] },
        List: { on: { OPEN: 'Page' } },
        Page: { on: { BACK: 'List' } },
      },
    });
    expect(connectivity(machine)).toEqual({ unreachable: [], islands: [], hubs: [] });
  });
});
