/**
 * Is a machine one chart a designer can follow? Two checks on its structure (guards ignored):
 *
 * - reachable: every state can be entered from the initial state by some transition;
 * - no islands: the same holds when the eventless choices made at start-up (a state that goes
 *   on at once depending on the input, like an "Opening" that fans out to the step of the route)
 *   take only their default branch. A state whose eventless transitions are all guarded is no such
 *   choice: it stays and waits, and its guards are asked again after every later event. A state that can only be reached through such a start-up
 *   choice is an island: nothing the visitor does leads there.
 * - no hubs: no eventless state fans out to more than three targets.
 *
 * Framework-free; used by tests/machines/connected.test.ts.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { allStateNodes, ownTransitions, statePath } from './machine-graph.js';

const targetsOf = (t: AnyTransitionDefinition): AnyStateNode[] => (t.target ?? []) as AnyStateNode[];

/** The states a transition into `node` enters: the node, its ancestors, and its initial (or parallel) children. */
export function entered(node: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  for (let p: AnyStateNode | undefined = node.parent; p; p = p.parent) out.push(p);
  const down = (n: AnyStateNode): void => {
    out.push(n);
    if (n.type === 'parallel') for (const child of Object.values(n.states) as AnyStateNode[]) down(child);
    else if (n.type === 'compound') {
      const initial = (n.initial?.target ?? []) as AnyStateNode[];
      for (const child of initial) down(child);
    }
  };
  down(node);
  return out;
}

function reach(machine: AnyStateMachine): Set<AnyStateNode> {
  const seen = new Set<AnyStateNode>();
  const queue = entered(machine.root);
  while (queue.length) {
    const node = queue.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const t of ownTransitions(node)) {
      for (const target of targetsOf(t)) for (const n of entered(target)) if (!seen.has(n)) queue.push(n);
    }
  }
  return seen;
}

const isEventless = (t: AnyTransitionDefinition) => t.eventType === '';
/** A state that does not stay: it has an eventless transition without a guard (its default branch). */
const passing = (node: AnyStateNode) => ownTransitions(node).some((t) => isEventless(t) && t.guard === undefined);

/**
 * States reachable when an eventless choice may take a guarded branch only once its state has
 * been entered through an event (then the guard reads what the visitor or the server changed);
 * at start-up it takes its default branch.
 */
function reachWithoutStartChoices(machine: AnyStateMachine): Set<AnyStateNode> {
  const seen = new Set<AnyStateNode>();
  const visited = new Set<string>();
  const queue: [AnyStateNode, boolean][] = entered(machine.root).map((n) => [n, false]);
  while (queue.length) {
    const [node, byEvent] = queue.pop()!;
    const key = `${node.id}#${byEvent}`;
    if (visited.has(key)) continue;
    visited.add(key);
    seen.add(node);
    for (const t of ownTransitions(node)) {
      // a choice at start-up is a passing state (it goes on at once by its default branch); a state
      // whose eventless transitions are all guarded waits there, and its guards are asked again after
      // every later event of the machine (a parallel region watching what another one changed)
      if (isEventless(t) && t.guard !== undefined && !byEvent && passing(node)) continue;
      const flag = isEventless(t) ? byEvent : true;
      for (const target of targetsOf(t)) for (const n of entered(target)) queue.push([n, flag]);
    }
  }
  return seen;
}

export interface ConnectivityReport {
  unreachable: string[];
  islands: string[];
  hubs: string[];
}

export function connectivity(machine: AnyStateMachine): ConnectivityReport {
  const nodes = allStateNodes(machine).filter((n) => n !== machine.root);
  const all = reach(machine);
  const withoutStartChoices = reachWithoutStartChoices(machine);
  const hubs = nodes.filter((n) => {
    const own = ownTransitions(n);
    if (own.length === 0 || !own.every(isEventless)) return false;
    return new Set(own.flatMap(targetsOf)).size > 3;
  });
  return {
    unreachable: nodes.filter((n) => !all.has(n)).map(statePath),
    islands: nodes.filter((n) => all.has(n) && !withoutStartChoices.has(n)).map(statePath),
    hubs: hubs.map(statePath),
  };
}
