import { PAYART_EXPRESS, type OrderReview } from '../../src/api/schemas/checkout.js';
import { orderReviewMachine } from '../../machines/orderReview.machine.js';
import { defineModel } from './model.js';

export const order: OrderReview = {
  id: 'B-099', created_at: '2026-06-01 12:00', payart: PAYART_EXPRESS, has_tickets: true, external_document_number: null,
  lines: [{ type: 'ticket', name: 'Adult', amount: 4000, vat: 300 }], subtotal: 4000, discount: 0, shipping: 0, amount: 4000, currency: 'CHF',
};

const apiError = (status: number, code: string) => Object.assign(new Error(code), { status, code, fields: {} });

/** An order by its booking id (with or without its key): available, not available (406), or failed and tried again. */
export const orderReviewModel = defineModel({
  name: 'orderReview',
  machine: orderReviewMachine,
  // issue 42: the success page's link carries the order's key (then the answer has the documents)
  inputs: [{ orderId: 'B-099' }, { orderId: 'B-099', orderKey: 'k3y-of-the-order' }],
  events: {
    'done:loadOrder': { output: order },
    'error:loadOrder': [{ error: apiError(406, 'ORDER_NOT_AVAILABLE') }, { error: apiError(500, 'SERVER_ERROR') }, { error: new TypeError('Failed to fetch') }],
  },
});
