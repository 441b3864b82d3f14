/**
 * The ticket and tour screens' view of every state of their machines (machines/eventTicketing.
 * selectors.ts, machines/tourBooking.selectors.ts): every state node of each chart, the regions
 * of its parallel 'Booking' state included, has a view; a state the machine gained or renamed
 * without a view fails here (and does not compile there); a state a table names that the machine
 * no longer has fails too; a state no table knows throws rather than showing nothing.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine, type StateValue } from 'xstate';
import { CALENDAR_VIEWS } from '../../machines/calendar-region.js';
import { eventTicketingMachine } from '../../machines/eventTicketing.machine.js';
import {
  SELECTION_VIEWS,
  TICKETING_VIEWS,
  calendarViewOf,
  countsStateOf,
  pageStateOf,
  selectionStateOf,
  selectionViewOf,
  ticketingViewOf,
} from '../../machines/eventTicketing.selectors.js';
import { tourBookingMachine } from '../../machines/tourBooking.machine.js';
import {
  TOUR_SELECTION_VIEWS,
  TOUR_VIEWS,
  tourBookingViewOf,
  tourCalendarViewOf,
  tourCountsStateOf,
  tourPageStateOf,
  tourSelectionStateOf,
  tourSelectionViewOf,
} from '../../machines/tourBooking.selectors.js';

interface Node {
  type: string;
  path: string[];
  parent?: Node | undefined;
  states: Record<string, Node>;
}

function nodes(node: Node): Node[] {
  return [node, ...Object.values(node.states).flatMap(nodes)];
}
const leaves = (node: Node): Node[] => nodes(node).filter((n) => Object.keys(n.states).length === 0);
/** The state value of a path: nested objects ({ 'Ticket page': { 'Loading lifetime': … } }). */
const valueOf = (path: readonly string[]): StateValue => path.slice(0, -1).reduceRight<StateValue>((value, key) => ({ [key]: value }), path.at(-1) ?? '');

interface Chart {
  name: string;
  machine: AnyStateMachine;
  /** the page with the booking, its parallel state and the page views' tables */
  page: string;
  pages: Record<string, unknown>;
  selections: Record<string, unknown>;
  viewOf: (s: { value: StateValue }) => unknown;
  pageStateOf: (s: { value: StateValue }) => string;
  selectionViewOf: (s: { value: StateValue }) => { step: string; counts: string };
  selectionStateOf: (s: { value: StateValue }) => string;
  countsStateOf: (s: { value: StateValue }) => string;
  calendarViewOf: (s: { value: StateValue }) => { loadingMonth: boolean; monthFailed: boolean };
  /** a state of the selection region with its page and the view expected of it */
  sample: { selection: string; expected: { step: string; counts: string } };
}

const charts: Chart[] = [
  {
    name: 'eventTicketing',
    machine: eventTicketingMachine,
    page: 'Ticket page',
    pages: TICKETING_VIEWS,
    selections: SELECTION_VIEWS,
    viewOf: ticketingViewOf,
    pageStateOf,
    selectionViewOf,
    selectionStateOf,
    countsStateOf,
    calendarViewOf,
    sample: { selection: 'Setting counts.Overbooked', expected: { step: 'counts', counts: 'overbooked' } },
  },
  {
    name: 'tourBooking',
    machine: tourBookingMachine,
    page: 'Tour page',
    pages: TOUR_VIEWS,
    selections: TOUR_SELECTION_VIEWS,
    viewOf: tourBookingViewOf,
    pageStateOf: tourPageStateOf,
    selectionViewOf: tourSelectionViewOf,
    selectionStateOf: tourSelectionStateOf,
    countsStateOf: tourCountsStateOf,
    calendarViewOf: tourCalendarViewOf,
    sample: { selection: 'Setting counts.Time sold out', expected: { step: 'counts', counts: 'timeSoldOut' } },
  },
];

