/**
 * Model of "My orders" (machines/orders.machine.ts): entered at the list (logged in) and at an
 * order's page (the mail's link with its key, not logged in); the list with orders, with none, a
 * lost session (401) or no answer; back from an order to the list as loaded; another order from
 * an order's page; an order with its documents (the confirmation can be sent again) or from a back
 * end without them (nothing to send again); 406, 401 and no answer for an order; the confirmation
 * sent again, too soon (429, offered again after the wait the server named), to no address (422),
 * a lost session or no answer.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { PAYART_EXPRESS, type OrderReview } from '../../src/api/schemas/checkout.js';
import type { OrderSummary } from '../../src/api/schemas/orders.js';
import { ordersMachine, type OrdersContext, type OrdersInput } from '../../machines/orders.machine.js';
import { defineModel } from './model.js';

export const TOKEN = 'token-of-ada';
export const LINK_KEY = 'k3y-of-the-mail-link-0123456789';
export const ORDER_KEY = 'k3y-the-order-answers-9876543210';

const documents = (key: string) => ({
  key,
  mail_to: 'a•••@museum.example',
  pdf: `https://shop.example/api/en/order/tickets.pdf?id=B-100&key=${key}`,
  gift_pdf: null,
  ics: `https://shop.example/api/en/order/visits.ics?id=B-100&key=${key}`,
});

export const summaries: OrderSummary[] = [
  {
    id: 'B-101', created_at: '2026-06-02 09:30:00', lines: [{ type: 'voucher', name: 'Voucher CHF 50', amount: 5000 }], amount: 5000, currency: 'CHF',
    documents: { ...documents('k2'), pdf: null, ics: null, gift_pdf: 'https://shop.example/api/en/order/gift.pdf?id=B-101&key=k2' }, visits: [],
  },
  {
    id: 'B-100', created_at: '2026-06-01 12:00:00', lines: [{ type: 'ticket', name: 'Adult', amount: 1800 }, { type: 'ticket', name: 'Adult', amount: 1800 }], amount: 3600,
    currency: 'CHF', documents: documents(ORDER_KEY), visits: [{ title: 'Permanent collection', start: '2026-06-13 11:00:00', end: null, venue: 'Museum, Seestrasse 1' }],
  },
];

const review = {
  id: 'B-100', created_at: '2026-06-01 12:00', payart: PAYART_EXPRESS, has_tickets: true, external_document_number: null,
  lines: [{ type: 'ticket', name: 'Adult', amount: 1800, vat: 135 }, { type: 'ticket', name: 'Adult', amount: 1800, vat: 135 }],
  subtotal: 3600, discount: 0, shipping: 0, amount: 3600, currency: 'CHF',
} satisfies OrderReview;
/** The order as its key or its owner sees it (issue 42). */
export const withDocuments: OrderReview = {
  ...review, documents: documents(ORDER_KEY), visits: summaries[1]!.visits, vouchers: [{ code: 'GIFT-7KQ2-M9XW-PZ4C', value: 5000, valid_until: '2029-06-01' }],
};
/** The order from a back end without issue 42: no documents, nothing to send again. */
export const withoutDocuments: OrderReview = review;

export const MASKED = 'a•••@museum.example';
/** The wait a 429 names (seconds). */
export const RETRY_AFTER = 42;

export const apiError = (status: number, code: string, details?: unknown) =>
  Object.assign(new Error(code), { status, code, fields: {}, ...(details === undefined ? {} : { details }) });
const networkError = () => Object.assign(new TypeError('Failed to fetch'), { status: 0, code: 'NETWORK_ERROR' });

