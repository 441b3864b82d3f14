/**
 * The withdrawal journey (issue 46; Art. 11a of Directive 2011/83/EU): "Withdraw from contract
 * here", on one page (`withdrawal`), drawn as the flow the law describes:
 *
 *   Identifying the order ──CONTINUE──▶ Finding the order ──▶ Choosing lines ──CONTINUE──▶
 *   Giving name and e-mail ──CONTINUE──▶ Confirming ("Confirm withdrawal") ──CONFIRM──▶
 *   Sending statement ──▶ Withdrawal received (date and time received)
 *
 * - The order is identified by its booking number and the e-mail address of the purchase; the
 *   link of the confirmation mail (id and key), or a logged-in customer's link with the id, skips
 *   that form. Not found (an unknown number and a wrong address answer alike) comes back to the
 *   form with one message; no answer or a server error offers to try again.
 * - Only lines the server answers `open` can be chosen; the others are shown with their reason. An
 *   order without an open line is "Nothing to withdraw".
 * - The name and the address of the acknowledgement are prefilled from the answer (or the
 *   logged-in customer), then stated once more on the second step, "Confirm withdrawal".
 * - Each confirmation makes one request id (the journey's seed, a UUID, and the confirmation's
 *   number): a retry after a lost answer sends the same one, so the server records nothing twice.
 * - Every failure keeps what was entered and says why: the lines no longer open (the order is
 *   found again), the server's field errors at their fields, the function switched off, no answer.
 *
 * Services throw "not provided" until src/app/journeys/withdrawal.ts or a test provides them.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { WithdrawalLookup, WithdrawalOrder, WithdrawResult } from '../src/api/schemas/withdrawal.js';
import type { FieldErrors, FormMessage } from '../src/domain/account-forms.js';
import {
  EMPTY_WITHDRAWAL_VALUES,
  hasOpenLine,
  identificationErrors,
  identificationInvalid,
  lookupOf,
  refusesLines,
  requestIdOf,
  serverFieldErrors,
  statementErrors,
  statementInvalid,
  stillOpen,
  toggleLine,
  type WithdrawalField,
  type WithdrawalValues,
} from '../src/domain/withdrawal-form.js';
import { failureOf, notProvided } from './support.js';
import type { PageMeta } from '../src/domain/routes.js';

export type { WithdrawalField, WithdrawalValues } from '../src/domain/withdrawal-form.js';

/** The tags the screen asks: the order is being found (`loading`), the statement is on its way (`busy`). */
export type WithdrawalTag = 'loading' | 'busy';

export interface WithdrawalInput {
  /** the booking number of the link (`?id=`), if any */
  orderId?: string | null;
  /** the order's key of the link (`?key=`), if any */
  orderKey?: string | null;
  /** a logged-in customer's token (not a guest's), else null */
  jwt?: string | null;
  /** the logged-in customer's name and address, to prefill the acknowledgement */
  customer?: { name: string; email: string } | null;
  /** made once per journey (a UUID): each confirmation's request id is this and its number */
  requestSeed: string;
}

export interface WithdrawalContext {
  values: WithdrawalValues;
  orderKey: string | null;
  jwt: string | null;
  customer: { name: string; email: string } | null;
  order: WithdrawalOrder | null;
  /** the lines chosen (positions in the order), in the order's order */
  chosen: number[];
  /** field errors (and `lines`), as catalogue messages */
  errors: FieldErrors;
  /** the message above the step: why the last step failed */
  notice: FormMessage | null;
  /** counts rejected steps, so the screen moves the focus to the first error each time */
  rejectedSubmits: number;
  requestSeed: string;
  /** confirmations made so far */
  confirmations: number;
  /** the request id of the confirmation being sent (kept for its retry); '' before the first */
  requestId: string;
  result: WithdrawResult | null;
}

export type WithdrawalEvent =
  | { type: 'FIELD_CHANGED'; field: WithdrawalField; value: string }
  | { type: 'LINE_TOGGLED'; line: number; chosen: boolean }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'OTHER_ORDER' };

/** What POST order/withdraw sends (the client adds the token of a logged-in customer). */
export interface WithdrawInput extends WithdrawalLookup {
  jwt: string | null;
  lines: number[];
  name: string;
  ack_email: string;
  request_id: string;
}

const withoutField = (errors: FieldErrors, field: string): FieldErrors => {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
};

/** The lookup of the order as the context has it: by the link's key, else the address typed. */
const lookup = (context: WithdrawalContext): WithdrawalLookup => lookupOf(context.values.orderId, context.orderKey, context.values.email);

