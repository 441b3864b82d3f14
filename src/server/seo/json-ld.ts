/**
 * schema.org JSON-LD of the catalogue pages (issue 25), typed with schema-dts (types only: nothing
 * of it runs): the museum as an `Organization` on home, an `Event` with its `offers` for an event
 * and a guided tour, a `Product` with its `Offer` for an article, a pass and a voucher. Pure
 * functions of the API's answers; prices are the API's minor units written as currency units.
 */
import type { Event, ItemAvailability, Offer, Organization, Product, Thing, WithContext } from 'schema-dts';
import type { Merchandise, TicketCollection, TourDetail, Voucher } from '../../api/schemas/catalog.js';
import { toMajor, type Minor } from '../../domain/money.js';

/** What every item's JSON-LD shares: where it is, who sells it and in which currency. */
export interface ShopFacts {
  /** Absolute URL of the page. */
  url: string;
  /** Absolute origin, for images given as paths. */
  origin: string;
  currency: string;
  /** The museum (the site name in the page's language) and its home page in that language. */
  organizer: { name: string; url: string; email?: string | undefined; address?: string | undefined; sameAs?: string[] | undefined };
}

/** 1250 → "12.50": schema.org's price is in currency units, with a dot. */
export function priceText(minor: Minor): string {
  return toMajor(minor).toFixed(2);
}

/** The API's `YYYY-MM-DD HH:mm` as ISO 8601 (`YYYY-MM-DDTHH:mm`), the museum's local time. */
export function isoDateTime(text: string): string {
  return text.replace(' ', 'T');
}

const absolute = (origin: string, src: string | null | undefined): string | undefined =>
  !src ? undefined : /^https?:\/\//i.test(src) ? src : `${origin}${src.startsWith('/') ? '' : '/'}${src}`;