export const AT_THE_LIST: OrdersInput = { jwt: TOKEN, order: null };
export const FROM_THE_MAIL: OrdersInput = { jwt: null, order: { id: 'B-100', key: LINK_KEY } };

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = s.context as OrdersContext;
  // the list (and "all my orders") is a logged-in customer's
  if (e.type === 'BACK_TO_LIST') return c.jwt !== null;
  if (e.type === 'OPEN_ORDER') {
    const id = (e as EventObject & { id: string }).id;
    // from the list, either order (an order's page links to no other order: a scenario opens one from there)
    return s.matches('Order list') && c.orders !== null && c.orders.some((o) => o.id === id);
  }
  if (e.type === 'xstate.done.actor.loadOrder') {
    // the other order of the list has no page of its own in the model: one answer shape for B-100
    return c.open?.id === 'B-100' || (e as EventObject & { output: OrderReview }).output === withDocuments;
  }
  return true;
}

export const ordersModel = defineModel({
  name: 'orders',
  machine: ordersMachine,
  inputs: [AT_THE_LIST, FROM_THE_MAIL],
  events: {
    'done:listOrders': [{ output: summaries }, { output: [] }],
    'error:listOrders': [{ error: apiError(401, 'TOKEN_INVALID') }, { error: networkError() }],
    OPEN_ORDER: [{ id: 'B-100', key: null }, { id: 'B-101', key: null }],
    BACK_TO_LIST: {},
    RETRY: {},
    'done:loadOrder': [{ output: withDocuments }, { output: withoutDocuments }],
    'error:loadOrder': [{ error: apiError(406, 'ORDER_NOT_AVAILABLE') }, { error: apiError(401, 'TOKEN_INVALID') }, { error: networkError() }],
    RESEND: {},
    'done:resendConfirmation': { output: { mail_to: MASKED } },
    'error:resendConfirmation': [
      { error: apiError(429, 'ORDER_RESEND_TOO_SOON', { retry_after: RETRY_AFTER }) },
      { error: apiError(422, 'ORDER_NO_ADDRESS') },
      { error: apiError(401, 'TOKEN_INVALID') },
      { error: networkError() },
    ],
  },
  filterEvents: allowed,
  scenarios: [
    {
      name: 'an order from a back end without documents: "send again" does nothing',
      input: FROM_THE_MAIL,
      events: [{ type: 'done:loadOrder', output: withoutDocuments }, { type: 'RESEND' }],
    },
    {
      name: "another order's address while an order shows: that order, loaded anew",
      input: AT_THE_LIST,
      events: [
        { type: 'done:listOrders', output: summaries },
        { type: 'OPEN_ORDER', id: 'B-100', key: null },
        { type: 'done:loadOrder', output: withDocuments },
        { type: 'OPEN_ORDER', id: 'B-101', key: null },
        { type: 'error:loadOrder', error: apiError(406, 'ORDER_NOT_AVAILABLE') },
      ],
    },
    {
      name: 'a 429 without a readable wait: the server\'s interval, a minute',
      input: FROM_THE_MAIL,
      events: [
        { type: 'done:loadOrder', output: withDocuments },
        { type: 'RESEND' },
        { type: 'error:resendConfirmation', error: apiError(429, 'ORDER_RESEND_TOO_SOON') },
        { type: 'wait:59000' },
        { type: 'wait:1000' },
      ],
    },
    {
      name: 'sent, then asked again at once: too soon',
      input: FROM_THE_MAIL,
      events: [
        { type: 'done:loadOrder', output: withDocuments },
        { type: 'RESEND' },
        { type: 'done:resendConfirmation', output: { mail_to: MASKED } },
        { type: 'RESEND' },
        { type: 'error:resendConfirmation', error: apiError(429, 'ORDER_RESEND_TOO_SOON', { retry_after: 59.2 }) },
      ],
    },
  ],
  eventDescriptions: {
    'done:listOrders': (e) => ((e.output as unknown[]).length === 0 ? 'The shop answers: no orders yet' : 'The shop answers the orders, newest first'),
    OPEN_ORDER: (e) => `Open order ${String(e.id)}`,
    BACK_TO_LIST: 'Follow "All my orders"',
    RETRY: 'Press "Try again"',
    RESEND: 'Press "Send the confirmation again"',
  },
  describeInput: (input) => ((input as OrdersInput).order ? 'the link of the confirmation mail, not logged in' : 'logged in, My orders from the account menu'),
});
