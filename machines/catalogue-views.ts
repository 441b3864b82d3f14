/**
 * How the selectors modules of the two booking journeys (machines/eventTicketing.selectors.ts,
 * machines/tourBooking.selectors.ts) read their machines' states: both charts are a list page and
 * an item page whose parallel 'Booking' runs the shared 'Calendar' region (calendar-region.ts)
 * beside the journey's own 'Selection'. Each module keeps its tables of views, keyed by its
 * machine's typed state paths; this reads a snapshot through them.
 */
import type { StateValue } from 'xstate';
import { CALENDAR_VIEWS, type CalendarView } from './calendar-region.js';
import { pagePathOf, regionPathOf, unreachable, viewOf } from './state-paths.js';

/** Where the list page stands. */
export type ListStage = 'loading' | 'showing' | 'failed';
/** Which page the journey shows, and at which stage: the list, or the item (an event's tickets, a tour). */
export type CatalogueView<TStage extends string> = { readonly kind: 'list'; readonly list: ListStage } | { readonly kind: 'item'; readonly page: TStage };

export const listView = <const TStage extends ListStage>(stage: TStage) => ({ kind: 'list', list: stage }) as const;
export const itemView = <const TStage extends string>(stage: TStage) => ({ kind: 'item', page: stage }) as const;

/** The step of the selection region and the notice of its counts step ('none' where there is none). */
export interface SelectionView<TStep extends string, TCounts extends string> {
  readonly step: TStep | 'none';
  readonly counts: TCounts | 'none';
}

const NO_SELECTION = { step: 'none', counts: 'none' } as const;
const NO_CALENDAR: CalendarView = { loadingMonth: false, monthFailed: false };

type Value = { value: StateValue };

/**
 * The readers of a booking journey's views. `pages` and `selections` are the module's tables
 * (checked there against its machine); `calendar` is CALENDAR_VIEWS checked against its machine's
 * calendar region.
 */
export function catalogueViews<TStage extends string, TStep extends string, TCounts extends string>(
  machine: string,
  tables: {
    pages: Readonly<Record<string, CatalogueView<TStage>>>;
    selections: Readonly<Record<string, SelectionView<TStep, TCounts>>>;
    calendar: Readonly<Record<keyof typeof CALENDAR_VIEWS, CalendarView>>;
  },
) {
  const viewOfPage = (s: Value): CatalogueView<TStage> => viewOf(machine, tables.pages, pagePathOf(s.value));
  const selectionViewOf = (s: Value): SelectionView<TStep, TCounts> => {
    const path = regionPathOf(s.value, 'Selection');
    return path === null ? NO_SELECTION : viewOf(machine, tables.selections, path);
  };
  return {
    viewOf: viewOfPage,
    /** What the item page shows ('list' while the journey is on the list). */
    pageStateOf(s: Value): TStage | 'list' {
      const view = viewOfPage(s);
      switch (view.kind) {
        case 'list':
          return 'list';
        case 'item':
          return view.page;
        default:
          return unreachable(view);
      }
    },
    /** The list could not be loaded. */
    selectListFailed(s: Value): boolean {
      const view = viewOfPage(s);
      return view.kind === 'list' && view.list === 'failed';
    },
    selectionViewOf,
    selectionStateOf: (s: Value): TStep | 'none' => selectionViewOf(s).step,
    countsStateOf: (s: Value): TCounts | 'none' => selectionViewOf(s).counts,
    /** Whether the date grid's month is loading or failed to load. */
    calendarViewOf(s: Value): CalendarView {
      const path = regionPathOf(s.value, 'Calendar');
      return path === null ? NO_CALENDAR : viewOf(machine, tables.calendar, path);
    },
  };
}
