/**
 * Cart lines in the page's language (issue 16 item 7). A line keeps the names it was added with
 * (the API answers in one language); after a boot in another language the app asks the catalogue
 * for the names of what the cart holds and the cart renames its lines with them. Pure functions:
 * which catalogue entries the lines need, and the lines renamed (unknown ids keep their names).
 */
import { subticketPartName, type CartLine, type TourPart } from './cart-lines.js';

/** Names by id as the catalogue gives them in the current language. */
export interface LineNames {
  /** event id → event name */
  events: Record<number, string>;
  /** ticket id → ticket name (also day-ticket entries) */
  tickets: Record<number, string>;
  /** subticket id → subticket name */
  subtickets: Record<number, string>;
  /** article id (merchandise and annual passes) → name */
  articles: Record<number, string>;
  /** voucher id → name */
  vouchers: Record<number, string>;
  /** tour id → name */
  tours: Record<number, string>;
  /** tour id → the names of its price list entries, tickets and subtickets (the parts of a tour line) */
  tourParts: Record<number, TourPartNames>;
}

/** The names of one tour's price list entries, tickets and subtickets, by id (per tour: ids of other tours may mean other things). */
export interface TourPartNames {
  /** price list entry id → name */
  prices: Record<number, string>;
  /** ticket id → name */
  tickets: Record<number, string>;
  /** ticket id → subticket id → name */
  subtickets: Record<number, Record<number, string>>;
}

export const NO_LINE_NAMES: LineNames = { events: {}, tickets: {}, subtickets: {}, articles: {}, vouchers: {}, tours: {}, tourParts: {} };

/** What to ask the catalogue for: the events, articles, vouchers and tours the lines name. */
export interface NamesNeeded {
  events: number[];
  articles: number[];
  vouchers: number[];
  tours: number[];
}

export function namesNeeded(lines: readonly CartLine[]): NamesNeeded {
  const events = new Set<number>();
  const articles = new Set<number>();
  const vouchers = new Set<number>();
  const tours = new Set<number>();
  for (const line of lines) {
    if (line.type === 'ticket' && line.eventId !== undefined) events.add(line.eventId);
    else if (line.type === 'dayTicket') events.add(line.id);
    else if (line.type === 'merchandise' || line.type === 'annualPass') articles.add(line.id);
    else if (line.type === 'voucher') vouchers.add(line.id);
    else if (line.type === 'guidedTour') tours.add(line.id);
  }
  return { events: [...events], articles: [...articles], vouchers: [...vouchers], tours: [...tours] };
}

const known = (name: string | undefined): name is string => name !== undefined && name.trim() !== '';

const pick = (names: Record<number, string>, id: number | undefined, fallback: string): string => {
  const name = id === undefined ? undefined : names[id];
  return known(name) ? name : fallback;
};

/** A part of a tour line with the names of its tour; a part without a ref, or with a name not given, keeps its name. */
function renamePart(part: TourPart, names: TourPartNames | undefined): TourPart {
  const ref = part.ref;
  if (ref === undefined || names === undefined) return part;
  switch (ref.kind) {
    case 'price':
      return { ...part, name: pick(names.prices, ref.id, part.name) };
    case 'ticket':
      return { ...part, name: pick(names.tickets, ref.id, part.name) };
    case 'subticket': {
      const ticketName = names.tickets[ref.ticketId];
      const subticketName = names.subtickets[ref.ticketId]?.[ref.id];
      return known(ticketName) && known(subticketName) ? { ...part, name: subticketPartName(ticketName, subticketName) } : part;
    }
  }
}

/** One line with the names of `names` (the same object when nothing changes). */
export function renameLine(line: CartLine, names: LineNames): CartLine {
  let next: CartLine;
  switch (line.type) {
    case 'ticket':
      next = {
        ...line,
        name: pick(names.tickets, line.id, line.name),
        ...(line.eventName !== undefined ? { eventName: pick(names.events, line.eventId, line.eventName) } : {}),
        subtickets: line.subtickets.map((sub) => ({ ...sub, name: pick(names.subtickets, sub.id, sub.name) })),
      };
      break;
    case 'dayTicket':
      next = {
        ...line,
        name: pick(names.events, line.id, line.name),
        dayTickets: line.dayTickets.map((entry) => ({ ...entry, name: pick(names.tickets, entry.id, entry.name) })),
      };
      break;
    case 'merchandise':
    case 'annualPass':
      next = { ...line, name: pick(names.articles, line.id, line.name) };
      break;
    case 'voucher':
      next = { ...line, name: pick(names.vouchers, line.id, line.name) };
      break;
    case 'guidedTour':
      next = {
        ...line,
        name: pick(names.tours, line.id, line.name),
        ...(line.parts !== undefined ? { parts: line.parts.map((part) => renamePart(part, names.tourParts[line.id])) } : {}),
      };
      break;
    default:
      return line;
  }
  return JSON.stringify(next) === JSON.stringify(line) ? line : next;
}

/** The lines renamed; the same array when no name changed. */
export function renameLines(lines: CartLine[], names: LineNames): CartLine[] {
  const renamed = lines.map((line) => renameLine(line, names));
  return renamed.every((line, i) => line === lines[i]) ? lines : renamed;
}
