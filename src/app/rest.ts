/**
 * When a shell is at rest (issue 25): the app machine booted, the router loaded the address's
 * route (its `beforeLoad` entered the journey), the journey has no `loading`/`busy` tag and no
 * request is under way. The server renders at that point; the browser hydrates at the same point,
 * reached with the same answers, so both render one state.
 */
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { bootPhaseOf } from '../../machines/app.selectors.js';
import type { ShellInstance } from './services.js';

export class ShellDidNotRest extends Error {}

/** Resolves when `ready(snapshot)` holds for the actor; `deadline` rejecting first rejects. */
function whenActor(actor: AnyActorRef, ready: (snapshot: AnyMachineSnapshot) => boolean, deadline: Promise<never>): Promise<void> {
  return Promise.race([
    new Promise<void>((resolve) => {
      if (ready(actor.getSnapshot() as AnyMachineSnapshot)) return resolve();
      const subscription = actor.subscribe((snapshot) => {
        if (!ready(snapshot as AnyMachineSnapshot)) return;
        subscription.unsubscribe();
        resolve();
      });
    }),
    deadline,
  ]);
}

const resting = (snapshot: AnyMachineSnapshot) => snapshot.status !== 'active' || !(snapshot.hasTag('loading') || snapshot.hasTag('busy'));

/** The journey actor the matched route entered, if any (src/app/router.tsx puts it in the route's context). */
export function journeyOf(shell: ShellInstance): AnyActorRef | undefined {
  const matches = shell.router.state.matches;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const journey = (matches[i]?.context as { journey?: AnyActorRef } | undefined)?.journey;
    if (journey) return journey;
  }
  return undefined;
}

/**
 * Waits for the shell to rest. Rejects with ShellDidNotRest when the app did not boot (its config
 * or messages failed), or when `deadline` (never, by default) rejects first.
 */
export async function whenShellRests(shell: ShellInstance, deadline: Promise<never> = new Promise<never>(() => {})): Promise<void> {
  await whenActor(shell.actor, (snapshot) => bootPhaseOf(snapshot as Parameters<typeof bootPhaseOf>[0]) !== 'loading', deadline);
  if (bootPhaseOf(shell.actor.getSnapshot()) !== 'ready') throw new ShellDidNotRest('the app did not boot (config or messages failed)');
  await Promise.race([shell.router.load(), deadline]);
  const journey = journeyOf(shell);
  if (journey) await whenActor(journey, resting, deadline);
  await whenActor(shell.actor, (snapshot) => !snapshot.hasTag('waiting'), deadline);
}
