/** What the auth screens share: the journey's actor and the returnTo query of the page. */
import { useSearch } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../../../../machines/auth.machine.js';
import { useJourney } from '../../journeys/use-journey.js';
import { safeReturnTo } from '../../navigation.js';

export type AuthActor = ActorRefFrom<typeof authMachine>;

export function useReturnTo(): string | null {
  const search = useSearch({ strict: false }) as { returnTo?: unknown };
  return safeReturnTo(search.returnTo);
}

/** The login and recovery journey this screen renders (src/app/journeys/auth.ts). */
export function useAuthActor(): AuthActor {
  return useJourney('auth');
}
