/**
 * What the catalogue journeys with a list page and an item page share (the event list and the
 * ticket page of an event, src/app/journeys/eventTicketing.ts; the tour list and the page of a
 * tour, src/app/journeys/tourBooking.ts): the item and the date (`?date=YYYY-MM-DD`) a route asks
 * for, the event that brings the journey's actor there, and the path of either page.
 */
import { routeHref, type PlainRouteName, type RouteParams, type ShopRouteName } from '../../domain/routes.js';

/** What the two catalogue journeys' route entries have in common: an item id on the item page (parsed at the route), a day asked for. */
export interface CatalogueEntry {
  readonly route: string;
  readonly params: { readonly id?: number };
  readonly search: { readonly date?: string };
}

/** The pages with a path param `id` (an item of a catalogue). */
type ItemRouteName = { [N in ShopRouteName]: RouteParams<N> extends { readonly id: string | number } ? N : never }[ShopRouteName];

/** The event of a catalogue journey that shows the list again. */
export type BackToList = { type: 'BACK_TO_LIST' };

export interface CataloguePages<TList extends PlainRouteName, TItem extends ItemRouteName> {
  list: TList;
  item: TItem;
}

export function cataloguePages<TList extends PlainRouteName, TItem extends ItemRouteName>(pages: CataloguePages<TList, TItem>) {
  /** The item a route opens; null on the list. */
  const itemOf = (entry: CatalogueEntry): number | null => (entry.route === pages.item ? (entry.params.id ?? null) : null);
  /** The day a route asks for (its `?date`, the day part), if any. */
  const dateOf = (entry: CatalogueEntry): string | null => entry.search.date?.slice(0, 10) ?? null;
  return {
    itemOf,
    dateOf,
    /** Back to the list, or the journey's event that opens the item (with the date when the route asks for one). */
    event<TOpen>(entry: CatalogueEntry, open: (id: number, date: string | null) => TOpen): TOpen | BackToList {
      const id = itemOf(entry);
      return id === null ? { type: 'BACK_TO_LIST' } : open(id, dateOf(entry));
    },
    /** The path of the list, or of the item the journey shows. */
    href(lang: string, route: string, id: number | null): string {
      const item: ItemRouteName = pages.item;
      const list: PlainRouteName = pages.list;
      return route === item ? routeHref(lang, item, { id: String(id ?? '') }) : routeHref(lang, list);
    },
  };
}
