/** The two parts of a catalogue (./load.ts), cut by the esbuild plugin and, in tests, by the vitest config. */
declare module '*.json?shell' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?journeys' {
  const messages: Record<string, unknown>;
  export default messages;
}
