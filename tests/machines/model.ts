/**
 * Model-based testing for XState 5 machines, built on `xstate/graph`.
 *
 * A machine's model (tests/machines/<name>.model.ts) says which events to try in which state,
 * including the results of invoked services (`done:<service>` with an `output`,
 * `error:<service>` with an `error`); delays (`xstate.after.*`) are tried on their own. From
 * that, `TestModel` (not `createTestModel`, which refuses machines that invoke or delay)
 * computes the shortest paths to every *transition*: states are serialized together with the
 * event that led to them and the previous state, so two ways into a state are two vertices.
 *
 * Each path then runs against a REAL actor of the machine (`machine.provide(...)`) with
 * controllable fake services (a service stays pending until the path resolves or rejects it)
 * and a simulated clock (timers fire only when the path advances time). After every step the
 * real snapshot must equal the model's (state value, status, context) and pass the state
 * assertions of the test. The transitions the real actor took (from `@xstate.microstep`
 * inspection events) are compared with every edge of `toDirectedGraph`: coverage.
 *
 * Framework-free on purpose (no vitest import): `tests/charts/paths.ts` runs the same paths to
 * write the coverage report. The vitest glue is in ./describe-model.ts.
 */
import {
  SimulatedClock,
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  createEmptyActor,
  fromPromise,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { TestModel, getAdjacencyMap, type StatePath, type TestPath } from 'xstate/graph';
import {
  activeNodes,
  describeValue,
  eventLabel,
  invokeNames,
  leafStates,
  machineEdges,
  statePath,
  transitionKey,
  countStates,
  type MachineEdge,
} from '../../src/tools/machine-graph.js';

/** Extra fields of an event to try (its `type` comes from the key it is listed under). */
export type EventPayload = Record<string, unknown>;
export type EventSpec =
  | EventPayload
  | EventPayload[]
  | ((snapshot: AnyMachineSnapshot) => EventPayload[]);

export interface MachineModel {
  /** File name of the machine without `.machine.ts` (e.g. `app`). */
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** Several inputs (e.g. a saved cart that is fine and one that is corrupt): each starts a walk. */
  inputs?: unknown[];
  /**
   * Events to try, by key. A key is an event type (`SELECT_DATE`), `done:<service>` (the value
   * carries `output`) or `error:<service>` (the value carries `error`); `<service>` is the
   * invoke `id` or, for invokes without an id, the `src`. An event a state handles but that is
   * not listed is tried as `{ type }`. Delays are tried automatically.
   */
  events?: Record<string, EventSpec>;
  /** The part of a snapshot that tells states apart; default `{ value, context }`. */
  stateKey?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Skip some events in some states (e.g. to keep a counter finite). */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** Named actions the app provides (navigation, storage): replaced by recorders. */
  fakeActions?: string[];
  /** Own fakes for actors that are not promises (rare); others get a controllable promise. */
  actors?: Record<string, AnyActorLogic>;
  /**
   * Compare the real context with the model's after each step (default true: the whole context,
   * or the `stateKey` when the model has one).
   */
  compareContext?: boolean | ((context: unknown) => unknown);
  /** Traversal limit (vertices); default 20000. */
  limit?: number;
  /**
   * Walks that always run besides the generated paths: situations the shortest paths need not
   * visit but a test must (both outcomes of a guard at its boundary, the same event twice).
   * Each starts the machine with `input` (else the model's) and sends `events` in order.
   */
  scenarios?: { name: string; input?: unknown; events: (EventObject & Record<string, unknown>)[] }[];
  /** Guards exempt from "both outcomes", each only where one outcome cannot happen (say why in a comment). */
  oneSidedGuards?: string[];
  /**
   * What a tester does for an event, in plain words, for `npm run paths -- <machine> --steps`:
   * keyed as the chart labels a transition (`SELECT_DATE [isDayAvailable]`, `SELECT_DATE`,
   * `done:loadTickets`, `after toastDuration`), a text or a function of the event sent. An event
   * without words is shown by its name and payload.
   */
  eventDescriptions?: Record<string, string | ((event: EventObject & Record<string, unknown>) => string)>;
  /** The situation an input stands for, in plain words (`a cart of 2 × Adult, logged in`), for `--steps`. */
  describeInput?: (input: unknown) => string;
}

export function defineModel(model: MachineModel): MachineModel {
  return model;
}

// ---------------------------------------------------------------------------------------------
// serialization

/** JSON that keeps what matters of Error objects (message, status …) instead of `{}`. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Error) {
      return { error: v.name, message: v.message, ...(v as unknown as Record<string, unknown>) };
    }
    if (typeof v === 'function') return `[function ${(v as { name?: string }).name ?? ''}]`;
    if (v && typeof v === 'object' && 'sessionId' in v && 'send' in v) return `[actor ${(v as AnyActorRef).id}]`;
    return v;
  }) ?? 'undefined';
}

function serializeEvent(event: EventObject): string {
  return stableJson(event);
}

// ---------------------------------------------------------------------------------------------
// events

function matchesDescriptor(type: string, descriptor: string): boolean {
  if (descriptor === '*') return true;
  if (descriptor.endsWith('.*')) return type.startsWith(descriptor.slice(0, -1));
  return type === descriptor;
}

interface ExpandedEvents {
  /** concrete event type -> producer of candidate events */
  byType: Map<string, (snapshot: AnyMachineSnapshot) => EventObject[]>;
}

