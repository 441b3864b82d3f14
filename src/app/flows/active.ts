/** Which state nodes a snapshot value activates (no xstate/graph, so it stays small). */
import type { StateValue } from 'xstate';

interface NodeLike {
  id: string;
  key: string;
  type: string;
  states: Record<string, NodeLike>;
}

/** Ids of the active state nodes (parents included), root excluded. */
export function activeStateIds(root: NodeLike, value: StateValue): string[] {
  const out: string[] = [];
  const walk = (node: NodeLike, v: StateValue): void => {
    if (typeof v === 'string') {
      const child = node.states[v];
      if (child) out.push(child.id);
      return;
    }
    for (const [key, sub] of Object.entries(v)) {
      const child = node.states[key];
      if (!child) continue;
      out.push(child.id);
      if (sub !== undefined) walk(child, sub as StateValue);
    }
  };
  walk(root, value);
  return out;
}

/** Plain words: the active leaves, parallel regions joined with ' + '. */
export function describeActive(root: NodeLike, value: StateValue): string {
  const leaves: string[] = [];
  const walk = (node: NodeLike, v: StateValue): void => {
    if (typeof v === 'string') {
      const child = node.states[v];
      if (child) leaves.push(child.key);
      return;
    }
    for (const [key, sub] of Object.entries(v)) {
      const child = node.states[key];
      if (child && sub !== undefined) walk(child, sub as StateValue);
    }
  };
  walk(root, value);
  return leaves.join(' + ');
}
