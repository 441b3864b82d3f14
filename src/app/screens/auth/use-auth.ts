/** Starts the auth journey for a screen with the real services (one actor per screen visit). */
import { useEffect, useMemo } from 'react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { AuthEntry } from '../../../../machines/auth.machine.js';
import { useShell } from '../../shell-context.js';
import { registerLiveActor } from '../../flows/registry.js';
import { useConfig } from '../../hooks.js';
import { safeReturnTo } from '../../navigation.js';
import { provideAuth } from './provide.js';

export interface AuthSearch {
  returnTo?: unknown;
  fromUnauthorized?: unknown;
}

export function useReturnTo(): string | null {
  const search = useSearch({ strict: false }) as AuthSearch;
  return safeReturnTo(search.returnTo);
}

export function useAuthActor(entry: AuthEntry, recoveryToken?: string) {
  const { api, actor } = useShell();
  const router = useRouter();
  const config = useConfig();
  const returnTo = useReturnTo();
  const machine = useMemo(
    () =>
      provideAuth({
        api,
        app: actor,
        navigate: (href, options) => void router.navigate({ href, replace: options?.replace ?? false }),
        origin: typeof window === 'undefined' ? '' : window.location.origin,
      }),
    [api, actor, router],
  );
  const ref = useActorRef(machine, {
    input: {
      entry,
      recoveryToken: recoveryToken ?? null,
      returnTo,
      guestRegistrationEnabled: config.hasGuestRegistration,
      defaultCountry: config.defaultUserCountryKey,
    },
  });
  // the flow viewer (?flows) follows this journey live
  useEffect(() => registerLiveActor('auth', ref), [ref]);
  return ref;
}