function organization(facts: ShopFacts): Organization {
  const { name, url, email, address, sameAs } = facts.organizer;
  return {
    '@type': 'Organization',
    name,
    url,
    ...(email ? { email } : {}),
    ...(address ? { address } : {}),
    ...(sameAs && sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** Home: the museum that runs the shop. */
export function museumJsonLd(facts: ShopFacts): WithContext<Organization> {
  return { '@context': 'https://schema.org', ...(organization(facts) as Exclude<Organization, string>) };
}

function offer(facts: ShopFacts, name: string, price: Minor, availability: ItemAvailability): Offer {
  return { '@type': 'Offer', name, price: priceText(price), priceCurrency: facts.currency, availability, url: facts.url };
}

const place = (facts: ShopFacts, venue: string) => ({
  '@type': 'Place' as const,
  name: venue,
  ...(facts.organizer.address ? { address: facts.organizer.address } : {}),
});

/**
 * Places left on the day the answer is for (the next bookable day unless one was asked for): the
 * event's shared slots and each ticket's own; a day without slots (day tickets) is open when it
 * exists. No bookable day at all: sold out.
 */
export function eventPlacesLeft(collection: Pick<TicketCollection, 'date' | 'tickets' | 'timeslot'>): number | null {
  if (collection.date === null) return 0;
  const slots = [...collection.timeslot, ...collection.tickets.flatMap((ticket) => ticket.schedule)];
  return slots.length === 0 ? null : slots.reduce((sum, slot) => sum + Math.max(0, slot.max_tickets), 0);
}

const availabilityOf = (placesLeft: number | null): ItemAvailability =>
  placesLeft === null || placesLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut';

/** What an event and a guided tour say alike: an event at the museum's venue, with its prices as offers. */
interface MuseumEvent {
  name: string;
  description: string;
  image?: string | null | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  venue: string;
  prices: readonly { name: string; price: Minor }[];
  placesLeft: number | null;
}

function museumEvent(event: MuseumEvent, facts: ShopFacts, extra: Partial<Exclude<Event, string>> = {}): WithContext<Event> {
  const image = absolute(facts.origin, event.image);
  const availability = availabilityOf(event.placesLeft);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    ...(event.description ? { description: event.description } : {}),
    url: facts.url,
    ...(image ? { image } : {}),
    ...(event.startDate ? { startDate: event.startDate } : {}),
    ...(event.endDate ? { endDate: event.endDate } : {}),
    ...extra,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place(facts, event.venue),
    organizer: organization(facts),
    offers: event.prices.map((entry) => offer(facts, entry.name, entry.price, availability)),
  } as WithContext<Event>;
}

/** An event (exhibition) with its tickets as offers: dates, place, organizer and availability from places left. */
export function eventJsonLd(collection: TicketCollection, description: string, facts: ShopFacts): WithContext<Event> {
  const { event } = collection;
  return museumEvent(
    { name: event.name, description, image: event.image, startDate: event.start, endDate: event.end, venue: event.venue.name, prices: collection.tickets, placesLeft: eventPlacesLeft(collection) },
    facts,
  );
}

/** Places left on the tour's day (its slots' remaining participants; none when every slot is sold out). */
export function tourPlacesLeft(tour: Pick<TourDetail, 'date' | 'schedule'>): number {
  if (tour.date === null) return 0;
  return tour.schedule.filter((slot) => !slot.soldout).reduce((sum, slot) => sum + Math.max(0, slot.remaining), 0);
}

/** A guided tour on its next bookable day: its first slot's start to its last slot's end; a tour booked whole has its price list, else each participant's ticket is a price. */
export function tourJsonLd(tour: TourDetail, description: string, facts: ShopFacts): WithContext<Event> {
  const first = tour.schedule[0];
  const last = tour.schedule[tour.schedule.length - 1];
  return museumEvent(
    {
      name: tour.name,
      description,
      startDate: first ? isoDateTime(first.datetime) : (tour.date ?? undefined),
      endDate: last ? isoDateTime(last.datetime_end) : undefined,
      venue: tour.venue.name,
      prices: tour.priceList.length > 0 ? tour.priceList : tour.tickets,
      placesLeft: tourPlacesLeft(tour),
    },
    facts,
    { ...(tour.duration > 0 ? { duration: `PT${tour.duration}M` } : {}), ...(tour.langIdentifier ? { inLanguage: tour.langIdentifier } : {}) },
  );
}

/** A product of the shop: what an article, a pass and a voucher say alike. */
function shopProduct(item: { name: string; image: string | null; sku: string }, description: string, offers: Offer, facts: ShopFacts): WithContext<Product> {
  const image = absolute(facts.origin, item.image);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    ...(description ? { description } : {}),
    url: facts.url,
    sku: item.sku,
    ...(image ? { image } : {}),
    brand: organization(facts),
    offers,
  };
}

/** An article or an annual pass: in stock unless its limited stock is used up. */
export function articleJsonLd(article: Merchandise, description: string, facts: ShopFacts): WithContext<Product> {
  const availability: ItemAvailability = article.stock === null || article.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const offers = { ...offer(facts, article.name, article.price, availability), seller: organization(facts) } as Offer;
  return shopProduct({ name: article.name, image: article.image, sku: String(article.id) }, description, offers, facts);
}

/** A gift voucher: its fixed price, or the range a variable amount may take. */
export function voucherJsonLd(voucher: Voucher, description: string, facts: ShopFacts): WithContext<Product> {
  const variable = voucher.variable_amount && voucher.min_amount !== null && voucher.max_amount !== null;
  const offers: Offer = variable
    ? {
        '@type': 'AggregateOffer',
        lowPrice: priceText(voucher.min_amount ?? 0),
        highPrice: priceText(voucher.max_amount ?? 0),
        priceCurrency: facts.currency,
        availability: 'https://schema.org/InStock',
        url: facts.url,
      }
    : offer(facts, voucher.name, voucher.price, 'https://schema.org/InStock');
  return shopProduct({ name: voucher.name, image: voucher.image, sku: `voucher-${voucher.id}` }, description, offers, facts);
}

/**
 * The data block for the head: `<script type="application/ld+json">` (not run, so the CSP's
 * `script-src 'self'` does not apply). `<` is written `\u003c`, so a name holding `</script>` or
 * `<!--` cannot end the block; U+2028/2029 likewise, for old parsers.
 */
export function jsonLdScript(data: WithContext<Thing>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}
