/**
 * Shared reading of an XState machine's structure: its states, every transition as an edge
 * (from `toDirectedGraph`, plus the eventless `always` ones it leaves out), and plain-word names
 * for states and events. Used by the model-based test helper (tests/machines/model.ts), the
 * chart generator (statecharts.ts) and the path report (paths.ts), so all three name a
 * transition the same way: `source --EVENT[guard]--> target`.
 *
 * Framework-free: no vitest, no React, no Node APIs.
 */
import { type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

export interface MachineEdge {
  /** Stable identity of the transition definition (shared by all targets of one transition). */
  transitionKey: string;
  source: AnyStateNode;
  target: AnyStateNode;
  transition: AnyTransitionDefinition;
  /** Raw event descriptor ('' for eventless transitions). */
  eventType: string;
  /** Readable event: `SELECT_DATE`, `done:loadConfig`, `error:loadConfig`, `after 2000ms`, `always`. */
  event: string;
  guard: string | null;
  /** `source --EVENT[guard]--> target` with readable state paths. */
  name: string;
  /** True when the transition has no target (stays in the source state). */
  targetless: boolean;
}

/** All state nodes of the machine, root first, in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode): void => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return out;
}

/** The transitions defined on one state node, in definition order, eventless ones last. */
export function ownTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  const list = [...node.transitions.values()].flat() as AnyTransitionDefinition[];
  const always = (node.always ?? []) as AnyTransitionDefinition[];
  return [...list, ...always];
}

/** Stable key of a transition definition: the same on `machine` and `machine.provide(...)`. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const index = ownTransitions(source).indexOf(t);
  return `${source.id}#${t.eventType}#${index}`;
}

/** Readable path of a state inside its machine: `Boot › Loading config` (root is the machine id). */
export function statePath(node: AnyStateNode): string {
  return node.path.length ? node.path.join(' › ') : `(${node.machine.id})`;
}

/** Name of a guard reference as a designer reads it. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { guards?: unknown[]; name?: string };
    if (Array.isArray(g.guards)) {
      const inner = g.guards.map((x) => guardName(x) ?? '?');
      if (g.name === 'not') return `!${inner[0]}`;
      if (g.name === 'and') return inner.join(' && ');
      if (g.name === 'or') return inner.join(' || ');
      return inner.join(',');
    }
    if (g.name === 'stateIn') return 'in state';
    return g.name && g.name !== 'guard' ? g.name : 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in (guard as object)) {
    return String((guard as { type: unknown }).type);
  }
  return 'guard';
}

/** Map of invoke id -> readable service name (the `src` when the id was generated). */
export function invokeNames(machine: AnyStateMachine): Map<string, string> {
  const names = new Map<string, string>();
  for (const node of allStateNodes(machine)) {
    node.invoke.forEach((inv: { id: string; src: unknown }) => {
      const generated = /^\d+\./.test(inv.id);
      const src = typeof inv.src === 'string' ? inv.src : inv.id;
      names.set(inv.id, generated ? src : inv.id);
    });
  }
  return names;
}

/** Readable event label for a raw event type. */
export function eventLabel(eventType: string, names: Map<string, string>): string {
  if (eventType === '') return 'always';
  let m = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (m) return `done:${names.get(m[1]!) ?? m[1]}`;
  m = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (m) return `error:${names.get(m[1]!) ?? m[1]}`;
  m = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (m) return 'done';
  m = /^xstate\.after\.([^.]+)\.(.+)$/.exec(eventType);
  if (m) return /^\d+$/.test(m[1]!) ? `after ${m[1]}ms` : `after ${m[1]}`;
  return eventType;
}

/** Every edge of the machine: one per transition and target, as `toDirectedGraph` lists them. */
export function machineEdges(machine: AnyStateMachine): MachineEdge[] {
  const names = invokeNames(machine);
  const edges: MachineEdge[] = [];
  const make = (t: AnyTransitionDefinition, target: AnyStateNode): MachineEdge => {
    const source = t.source as AnyStateNode;
    const event = eventLabel(t.eventType, names);
    const guard = guardName(t.guard);
    const targetless = !t.target || t.target.length === 0;
    return {
      transitionKey: transitionKey(t),
      source,
      target,
      transition: t,
      eventType: t.eventType,
      event,
      guard,
      targetless,
      name: `${statePath(source)} --${event}${guard ? `[${guard}]` : ''}--> ${targetless ? '(stays)' : statePath(target)}`,
    };
  };
  const walk = (g: DirectedGraphNode): void => {
    for (const e of g.edges) edges.push(make(e.transition, e.target));
    // toDirectedGraph leaves out eventless transitions; they are transitions all the same.
    for (const t of (g.stateNode.always ?? []) as AnyTransitionDefinition[]) {
      const targets = (t.target ?? []) as AnyStateNode[];
      if (targets.length === 0) edges.push(make(t, g.stateNode));
      for (const target of targets) edges.push(make(t, target));
    }
    for (const child of g.children) walk(child);
  };
  walk(toDirectedGraph(machine));
  return edges;
}

/** Atomic and final states (the leaves a snapshot can rest in). */
export function leafStates(machine: AnyStateMachine): AnyStateNode[] {
  return allStateNodes(machine).filter((n) => n.type === 'atomic' || n.type === 'final');
}

/** All state nodes except the root. */
export function countStates(machine: AnyStateMachine): number {
  return allStateNodes(machine).length - 1;
}

/** The active state nodes for a state value, root excluded, parents before children. */
export function activeNodes(machine: AnyStateMachine, value: unknown): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode, v: unknown): void => {
    if (typeof v === 'string') {
      const child = node.states[v] as AnyStateNode | undefined;
      if (child) {
        out.push(child);
      }
      return;
    }
    if (v && typeof v === 'object') {
      for (const [key, sub] of Object.entries(v as Record<string, unknown>)) {
        const child = node.states[key] as AnyStateNode | undefined;
        if (!child) continue;
        out.push(child);
        walk(child, sub);
      }
    }
  };
  walk(machine.root, value);
  return out;
}

/**
 * Plain words for a snapshot's state value: leaf names, `A › B` when a leaf name is not unique
 * in the machine, parallel regions joined with ` + `.
 */
export function describeValue(machine: AnyStateMachine, value: unknown): string {
  const leaves = leafStates(machine);
  const counts = new Map<string, number>();
  for (const l of leaves) counts.set(l.key, (counts.get(l.key) ?? 0) + 1);
  const parts = activeNodes(machine, value)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => ((counts.get(n.key) ?? 0) > 1 ? statePath(n) : n.key));
  return parts.join(' + ');
}
