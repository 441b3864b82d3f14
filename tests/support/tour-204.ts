/**
 * Tour 204 as the demo data seeds it (src/server/seed/catalog.ts, issue 45 item 6): a participation
 * ticket (0.00) with adults 20.00 and students 14.00 at 8.1 %, adults with the book 39.00 at 2.6 %;
 * the tour's two VAT rates for the domain and the cart's tests.
 */
import type { TourInput, TourSlotInput } from '../../src/domain/tours.js';

export const architectureWalk: TourInput = {
  id: 204, name: 'Architecture walk', max_participants: 15, min_participants: 1, single_ticketing: 1, book_complete_tour: 1, booking_without_tickets: 0,
  priceList: [{ id: 2041, name: 'Whole tour', price: 30000, vat_value: 8.1 }],
  tickets: [{ id: 2042, name: 'Participation', price: 0, vat_value: 8.1, subtickets: [
    { id: 5031, name: 'Adults', price: 2000, vat_value: 8.1, min_quantity: 0, max_quantity: 15 },
    { id: 5032, name: 'Students', price: 1400, vat_value: 8.1, min_quantity: 0, max_quantity: 15 },
    { id: 5033, name: 'Adults with the book', price: 3900, vat_value: 2.6, min_quantity: 0, max_quantity: 15 },
  ] }],
};

/** A time of the walk with every place left. */
export const walkSlot: TourSlotInput = { time: '10:00', remaining: 15, tours_remaining: 1, soldout: false, priceList: null };
