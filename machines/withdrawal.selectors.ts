/**
 * What the withdrawal screen (src/app/screens/withdrawal) reads of the withdrawal machine
 * (machines/withdrawal.machine.ts): one step per state, typed by the machine's state names (a
 * state added or renamed there does not compile until it has a step here), and the statement
 * the second step shows.
 */
import type { SnapshotFrom } from 'xstate';
import type { WithdrawalLine } from '../src/api/schemas/withdrawal.js';
import type { withdrawalMachine } from './withdrawal.machine.js';
import { viewReader, type StatePath } from './state-paths.js';

/** The step the page shows. */
export type WithdrawalStep = 'identify' | 'finding' | 'findFailed' | 'nothingOpen' | 'lines' | 'details' | 'confirm' | 'sending' | 'sendFailed' | 'received' | 'off';

export const WITHDRAWAL_STEPS = {
  // Opening passes on at once (eventless): never shown
  Opening: 'finding',
  'Identifying the order': 'identify',
  'Finding the order': 'finding',
  'Finding failed': 'findFailed',
  'Nothing to withdraw': 'nothingOpen',
  'Choosing lines': 'lines',
  'Giving name and e-mail': 'details',
  Confirming: 'confirm',
  'Sending statement': 'sending',
  'Sending failed': 'sendFailed',
  'Withdrawal received': 'received',
  'Function off': 'off',
} as const satisfies Record<StatePath<typeof withdrawalMachine>, WithdrawalStep>;

/** The step of a snapshot; throws on a state without one. */
export const withdrawalStepOf = viewReader<WithdrawalStep>('withdrawal', WITHDRAWAL_STEPS);

type Snapshot = SnapshotFrom<typeof withdrawalMachine>;

/** The lines the statement names, as the order answered them (the second step and the received page show them). */
export function chosenLinesOf(snapshot: Snapshot): WithdrawalLine[] {
  const { order, chosen } = snapshot.context;
  return (order?.lines ?? []).filter((line) => chosen.includes(line.line));
}
