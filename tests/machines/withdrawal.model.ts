/**
 * Model of the withdrawal journey (machines/withdrawal.machine.ts, issue 46): entered from the
 * footer (the order identified by booking number and address) and from the confirmation mail's
 * link (id and key); an order with a book to withdraw beside a timed ticket (dated: no right) and a
 * pass already withdrawn, or one with nothing open; not found, switched off, nothing open or no
 * answer at the lookup; the statement recorded, recorded before (`repeated`), refused at its lines
 * or its fields (422), no longer open, not found, switched off, or without an answer and retried
 * with the same request id. Scenarios: a logged-in customer's link, a refused identification and
 * statement, a line that cannot be chosen, a second confirmation with a new request id.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { WithdrawalOrder, WithdrawResult } from '../../src/api/schemas/withdrawal.js';
import { withdrawalMachine, type WithdrawalContext, type WithdrawalInput } from '../../machines/withdrawal.machine.js';
import { defineModel } from './model.js';

export const SEED = '0f6c2a8e-5b1d-4c3e-9a7f-2d4b6e8a1c3f';
export const ORDER_ID = 'K7Q2M9XWPZ4C';
export const LINK_KEY = 'k3y-of-the-mail-link-0123456789';
export const TOKEN = 'token-of-ada';
export const EMAIL = 'ada@museum.example';
export const OTHER_EMAIL = 'grace@museum.example';

/** A book (open), a timed ticket (dated: no right of withdrawal) and a pass withdrawn before. */
export const order: WithdrawalOrder = {
  id: ORDER_ID,
  created_at: '2026-12-01T10:00:00+01:00',
  currency: 'CHF',
  name: 'Ada Lovelace',
  email: EMAIL,
  lines: [
    { line: 0, type: 'merchandise', name: 'Museum book', amount: 3900, count: 1, status: 'open', reason: null, period_ends: '2026-12-18', withdrawn_at: null },
    { line: 1, type: 'ticket', name: 'Adult, 12.12.2026 10:00', amount: 1800, count: 1, status: 'excluded', reason: 'dated', period_ends: null, withdrawn_at: null },
    { line: 2, type: 'annualPass', name: 'Annual pass', amount: 9000, count: 1, status: 'withdrawn', reason: null, period_ends: '2026-12-15', withdrawn_at: '2026-12-02T09:15:00+01:00' },
  ],
  statements: [{ id: 'st-1', received_at: '2026-12-02T09:15:00+01:00', lines: [2], name: 'Ada Lovelace', email: EMAIL }],
};
/** The same order once nothing may be withdrawn any more: the book's period ended. */
export const nothingOpen: WithdrawalOrder = {
  ...order,
  lines: order.lines.map((line) => (line.status === 'open' ? { ...line, status: 'excluded', reason: 'period_ended', period_ends: '2026-11-30' } : line)),
};

export const received: WithdrawResult = {
  statement: { id: 'st-2', received_at: '2026-12-07T22:15:03+01:00', lines: [0], name: 'Ada Lovelace', email: EMAIL },
  repeated: false,
};
export const receivedBefore: WithdrawResult = { ...received, repeated: true };

export const apiError = (status: number, code: string, fields: Record<string, string[]> = {}) => Object.assign(new Error(code), { status, code, message: '', fields });
const networkError = () => Object.assign(new TypeError('Failed to fetch'), { status: 0, code: 'NETWORK_ERROR' });

export const FROM_THE_FOOTER: WithdrawalInput = { requestSeed: SEED };
export const FROM_THE_MAIL: WithdrawalInput = { orderId: ORDER_ID, orderKey: LINK_KEY, requestSeed: SEED };
export const LOGGED_IN: WithdrawalInput = { orderId: ORDER_ID, jwt: TOKEN, customer: { name: 'Ada Lovelace', email: EMAIL }, requestSeed: SEED };

/** What the identification form gets typed, in order, once each. */
const IDENTIFY: [string, string][] = [
  ['orderId', ORDER_ID],
  ['email', EMAIL],
];

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = s.context as WithdrawalContext;
  if (e.type === 'FIELD_CHANGED') {
    // the identification typed field by field, once (the statement's fields: scenarios)
    if (!s.matches('Identifying the order')) return false;
    const next = IDENTIFY.find(([field, value]) => c.values[field as keyof typeof c.values] !== value);
    const ev = e as EventObject & { field: string; value: string };
    return next !== undefined && next[0] === ev.field && next[1] === ev.value;
  }
  // a refused identification once; then it is typed (an empty form refused after "not found": a scenario)
  if (e.type === 'CONTINUE' && s.matches('Identifying the order')) return c.rejectedSubmits === 0 || c.values.email !== '';
  if (e.type === 'LINE_TOGGLED') return (e as EventObject & { line: number }).line === 0;
  // one confirmation per path (a second one, with a new request id: a scenario)
  if (e.type === 'CONFIRM') return c.confirmations === 0;
  return true;
}

