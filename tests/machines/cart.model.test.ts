import { expect } from 'vitest';
import type { CartContext } from '../../machines/cart.machine.js';
import { describeModel } from './describe-model.js';
import { cartModel } from './cart.model.js';
import type { RunContext } from './model.js';

const ctx = (s: { context: unknown }) => s.context as CartContext;
const calls = (run: RunContext, action: string) => run.actionCalls.filter((c) => c.action === action);

/** What every Ready state shares: what happened to storage and analytics on the way here. */
function sideEffects(s: { context: unknown }, run: RunContext): void {
  const e = run.event as { type: string; lines?: { type: string }[]; index?: number };
  if (run.event.type === 'xstate.init') {
    const corrupt = calls(run, 'warnCorruptCart');
    // a corrupt saved cart is reported and removed once; a missing one is not
    expect(corrupt.length).toBe(calls(run, 'removeSavedCart').length);
    expect(ctx(s).restoreProblem).toBeNull();
  }
  if (e.type === 'ADD' && e.lines?.length && ctx(s).lines.length > 0) {
    expect(calls(run, 'saveCart').at(-1)?.params).toEqual(ctx(s).lines);
  }
  if (e.type === 'REMOVE') {
    const tracked = calls(run, 'trackRemoveFromCart').filter((c) => c.event === run.event);
    for (const t of tracked) expect(t.params).toMatchObject({ event: 'remove_from_cart', ecommerce: { currency: 'CHF', value: 40 } });
  }
  if (e.type === 'CLEAR') {
    expect(ctx(s).lines).toEqual([]);
    expect(calls(run, 'removeSavedCart').at(-1)?.event).toEqual(run.event);
  }
}

describeModel(cartModel, {
  'Ready.No shipping': (s, run) => {
    sideEffects(s, run);
    expect(ctx(s).shippingCost).toBeNull();
    expect(ctx(s).shippingError).toBeNull();
    const hasMerch = ctx(s).lines.some((l) => l.type === 'merchandise');
    expect(hasMerch && ctx(s).destination.chosenCountry !== null).toBe(false);
  },
  'Ready.Calculating shipping': (s, run) => {
    sideEffects(s, run);
    expect(s.hasTag('busy')).toBe(true);
    expect(run.invocations.at(-1)).toMatchObject({ id: 'calculateShipping', input: { loggedIn: false } });
    expect(JSON.stringify(run.invocations.at(-1)?.input)).toContain('CH');
  },
  'Ready.Shipping known': (s, run) => {
    sideEffects(s, run);
    expect(ctx(s).shippingCost).toBe(900);
    expect(ctx(s).shippingError).toBeNull();
  },
  'Ready.Shipping failed': (s, run) => {
    sideEffects(s, run);
    expect(ctx(s).shippingCost).toBeNull();
    expect(ctx(s).shippingError).toBe('NO_SHIPPING_TO_COUNTRY');
    expect(s.can({ type: 'RETRY_SHIPPING' })).toBe(true);
  },
});
