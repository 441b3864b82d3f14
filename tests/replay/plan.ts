/**
 * What the browser replays: a machine's path set (`modelWalks`, the model test's own paths and
 * scenarios), each walk run once against the machine with the model's fakes (as `npm run paths`
 * does) so every step knows the event sent, the transition it takes as the chart labels it, the
 * transitions it takes (eventless ones included), and the leaf states it rests in.
 *
 * Framework-free (no vitest, no Playwright): the static binding check and the report use it too.
 */
import type { AnyStateNode, EventObject } from 'xstate';
import { activeNodes, machineEdges, type MachineEdge } from '../../src/tools/machine-graph.js';
import { modelWalks, runWalk, type MachineModel, type Walk } from '../machines/model.js';
import { plainPath } from '../charts/steps.js';

export type SentEvent = EventObject & Record<string, unknown>;

export interface ReplayStep {
  /** 1, 2, … as `npm run paths -- <machine> --steps` numbers them */
  n: number;
  /** the event as the model sent it (a service answer as `xstate.done.actor.<id>` with its `output`) */
  event: SentEvent;
  /** the event as the chart names it: `SELECT_DATE`, `done:loadTickets`, `wait:5000` */
  name: string;
  /** the transition it selects as the chart labels it (`SELECT_DATE [isDayAvailable]`); null when none */
  label: string | null;
  /** what a tester does, in plain words (the model's `eventDescriptions`) */
  words: string;
  /** where it leads, in the chart's names (`Loading tickets`, `still in Editing`) */
  to: string;
  /** the state value before and after the step */
  from: unknown;
  value: unknown;
  /** the edges (`source --EVENT--> target`) the step takes, eventless ones included */
  transitions: string[];
  /** the leaf states it rests in, as dotted paths (`Ticket page.Booking.Calendar.Shown`) */
  leaves: string[];
  /** the tags of the state it rests in, and its context: what a screen reads besides the state (the progress bar) */
  rests: Resting;
}

/** What the chart rests in after a step: the tags of the state and the machine's context. */
export interface Resting {
  tags: string[];
  context: unknown;
}

export interface ReplayPlan {
  machine: string;
  /** 1-based over the machine's path set */
  number: number;
  total: number;
  /** the name the model test gives the walk */
  name: string;
  kind: Walk['kind'];
  /** the input the machine starts with */
  input: unknown;
  /** that input in plain words, when the model describes its inputs */
  situation: string | undefined;
  /** the state the walk starts in, and the transitions starting takes (eventless ones from the initial state) */
  start: { value: unknown; leaves: string[]; rests: Resting; words: string; transitions: string[] };
  steps: ReplayStep[];
}

const dotted = (node: AnyStateNode): string => node.path.join('.');

/** The leaf states of a value, as dotted paths. */
export function leafPaths(model: MachineModel, value: unknown): string[] {
  return activeNodes(model.machine, value)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map(dotted);
}

/** The deepest active state's `meta.route` (undefined when no active state names one). */
export function routeOf(model: MachineModel, value: unknown): string | null | undefined {
  let route: string | null | undefined;
  for (const node of activeNodes(model.machine, value)) {
    const meta = node.meta as { route?: string | null } | undefined;
    if (meta && 'route' in meta && meta.route !== undefined) route = meta.route;
  }
  return route;
}

function edgesByKey(model: MachineModel): Map<string, MachineEdge[]> {
  const byKey = new Map<string, MachineEdge[]>();
  for (const e of machineEdges(model.machine)) byKey.set(e.transitionKey, [...(byKey.get(e.transitionKey) ?? []), e]);
  return byKey;
}

/** Every walk of the machine's path set as steps to replay, in the model test's order. */
export async function replayPlans(model: MachineModel): Promise<ReplayPlan[]> {
  const walks = modelWalks(model);
  const byKey = edgesByKey(model);
  const plans: ReplayPlan[] = [];
  for (const [i, walk] of walks.entries()) {
    const run = await runWalk(model, walk);
    const plain = plainPath(model, walk, run, i + 1);
    const [first, ...rest] = run.steps;
    const edgeNames = (keys: string[]) => [...new Set(keys.flatMap((k) => (byKey.get(k) ?? []).map((e) => e.name)))];
    const steps = rest.map((step, j): ReplayStep => {
      const words = plain.steps[j]!;
      return {
        n: j + 1,
        event: step.event as SentEvent,
        name: words.event,
        label: words.transition,
        words: words.words,
        to: words.to,
        from: run.steps[j]!.value,
        value: step.value,
        transitions: edgeNames(step.transitions),
        leaves: leafPaths(model, step.value),
        rests: { tags: step.tags, context: step.context },
      };
    });
    plans.push({
      machine: model.name,
      number: i + 1,
      total: walks.length,
      name: walk.name,
      kind: walk.kind,
      input: walk.kind === 'path' ? ('input' in walk.path ? walk.path.input : model.input) : 'input' in walk.scenario ? walk.scenario.input : (model.input ?? model.inputs?.[0]),
      situation: plain.situation,
      start: { value: first?.value, leaves: first ? leafPaths(model, first.value) : [], rests: { tags: first?.tags ?? [], context: first?.context }, words: plain.start, transitions: edgeNames(first?.transitions ?? []) },
      steps,
    });
  }
  return plans;
}

/** The keys a step's event binding is looked up by, most specific first. */
export function eventKeys(step: Pick<ReplayStep, 'label' | 'name'>): string[] {
  return [...new Set([step.label, step.name].filter((k): k is string => k !== null))];
}

/** The keys of state bindings that apply to a leaf: its path and every ancestor's. */
export function stateKeys(leaf: string): string[] {
  const parts = leaf.split('.');
  return parts.map((_, i) => parts.slice(0, i + 1).join('.'));
}

/** What the plans use that `events`/`states` do not bind, in words ("event X (path 3, step 2)"). */
export function unbound(plans: ReplayPlan[], bound: { events: Record<string, unknown>; states: Record<string, unknown> }): string[] {
  const missing = new Map<string, string>();
  for (const plan of plans) {
    const where = (n: number) => `path ${plan.number}${n ? `, step ${n}` : ''}`;
    const leaves = (list: string[], n: number) => {
      for (const leaf of list) {
        if (!stateKeys(leaf).some((k) => k in bound.states)) {
          const key = `state "${leaf}"`;
          if (!missing.has(key)) missing.set(key, where(n));
        }
      }
    };
    leaves(plan.start.leaves, 0);
    for (const step of plan.steps) {
      if (!eventKeys(step).some((k) => k in bound.events)) {
        const key = `event "${step.label ?? step.name}"`;
        if (!missing.has(key)) missing.set(key, where(step.n));
      }
      leaves(step.leaves, step.n);
    }
  }
  return [...missing].map(([what, where]) => `${what} (first in ${where})`);
}