export const withdrawalModel = defineModel({
  name: 'withdrawal',
  machine: withdrawalMachine,
  inputs: [FROM_THE_FOOTER, FROM_THE_MAIL],
  events: {
    FIELD_CHANGED: IDENTIFY.map(([field, value]) => ({ field, value })),
    LINE_TOGGLED: (s) => [{ line: 0, chosen: !(s.context as WithdrawalContext).chosen.includes(0) }],
    'done:findOrder': [{ output: order }, { output: nothingOpen }],
    'error:findOrder': [
      { error: apiError(404, 'WITHDRAWAL_ORDER_NOT_FOUND') },
      { error: apiError(404, 'WITHDRAWAL_OFF') },
      { error: apiError(422, 'WITHDRAWAL_NOTHING_OPEN') },
      { error: apiError(500, 'SERVER_ERROR') },
    ],
    'done:withdraw': [{ output: received }, { output: receivedBefore }],
    'error:withdraw': [
      { error: apiError(404, 'WITHDRAWAL_ORDER_NOT_FOUND') },
      { error: apiError(404, 'WITHDRAWAL_OFF') },
      { error: apiError(422, 'WITHDRAWAL_NOTHING_OPEN') },
      { error: apiError(422, 'VALIDATION_FAILED', { lines: ['Choose at least one line.'] }) },
      { error: apiError(422, 'VALIDATION_FAILED', { name: ['Your name is missing.'], ack_email: ['This is not an e-mail address.'] }) },
      { error: networkError() },
    ],
  },
  filterEvents: allowed,
  stateKey: (s) => {
    const { rejectedSubmits, ...rest } = s.context as WithdrawalContext;
    return { value: s.value, ...rest, rejected: rejectedSubmits > 0 };
  },
  scenarios: [
    {
      name: "a logged-in customer's link with the id alone opens the order, the acknowledgement prefilled from the answer",
      input: LOGGED_IN,
      events: [
        { type: 'done:findOrder', output: { ...order, name: '', email: '' } },
        { type: 'LINE_TOGGLED', line: 0, chosen: true },
        { type: 'CONTINUE' },
        { type: 'CONTINUE' },
        { type: 'CONFIRM' },
        { type: 'done:withdraw', output: received },
      ],
    },
    {
      name: 'a logged-in customer identifies an order by its number alone',
      input: { jwt: TOKEN, customer: { name: 'Ada Lovelace', email: EMAIL }, requestSeed: SEED },
      events: [{ type: 'FIELD_CHANGED', field: 'orderId', value: ORDER_ID }, { type: 'CONTINUE' }, { type: 'done:findOrder', output: order }],
    },
    {
      name: 'a booking number that is not digits and an address that is not one are refused at their fields',
      input: FROM_THE_FOOTER,
      events: [
        { type: 'FIELD_CHANGED', field: 'orderId', value: 'B-1042' },
        { type: 'FIELD_CHANGED', field: 'email', value: 'ada at museum' },
        { type: 'CONTINUE' },
      ],
    },
    {
      name: 'a line without the right cannot be chosen; none chosen is refused',
      input: FROM_THE_MAIL,
      events: [
        { type: 'done:findOrder', output: order },
        { type: 'LINE_TOGGLED', line: 1, chosen: true },
        { type: 'LINE_TOGGLED', line: 2, chosen: true },
        { type: 'CONTINUE' },
      ],
    },
    {
      name: 'the statement refused without a name and with an address that is not one, then typed again (with spaces around the name, sent trimmed); what was typed stays',
      input: FROM_THE_MAIL,
      events: [
        { type: 'done:findOrder', output: order },
        { type: 'LINE_TOGGLED', line: 0, chosen: true },
        { type: 'CONTINUE' },
        { type: 'FIELD_CHANGED', field: 'name', value: '' },
        { type: 'FIELD_CHANGED', field: 'ackEmail', value: 'grace at museum' },
        { type: 'CONTINUE' },
        { type: 'FIELD_CHANGED', field: 'name', value: ' Grace Hopper ' },
        { type: 'FIELD_CHANGED', field: 'ackEmail', value: OTHER_EMAIL },
        { type: 'CONTINUE' },
        { type: 'CONFIRM' },
        { type: 'done:withdraw', output: received },
      ],
    },
    {
      name: 'no answer, retried: the same request id; back and confirmed again: a new one',
      input: FROM_THE_MAIL,
      events: [
        { type: 'done:findOrder', output: order },
        { type: 'LINE_TOGGLED', line: 0, chosen: true },
        { type: 'CONTINUE' },
        { type: 'CONTINUE' },
        { type: 'CONFIRM' },
        { type: 'error:withdraw', error: networkError() },
        { type: 'RETRY' },
        { type: 'error:withdraw', error: apiError(500, 'SERVER_ERROR') },
        { type: 'BACK' },
        { type: 'CONFIRM' },
        { type: 'done:withdraw', output: receivedBefore },
      ],
    },
    {
      name: 'after "not found" from the link, the order is identified by its address',
      input: FROM_THE_MAIL,
      events: [
        { type: 'error:findOrder', error: apiError(404, 'WITHDRAWAL_ORDER_NOT_FOUND') },
        { type: 'CONTINUE' },
        { type: 'FIELD_CHANGED', field: 'email', value: EMAIL },
        { type: 'CONTINUE' },
        { type: 'done:findOrder', output: order },
      ],
    },
  ],
});