export const withdrawalMachine = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as WithdrawalTag,
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
  },
  actors: {
    findOrder: fromPromise<WithdrawalOrder, WithdrawalLookup & { jwt: string | null }>(async () => notProvided('findOrder')),
    withdraw: fromPromise<WithdrawResult, WithdrawInput>(async () => notProvided('withdraw')),
  },
  actions: {
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return { values: { ...context.values, [event.field]: event.value }, errors: withoutField(context.errors, event.field) };
    }),
    assignLine: assign(({ context, event }) => {
      assertEvent(event, 'LINE_TOGGLED');
      return { chosen: toggleLine(context.chosen, context.order, event.line, event.chosen), errors: withoutField(context.errors, 'lines'), notice: null };
    }),
    rejectIdentification: assign(({ context }) => ({
      errors: identificationErrors(context.values, context.jwt !== null),
      notice: null,
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    rejectNoLine: assign(({ context }) => ({
      errors: { lines: [{ id: 'withdrawal.error.noLineChosen' }] },
      notice: null,
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    rejectStatement: assign(({ context }) => ({ errors: statementErrors(context.values), notice: null, rejectedSubmits: context.rejectedSubmits + 1 })),
    clearMessages: assign({ errors: {}, notice: null }),
    assignOrder: assign(({ context }, order: WithdrawalOrder) => ({
      order,
      // after "no longer open", the lines chosen that still are; a first answer chooses nothing for the visitor
      chosen: stillOpen(context.chosen, order),
      values: {
        ...context.values,
        orderId: order.id,
        // what the visitor typed stays; an empty field takes the answer's, then the logged-in customer's
        name: context.values.name || order.name || (context.customer?.name ?? ''),
        ackEmail: context.values.ackEmail || order.email || (context.customer?.email ?? ''),
      },
    })),
    assignNotFound: assign(({ context }) => ({
      // the key of the link did not open it: the visitor identifies it with the address of the purchase
      orderKey: null,
      order: null,
      notice: { id: 'withdrawal.error.notFound' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignNothingOpen: assign({ notice: { id: 'withdrawal.error.nothingOpen' }, chosen: [] }),
    assignFindFailed: assign({ notice: { id: 'withdrawal.error.findFailed' } }),
    assignNoLongerOpen: assign({ notice: { id: 'withdrawal.error.noLongerOpen' }, errors: {} }),
    assignRefusedLines: assign(({ context }, fields: Record<string, string[]>) => ({
      errors: serverFieldErrors(fields),
      notice: { id: 'form.correctErrors' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignRefusedStatement: assign(({ context }, fields: Record<string, string[]>) => ({
      errors: serverFieldErrors(fields),
      notice: { id: 'form.correctErrors' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignSendFailed: assign({ notice: { id: 'withdrawal.error.sendFailed' } }),
    makeRequestId: assign(({ context }) => ({
      confirmations: context.confirmations + 1,
      requestId: requestIdOf(context.requestSeed, context.confirmations + 1),
      notice: null,
      errors: {},
    })),
    assignResult: assign((_, result: WithdrawResult) => ({ result, notice: null })),
  },
  guards: {
    opensFromLink: ({ context }) => context.values.orderId !== '' && (context.orderKey !== null || context.jwt !== null),
    identificationInvalid: ({ context }) => identificationInvalid(context.values, context.jwt !== null),
    hasOpenLine: (_, order: WithdrawalOrder) => hasOpenLine(order),
    noLineChosen: ({ context }) => context.chosen.length === 0,
    statementInvalid: ({ context }) => statementInvalid(context.values),
    isOff: ({ event }) => failureOf(event).code === 'WITHDRAWAL_OFF',
    isNotFound: ({ event }) => failureOf(event).code === 'WITHDRAWAL_ORDER_NOT_FOUND',
    isNothingOpen: ({ event }) => failureOf(event).code === 'WITHDRAWAL_NOTHING_OPEN',
    refusesLines: ({ event }) => failureOf(event).status === 422 && refusesLines(failureOf(event).fields),
    isValidationError: ({ event }) => failureOf(event).status === 422,
  },
}).createMachine({
  id: 'withdrawal',
  description: 'Withdraw from contract here (Art. 11a): identify the order, choose the lines, name and e-mail, "Confirm withdrawal", received.',
  meta: { route: 'withdrawal' },
  context: ({ input }) => ({
    values: { ...EMPTY_WITHDRAWAL_VALUES, orderId: input.orderId ?? '' },
    orderKey: input.orderKey ?? null,
    jwt: input.jwt ?? null,
    customer: input.customer ?? null,
    order: null,
    chosen: [],
    errors: {},
    notice: null,
    rejectedSubmits: 0,
    requestSeed: input.requestSeed,
    confirmations: 0,
    requestId: '',
    result: null,
  }),
  initial: 'Opening',
  states: {
    Opening: {
      description: 'The link of the confirmation mail (id and key), or a logged-in customer with the id, skips the identification.',
      always: [{ guard: 'opensFromLink', target: 'Finding the order' }, { target: 'Identifying the order' }],
    },
    'Identifying the order': {
      description: 'Booking number and the e-mail address of the purchase (a logged-in customer may leave the address empty).',
      on: {
        FIELD_CHANGED: { actions: 'assignField' },
        CONTINUE: [
          { guard: 'identificationInvalid', actions: 'rejectIdentification' },
          { target: 'Finding the order', actions: 'clearMessages' },
        ],
      },
    },
    'Finding the order': {
      tags: 'loading',
      description: 'POST order/withdrawal: the order with each line\'s standing (open, withdrawn, or excluded with its reason).',
      invoke: {
        id: 'findOrder',
        src: 'findOrder',
        input: ({ context }) => ({ ...lookup(context), jwt: context.jwt }),
        onDone: [
          {
            guard: { type: 'hasOpenLine', params: ({ event }) => event.output },
            target: 'Choosing lines',
            actions: { type: 'assignOrder', params: ({ event }) => event.output },
          },
          { target: 'Nothing to withdraw', actions: { type: 'assignOrder', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'isOff', target: 'Function off' },
          {
            guard: 'isNotFound',
            target: 'Identifying the order',
            description: 'One message for an unknown number and a wrong address: no order with this number and this e-mail.',
            actions: 'assignNotFound',
          },
          { guard: 'isNothingOpen', target: 'Nothing to withdraw', actions: 'assignNothingOpen' },
          { target: 'Finding failed', actions: 'assignFindFailed' },
        ],
      },
    },
    'Finding failed': {
      description: 'No answer or a server error: try again, or change the booking number and address.',
      on: { RETRY: 'Finding the order', OTHER_ORDER: { target: 'Identifying the order', actions: 'clearMessages' } },
    },
    'Nothing to withdraw': {
      description: 'No line of the order may be withdrawn now: each is shown with its reason.',
      on: { OTHER_ORDER: { target: 'Identifying the order', actions: 'clearMessages' } },
    },
    'Choosing lines': {
      description: 'Only open lines can be chosen; the others show why not (dated admission, period ended, used, withdrawn on …).',
      on: {
        LINE_TOGGLED: { actions: 'assignLine' },
        CONTINUE: [
          { guard: 'noLineChosen', actions: 'rejectNoLine' },
          { target: 'Giving name and e-mail', actions: 'clearMessages' },
        ],
      },
    },
    'Giving name and e-mail': {
      description: 'The name and the address of the acknowledgement, prefilled from the order or the logged-in customer.',
      on: {
        FIELD_CHANGED: { actions: 'assignField' },
        BACK: { target: 'Choosing lines', actions: 'clearMessages' },
        CONTINUE: [
          { guard: 'statementInvalid', actions: 'rejectStatement' },
          { target: 'Confirming', actions: 'clearMessages' },
        ],
      },
    },
    Confirming: {
      description: 'The second step: what will be stated (lines, name, address), and the button "Confirm withdrawal".',
      on: {
        BACK: { target: 'Giving name and e-mail', actions: 'clearMessages' },
        CONFIRM: { target: 'Sending statement', actions: 'makeRequestId', description: 'A new request id for this confirmation.' },
      },
    },
    'Sending statement': {
      tags: 'busy',
      description: 'POST order/withdraw with the request id of this confirmation.',
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({
          ...lookup(context),
          jwt: context.jwt,
          lines: context.chosen,
          name: context.values.name.trim(),
          ack_email: context.values.ackEmail.trim(),
          request_id: context.requestId,
        }),
        onDone: { target: 'Withdrawal received', actions: { type: 'assignResult', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isOff', target: 'Function off' },
          { guard: 'isNotFound', target: 'Identifying the order', actions: 'assignNotFound' },
          {
            guard: 'isNothingOpen',
            target: 'Finding the order',
            description: 'The lines chosen are no longer open: the order is found again, the lines still open stay chosen.',
            actions: 'assignNoLongerOpen',
          },
          {
            guard: 'refusesLines',
            target: 'Choosing lines',
            actions: { type: 'assignRefusedLines', params: ({ event }) => failureOf(event).fields },
          },
          {
            guard: 'isValidationError',
            target: 'Giving name and e-mail',
            description: '422: each error at its field.',
            actions: { type: 'assignRefusedStatement', params: ({ event }) => failureOf(event).fields },
          },
          { target: 'Sending failed', actions: 'assignSendFailed' },
        ],
      },
    },
    'Sending failed': {
      description: 'No answer or a server error: the same confirmation again (the same request id), or back to the statement.',
      on: { RETRY: 'Sending statement', BACK: { target: 'Confirming', actions: 'clearMessages' } },
    },
    'Withdrawal received': {
      type: 'final',
      description: 'The statement with the date and time received (or the one that already held these lines); the acknowledgement is on its way.',
    },
    'Function off': {
      type: 'final',
      description: 'The shop has the withdrawal function switched off (404 WITHDRAWAL_OFF).',
    },
  },
});