function expandEvents(model: MachineModel): ExpandedEvents {
  const byType = new Map<string, (snapshot: AnyMachineSnapshot) => EventObject[]>();
  const names = invokeNames(model.machine);
  for (const [key, spec] of Object.entries(model.events ?? {})) {
    let types: string[];
    const m = /^(done|error):(.+)$/.exec(key);
    if (m) {
      const [, kind, service] = m as unknown as [string, 'done' | 'error', string];
      const ids = [...names].filter(([id, label]) => id === service || label === service).map(([id]) => id);
      if (ids.length === 0) {
        throw new Error(`Model ${model.name}: no invoked service "${service}" (key "${key}"); services: ${[...new Set(names.values())].join(', ')}`);
      }
      types = ids.map((id) => `xstate.${kind}.actor.${id}`);
    } else {
      types = [key];
    }
    const produce = (snapshot: AnyMachineSnapshot): EventPayload[] =>
      typeof spec === 'function' ? spec(snapshot) : Array.isArray(spec) ? spec : [spec];
    for (const type of types) {
      const prev = byType.get(type);
      byType.set(type, (s) => [...(prev ? prev(s) : []), ...produce(s).map((p) => ({ ...p, type }))]);
    }
  }
  return { byType };
}

function eventsFor(model: MachineModel, expanded: ExpandedEvents) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const descriptors = (__unsafe_getAllOwnEventDescriptors(snapshot) as string[]).filter(
      // `done.state` events are raised by the machine itself when a region finishes.
      (d) => !d.startsWith('xstate.done.state.'),
    );
    const out: EventObject[] = [];
    for (const d of descriptors) {
      const listed = [...expanded.byType].filter(([type]) => matchesDescriptor(type, d));
      if (listed.length) {
        for (const [, produce] of listed) out.push(...produce(snapshot));
      } else if (d !== '*' && !d.endsWith('.*')) {
        out.push({ type: d });
      }
    }
    return model.filterEvents ? out.filter((e) => model.filterEvents!(snapshot, e)) : out;
  };
}

// ---------------------------------------------------------------------------------------------
// paths

export type ModelPath = TestPath<AnyMachineSnapshot, EventObject> & { input?: unknown };

/** One model per input the machine starts with. */
function variants(model: MachineModel): MachineModel[] {
  return (model.inputs ?? [model.input]).map((input) => ({ ...model, input, inputs: undefined }));
}

function withInput(paths: ModelPath[], input: unknown): ModelPath[] {
  return paths.map((p) => Object.assign(p, { input }));
}

function traversalOptions(model: MachineModel, level: 'transition' | 'state') {
  const stateKey = model.stateKey ?? ((s: AnyMachineSnapshot) => ({ value: s.value, context: s.context }));
  return {
    input: model.input,
    events: eventsFor(model, expandEvents(model)),
    limit: model.limit ?? 20_000,
    serializeEvent,
    // Transition level: a state reached by another event or by other transitions is another
    // vertex, so the shortest paths to all vertices take every transition. State level: one
    // vertex per state (value and the data the model's stateKey keeps).
    serializeState: (state: AnyMachineSnapshot, event: EventObject | undefined, prev?: AnyMachineSnapshot) =>
      level === 'transition'
        ? `${stableJson(stateKey(state))}|${event ? serializeEvent(event) : ''}|${prev && event ? selected(model.machine, prev, event) : ''}`
        : stableJson(stateKey(state)),
  };
}

