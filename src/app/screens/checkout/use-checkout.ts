/** Starts the checkout journey for a screen with the real services (one actor per screen visit). */
import { useEffect, useMemo } from 'react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { CheckoutEntry, ProviderReturn } from '../../../../machines/checkout.machine.js';
import { useShell } from '../../shell-context.js';
import { registerLiveActor } from '../../flows/registry.js';
import { useConfig } from '../../hooks.js';
import { provideCheckout, readFinishedBooking, readStoredCartId } from './provide.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value.slice(0, 64) : typeof value === 'number' ? String(value) : null);

export function useCheckoutActor(entry: CheckoutEntry, orderId?: string) {
  const { api, actor: app, cart } = useShell();
  const router = useRouter();
  const config = useConfig();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const machine = useMemo(
    () =>
      provideCheckout({
        api,
        app,
        navigate: (href, options) => void router.navigate({ href, replace: options?.replace ?? false }),
        origin: typeof window === 'undefined' ? '' : window.location.origin,
      }),
    [api, app, router],
  );
  const session = app.getSnapshot().context;
  const providerReturn: ProviderReturn = { us: text(search.us), sessionUs: text(search.sessionUs), cartId: text(search.cartId) };
  const ref = useActorRef(machine, {
    input: {
      entry,
      cart,
      jwt: session.jwt,
      paymentTypes: session.paymentTypes,
      defaultPaymentType: config.defaultPaymentType,
      confirmPayment: config.confirmPayment,
      partner: session.partner,
      providerReturn,
      storedCartId: readStoredCartId(),
      finishedBooking: readFinishedBooking(),
      orderId: orderId ?? null,
    },
  });
  // the flow viewer (?flows) follows this journey live
  useEffect(() => registerLiveActor('checkout', ref), [ref]);
  return ref;
}

/** The session token: the checkout actor starts again when it changes (login, logout, 401). */
export function useJwt(): string | null {
  return useSelector(useShell().actor, (s) => s.context.jwt);
}
