import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { WithdrawalContext } from '../../machines/withdrawal.machine.js';
import { describeModel } from './describe-model.js';
import type { RunContext } from './model.js';
import { EMAIL, LINK_KEY, ORDER_ID, SEED, TOKEN, order, received, withdrawalModel } from './withdrawal.model.js';

const ctx = (s: AnyMachineSnapshot) => s.context as WithdrawalContext;
const last = (run: RunContext) => run.invocations.at(-1);
const errorOfStep = (run: RunContext) => (run.event as { error?: { status?: number; code?: string } }).error;

/** Every state: the page is the withdrawal page, and the journey keeps what was entered. */
function common(s: AnyMachineSnapshot) {
  expect(s.getMeta()).toMatchObject({ withdrawal: { route: 'withdrawal' } });
  expect(ctx(s).requestSeed).toBe(SEED);
  // the request id is the seed and the number of the confirmation, once one was made
  expect(ctx(s).requestId).toBe(ctx(s).confirmations === 0 ? '' : `${SEED}-${ctx(s).confirmations}`);
  // only open lines are ever chosen
  const order = ctx(s).order;
  if (order) for (const line of ctx(s).chosen) expect(order.lines.find((l) => l.line === line)?.status).toBe('open');
}

describeModel(withdrawalModel, {
  '*': (s) => common(s),
  'Identifying the order': (s, run) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.hasTag('busy')).toBe(false);
    expect(s.can({ type: 'CONTINUE' })).toBe(true);
    if (run.event.type === 'xstate.init') {
      expect(ctx(s).values.orderId).toBe('');
      expect(ctx(s).notice).toBeNull();
    }
    if (errorOfStep(run)?.code === 'WITHDRAWAL_ORDER_NOT_FOUND') {
      // one message for an unknown number and a wrong address; the key of the link is dropped, what was typed stays
      expect(ctx(s).notice).toEqual({ id: 'withdrawal.error.notFound' });
      expect(ctx(s).orderKey).toBeNull();
      expect(ctx(s).values.orderId).toBe(ORDER_ID);
    }
    if (run.event.type === 'CONTINUE') {
      expect(Object.keys(ctx(s).errors).length).toBeGreaterThan(0);
      expect(run.invocations.filter((i) => !i.settled && !i.aborted)).toHaveLength(0);
    }
  },
  'Finding the order': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    const lookup = last(run)!;
    expect(lookup).toMatchObject({ src: 'findOrder', settled: false });
    const input = lookup.input as { id: string; key?: string; email?: string; jwt: string | null };
    expect(input.id).toBe(ORDER_ID);
    expect(input.jwt).toBe(ctx(s).jwt);
    // by the key of the link when there is one, else by the address typed
    if (ctx(s).orderKey) expect(input).toEqual({ id: ORDER_ID, key: LINK_KEY, jwt: ctx(s).jwt });
    else if (ctx(s).values.email) expect(input).toEqual({ id: ORDER_ID, email: ctx(s).values.email.trim(), jwt: ctx(s).jwt });
    else expect(input).toEqual({ id: ORDER_ID, jwt: TOKEN });
  },
  'Finding failed': (s, run) => {
    expect(errorOfStep(run)?.status).toBe(500);
    expect(ctx(s).notice).toEqual({ id: 'withdrawal.error.findFailed' });
    expect(s.can({ type: 'RETRY' })).toBe(true);
    expect(s.can({ type: 'OTHER_ORDER' })).toBe(true);
  },
  'Nothing to withdraw': (s, run) => {
    if (run.event.type.startsWith('xstate.error')) {
      expect(errorOfStep(run)?.code).toBe('WITHDRAWAL_NOTHING_OPEN');
      expect(ctx(s).notice).toEqual({ id: 'withdrawal.error.nothingOpen' });
    } else {
      expect(ctx(s).order?.lines.every((l) => l.status !== 'open')).toBe(true);
    }
    expect(ctx(s).chosen).toEqual([]);
    expect(s.can({ type: 'OTHER_ORDER' })).toBe(true);
    expect(s.can({ type: 'CONTINUE' })).toBe(false);
  },
  'Choosing lines': (s, run) => {
    expect(ctx(s).order?.lines.some((l) => l.status === 'open')).toBe(true);
    // the acknowledgement is prefilled from the answer (or the logged-in customer)
    expect(ctx(s).values.name).not.toBe('');
    expect(ctx(s).values.ackEmail).not.toBe('');
    // the first answer chooses nothing for the visitor
    if (run.event.type === 'xstate.done.actor.findOrder' && run.invocations.filter((i) => i.src === 'findOrder').length === 1) expect(ctx(s).chosen).toEqual([]);
    if (run.event.type === 'CONTINUE') expect(ctx(s).errors.lines).toEqual([{ id: 'withdrawal.error.noLineChosen' }]);
    if (JSON.stringify(ctx(s).notice) === JSON.stringify({ id: 'withdrawal.error.noLongerOpen' })) expect(ctx(s).chosen).toEqual([0]);
    if (run.event.type === 'xstate.error.actor.withdraw') expect(ctx(s).errors.lines).toEqual([{ id: 'withdrawal.error.noLineChosen' }]);
  },
  'Giving name and e-mail': (s, run) => {
    expect(ctx(s).chosen.length).toBeGreaterThan(0);
    if (run.event.type === 'xstate.error.actor.withdraw') {
      // the server's words in the visitor's language, at their fields; what was typed stays
      expect(ctx(s).errors).toEqual({ name: [{ id: 'withdrawal.error.nameMissing' }], ackEmail: [{ id: 'withdrawal.error.emailInvalid' }] });
      expect(ctx(s).notice).toEqual({ id: 'form.correctErrors' });
      expect(ctx(s).values.name).not.toBe('');
    }
  },
  Confirming: (s) => {
    expect(ctx(s).chosen.length).toBeGreaterThan(0);
    expect(ctx(s).values.name.trim()).not.toBe('');
    expect(s.can({ type: 'CONFIRM' })).toBe(true);
    expect(s.can({ type: 'BACK' })).toBe(true);
  },
  'Sending statement': (s, run) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(last(run)).toMatchObject({
      src: 'withdraw',
      settled: false,
      input: {
        id: ORDER_ID,
        jwt: ctx(s).jwt,
        lines: ctx(s).chosen,
        name: ctx(s).values.name.trim(),
        ack_email: ctx(s).values.ackEmail.trim(),
        request_id: `${SEED}-${ctx(s).confirmations}`,
      },
    });
    // a retry sends the request id of the confirmation it retries: nothing is recorded twice
    if (run.event.type === 'RETRY') {
      const sent = run.invocations.filter((i) => i.src === 'withdraw');
      expect((sent.at(-1)!.input as { request_id: string }).request_id).toBe((sent.at(-2)!.input as { request_id: string }).request_id);
    }
    expect(s.can({ type: 'CONFIRM' })).toBe(false);
  },
  'Sending failed': (s, run) => {
    // no answer, or the server's own failure (5xx): what the visitor can only try again
    expect([0, 500, 503]).toContain(errorOfStep(run)?.status);
    expect(ctx(s).notice).toEqual({ id: 'withdrawal.error.sendFailed' });
    expect(ctx(s).requestId).not.toBe('');
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Withdrawal received': (s) => {
    expect(s.status).toBe('done');
    expect(ctx(s).result?.statement).toEqual(received.statement);
    expect(ctx(s).notice).toBeNull();
  },
  'Function off': (s, run) => {
    expect(s.status).toBe('done');
    expect(errorOfStep(run)?.code).toBe('WITHDRAWAL_OFF');
    expect(ctx(s).result).toBeNull();
  },
});

void EMAIL;
void order;