/** Keys of the transitions `event` selects in `snapshot` (before eventless ones). */
function selected(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string {
  const m = machine as unknown as { getTransitionData: (s: AnyMachineSnapshot, e: EventObject) => AnyTransitionDefinition[] };
  return m
    .getTransitionData(snapshot, event)
    .map((t) => transitionKey(t))
    .join(',');
}

function testModelOf(model: MachineModel, level: 'transition' | 'state'): TestModel<AnyMachineSnapshot, EventObject, unknown> {
  return new TestModel<AnyMachineSnapshot, EventObject, unknown>(
    model.machine as unknown as ConstructorParameters<typeof TestModel<AnyMachineSnapshot, EventObject, unknown>>[0],
    traversalOptions(model, level),
  );
}

/**
 * The transitions a path takes, computed without running anything: each step is replayed with
 * `machine.transition` and an actor scope that records the `@xstate.microstep` inspection
 * events (eventless and raised-event transitions included).
 */
export function pathTransitions(model: MachineModel, path: StatePath<AnyMachineSnapshot, EventObject>): Set<string> {
  const taken = new Set<string>();
  const empty = createEmptyActor();
  const system = Object.create(empty.system) as typeof empty.system & {
    _sendInspectionEvent: (ev: InspectionEvent) => void;
  };
  system._sendInspectionEvent = (ev: InspectionEvent) => {
    if (ev.type === '@xstate.microstep') for (const t of ev._transitions) taken.add(transitionKey(t));
  };
  const scope = {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
  const machine = model.machine as unknown as {
    getInitialSnapshot: (scope: unknown, input: unknown) => AnyMachineSnapshot;
    transition: (s: AnyMachineSnapshot, e: EventObject, scope: unknown) => AnyMachineSnapshot;
  };
  machine.getInitialSnapshot(scope, 'input' in path ? (path as ModelPath).input : model.input);
  for (let i = 1; i < path.steps.length; i++) {
    machine.transition(path.steps[i - 1]!.state, path.steps[i]!.event, scope);
  }
  return taken;
}

/**
 * Test paths: from the shortest paths to every transition-level vertex (which together take
 * every transition the model's events can reach), the few that cover all those transitions
 * (greedy set cover, longest first on ties; deterministic).
 */
export function transitionPaths(model: MachineModel): ModelPath[] {
  const all = allTransitionPaths(model);
  const withSets = all.map((p) => ({ p, t: pathTransitions(model, p) }));
  const left = new Set(withSets.flatMap(({ t }) => [...t]));
  const chosen: ModelPath[] = [];
  while (left.size) {
    let best: { p: ModelPath; t: Set<string> } | undefined;
    let bestGain = 0;
    for (const c of withSets) {
      let gain = 0;
      for (const k of c.t) if (left.has(k)) gain++;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && c.p.steps.length > best.p.steps.length)) {
        best = c;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best.p);
    for (const k of best.t) left.delete(k);
  }
  return sortPaths(chosen);
}

/** All shortest transition-level paths (before selection): one per way into a state. */
export function allTransitionPaths(model: MachineModel): ModelPath[] {
  return variants(model).flatMap((v) => withInput(sortPaths(testModelOf(v, 'transition').getShortestPaths()), v.input));
}

/** Shortest path to every distinct state configuration (state value). */
export function shortestStatePaths(model: MachineModel): ModelPath[] {
  const all = sortPaths(
    variants(model).flatMap((v) => withInput(testModelOf(v, 'state').getShortestPaths({ allowDuplicatePaths: true }), v.input)),
  );
  const seen = new Set<string>();
  return all.filter((p) => {
    const key = stableJson(p.state.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface SimplePath {
  states: AnyMachineSnapshot[];
  events: EventObject[];
}

/**
 * Simple paths (no state configuration twice) from the initial state to every state, by depth
 * first search over the adjacency map of `xstate/graph`. Their number grows exponentially with
 * parallel regions, so the search stops at `cap` and says so.
 */
export function simplePaths(model: MachineModel, cap = 2000): { paths: SimplePath[]; truncated: boolean } {
  const paths: SimplePath[] = [];
  for (const v of variants(model)) {
    const r = simplePathsOf(v, cap - paths.length);
    paths.push(...r.paths);
    if (r.truncated) return { paths, truncated: true };
  }
  return { paths, truncated: false };
}

function simplePathsOf(model: MachineModel, cap: number): { paths: SimplePath[]; truncated: boolean } {
  const options = traversalOptions(model, 'state');
  const adjacency = getAdjacencyMap(
    model.machine as unknown as Parameters<typeof getAdjacencyMap<AnyMachineSnapshot, EventObject, unknown>>[0],
    options,
  );
  const keys = Object.keys(adjacency);
  const start = keys[0];
  const paths: SimplePath[] = [];
  let truncated = false;
  if (start === undefined) return { paths, truncated };
  const onPath = new Set<string>();
  const states: AnyMachineSnapshot[] = [];
  const events: EventObject[] = [];
  const visit = (key: string): void => {
    if (truncated) return;
    const entry = adjacency[key as keyof typeof adjacency]!;
    onPath.add(key);
    states.push(entry.state);
    if (events.length) {
      if (paths.length >= cap) {
        truncated = true;
      } else {
        paths.push({ states: [...states], events: [...events] });
      }
    }
    for (const { event, state } of Object.values(entry.transitions)) {
      const next = options.serializeState(state, event, entry.state);
      if (onPath.has(next) || !(next in adjacency)) continue;
      events.push(event);
      visit(next);
      events.pop();
      if (truncated) break;
    }
    states.pop();
    onPath.delete(key);
  };
  visit(start);
  return { paths, truncated };
}

/** "Choosing date → SELECT_DATE → Choosing time" for a simple path. */
export function describeSimplePath(model: MachineModel, path: SimplePath): string {
  const names = invokeNames(model.machine);
  const parts: string[] = [describeValue(model.machine, path.states[0]!.value)];
  path.events.forEach((e, i) => {
    parts.push(eventLabel(e.type, names) + payloadHint(e));
    parts.push(describeValue(model.machine, path.states[i + 1]!.value));
  });
  return parts.join(' → ');
}

function sortPaths(paths: ModelPath[]): ModelPath[] {
  return paths
    .map((p) => ({ p, key: p.steps.map((s) => serializeEvent(s.event)).join(' ') }))
    .sort((a, b) => a.p.steps.length - b.p.steps.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ p }) => p);
}

/** "Choosing date → SELECT_DATE → Choosing time → …" */
export function describePath(model: MachineModel, path: StatePath<AnyMachineSnapshot, EventObject>): string {
  const names = invokeNames(model.machine);
  const parts: string[] = [];
  path.steps.forEach((step, i) => {
    if (i > 0) parts.push(eventLabel(step.event.type, names) + payloadHint(step.event));
    parts.push(describeValue(model.machine, step.state.value));
  });
  return parts.join(' → ');
}

/** A short payload after an event name, e.g. ` {"date":"2025-06-03"}` (the output or error of a service answer). */
export function payloadHint(event: EventObject): string {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  void _type;
  if (!Object.keys(rest).length) return '';
  const text = stableJson('output' in rest ? rest.output : 'error' in rest ? rest.error : rest);
  return text.length <= 60 ? ` ${text}` : ` ${text.slice(0, 57)}…`;
}

// ---------------------------------------------------------------------------------------------
// running a path against a real actor

/** A simulated clock that knows when its next timer is due. */
export class TestClock extends SimulatedClock {
  private due = new Map<number, number>();
  /** the delay of every timer scheduled so far, in order */
  readonly scheduled: number[] = [];
  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    this.scheduled.push(timeout);
    const id: number = super.setTimeout(() => {
      this.due.delete(id);
      fn();
    }, timeout);
    this.due.set(id, this.now() + timeout);
    return id;
  }
  override clearTimeout(id: number): void {
    this.due.delete(id);
    super.clearTimeout(id);
  }
  nextDue(): number | undefined {
    const times = [...this.due.values()];
    return times.length ? Math.min(...times) : undefined;
  }
}

export interface Invocation {
  id: string;
  src: string;
  input: unknown;
  settled: boolean;
  aborted: boolean;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface ActionCall {
  action: string;
  params: unknown;
  event: EventObject;
}

/** What a state assertion gets besides the real snapshot. */
export interface RunContext {
  /** Every service the machine invoked so far, with its input. */
  invocations: Invocation[];
  /** Every call of a faked (app-provided) action so far. */
  actionCalls: ActionCall[];
  /** The calls of faked actions this step made (check them exactly to catch a removed or extra effect). */
  stepCalls: ActionCall[];
  /** The snapshot before this step (undefined at the start). */
  previous: AnyMachineSnapshot | undefined;
  /** Every event of the path so far with the simulated time it happened at. */
  history: { event: EventObject; at: number }[];
  /** The event of the step that led here. */
  event: EventObject;
  /** Simulated time in ms since the actor started. */
  now: number;
}

export type StateAssertion = (snapshot: AnyMachineSnapshot, run: RunContext) => void | Promise<void>;

/**
 * Assertions keyed by state (`'Choosing date'`, `'Boot.Loading config'`, `'#app.Ready'`) or
 * tag (`'tag:loading'`). Every assertion whose key matches the real snapshot runs on it.
 */
export type StateAssertions = Record<string, StateAssertion>;

function keyMatches(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, key: string): boolean {
  if (key === '*') return true;
  if (key.startsWith('tag:')) return snapshot.hasTag(key.slice(4));
  if (key.startsWith('#')) {
    const id = key.slice(1);
    return activeNodes(machine, snapshot.value).some((n) => n.id === id);
  }
  return snapshot.matches(key as never);
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await tick();
}

/** One step of a path or scenario as it ran: what was sent, where the actor rested, which transitions it took. */
export interface RunStep {
  event: EventObject;
  value: unknown;
  /** the tags of the state reached (the checkout's progress step, busy, loading …) */
  tags: string[];
  /** the context reached (what a screen reads besides the state: the checkout's login for its progress bar) */
  context: unknown;
  /** transitionKey of each transition taken, eventless ones included */
  transitions: string[];
}

/** One step of a path as the reviewed record keeps it. */
export interface StepRecord {
  event: string;
  /** simulated time */
  at: number;
  state: string;
  status: string;
  /** the tags of the state reached (what the screens ask the state: busy, loading, the checkout's progress step …) */
  tags: string[];
  /** a short digest of the context (the record stays readable; any change shows) */
  context: string;
  /** calls of app-provided actions this step made, with their params */
  effects: string[];
  /** services this step started, with their input */
  started: string[];
  /** services this step stopped before they answered */
  cancelled: string[];
  /** events this step sent to other actors, and events it emitted */
  sent: string[];
  /** delays (ms) of the timers this step scheduled */
  timers: number[];
}

/** FNV-1a of the context's JSON: stable across runs, short enough to review. */
function contextDigest(context: unknown): string {
  let h = 0x811c9dc5;
  for (const ch of stableJson(context)) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

export class PathRun {
  readonly clock = new TestClock();
  readonly invocations: Invocation[] = [];
  readonly actionCalls: ActionCall[] = [];
  /** transitionKey of every transition the real actor took */
  readonly taken = new Set<string>();
  /** state paths of leaves that had at least one matching assertion */
  readonly asserted = new Set<string>();
  /** state paths of leaves the real actor rested in */
  readonly visited = new Set<string>();
  /** `guard=true` / `guard=false` for every answer a guard gave on this path. */
  readonly guardOutcomes = new Set<string>();
  /** What every step did, as the reviewed record of the path keeps it (see describe-model.ts). */
  readonly record: StepRecord[] = [];
  /** Every step as sent: the event, the state value it rested in and the transitions it took (start included). */
  readonly steps: RunStep[] = [];
  private stepTaken: string[] = [];
  private invocationsSeen = 0;
  private abortedSeen = new Set<Invocation>();
  private timersSeen = 0;
  private readonly messages: string[] = [];
  private messagesSeen = 0;
  private readonly provided: AnyStateMachine;
  private actor: AnyActorRef | undefined;
  private readonly errors: unknown[] = [];
  private processed: string[] = [];
  private stepStart = 0;
  private before: AnyMachineSnapshot | undefined;
  private readonly history: { event: EventObject; at: number }[] = [];

  constructor(
    private readonly model: MachineModel,
    private readonly assertions: StateAssertions = {},
  ) {
    const actors: Record<string, AnyActorLogic> = {};
    for (const src of Object.keys(model.machine.implementations.actors ?? {})) {
      actors[src] = model.actors?.[src] ?? this.fakeService(src);
    }
    const actions: Record<string, (args: { event: EventObject }, params: unknown) => void> = {};
    for (const name of model.fakeActions ?? []) {
      actions[name] = ({ event }, params) => {
        this.actionCalls.push({ action: name, params, event });
      };
    }
    // Every guard reports what it answered, so a test can ask for both outcomes of each.
    const guards: Record<string, (args: unknown, params: unknown) => boolean> = {};
    for (const [name, guard] of Object.entries(model.machine.implementations.guards ?? {})) {
      if (typeof guard !== 'function') continue;
      guards[name] = (args, params) => {
        const answer = (guard as (a: unknown, p: unknown) => boolean)(args, params);
        this.guardOutcomes.add(`${name}=${answer}`);
        return answer;
      };
    }
    this.provided = model.machine.provide({ actors, actions, guards } as never);
  }

  private fakeService(src: string): AnyActorLogic {
    return fromPromise<unknown, unknown>(({ input, self, signal }) =>
      new Promise((resolve, reject) => {
        const inv: Invocation = { id: self.id, src, input, settled: false, aborted: false, resolve, reject };
        signal.addEventListener('abort', () => {
          inv.aborted = true;
        });
        this.invocations.push(inv);
      }),
    );
  }

  private start(): void {
    const machine = this.provided;
    this.actor = createActor(machine, {
      input: this.model.input as never,
      clock: this.clock,
      inspect: (ev: InspectionEvent) => {
        if (ev.type === '@xstate.microstep' && (ev.actorRef as unknown as { logic: unknown }).logic === machine) {
          for (const t of ev._transitions) {
            this.taken.add(transitionKey(t));
            this.stepTaken.push(transitionKey(t));
          }
        }
        if (ev.type === '@xstate.event' && (ev.actorRef as unknown as { logic: unknown }).logic === machine) {
          this.processed.push(ev.event.type);
        }
        // an event this machine sent to another actor (not its own invoked services' answers)
        if (ev.type === '@xstate.event' && ev.sourceRef && ev.sourceRef === this.actor && ev.actorRef !== this.actor && !ev.event.type.startsWith('xstate.')) {
          this.messages.push(`to ${(ev.actorRef as AnyActorRef).id}: ${stableJson(ev.event)}`);
        }
      },
    });
    this.actor.subscribe({ error: (err) => this.errors.push(err) });
    this.actor.on('*', (emitted: EventObject) => this.messages.push(`emitted: ${stableJson(emitted)}`));
    this.actor.start();
  }

  stop(): void {
    this.actor?.stop();
  }

  /** Make the real system do what the step's event stands for. */
  async exec(event: EventObject): Promise<void> {
    this.stepStart = this.actionCalls.length;
    this.before = this.actor?.getSnapshot() as AnyMachineSnapshot | undefined;
    await this.execStep(event);
    this.history.push({ event, at: this.clock.now() });
  }

  private async execStep(event: EventObject): Promise<void> {
    if (event.type === 'xstate.init') {
      this.start();
      await settle();
      return;
    }
    const actor = this.actor;
    if (!actor) throw new Error('actor not started');
    const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (done) {
      const [, kind, id] = done;
      const inv = [...this.invocations].reverse().find((i) => i.id === id && !i.settled && !i.aborted);
      if (!inv) {
        throw new Error(`service "${id}" is not running, so it cannot ${kind === 'done' ? 'finish' : 'fail'}`);
      }
      inv.settled = true;
      if (kind === 'done') inv.resolve((event as EventObject & { output?: unknown }).output);
      else inv.reject((event as EventObject & { error?: unknown }).error);
      await settle();
      return;
    }
    const scheduled = Object.values(
      (actor.system.getSnapshot() as { _scheduledEvents: Record<string, { target: AnyActorRef; event: EventObject }> })
        ._scheduledEvents,
    ).some((s) => s.target === actor && s.event.type === event.type);
    if (scheduled) {
      await this.advanceUntil(event.type);
      return;
    }
    if (event.type.startsWith('xstate.after.')) {
      throw new Error(`timer ${event.type} is not pending`);
    }
    actor.send(event);
    await settle();
  }

  /** Let `ms` of simulated time pass; the timers due by then fire. */
  async wait(ms: number): Promise<void> {
    this.stepStart = this.actionCalls.length;
    this.before = this.actor?.getSnapshot() as AnyMachineSnapshot | undefined;
    const until = this.clock.now() + ms;
    for (let due = this.clock.nextDue(); due !== undefined && due <= until; due = this.clock.nextDue()) {
      this.clock.set(due);
      await settle();
    }
    this.clock.set(until);
    await settle();
    this.history.push({ event: { type: `wait:${ms}` }, at: this.clock.now() });
  }

  /** Let simulated time pass, timer by timer, until the machine has received `type`. */
  private async advanceUntil(type: string): Promise<void> {
    this.processed = [];
    for (let i = 0; i < 1000 && !this.processed.includes(type); i++) {
      const due = this.clock.nextDue();
      if (due === undefined) throw new Error(`no timer pending for ${type}`);
      this.clock.set(due);
      await settle();
    }
    const before = this.processed.slice(0, this.processed.indexOf(type));
    if (before.length) {
      throw new Error(`before ${type}, timers fired that the model did not expect: ${before.join(', ')}`);
    }
  }

  /** Run the matching assertions on the real snapshot (scenarios: no model snapshot to compare with). */
  async checkCurrent(event: EventObject): Promise<void> {
    await this.check(this.actor!.getSnapshot() as AnyMachineSnapshot, event);
  }

  /** Compare the real snapshot with the model's and run the matching assertions. */
  async check(expected: AnyMachineSnapshot, event: EventObject): Promise<void> {
    if (this.errors.length) throw this.errors[0] instanceof Error ? this.errors[0] : new Error(String(this.errors[0]));
    const real = this.actor!.getSnapshot() as AnyMachineSnapshot;
    const machine = this.model.machine;
    if (stableJson(real.value) !== stableJson(expected.value) || real.status !== expected.status) {
      throw new Error(
        `real actor is in ${stableJson(real.value)} (${real.status}), the model expected ${stableJson(expected.value)} (${expected.status})`,
      );
    }
    const cmp = this.model.compareContext ?? true;
    if (cmp) {
      // With a custom stateKey the model's snapshots stand for all snapshots with that key, so
      // the key is what must agree; otherwise the whole context.
      const key = this.model.stateKey;
      const project =
        typeof cmp === 'function' ? (s: AnyMachineSnapshot) => cmp(s.context) : key ? key : (s: AnyMachineSnapshot) => s.context;
      const a = stableJson(project(real));
      const b = stableJson(project(expected));
      if (a !== b) throw new Error(`real context differs from the model's:\n  real:  ${a}\n  model: ${b}`);
    }
    const keys = Object.keys(this.assertions).filter((k) => keyMatches(machine, real, k));
    const run: RunContext = {
      invocations: this.invocations,
      actionCalls: this.actionCalls,
      stepCalls: this.actionCalls.slice(this.stepStart),
      previous: this.before,
      history: this.history,
      event,
      now: this.clock.now(),
    };
    for (const key of keys) await this.assertions[key]!(real, run);
    this.record.push({
      event: stableJson(event),
      at: run.now,
      state: stableJson(real.value),
      status: real.status,
      tags: [...real.tags].sort(),
      context: contextDigest(real.context),
      effects: run.stepCalls.map((c) => `${c.action} ${stableJson(c.params)}`),
      started: this.invocations.slice(this.invocationsSeen).map((i) => `${i.src} ${stableJson(i.input)}`),
      cancelled: this.invocations.filter((i) => i.aborted && !this.abortedSeen.has(i)).map((i) => i.src),
      sent: this.messages.slice(this.messagesSeen),
      timers: this.clock.scheduled.slice(this.timersSeen),
    });
    this.steps.push({ event, value: real.value, tags: [...real.tags].sort(), context: real.context, transitions: this.stepTaken });
    this.stepTaken = [];
    this.invocationsSeen = this.invocations.length;
    for (const i of this.invocations) if (i.aborted) this.abortedSeen.add(i);
    this.timersSeen = this.clock.scheduled.length;
    this.messagesSeen = this.messages.length;
    // A leaf counts as asserted when an assertion about it (not only about a sibling region) ran.
    for (const node of activeNodes(machine, real.value)) {
      if (node.type !== 'atomic' && node.type !== 'final') continue;
      this.visited.add(statePath(node));
      // A tag or '*' assertion adds to a state's own assertion; it never stands in for it.
      const own = keys.some((k) => {
        if (k === '*' || k.startsWith('tag:')) return false;
        if (k.startsWith('#')) return node.id === k.slice(1) || node.id.startsWith(`${k.slice(1)}.`);
        const dotted = node.path.join('.');
        return dotted === k || dotted.startsWith(`${k}.`);
      });
      if (own) this.asserted.add(statePath(node));
    }
  }
}

/** Runs a scenario of the model: its events in order on a real actor, every state asserted and recorded. */
export async function runScenario(model: MachineModel, scenario: Scenario, assertions: StateAssertions = {}): Promise<PathRun> {
  const input = 'input' in scenario ? scenario.input : (model.input ?? model.inputs?.[0]);
  const run = new PathRun({ ...model, input }, assertions);
  try {
    for (const given of [{ type: 'xstate.init' }, ...scenario.events]) {
      // `done:<service>` / `error:<service>` answer the service's pending invocation; `wait:<ms>`
      // lets simulated time pass (timers due by then fire).
      const answer = /^(done|error):(.+)$/.exec(given.type);
      const wait = /^wait:(\d+)$/.exec(given.type);
      let event: EventObject = given;
      if (answer) {
        const [, kind, service] = answer;
        const inv = [...run.invocations].reverse().find((i) => (i.src === service || i.id === service) && !i.settled && !i.aborted);
        if (!inv) throw new Error(`scenario ${scenario.name}: ${service} is not running`);
        event = { ...given, type: `xstate.${kind}.actor.${inv.id}` };
      }
      if (wait) await run.wait(Number(wait[1]));
      else await run.exec(event);
      await run.checkCurrent(event);
    }
  } finally {
    run.stop();
  }
  return run;
}

/** Runs one path against a real actor; throws (with the path printed) on the first mismatch. */
export async function runPath(
  model: MachineModel,
  path: ModelPath,
  assertions: StateAssertions = {},
): Promise<PathRun> {
  const input = 'input' in path ? path.input : model.input;
  const run = new PathRun({ ...model, input }, assertions);
  const types = new Set(path.steps.map((s) => s.event.type));
  const events: Record<string, (step: { event: EventObject }) => Promise<void>> = {};
  let lastEvent: EventObject = { type: 'xstate.init' };
  for (const type of types) {
    events[type] = (step) => {
      lastEvent = step.event;
      return run.exec(step.event);
    };
  }
  try {
    // TestModel.testPath runs the steps: event executor, then the state check, step by step.
    await new TestModel<AnyMachineSnapshot, EventObject, unknown>(
      model.machine as unknown as ConstructorParameters<typeof TestModel<AnyMachineSnapshot, EventObject, unknown>>[0],
      { serializeState: (s) => stableJson(s.value), serializeEvent },
    ).testPath(path, {
      events: events as never,
      states: {
        '*': async (state: AnyMachineSnapshot) => {
          await run.check(state, lastEvent);
        },
      },
    });
  } finally {
    run.stop();
  }
  return run;
}

// ---------------------------------------------------------------------------------------------
// the path set: generated paths and scenarios

export type Scenario = NonNullable<MachineModel['scenarios']>[number];

/** One walk of the machine the model test runs: a generated path or a scenario of the model. */
export type Walk =
  | { kind: 'path'; name: string; path: ModelPath }
  | { kind: 'scenario'; name: string; scenario: Scenario };

/**
 * The path set of a machine: the generated paths (`transitionPaths`), then the model's scenarios,
 * named as the model test names them. The test runs exactly these, its coverage gate counts the
 * transitions they take, and `npm run paths` reports and lists the same.
 */
export function modelWalks(model: MachineModel): Walk[] {
  const paths = transitionPaths(model);
  return [
    ...paths.map((path, i): Walk => ({ kind: 'path', name: `path ${i + 1}/${paths.length}: ${describePath(model, path)}`, path })),
    ...(model.scenarios ?? []).map((scenario): Walk => ({ kind: 'scenario', name: `scenario: ${scenario.name}`, scenario })),
  ];
}

export function runWalk(model: MachineModel, walk: Walk, assertions: StateAssertions = {}): Promise<PathRun> {
  return walk.kind === 'path' ? runPath(model, walk.path, assertions) : runScenario(model, walk.scenario, assertions);
}

/** "Choosing date → SELECT_DATE {…} → Loading slots → …" for a walk as it ran (scenarios included). */
export function describeRun(model: MachineModel, run: PathRun): string {
  const names = invokeNames(model.machine);
  const parts: string[] = [];
  run.steps.forEach((step, i) => {
    if (i > 0) parts.push((/^wait:\d+$/.test(step.event.type) ? step.event.type : eventLabel(step.event.type, names)) + payloadHint(step.event));
    parts.push(describeValue(model.machine, step.value));
  });
  return parts.join(' → ');
}

// ---------------------------------------------------------------------------------------------
// coverage

export interface Coverage {
  machine: string;
  states: number;
  transitions: number;
  /** generated paths */
  paths: number;
  /** scenarios of the model */
  scenarios: number;
  covered: number;
  missing: MachineEdge[];
  edges: MachineEdge[];
}

export function coverageOf(model: MachineModel, taken: Set<string>, paths: number, scenarios = 0): Coverage {
  const edges = machineEdges(model.machine);
  const missing = edges.filter((e) => !taken.has(e.transitionKey));
  return {
    machine: model.name,
    states: countStates(model.machine),
    transitions: edges.length,
    paths,
    scenarios,
    covered: edges.length - missing.length,
    missing,
    edges,
  };
}

/** "47/47 (100 %)": the one coverage figure of a machine, in the report and in the gate's message. */
export function coverageFigure(c: Coverage): string {
  const pct = c.transitions === 0 ? 100 : Math.floor((c.covered / c.transitions) * 1000) / 10;
  return `${pct} % (${c.covered}/${c.transitions})`;
}

export function coverageMessage(c: Coverage): string {
  const by = `${c.paths + c.scenarios} paths (${c.paths} generated, ${c.scenarios} scenario${c.scenarios === 1 ? '' : 's'})`;
  return (
    `${c.machine}: ${c.covered}/${c.transitions} transitions covered by ${by}, ${coverageFigure(c)}; not taken:\n` +
    c.missing.map((e) => `  ${e.name}`).join('\n')
  );
}

/**
 * Leaves (atomic/final states) a path rested in but no assertion looked at. Transient leaves
 * (left at once by an eventless transition or a parent's onDone) are not rested in.
 */
export function unassertedLeaves(model: MachineModel, visited: Set<string>, asserted: Set<string>): string[] {
  return leafStates(model.machine)
    .map((n) => statePath(n))
    .filter((p) => visited.has(p) && !asserted.has(p));
}

/**
 * Runs the path set (no assertions) as the model test does and returns its coverage, the walks
 * and their runs: used by `npm run paths`, so the report's figure is the test gate's figure.
 */
export async function measure(model: MachineModel): Promise<{ coverage: Coverage; walks: Walk[]; runs: PathRun[] }> {
  const walks = modelWalks(model);
  const taken = new Set<string>();
  const runs: PathRun[] = [];
  for (const walk of walks) {
    const run = await runWalk(model, walk);
    runs.push(run);
    for (const k of run.taken) taken.add(k);
  }
  const scenarios = walks.filter((w) => w.kind === 'scenario').length;
  return { coverage: coverageOf(model, taken, walks.length - scenarios, scenarios), walks, runs };
}
