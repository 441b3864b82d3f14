/**
 * src/tools/connectivity.ts: an island is a state only a start-up choice leads to; a state that
 * waits on guarded eventless transitions (a parallel region watching the context) is no choice.
 */
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { connectivity } from '../../src/tools/connectivity.js';

const guards = { fromInput: () => false, ready: () => false };

describe('connectivity', () => {
  it('names a state reached only through a start-up choice an island', () => {
    const machine = setup({ guards }).createMachine({
      initial: 'Opening',
      states: {
        Opening: { always: [{ guard: 'fromInput', target: 'Deep step' }, { target: 'First step' }] },
        'First step': { on: { NEXT: 'Last step' } },
        'Deep step': {},
        'Last step': {},
      },
    });
    expect(connectivity(machine).islands).toEqual(['Deep step']);
  });

  it('does not count a waiting state of a parallel region as a start-up choice', () => {
    const machine = setup({ guards }).createMachine({
      type: 'parallel',
      states: {
        Visitor: { initial: 'Browsing', states: { Browsing: { on: { DONE: 'Done' } }, Done: {} } },
        Watcher: {
          initial: 'Waiting',
          states: { Waiting: { always: { guard: 'ready', target: 'Acting' } }, Acting: { on: { BACK: 'Waiting' } } },
        },
      },
    });
    expect(connectivity(machine)).toEqual({ unreachable: [], islands: [], hubs: [] });
  });
});