describe.each(charts)('$name view', (chart) => {
  const root = chart.machine.root as unknown as Node;
  const booking = nodes(root).find((n) => n.type === 'parallel');
  if (!booking) throw new Error(`${chart.name}: no parallel state`);
  const calendar = booking.states.Calendar;
  const selection = booking.states.Selection;
  if (!calendar || !selection) throw new Error(`${chart.name}: the booking has no Calendar or Selection region`);
  const inBooking = (node: Node) => node.path.join('.').startsWith(`${booking.path.join('.')}.`);
  /** the states a page is in: every leaf outside the booking, and the booking as a whole */
  const pageStates = [...leaves(root).filter((node) => !inBooking(node)), booking];
  /** A value of the booking page with the given states of its two regions. */
  function withRegions(calendarState: StateValue, selectionState: StateValue): StateValue {
    const [page, parallel] = booking!.path as [string, string];
    return { [page]: { [parallel]: { Calendar: calendarState, Selection: selectionState } } };
  }
  const firstSelection = valueOf(leaves(selection)[0]!.path.slice(selection.path.length));

  it('walks the chart (sanity)', () => {
    expect(booking.path).toEqual([chart.page, 'Booking']);
    expect(pageStates.length).toBeGreaterThan(10);
    expect(leaves(selection).length).toBeGreaterThan(8);
    expect(leaves(calendar).map((n) => n.path.at(-1))).toEqual(['Shown', 'Loading month', 'Month failed']);
  });

  it.each(pageStates.map((node) => [node.path.join('.'), node] as const))('has a page view for %s', (_name, node) => {
    const value = node === booking ? withRegions('Shown', firstSelection) : valueOf(node.path);
    const view = chart.viewOf({ value });
    expect(view).toBe(chart.pages[node.path.join('.')]);
    expect(chart.viewOf({ value })).toBe(view);
    const page = chart.pageStateOf({ value });
    expect(page === 'list').toBe(node.path[0] !== chart.page);
    if (node !== booking) {
      // outside the booking the regions have nothing to show
      expect(chart.selectionViewOf({ value })).toEqual({ step: 'none', counts: 'none' });
      expect(chart.calendarViewOf({ value })).toEqual({ loadingMonth: false, monthFailed: false });
    } else expect(page).toBe('booking');
  });

  it.each(leaves(selection).map((node) => [node.path.slice(selection.path.length).join('.'), node] as const))('has a selection view for %s', (name, node) => {
    const value = withRegions('Shown', valueOf(node.path.slice(selection.path.length)));
    const view = chart.selectionViewOf({ value });
    expect(view).toBe(chart.selections[name]);
    expect(chart.selectionStateOf({ value })).toBe(view.step);
    expect(chart.countsStateOf({ value })).toBe(view.counts);
    // the counts step has a notice of its own, every other step none
    expect(view.counts === 'none').toBe(view.step !== 'counts');
    expect(view.step === 'counts').toBe(node.path.includes('Setting counts'));
    expect(chart.pageStateOf({ value })).toBe('booking');
  });

  it.each(leaves(calendar).map((node) => [node.path.at(-1)!, node] as const))('has a calendar view for %s', (name, node) => {
    const value = withRegions(valueOf(node.path.slice(calendar.path.length)), firstSelection);
    const view = chart.calendarViewOf({ value });
    expect(view).toBe(CALENDAR_VIEWS[name as keyof typeof CALENDAR_VIEWS]);
    expect(view).toEqual({ loadingMonth: name === 'Loading month', monthFailed: name === 'Month failed' });
  });

  it('names exactly the states of the chart', () => {
    expect(Object.keys(chart.pages).sort()).toEqual(pageStates.map((node) => node.path.join('.')).sort());
    expect(Object.keys(chart.selections).sort()).toEqual(leaves(selection).map((node) => node.path.slice(selection.path.length).join('.')).sort());
    expect(Object.keys(CALENDAR_VIEWS).sort()).toEqual(leaves(calendar).map((node) => node.path.slice(calendar.path.length).join('.')).sort());
  });

  it('throws on a state without a view rather than showing nothing', () => {
    expect(() => chart.viewOf({ value: { [chart.page]: 'Renamed state' } })).toThrow(new RegExp(`${chart.name}: no view for the state '${chart.page}.Renamed state'`));
    expect(() => chart.selectionViewOf({ value: withRegions('Shown', 'Renamed state') })).toThrow(/no view for the state 'Renamed state'/);
    expect(() => chart.calendarViewOf({ value: withRegions('Renamed state', 'Added to cart') })).toThrow(/no view for the state 'Renamed state'/);
  });

  it('reads real snapshots', () => {
    const { context } = createActor(chart.machine, { input: {} }).getSnapshot();
    const [place, step] = chart.sample.selection.split('.') as [string, string];
    const snapshot = chart.machine.resolveState({ value: withRegions('Loading month', { [place]: step }), context });
    expect(chart.pageStateOf(snapshot)).toBe('booking');
    expect(chart.selectionViewOf(snapshot)).toEqual(chart.sample.expected);
    expect(chart.calendarViewOf(snapshot)).toEqual({ loadingMonth: true, monthFailed: false });
  });
});
