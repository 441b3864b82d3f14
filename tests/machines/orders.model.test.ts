import { expect } from 'vitest';
import type { OrdersContext } from '../../machines/orders.machine.js';
import { describeModel } from './describe-model.js';
import type { RunContext } from './model.js';
import { LINK_KEY, MASKED, ORDER_KEY, RETRY_AFTER, TOKEN, ordersModel, summaries, withDocuments, withoutDocuments } from './orders.model.js';

const ctx = (s: { context: unknown }) => s.context as OrdersContext;
const statusOf = (run: RunContext) => (run.event as { error?: { status?: number } }).error?.status;
const last = (run: RunContext) => run.invocations.at(-1);

/** Who asks for the order: the key the order answered with, else the link's, and the token of the session. */
const expectedRequest = (c: OrdersContext) => ({ id: c.open?.id, key: c.order?.documents?.key ?? c.open?.key ?? null, jwt: c.jwt });

describeModel(
  ordersModel,
  {
    '*': (s, run) => {
      // the machine decides no navigation of its own: the pages are its states' meta, a lost session the shell's 401 policy
      expect(run.stepCalls).toEqual([]);
      expect(s.hasTag('loading')).toBe(s.matches({ 'Order list': 'Loading orders' }) || s.matches({ 'Order page': 'Loading order' }));
      expect(s.hasTag('busy')).toBe(s.matches({ 'Order page': { 'Showing order': 'Sending confirmation' } }));
      // every call carries the token the journey started with (none from the mail's link)
      for (const inv of run.invocations) expect((inv.input as { jwt: string | null }).jwt).toBe(ctx(s).jwt);
      expect([TOKEN, null]).toContain(ctx(s).jwt);
    },
    'Order list.Loading orders': (s, run) => {
      expect(last(run)).toMatchObject({ src: 'listOrders', input: { jwt: TOKEN }, settled: false });
      expect(ctx(s).orders).toBeNull();
    },
    'Order list.Showing orders': (s, run) => {
      expect(ctx(s).orders).toEqual(summaries);
      expect(ctx(s).open).toBeNull();
      expect(ctx(s).order).toBeNull();
      // back from an order, the list is shown as loaded: no second request
      if (run.event.type === 'BACK_TO_LIST') expect(run.invocations.filter((i) => i.src === 'listOrders')).toHaveLength(1);
    },
    'Order list.No orders yet': (s) => {
      expect(ctx(s).orders).toEqual([]);
      expect(s.can({ type: 'RETRY' })).toBe(false);
    },
    'Order list.Orders failed': (s, run) => {
      expect(statusOf(run)).toBe(0);
      expect(ctx(s).orders).toBeNull();
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
    'Order page.Loading order': (s, run) => {
      expect(last(run)).toMatchObject({ src: 'loadOrder', input: expectedRequest(ctx(s)), settled: false });
      expect(ctx(s).order).toBeNull();
      expect(ctx(s).resentTo).toBeNull();
      // the mail's link opens with its key and no token; a customer's order from the list with the token alone
      expect(ctx(s).open).toEqual(ctx(s).jwt === null ? { id: 'B-100', key: LINK_KEY } : { id: expect.stringMatching(/^B-10[01]$/), key: null });
    },
    'Order page.Order not found': (s, run) => {
      expect(statusOf(run)).toBe(406);
      expect(ctx(s).order).toBeNull();
      expect(s.can({ type: 'RETRY' })).toBe(false);
    },
    'Order page.Order failed': (s, run) => {
      expect(statusOf(run)).toBe(0);
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
    'Order page.Showing order.Not sent again': (s, run) => {
      expect([withDocuments, withoutDocuments]).toContainEqual(ctx(s).order);
      // "send again" is offered only where the back end delivers documents with an address
      expect(s.can({ type: 'RESEND' })).toBe(ctx(s).order === withDocuments);
      if (run.event.type === 'RESEND') expect(ctx(s).order).toEqual(withoutDocuments);
      // after "too soon", offered again once the 42 s the server named have passed
      if (run.event.type.startsWith('xstate.after')) {
        const tooSoonAt = run.history.findLast((h) => h.event.type === 'xstate.error.actor.resendConfirmation')!.at;
        expect(run.now - tooSoonAt).toBe(ctx(s).resendWait * 1000);
      }
    },
    'Order page.Showing order.Sending confirmation': (s, run) => {
      expect(last(run)).toMatchObject({ src: 'resendConfirmation', input: expectedRequest(ctx(s)), settled: false });
      // the order's own key (answered with the order) asks, not only the link's
      expect(last(run)?.input).toMatchObject({ key: ORDER_KEY });
    },
    'Order page.Showing order.Confirmation sent': (s) => {
      expect(ctx(s).resentTo).toBe(MASKED);
      expect(s.can({ type: 'RESEND' })).toBe(true);
    },
    'Order page.Showing order.Too soon to send again': (s, run) => {
      const refusal = run.history.findLast((h) => h.event.type === 'xstate.error.actor.resendConfirmation')!.event as { error?: { status?: number; details?: { retry_after?: number } } };
      expect(refusal.error?.status).toBe(429);
      const named = refusal.error?.details?.retry_after;
      // the seconds the server named, rounded up; a minute when it named none
      expect(ctx(s).resendWait).toBe(named === undefined ? 60 : named === RETRY_AFTER ? 42 : 60);
      expect(s.can({ type: 'RESEND' })).toBe(false);
      // still too soon until the wait has passed
      expect(run.now - run.history.findLast((h) => h.event === refusal)!.at).toBeLessThan(ctx(s).resendWait * 1000);
    },
    'Order page.Showing order.No address to send to': (s, run) => {
      expect(statusOf(run)).toBe(422);
      expect(s.can({ type: 'RESEND' })).toBe(false);
    },
    'Order page.Showing order.Sending failed': (s, run) => {
      expect(statusOf(run)).toBe(0);
      expect(s.can({ type: 'RESEND' })).toBe(true);
    },
    'Login needed': (s, run) => {
      expect([401, 403]).toContain(statusOf(run));
      expect(s.status).toBe('done');
      // no page of its own: the shell takes the visitor to login
      expect(s.getMeta()).toEqual({});
    },
  },
  { routes: { 'Order list': 'orders', 'Order page': 'order', 'Login needed': undefined as unknown as null } },
);
