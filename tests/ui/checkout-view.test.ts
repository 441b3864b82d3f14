/**
 * The checkout screens' view of every state of the checkout machine (src/app/screens/checkout/
 * checkout-view.ts): a state the machine gained or renamed without a view fails here (and does not
 * compile there); a state the table names that the machine no longer has fails too.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type StateValue } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine.js';
import { CHECKOUT_VIEWS, checkoutViewOf, headingOf, statusNoticeOf } from '../../src/app/screens/checkout/checkout-view.js';

function leaves<N extends { states: Record<string, N> }>(node: N): N[] {
  const children = Object.values(node.states);
  return children.length === 0 ? [node] : children.flatMap((child) => leaves(child));
}

/** The state value of a leaf: its path as nested objects ({ Cart: { 'Choosing payment': 'Editing' } }). */
const valueOf = (path: readonly string[]): StateValue => path.slice(0, -1).reduceRight<StateValue>((value, key) => ({ [key]: value }), path.at(-1) ?? '');

const leafStates = leaves(checkoutMachine.root);

describe('checkout view', () => {
  it('walks the machine (sanity)', () => {
    expect(leafStates.length).toBeGreaterThan(20);
    expect(leafStates.every((node) => node.type !== 'parallel' && node.parent?.type !== 'parallel')).toBe(true);
  });

  it.each(leafStates.map((node) => [node.path.join('.'), node.path] as const))('has a view for %s', (_name, path) => {
    const view = checkoutViewOf({ value: valueOf(path) });
    expect(view).toBe(checkoutViewOf({ value: valueOf(path) }));
    expect(() => headingOf(view)).not.toThrow();
    expect(() => statusNoticeOf(view)).not.toThrow();
  });

  it('names exactly the states of the machine', () => {
    expect(Object.keys(CHECKOUT_VIEWS).sort()).toEqual(leafStates.map((node) => node.path.join('.')).sort());
  });

  it('says the browser goes to the payment page on every start of a payment (a new order or the open one again)', () => {
    expect(statusNoticeOf(CHECKOUT_VIEWS['Cart.Starting payment'])).toBe('redirecting');
    expect(statusNoticeOf(CHECKOUT_VIEWS['Cart.Paying the open order'])).toBe('redirecting');
    expect(statusNoticeOf(CHECKOUT_VIEWS['At the payment provider'])).toBe('redirecting');
  });

  it('throws on a state without a view rather than showing nothing', () => {
    expect(() => checkoutViewOf({ value: { Cart: 'Renamed state' } })).toThrow(/no view for the state 'Cart.Renamed state'/);
  });

  it('reads real snapshots', () => {
    const { context } = createActor(checkoutMachine, { input: {} }).getSnapshot();
    const snapshot = checkoutMachine.resolveState({ value: { Cart: { 'Choosing payment': 'Payment not completed' } }, context });
    expect(checkoutViewOf(snapshot)).toEqual({ kind: 'cart', notice: 'notCompleted' });
  });
});
