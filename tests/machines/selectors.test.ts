/**
 * The state-to-view tables of the selectors modules (machines/<machine>.selectors.ts): each names
 * exactly the states of its machine (a state gained or renamed without a view fails here, and does
 * not compile there; a view of a state the machine no longer has fails too), reads every state of
 * the machine, and throws on a state it does not know rather than showing nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateValue } from 'xstate';
import { authMachine } from '../../machines/auth.machine.js';
import { AUTH_VIEWS, authViewOf, recoveryStageOf, registrationStageOf } from '../../machines/auth.selectors.js';
import { settingsMachine } from '../../machines/settings.machine.js';
import { SETTINGS_VIEWS, settingsViewOf } from '../../machines/settings.selectors.js';
import { statePathOf } from '../../machines/state-path.js';

type StateNode = AnyStateMachine['root'];

function leaves(node: StateNode): StateNode[] {
  const children = Object.values(node.states);
  return children.length === 0 ? [node] : children.flatMap((child) => leaves(child));
}

/** The state value of a leaf: its path as nested objects ({ List: 'All articles' }). */
const valueOf = (path: readonly string[]): StateValue => path.slice(0, -1).reduceRight<StateValue>((value, key) => ({ [key]: value }), path.at(-1) ?? '');

const TABLES: [string, AnyStateMachine, Record<string, unknown>, (s: { value: StateValue }) => unknown][] = [
  ['auth', authMachine, AUTH_VIEWS, authViewOf],
  ['settings', settingsMachine, SETTINGS_VIEWS, settingsViewOf],
];

describe.each(TABLES)('the views of %s', (_name, machine, table, viewOf) => {
  const states = leaves(machine.root);

  it('name exactly the states of the machine', () => {
    expect(states.every((node) => node.type !== 'parallel' && node.parent?.type !== 'parallel')).toBe(true);
    expect(Object.keys(table).sort()).toEqual(states.map((node) => node.path.join('.')).sort());
  });

  it('read every state of the machine, one view object each', () => {
    for (const node of states) {
      const value = valueOf(node.path);
      expect(statePathOf(value)).toBe(node.path.join('.'));
      expect(viewOf({ value })).toBe(table[node.path.join('.')]);
    }
  });

  it('throw on a state without a view rather than showing nothing', () => {
    expect(() => viewOf({ value: 'Renamed state' })).toThrow(/no view for the state 'Renamed state'/);
  });
});

describe('the stages the auth pages read', () => {
  it('registration: the "off" notice, the fields loading or failed, else the form', () => {
    expect(registrationStageOf({ value: 'Guest registration off' })).toBe('off');
    expect(registrationStageOf({ value: { Registration: 'Loading form fields' } })).toBe('loading');
    expect(registrationStageOf({ value: { 'Guest registration': 'Form fields failed' } })).toBe('failed');
    expect(registrationStageOf({ value: { 'Guest registration': 'Checking billing data' } })).toBe('form');
    expect(registrationStageOf({ value: 'Registered' })).toBe('form');
  });

  it('recovery: the link checked before the form, or refused', () => {
    expect(recoveryStageOf({ value: { Recovery: 'Checking the link' } })).toBe('checking');
    expect(recoveryStageOf({ value: { Recovery: 'Link invalid' } })).toBe('invalid');
    expect(recoveryStageOf({ value: { Recovery: 'Setting password' } })).toBe('form');
    expect(() => recoveryStageOf({ value: { Recovery: 'Renamed state' } })).toThrow(/no view for the state 'Recovery.Renamed state'/);
  });
});
