/** Worked-example data shared by the domain tests. */
import type { CartLine } from '../../src/domain/cart-lines.js';

/** A cart with one line of every type. */
export const sampleCart: CartLine[] = [
  {
    type: 'ticket', id: 11, eventId: 3, name: 'Adult', price: 2000, totalPrice: 4000, totalCount: 2,
    datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [],
  },
  {
    type: 'ticket', id: 14, eventId: 3, name: 'Family', price: 4500, totalPrice: 4500, totalCount: 1,
    datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0,
    subtickets: [{ id: 141, name: 'Adults', count: 2, price: 0, vat_value: 0 }, { id: 142, name: 'Children', count: 2, price: 0, vat_value: 0 }],
  },
  {
    type: 'dayTicket', id: 3, name: 'Winter exhibition', price: 0, totalPrice: 1500, totalCount: 1, date: '2026-12-05',
    dayTickets: [{ id: 31, count: 1, name: 'Day pass', price: 1500, vat_value: 8.1 }],
  },
  {
    type: 'guidedTour', id: 7, name: 'Highlights', price: 12000, totalPrice: 12000, totalCount: 8, date: '2026-12-06', time: '14:30',
    vat_value: 8.1, single_ticketing: 0, prices: [{ id: 70, count: 1 }], tickets: [], answers: [{ qId: 1, type: 'text', value: 'School' }],
  },
  { type: 'merchandise', id: 21, name: 'Catalogue', price: 3900, totalPrice: 7800, count: 2, vat_value: 2.6 },
  { type: 'annualPass', id: 22, name: 'Annual pass', price: 9000, totalPrice: 9000, count: 1, vat_value: 0, owners: [{ title: '', first: 'Ada', last: 'Muster', address: '', send_to_custom_addr: false }] },
  { type: 'voucher', id: 5, name: 'Gift voucher', price: 5000, totalPrice: 5000, count: 1, vat_value: 0, amount: 5000 },
  { type: 'voucherCode', barcode: 'ABC123', name: 'Voucher ABC123', price: 3000 },
];
