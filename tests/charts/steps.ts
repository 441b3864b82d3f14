/**
 * A path of the model test as numbered steps in plain words, for a tester who runs it by hand
 * (`npm run paths -- <machine> --steps`) or a tool (`--json`): each step is what is done (the
 * event's words from the model's `eventDescriptions`, else the event's name and payload) and
 * the state the chart is in afterwards, in the chart's own names.
 *
 * Framework-free (no vitest): works on a run of ../machines/model.ts.
 */
import type { AnyStateNode, EventObject } from 'xstate';
import { activeNodes, describeValue, eventLabel, invokeNames, leafStates, machineEdges, statePath, type MachineEdge } from '../../src/tools/machine-graph.js';
import { payloadHint, stableJson, type MachineModel, type PathRun, type Walk } from '../machines/model.js';

export interface PlainStep {
  /** 1, 2, … */
  n: number;
  /** the event as the chart names it: `SELECT_DATE`, `done:loadTickets`, `after toastDuration`, `wait:5000` */
  event: string;
  /** the transition it took as the chart labels it (`SELECT_DATE [isDayAvailable]`); null when it took none */
  transition: string | null;
  /** what the tester does, in plain words */
  words: string;
  /** the event's fields besides its type (a service answer's output or error), when it has any */
  payload?: unknown;
  /** the states the step leads to (leaves that changed), `… (starts over)` or `still in …` */
  to: string;
  /** the whole state value afterwards */
  state: unknown;
}

export interface PlainPath {
  /** 1-based, over the machine's whole path set */
  number: number;
  /** the name the model test gives it */
  name: string;
  kind: Walk['kind'];
  /** the input the machine starts with (actors shown as `[actor id]`), when the model gives one */
  input?: unknown;
  /** that input in plain words, when the model describes its inputs */
  situation?: string;
  /** the state the path starts in */
  start: string;
  steps: PlainStep[];
}

const edgeLabel = (e: MachineEdge): string => `${e.event}${e.guard ? ` [${e.guard}]` : ''}`;

function leaves(model: MachineModel, value: unknown): AnyStateNode[] {
  return activeNodes(model.machine, value).filter((n) => n.type === 'atomic' || n.type === 'final');
}

/** Leaf names as describeValue writes them (`A › B` where a leaf name is not unique). */
function leafNames(model: MachineModel, nodes: AnyStateNode[]): string {
  const counts = new Map<string, number>();
  for (const l of leafStates(model.machine)) counts.set(l.key, (counts.get(l.key) ?? 0) + 1);
  return nodes.map((n) => ((counts.get(n.key) ?? 0) > 1 ? statePath(n) : n.key)).join(' + ');
}

function words(model: MachineModel, event: EventObject, label: string | null, name: string): string {
  const wait = /^wait:(\d+)$/.exec(event.type);
  if (wait) return `Let ${Number(wait[1]) / 1000} s pass`;
  const descriptions = model.eventDescriptions ?? {};
  const found = (label !== null ? descriptions[label] : undefined) ?? descriptions[name];
  if (typeof found === 'string') return found;
  if (typeof found === 'function') return found(event as EventObject & Record<string, unknown>);
  return `${name}${payloadHint(event)}`;
}

function payloadOf(event: EventObject): unknown {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  void _type;
  if (!Object.keys(rest).length) return undefined;
  return JSON.parse(stableJson(rest)) as unknown;
}

/** The walk `walk` (number `number` of the set) as it ran in `run`, step by step in plain words. */
export function plainPath(model: MachineModel, walk: Walk, run: PathRun, number: number): PlainPath {
  const names = invokeNames(model.machine);
  const byKey = new Map<string, MachineEdge>();
  for (const e of machineEdges(model.machine)) if (!byKey.has(e.transitionKey)) byKey.set(e.transitionKey, e);
  const [first, ...rest] = run.steps;
  const input = walk.kind === 'path' ? ('input' in walk.path ? walk.path.input : model.input) : 'input' in walk.scenario ? walk.scenario.input : (model.input ?? model.inputs?.[0]);
  const steps: PlainStep[] = rest.map((step, i) => {
    const before = run.steps[i]!;
    const name = /^wait:\d+$/.test(step.event.type) ? step.event.type : eventLabel(step.event.type, names);
    // the transition the event selected (eventless ones it led to come after it)
    const edge = step.transitions.map((k) => byKey.get(k)).find((e): e is MachineEdge => !!e && e.eventType !== '');
    const label = edge ? edgeLabel(edge) : null;
    const was = new Set(leaves(model, before.value).map((n) => n.id));
    const now = leaves(model, step.value);
    const changed = now.filter((n) => !was.has(n.id));
    const stayed = edge ? now.filter((n) => n.id === edge.source.id || n.id.startsWith(`${edge.source.id}.`)) : [];
    const here = stayed.length ? leafNames(model, stayed) : describeValue(model.machine, step.value);
    // the same states: left and entered anew (as the chart says, "starts over"), or not left at all
    const to = changed.length ? leafNames(model, changed) : edge && edge.target === edge.source && !edge.targetless ? `${here} (starts over)` : `still in ${here}`;
    const payload = payloadOf(step.event);
    return {
      n: i + 1,
      event: name,
      transition: label,
      words: words(model, step.event, label, name),
      ...(payload === undefined ? {} : { payload }),
      to,
      state: step.value,
    };
  });
  return {
    number,
    name: walk.name,
    kind: walk.kind,
    ...(input === undefined ? {} : { input: JSON.parse(stableJson(input)) as unknown }),
    ...(input !== undefined && model.describeInput ? { situation: model.describeInput(input) } : {}),
    start: first ? describeValue(model.machine, first.value) : '',
    steps,
  };
}

/** The plain-word text of a path: a heading, the start, then one numbered line per step. */
export function plainText(path: PlainPath, total: number): string {
  const kind = path.kind === 'path' ? `generated ${path.name.slice(0, path.name.indexOf(':'))}` : path.name;
  const lines = [`Path ${path.number} of ${total} (${kind})`];
  const input = path.situation ? ` (${path.situation})` : path.input === undefined ? '' : ` (input ${short(JSON.stringify(path.input), 160)})`;
  lines.push(`   Start: ${path.start}${input}`);
  for (const s of path.steps) lines.push(`${String(s.n).padStart(3)}. ${s.words} → ${s.to}`);
  return lines.join('\n');
}

function short(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
