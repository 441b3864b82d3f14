/**
 * Live actors the flow viewer shows. The app registers each journey's actor under its machine
 * name (the file name in machines/: 'app', 'cart', 'eventTicketing' …):
 *
 *   const stop = registerLiveActor('app', appActor);   // call stop() when the actor goes away
 *
 * Tiny and dependency-free so the app can import it eagerly; the viewer itself is lazy.
 */
import { useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';

const actors = new Map<string, AnyActorRef>();
let current: ReadonlyMap<string, AnyActorRef> = new Map();
const listeners = new Set<() => void>();

function publish(): void {
  current = new Map(actors);
  for (const l of listeners) l();
}

export function registerLiveActor(name: string, actorRef: AnyActorRef): () => void {
  actors.set(name, actorRef);
  publish();
  return () => {
    if (actors.get(name) === actorRef) {
      actors.delete(name);
      publish();
    }
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registered actors by machine name; re-renders when one is added or removed. */
export function useLiveActors(): ReadonlyMap<string, AnyActorRef> {
  return useSyncExternalStore(subscribe, () => current, () => current);
}
