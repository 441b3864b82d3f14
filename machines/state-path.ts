/**
 * How a screen reads where a machine stands: by the dotted path of its leaf state, typed by the
 * machine's own state value. A selectors module (machines/<machine>.selectors.ts) keeps one view
 * per state in a table that `satisfies Record<StatePath<…>, View>`, so a state added or renamed in
 * the machine does not compile until it has a view, and `viewOf` throws on a state the table does
 * not know rather than showing nothing.
 */
import type { AnyStateMachine, SnapshotFrom, StateValue } from 'xstate';

/** The dotted path of each leaf state ('Cart.Choosing payment.Editing') of a (non-parallel) state value type. */
export type LeafPaths<V> = V extends string ? V : { [K in keyof V & string]: `${K}.${LeafPaths<V[K]>}` }[keyof V & string];
/** The dotted path of each leaf state of a (non-parallel) machine. */
export type StatePath<TMachine extends AnyStateMachine> = LeafPaths<SnapshotFrom<TMachine>['value']>;

/** The dotted path of a (non-parallel) state value; throws on a parallel one (more than one region). */
export function statePathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  const [entry] = entries;
  if (entries.length !== 1 || !entry || entry[1] === undefined) throw new Error(`not one state: ${JSON.stringify(value)}`);
  return `${entry[0]}.${statePathOf(entry[1])}`;
}

/** The view a table gives a state; throws on a state without one (a machine changed without its table, named by `owner`). */
export function viewOf<View>(owner: string, table: { readonly [path: string]: View }, value: StateValue): View {
  const path = statePathOf(value);
  const view: View | undefined = (table as Partial<Record<string, View>>)[path];
  if (view === undefined) throw new Error(`${owner}: no view for the state '${path}'`);
  return view;
}

/** The selector of a table: the view of a snapshot's state; throws on a state without one. */
export function viewReader<View>(owner: string, table: { readonly [path: string]: View }): (snapshot: { value: StateValue }) => View {
  return (snapshot) => viewOf(owner, table, snapshot.value);
}
