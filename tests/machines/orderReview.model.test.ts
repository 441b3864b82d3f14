import { expect } from 'vitest';
import { describeModel } from './describe-model.js';
import { order, orderReviewModel } from './orderReview.model.js';

describeModel(orderReviewModel, {
  'Loading order': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(run.invocations.at(-1)).toMatchObject({ src: 'loadOrder', input: { id: 'B-099', key: s.context.orderKey }, settled: false });
    expect([null, 'k3y-of-the-order']).toContain(s.context.orderKey);
    expect(s.getMeta()).toEqual({ orderReview: { route: 'orderReview' } });
  },
  'Order available': (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.context.order).toEqual(order);
  },
  'Order not available': (s, run) => {
    expect((run.event as { error?: { status?: number } }).error?.status).toBe(406);
    expect(s.context.order).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'Order failed': (s, run) => {
    expect((run.event as { error?: { status?: number } }).error?.status).not.toBe(406);
    expect(s.context.order).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
});
