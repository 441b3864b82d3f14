/**
 * The login and recovery journey (machines/auth.machine.ts) with the real services (src/api)
 * and the shell: its routes are login, register, register-guest, forgot-password,
 * recover/{guid} and confirm-email/{guid} (issue 44); a link between them (or back and forward) is the machine's OPEN_* event. The
 * success pages are routes of their own (the machine's final states name them). `returnTo`
 * travels in every URL of the journey; the checkout is the redirect target when the journey
 * starts there or on one of its return pages (§4 "leaving checkout towards login … remembers
 * checkout"; issue 45): the page left (the checkout journey's own address of it).
 */
import { fromPromise } from 'xstate';
import { authMachine, type AuthEvent } from '../../../machines/auth.machine.js';
import { toStoredCustomer } from '../../api/schemas/session.js';
import { readJwtClaims } from '../session.js';
import { cartHasMerchandise } from '../../domain/shipping.js';
import { returnDestination } from '../navigation.js';
import type { Shell } from '../shell-context.js';
import { routeHref, type PlainRouteName, type RouteName, type SearchParams, type ShopRouteName } from '../../domain/routes.js';
import type { Journey } from './host.js';

/** The checkout's pages a login leads back to (§4): the checkout and the provider's return pages (src/domain/routes.ts). */
const CHECKOUT_PAGES: ReadonlySet<RouteName> = new Set<RouteName>(['checkout', 'checkoutAccepted', 'checkoutCanceled', 'checkoutFailed']);

const LINKS: Partial<Record<ShopRouteName, AuthEvent['type']>> = {
  login: 'OPEN_LOGIN',
  register: 'OPEN_REGISTRATION',
  guestRegister: 'OPEN_GUEST_REGISTRATION',
  forgotPassword: 'OPEN_FORGOT_PASSWORD',
};

export const authJourney: Journey<typeof authMachine, Shell, 'auth'> = {
  name: 'auth',
  machine: ({ api, actor: app, navigate }) => {
    const lang = () => app.getSnapshot().context.lang;
    return authMachine.provide({
      actors: {
        login: fromPromise(({ input, signal }) => api.login(input.email, input.password, signal)),
        loadCustomer: fromPromise(({ input, signal }) => api.getCustomer(input.jwt, signal)),
        loadFormFields: fromPromise(({ signal }) => api.getCustomerAttr(signal)),
        register: fromPromise(({ input, signal }) => api.register(input, signal)),
        validateGuest: fromPromise(({ input, signal }) => api.validateCustomer(input, undefined, signal)),
        registerGuest: fromPromise(({ input, signal }) => api.registerGuest(input, signal)),
        requestPasswordReset: fromPromise(({ input, signal }) =>
          api.requestPasswordReset(input.email, `${typeof window === 'undefined' ? '' : window.location.origin}/${lang()}/recover/`, signal),
        ),
        confirmPasswordReset: fromPromise(({ input, signal }) => api.confirmPasswordReset(input.token, input.password, signal)),
        checkRecoveryLink: fromPromise(({ input, signal }) => api.checkRecoveryLink(input.token, signal)),
        confirmEmailChange: fromPromise(({ input, signal }) => api.confirmEmailChange(input.token, signal)),
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
        navigateBack: (_, { returnTo, redirectTarget }) => navigate(returnDestination(returnTo, redirectTarget, lang()), true),
      },
    });
  },
  input: ({ actor: app, cart }, entry, from) => {
    const config = app.getSnapshot().context.config;
    return {
      cartShips: cartHasMerchandise(cart.getSnapshot().context.lines),
      returnTo: entry.search.returnTo ?? null,
      redirectTarget: from && CHECKOUT_PAGES.has(from.route) ? from.href : null,
      guestRegistrationEnabled: config?.hasGuestRegistration ?? false,
      defaultCountry: config?.defaultUserCountryKey ?? null,
    };
  },
  event: (entry) => {
    if (entry.route === 'recoverAccount') return { type: 'OPEN_RECOVERY', token: entry.params.guid };
    if (entry.route === 'confirmEmail') return { type: 'OPEN_EMAIL_CONFIRMATION', token: entry.params.guid };
    const type = LINKS[entry.route as ShopRouteName];
    return type ? ({ type } as AuthEvent) : null;
  },
  href: (route, snapshot, lang) => {
    const { returnTo, redirectTarget, recoveryToken, emailToken } = snapshot.context;
    if (route === 'confirmEmail') return routeHref(lang, 'confirmEmail', { guid: emailToken });
    // The success pages continue to where the visitor came from, the checkout included.
    const back = route.endsWith('Success') ? (returnTo ?? redirectTarget) : returnTo;
    const search: SearchParams = back ? { returnTo: back } : {};
    return route === 'recoverAccount' ? routeHref(lang, 'recoverAccount', { guid: recoveryToken }, search) : routeHref(lang, route as PlainRouteName, {}, search);
  },
};

/** What the router's registry loads (src/app/routes.ts). */
export default authJourney;
