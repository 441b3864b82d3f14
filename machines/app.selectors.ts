/**
 * What the shell reads of the app machine (machines/app.machine.ts): where the boot stands, one
 * phase per state of the Boot region, typed by the machine's state names (a state added or renamed
 * there does not compile until it has a phase here).
 */
import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './app.machine.js';

type Snapshot = SnapshotFrom<typeof appMachine>;
export type BootState = Snapshot['value']['Boot'];

/** Loading (a calm loading screen), failed (the retry screen) or ready (the shop renders). */
export type BootPhase = 'loading' | 'failed' | 'ready';

export const BOOT_PHASES = {
  'Loading configuration': 'loading',
  'Configuration failed': 'failed',
  'Loading messages': 'loading',
  'Messages failed': 'failed',
  'Restoring session': 'loading',
  'Loading payment types': 'loading',
  'Loading shop information': 'loading',
  Ready: 'ready',
} as const satisfies Record<BootState, BootPhase>;

/**
 * The boot phase of a snapshot; throws on a Boot state without one. (The Boot region's states are
 * atomic: looked up directly, which keeps machines/state-paths.ts out of the home page's JavaScript.)
 */
export function bootPhaseOf(snapshot: Pick<Snapshot, 'value'>): BootPhase {
  const phase: BootPhase | undefined = (BOOT_PHASES as Partial<Record<string, BootPhase>>)[snapshot.value.Boot];
  if (phase === undefined) throw new Error(`app: no view for the state '${snapshot.value.Boot}' of Boot`);
  return phase;
}
