/**
 * What the settings screen (src/app/screens/settings) reads of the settings machine
 * (machines/settings.machine.ts): one view per state, typed by the machine's state names (a state
 * added or renamed there does not compile until it has a view here, and an unknown one throws).
 * The forms' fields, errors, notices and `busy` tag are read from the snapshot as they are.
 */
import type { settingsMachine } from './settings.machine.js';
import { viewReader, type StatePath } from './state-paths.js';

/** The account loading, its loading failed (try again), or the four forms ready (each edited or saving: `busy`). */
export type SettingsView = 'loading' | 'failed' | 'ready';

export const SETTINGS_VIEWS = {
  'Loading account': 'loading',
  'Loading failed': 'failed',
  'Ready.Editing': 'ready',
  'Ready.Checking details': 'ready',
  'Ready.Saving details': 'ready',
  'Ready.Saving address': 'ready',
  'Ready.Changing password': 'ready',
  'Ready.Changing e-mail': 'ready',
  // the shell takes the visitor to login; until the page changes it says it is loading
  'Session expired': 'loading',
} as const satisfies Record<StatePath<typeof settingsMachine>, SettingsView>;

/** The view of a snapshot; throws on a state without one. */
export const settingsViewOf = viewReader<SettingsView>('settings', SETTINGS_VIEWS);
