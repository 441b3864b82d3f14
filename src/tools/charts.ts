/**
 * Chart sources generated from a machine's structure: Stately-importable source, Mermaid
 * stateDiagram-v2 and Graphviz DOT. Pure functions (no I/O), deterministic output.
 */
import { type AnyStateMachine, type AnyStateNode } from 'xstate';
import { allStateNodes, eventLabel, invokeNames, machineEdges, statePath, type MachineEdge } from './machine-graph.js';

// ---------------------------------------------------------------------------------------------
// Stately editor source: createMachine({...}) with named actions, guards, actors and delays

function refName(ref: unknown): string {
  if (typeof ref === 'string') return ref;
  if (typeof ref === 'function') {
    const f = ref as { type?: unknown; name?: string };
    if (typeof f.type === 'string') return f.type; // built-in action creators: xstate.assign …
    return f.name || 'inline';
  }
  if (ref && typeof ref === 'object' && 'type' in ref) return String((ref as { type: unknown }).type);
  return 'inline';
}

function refs(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map(refName);
}

function guardRef(guard: unknown): unknown {
  if (guard === undefined) return undefined;
  if (typeof guard === 'function') {
    const g = guard as { guards?: unknown[]; name?: string };
    if (Array.isArray(g.guards)) return { type: g.name, guards: g.guards.map(guardRef) } as unknown;
  }
  return refName(guard);
}

function transitionsOut(config: unknown): unknown {
  if (config === undefined) return undefined;
  const list = Array.isArray(config) ? config : [config];
  const out = list.map((t: unknown) => {
    if (typeof t === 'string' || t === undefined) return { target: t };
    const c = t as Record<string, unknown>;
    const o: Record<string, unknown> = {};
    if (c.target !== undefined) o.target = c.target;
    if (c.guard !== undefined) o.guard = guardRef(c.guard);
    if (c.actions !== undefined) o.actions = refs(c.actions);
    if (c.reenter) o.reenter = true;
    if (c.description) o.description = c.description;
    return o;
  });
  return out.length === 1 ? out[0] : out;
}

function staterConfig(node: AnyStateNode): Record<string, unknown> {
  const c = node.config as Record<string, unknown>;
  const o: Record<string, unknown> = {};
  if (node === node.machine.root) o.id = node.machine.id;
  else if (typeof c.id === 'string') o.id = c.id;
  if (c.description) o.description = c.description;
  if (c.type && c.type !== 'atomic' && c.type !== 'compound') o.type = c.type;
  if (typeof c.initial === 'string') o.initial = c.initial;
  if (c.tags !== undefined) o.tags = Array.isArray(c.tags) ? c.tags : [c.tags];
  if (c.entry !== undefined) o.entry = refs(c.entry);
  if (c.exit !== undefined) o.exit = refs(c.exit);
  if (c.invoke !== undefined) {
    const list = Array.isArray(c.invoke) ? c.invoke : [c.invoke];
    const inv = list.map((i: Record<string, unknown>) => {
      const r: Record<string, unknown> = {};
      if (typeof i.id === 'string') r.id = i.id;
      r.src = typeof i.src === 'string' ? i.src : refName(i.src);
      if (i.onDone !== undefined) r.onDone = transitionsOut(i.onDone);
      if (i.onError !== undefined) r.onError = transitionsOut(i.onError);
      return r;
    });
    o.invoke = inv.length === 1 ? inv[0] : inv;
  }
  if (c.on) {
    const on: Record<string, unknown> = {};
    for (const [ev, t] of Object.entries(c.on as Record<string, unknown>)) on[ev] = transitionsOut(t);
    o.on = on;
  }
  if (c.after) {
    const after: Record<string, unknown> = {};
    for (const [d, t] of Object.entries(c.after as Record<string, unknown>)) after[d] = transitionsOut(t);
    o.after = after;
  }
  if (c.always !== undefined) o.always = transitionsOut(c.always);
  if (c.onDone !== undefined) o.onDone = transitionsOut(c.onDone);
  if (c.meta && isJson(c.meta)) o.meta = c.meta;
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length) {
    const states: Record<string, unknown> = {};
    for (const child of children) states[child.key] = staterConfig(child);
    o.states = states;
  }
  return o;
}

function isJson(v: unknown): boolean {
  try {
    return JSON.stringify(v) !== undefined && !JSON.stringify(v).includes('"__proto__"');
  } catch {
    return false;
  }
}

