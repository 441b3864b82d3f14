/**
 * The parts of a catalogue (./load.ts), cut by the esbuild plugin and, in tests, by the vitest
 * config: the shell's (`?shell`, with a loader of each journey part of its language) and one per
 * journey part (`?tickets`, `?checkout`, …).
 */
declare module '*.json?shell' {
  const messages: Record<string, unknown>;
  export default messages;
  export const parts: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
}
