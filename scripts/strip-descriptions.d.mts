import type { Plugin } from 'esbuild';

/** `source` without its constant `description` properties (and their commas); `removed` counts them. */
export function stripDescriptions(source: string, fileName?: string): { code: string; removed: number };

/** The esbuild plugin: every TypeScript module directly under `machinesDir`. */
export default function stripDescriptionsPlugin(machinesDir: string): Plugin;