export function toStatelySource(name: string, machine: AnyStateMachine): string {
  const config = staterConfig(machine.root);
  const ctx = (machine.config as { context?: unknown }).context;
  if (ctx && typeof ctx === 'object' && isJson(ctx)) config.context = ctx;
  return [
    `// Generated from machines/${name}.machine.ts by \`npm run statecharts\`. Do not edit.`,
    '// To view or edit in the Stately editor: "Import" → "From code", paste this file.',
    '// Actions, guards, actors and delays are the names the machine gives them in setup().',
    "import { createMachine } from 'xstate';",
    '',
    `export const machine = createMachine(${JSON.stringify(config, null, 2)});`,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// helpers shared by Mermaid and DOT

function edgeLabel(e: MachineEdge): string {
  return `${e.event}${e.guard ? ` [${e.guard}]` : ''}`;
}

/** Deepest common ancestor strictly above both nodes. */
function lca(a: AnyStateNode, b: AnyStateNode): AnyStateNode {
  const above = (n: AnyStateNode): AnyStateNode[] => {
    const out: AnyStateNode[] = [];
    let p = n.parent as AnyStateNode | undefined;
    while (p) {
      out.push(p);
      p = p.parent as AnyStateNode | undefined;
    }
    return out;
  };
  const bs = new Set(above(b));
  for (const p of above(a)) if (bs.has(p) && p !== a && p !== b) return p;
  return a.machine.root;
}

function makeIds(machine: AnyStateMachine, prefix: string): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  for (const node of allStateNodes(machine)) {
    let base = `${prefix}${node.path.length ? node.path.join('_') : 'root'}`.replace(/[^A-Za-z0-9_]/g, '_');
    while (used.has(base)) base += '_';
    used.add(base);
    ids.set(node, base);
  }
  return ids;
}

const isCompound = (n: AnyStateNode): boolean => Object.keys(n.states).length > 0;

// ---------------------------------------------------------------------------------------------
// Mermaid stateDiagram-v2

export function toMermaid(machine: AnyStateMachine): string {
  const ids = makeIds(machine, 's_');
  const edges = machineEdges(machine);
  const byBlock = new Map<AnyStateNode, MachineEdge[]>();
  for (const e of edges) {
    const block = e.targetless ? ((e.source.parent as AnyStateNode | undefined) ?? machine.root) : lca(e.source, e.target);
    byBlock.set(block, [...(byBlock.get(block) ?? []), e]);
  }
  const lines: string[] = ['stateDiagram-v2'];
  const esc = (s: string): string => s.replace(/"/g, "'");
  const block = (node: AnyStateNode, indent: string): void => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type !== 'parallel' && typeof node.config.initial === 'string') {
      const initial = node.states[node.config.initial as string] as AnyStateNode | undefined;
      if (initial) lines.push(`${indent}[*] --> ${ids.get(initial)}`);
    }
    children.forEach((child, i) => {
      if (node.type === 'parallel' && i > 0) lines.push(`${indent}--`);
      if (isCompound(child)) {
        lines.push(`${indent}state "${esc(child.key)}" as ${ids.get(child)} {`);
        block(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${esc(child.key)}" as ${ids.get(child)}`);
      }
      if (child.type === 'final') lines.push(`${indent}${ids.get(child)} --> [*]`);
      if (child.description) lines.push(`${indent}note right of ${ids.get(child)} : ${esc(child.description).replace(/\n/g, ' ')}`);
    });
    for (const e of byBlock.get(node) ?? []) {
      const target = e.targetless ? e.source : e.target;
      lines.push(`${indent}${ids.get(e.source)} --> ${ids.get(target)} : ${esc(edgeLabel(e))}`);
    }
  };
  if (machine.root.type === 'parallel') {
    lines.push(`  state "${esc(machine.id)}" as ${ids.get(machine.root)} {`);
    block(machine.root, '    ');
    lines.push('  }');
  } else {
    block(machine.root, '  ');
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Graphviz DOT (clusters for compound states; node and cluster ids are the state node ids so
// the flow viewer can highlight the active states in the SVG)
//
// A transition that does not leave its state (no target, or the state itself as target) is not
// drawn as a loop: loops of one state pile their labels on each other. It is listed inside the
// state's box under a line, as the Stately editor lists them: the event, the guard in brackets,
// and "(starts over)" where the state is entered again. Labels are HTML-like tables with a little
// padding, so labels Graphviz places side by side never run into each other.

function q(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function html(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Point size of the transitions listed inside a state and of edge labels. */
const EVENT_FONT_SIZE = 9;

/** Transitions that stay in their state: listed inside its box instead of drawn as loops. */
export function staysInState(e: MachineEdge): boolean {
  return e.targetless || e.target === e.source;
}

function insideLabel(e: MachineEdge): string {
  return `${edgeLabel(e)}${e.targetless ? '' : ' (starts over)'}`;
}

/** Colour of a transition the browser replays took: with a thicker line (edges) or underlined (listed in a box), never colour alone. */
const PROVEN_COLOR = '#15803d';
const PROVEN_WIDTH = 2.5;

/** Whether the browser replays took a transition (always false for a machine without replays). */
type Proven = (e: MachineEdge) => boolean;

const listRows = (inside: MachineEdge[], proven: Proven): string[] =>
  inside.map((e) => {
    const text = html(insideLabel(e));
    const shown = proven(e) ? `<font color="${PROVEN_COLOR}"><u>${text}</u></font>` : text;
    return `<tr><td align="left"><font point-size="${EVENT_FONT_SIZE}">${shown}</font></td></tr>`;
  });

/** The label of a state: its name, tags and services, then (atomic states) the transitions that stay in it. */
function stateLabel(title: string, lines: string[], inside: MachineEdge[], proven: Proven): string {
  const rows = [title, ...lines].map((text) => `<tr><td>${html(text)}</td></tr>`);
  if (inside.length) rows.push('<hr/>', ...listRows(inside, proven));
  return `<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">${rows.join('')}</table>>`;
}

/**
 * The transitions that stay in a compound state, as a list inside its box (the cluster's anchor,
 * where its own outgoing edges start): in the cluster's label dot would not leave room for them.
 */
function listLabel(inside: MachineEdge[], proven: Proven): string {
  return `<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">${listRows(inside, proven).join('')}</table>>`;
}

/** An edge label with room around it. */
function edgeHtml(text: string): string {
  return `<<table border="0" cellborder="0" cellspacing="0" cellpadding="3"><tr><td>${html(text)}</td></tr></table>>`;
}

/**
 * The chart's legend for a machine with browser replays: what the two kinds of line and the
 * underlined events mean. Line samples are table cells filled in the lines' colours and widths.
 */
function legend(): string {
  const sample = (color: string, height: number) =>
    `<td><table border="0" cellspacing="0" cellpadding="0"><tr><td width="36" height="${height}" fixedsize="true" bgcolor="${color}"></td></tr></table></td>`;
  const row = (cells: string, text: string) => `<tr>${cells}<td align="left">${html(text)}</td></tr>`;
  return `<<table border="0" cellborder="0" cellspacing="4" cellpadding="0">${[
    row(sample(PROVEN_COLOR, 3), 'thick green line, or underlined green event in a box: proven in the browser (a replay takes it)'),
    row(sample('#475569', 1), 'thin grey or red line, or plain event in a box: checked by the model test only'),
  ].join('')}</table>>`;
}

/** The SVG id of a transition's arrow: its name, with `_` for the spaces an HTML id may not have. */
export function transitionId(machineId: string, name: string): string {
  return `transition:${machineId}:${name}`.replace(/\s/g, '_');
}

/**
 * The Graphviz source of a machine's chart. `proven` names the transitions the browser replays
 * took (tests/replay/results/<machine>.json): those are drawn thick and green, or underlined and
 * green in a state's list, and a legend says so; without it (no replays) the chart has no legend.
 */
export function toDot(machine: AnyStateMachine, proven?: ReadonlySet<string>): string {
  const isProven: Proven = (e) => proven?.has(e.name) ?? false;
  const ids = makeIds(machine, 'n_');
  const names = invokeNames(machine);
  const edges = machineEdges(machine);
  const inside = new Map<AnyStateNode, MachineEdge[]>();
  for (const e of edges.filter(staysInState)) inside.set(e.source, [...(inside.get(e.source) ?? []), e]);
  const out: string[] = [
    `digraph ${q(machine.id)} {`,
    '  compound=true; rankdir=TB; fontname="Helvetica"; fontsize=12; nodesep=0.35; ranksep=0.45;',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#334155", fontname="Helvetica", fontsize=11, margin="0.15,0.06"];',
    `  edge [fontname="Helvetica", fontsize=${EVENT_FONT_SIZE}, color="#475569", fontcolor="#1e293b", arrowsize=0.7];`,
  ];
  const anchor = (n: AnyStateNode): string => (isCompound(n) ? `${ids.get(n)}__anchor` : ids.get(n)!);
  const lines = (n: AnyStateNode): string[] => [
    ...((n.tags as string[]).length ? [`(${(n.tags as string[]).join(', ')})`] : []),
    ...n.invoke.map((inv: { id: string }) => `invoke ${names.get(inv.id) ?? inv.id}`),
  ];
  const label = (n: AnyStateNode, title = n.key): string => stateLabel(title, lines(n), isCompound(n) ? [] : (inside.get(n) ?? []), isProven);
  const anchorNode = (n: AnyStateNode): string =>
    inside.get(n)?.length
      ? `${q(anchor(n))} [shape=box, style="rounded,dashed", color="#94a3b8", fillcolor="#ffffff", margin="0.08,0.04", label=${listLabel(inside.get(n)!, isProven)}, id=${q(`events:${n.id}`)}];`
      : `${q(anchor(n))} [shape=point, style=invis, width=0, height=0, label=""];`;
  const render = (node: AnyStateNode, indent: string): void => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type !== 'parallel' && typeof node.config.initial === 'string') {
      const initial = node.states[node.config.initial as string] as AnyStateNode | undefined;
      if (initial) {
        out.push(`${indent}${q(`${ids.get(node)}__initial`)} [shape=point, width=0.12, fillcolor="#0f172a", label=""];`);
        const lhead = isCompound(initial) ? `, lhead=${q(`cluster_${ids.get(initial)}`)}` : '';
        out.push(`${indent}${q(`${ids.get(node)}__initial`)} -> ${q(anchor(initial))} [arrowsize=0.6${lhead}];`);
      }
    }
    for (const child of children) {
      if (isCompound(child)) {
        out.push(`${indent}subgraph ${q(`cluster_${ids.get(child)}`)} {`);
        out.push(
          `${indent}  label=${label(child)}; id=${q(`state:${child.id}`)}; style=${child.type === 'parallel' ? '"rounded,dashed"' : 'rounded'}; color="#64748b"; bgcolor="${node.type === 'parallel' ? '#f8fafc' : '#f1f5f9'}";`,
        );
        out.push(`${indent}  ${anchorNode(child)}`);
        render(child, `${indent}  `);
        out.push(`${indent}}`);
      } else {
        const final = child.type === 'final' ? ', peripheries=2' : '';
        out.push(`${indent}${q(ids.get(child)!)} [label=${label(child)}, id=${q(`state:${child.id}`)}${final}];`);
      }
    }
  };
  out.push(`  subgraph ${q(`cluster_${ids.get(machine.root)}`)} {`);
  out.push(`    label=${label(machine.root, machine.id)}; id=${q(`state:${machine.root.id}`)}; style=${machine.root.type === 'parallel' ? '"rounded,dashed"' : 'rounded'}; color="#94a3b8";`);
  out.push(`    ${anchorNode(machine.root)}`);
  render(machine.root, '    ');
  out.push('  }');
  if (proven) out.push(`  label=${legend()}; labelloc=b; labeljust=l; fontsize=${EVENT_FONT_SIZE + 2};`);
  // Edges both ways between two states are all written one way (the way the first one goes),
  // the others with their arrow turned round (`dir=back`): dot merges a pair of opposite edges
  // into one chain and draws both labels in one place.
  const forward = new Set<string>();
  for (const e of edges) {
    if (staysInState(e)) continue;
    if (!forward.has(`${anchor(e.target)} ${anchor(e.source)}`)) forward.add(`${anchor(e.source)} ${anchor(e.target)}`);
  }
  for (const e of edges) {
    if (staysInState(e)) continue;
    const back = !forward.has(`${anchor(e.source)} ${anchor(e.target)}`);
    const [tail, head] = back ? [e.target, e.source] : [e.source, e.target];
    const attrs = [`label=${edgeHtml(edgeLabel(e))}`];
    if (back) attrs.push('dir=back');
    if (isCompound(tail)) attrs.push(`ltail=${q(`cluster_${ids.get(tail)}`)}`);
    if (isCompound(head)) attrs.push(`lhead=${q(`cluster_${ids.get(head)}`)}`);
    if (e.eventType.startsWith('xstate.error.')) attrs.push('color="#b91c1c"', 'fontcolor="#b91c1c"');
    if (e.eventType.startsWith('xstate.after.')) attrs.push('style=dashed');
    if (isProven(e)) attrs.push(`color="${PROVEN_COLOR}"`, `penwidth=${PROVEN_WIDTH}`, 'class="proven"');
    // charts of machines with replays name their arrows, so a test can find a transition in the SVG
    if (proven) attrs.push(`id=${q(transitionId(machine.id, e.name))}`);
    out.push(`  ${q(anchor(tail))} -> ${q(anchor(head))} [${attrs.join(', ')}];`);
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}

export { statePath, eventLabel };
