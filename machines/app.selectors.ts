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
 * The boot phase of a snapshot: a Boot state without one does not compile (BOOT_PHASES satisfies
 * a record of every Boot state), so the lookup needs neither a path reader nor a fallback: the home
 * page's JavaScript, which loads this, stays within its budget (build.mjs).
 */
export const bootPhaseOf = (snapshot: Pick<Snapshot, 'value'>): BootPhase => BOOT_PHASES[snapshot.value.Boot];
