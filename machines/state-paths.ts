/**
 * A snapshot's state value read as dotted state paths, for the tables of views in the selectors
 * modules (machines/*.selectors.ts, and the checkout's src/app/screens/checkout/checkout-view.ts). The path types come from the machine's own typed state value,
 * so a table keyed by them misses or misnames a state only until it is compiled; the readers throw
 * on a state the table does not know rather than showing nothing.
 */
import type { AnyStateMachine, SnapshotFrom, StateValue } from 'xstate';

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/** A parallel state's value is one object holding each of its regions (a compound state's holds one child). */
type IsParallel<V> = V extends string ? false : true extends IsUnion<keyof V> ? true : false;

/** The dotted path of every leaf ('Ticket page.Booking.Selection.Choosing date'); each region of a parallel state gives its own. */
export type LeafPaths<V> = V extends string ? V : { [K in keyof V & string]: `${K}.${LeafPaths<V[K]>}` }[keyof V & string];
/** The dotted path of each leaf state of a machine without parallel states. */
export type StatePath<TMachine extends AnyStateMachine> = LeafPaths<SnapshotFrom<TMachine>['value']>;

/** The dotted paths of the states a page can be in: a leaf, or a parallel state as a whole ('Ticket page.Booking'). */
export type PagePaths<V> = V extends string
  ? V
  : { [K in keyof V & string]: IsParallel<V[K]> extends true ? K : `${K}.${PagePaths<V[K]>}` }[keyof V & string];

/** The leaf paths inside the region `R` of a parallel state of V ('Setting counts.Editing' of 'Selection'). */
export type RegionPaths<V, R extends string> = V extends string
  ? never
  : IsParallel<V> extends true
    ? R extends keyof V
      ? LeafPaths<V[R]>
      : never
    : { [K in keyof V & string]: RegionPaths<V[K], R> }[keyof V & string];

function childrenOf(value: Exclude<StateValue, string>): [string, StateValue][] {
  return Object.entries(value).filter((entry): entry is [string, StateValue] => entry[1] !== undefined);
}

const isParallel = (value: StateValue): value is Exclude<StateValue, string> => typeof value !== 'string' && childrenOf(value).length > 1;

/** The path of a value's leaf down one child at a time (no parallel state on the way). */
export function leafPathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const children = childrenOf(value);
  const [child] = children;
  if (children.length !== 1 || !child) throw new Error(`not one state: ${JSON.stringify(value)}`);
  return `${child[0]}.${leafPathOf(child[1])}`;
}

/** The page path of a value: down to a leaf, or to the parallel state the page is in. */
export function pagePathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const children = childrenOf(value);
  const [child] = children;
  if (children.length !== 1 || !child) throw new Error(`not one state: ${JSON.stringify(value)}`);
  return isParallel(child[1]) ? child[0] : `${child[0]}.${pagePathOf(child[1])}`;
}

/** The leaf path inside the region `region` of the active parallel state; null when no parallel state is active. */
export function regionPathOf(value: StateValue, region: string): string | null {
  if (typeof value === 'string') return null;
  if (isParallel(value)) {
    const inRegion = value[region];
    if (inRegion === undefined) throw new Error(`no region '${region}' in ${JSON.stringify(value)}`);
    return leafPathOf(inRegion);
  }
  const [child] = childrenOf(value);
  return child ? regionPathOf(child[1], region) : null;
}

/**
 * The view a table gives a state path; throws on a path it does not know (a machine changed without
 * its table, kept in `where`).
 */
export function viewOf<TView>(machine: string, table: Readonly<Partial<Record<string, TView>>>, path: string, where = `machines/${machine}.selectors.ts`): TView {
  const view = table[path];
  if (view === undefined) throw new Error(`${machine}: no view for the state '${path}' (${where})`);
  return view;
}

/** The selector of a table of a machine without parallel states: the view of a snapshot's leaf state. */
export function viewReader<TView>(machine: string, table: Readonly<Partial<Record<string, TView>>>, where?: string): (snapshot: { value: StateValue }) => TView {
  return (snapshot) => viewOf(machine, table, leafPathOf(snapshot.value), where);
}

/** A case a switch over a union left out: does not compile, and throws if it happens anyway. */
export function unreachable(value: never): never {
  throw new Error(`unexpected view ${JSON.stringify(value)}`);
}
