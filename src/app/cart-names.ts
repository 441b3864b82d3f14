/**
 * The catalogue's names, in the page's language, for what the cart holds (issue 16 item 7): one
 * request per event, article, voucher and tour of the cart (a tour also names its price list
 * entries, tickets and subtickets: the parts of its line). A request that fails leaves its
 * lines as they are (their names in the language they were added in).
 */
import type { CartLine } from '../domain/cart-lines.js';
import { namesNeeded, type LineNames, type TourPartNames } from '../domain/line-names.js';
import type { ShopApi } from '../api/index.js';

type CatalogNames = Pick<ShopApi, 'getTickets' | 'getArticle' | 'getVoucher' | 'getTour'>;

export async function loadLineNames(api: CatalogNames, lines: readonly CartLine[], signal?: AbortSignal): Promise<LineNames> {
  const needed = namesNeeded(lines);
  const names: LineNames = { events: {}, tickets: {}, subtickets: {}, articles: {}, vouchers: {}, tours: {}, tourParts: {} };
  await Promise.allSettled([
    ...needed.events.map(async (id) => {
      const collection = await api.getTickets(id, undefined, signal);
      names.events[id] = collection.event.name;
      for (const ticket of collection.tickets) {
        names.tickets[ticket.id] = ticket.name;
        for (const sub of ticket.subtickets) names.subtickets[sub.id] = sub.name;
      }
    }),
    ...needed.articles.map(async (id) => {
      names.articles[id] = (await api.getArticle(id, signal)).name;
    }),
    ...needed.vouchers.map(async (id) => {
      names.vouchers[id] = (await api.getVoucher(id, signal)).name;
    }),
    ...needed.tours.map(async (id) => {
      const tour = await api.getTour(id, undefined, signal);
      names.tours[id] = tour.name;
      const parts: TourPartNames = { prices: {}, tickets: {}, subtickets: {} };
      for (const entry of tour.priceList) parts.prices[entry.id] = entry.name;
      for (const ticket of tour.tickets) {
        parts.tickets[ticket.id] = ticket.name;
        if (ticket.subtickets.length > 0) parts.subtickets[ticket.id] = Object.fromEntries(ticket.subtickets.map((sub) => [sub.id, sub.name]));
      }
      names.tourParts[id] = parts;
    }),
  ]);
  return names;
}
