/**
 * Composition of the auth journey: the real services (src/api) and side effects (shell, router,
 * session storage) that machines/auth.machine.ts runs with in the browser. Tests provide fakes
 * to the machine the same way.
 */
import { fromPromise } from 'xstate';
import { authMachine, type AuthRoute } from '../../../../machines/auth.machine.js';
import type { ShopApi } from '../../../api/index.js';
import type { Customer } from '../../../api/schemas/accounts.js';
import { SESSION_KEYS, type StoredCustomer } from '../../../api/schemas/session.js';
import { ROUTES, safeReturnTo } from '../../navigation.js';
import { readItem, readJwtClaims } from '../../session.js';
import type { AppActor } from '../../shell-context.js';

export interface AuthDeps {
  api: ShopApi;
  app: AppActor;
  /** the router's navigate by href (path and query of this site) */
  navigate: (href: string, options?: { replace?: boolean }) => void;
  /** origin of the shop, for the recovery backlink */
  origin: string;
}

/** The customer as the shell stores it (src/api/schemas/session.ts StoredCustomerSchema). */
export function toStoredCustomer(customer: Customer): StoredCustomer {
  return { ...customer, guest: customer.isGuest };
}

/** §4: returnTo first, else the checkout redirect target, else the home page of the language. */
export function returnDestination(returnTo: string | null, redirectTarget: string | null, lang: string): string {
  return safeReturnTo(returnTo) ?? safeReturnTo(redirectTarget) ?? safeReturnTo(readItem(SESSION_KEYS.redirectTarget)) ?? `/${lang}`;
}

export function routeHref(lang: string, route: AuthRoute): string {
  return `/${lang}/${ROUTES[route].path}`;
}

export function provideAuth({ api, app, navigate, origin }: AuthDeps) {
  const lang = () => app.getSnapshot().context.lang;
  return authMachine.provide({
    actors: {
      login: fromPromise(({ input, signal }) => api.login(input.email, input.password, signal)),
      loadCustomer: fromPromise(({ input, signal }) => api.getCustomer(input.jwt, signal)),
      loadFormFields: fromPromise(({ signal }) => api.getCustomerAttr(signal)),
      register: fromPromise(({ input, signal }) => api.register(input, signal)),
      validateGuest: fromPromise(({ input, signal }) => api.validateCustomer(input, undefined, signal)),
      registerGuest: fromPromise(({ input, signal }) => api.registerGuest(input, signal)),
      requestPasswordReset: fromPromise(({ input, signal }) => api.requestPasswordReset(input.email, `${origin}/${lang()}/recover/`, signal)),
      confirmPasswordReset: fromPromise(({ input, signal }) => api.confirmPasswordReset(input.token, input.password, signal)),
    },
    actions: {
      notifyLoggedIn: (_, { jwt, customer, isGuest }) =>
        app.send({
          type: 'LOGGED_IN',
          jwt,
          customer: customer ? toStoredCustomer(customer) : null,
          isGuest: isGuest || Boolean(readJwtClaims(jwt)?.guest) || Boolean(customer?.isGuest),
        }),
      showToast: (_, { id, tone }) => app.send({ type: 'TOAST', toast: { id, tone } }),
      navigateBack: (_, { returnTo, redirectTarget }) => navigate(returnDestination(returnTo, redirectTarget, lang()), { replace: true }),
      navigateTo: (_, { route, returnTo }) => {
        const back = safeReturnTo(returnTo);
        navigate(`${routeHref(lang(), route)}${back ? `?returnTo=${encodeURIComponent(back)}` : ''}`);
      },
    },
  });
}
