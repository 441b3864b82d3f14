/**
 * The import graph of the project's own modules, as esbuild resolves it (static and lazy imports
 * alike: a lazy import is still a dependency a reader has to follow), and its cycles.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type ImportGraph = Map<string, string[]>;

/** Every module reachable from the entry points, with the project modules it imports (paths from the root). */
export async function importGraph(entryPoints: string[], platform: 'browser' | 'node' = 'browser'): Promise<ImportGraph> {
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    splitting: true,
    format: 'esm',
    outdir: 'out',
    platform,
    packages: platform === 'node' ? 'external' : undefined,
    logLevel: 'silent',
    loader: { '.json': 'json', '.css': 'empty', '.svg': 'text' },
    external: ['node:*'],
  });
  const own = (file: string) => !file.includes('node_modules') && !file.startsWith('<') && /\.(ts|tsx|mts)$/.test(file.split('?')[0] ?? '');
  const graph: ImportGraph = new Map();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    if (!own(file)) continue;
    graph.set(file, [...new Set(input.imports.map((i) => i.path).filter(own))]);
  }
  return graph;
}

/** The strongly connected components with more than one module (or a module importing itself): each is an import cycle. */
export function importCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return cycles;
}
