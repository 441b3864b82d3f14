/**
 * The withdrawal journey (machines/withdrawal.machine.ts, issue 46) with the real services
 * (src/api/withdrawal.ts): one page, `withdrawal`, for anyone. The link of the confirmation mail,
 * "My orders" and the order page give the booking number and the order's key (`?id=…&key=…`); the
 * footer's link gives neither, and the visitor identifies the order. A logged-in customer's token
 * (never a guest's: §6) goes with every call, so their own orders open by the id alone, and their
 * name and address prefill the acknowledgement. The order of the link is the journey's key: another
 * order is a new actor.
 */
import { fromPromise } from 'xstate';
import { withdrawalMachine } from '../../../machines/withdrawal.machine.js';
import type { Shell } from '../shell-context.js';
import { routeHref } from '../../domain/routes.js';
import type { Journey } from './host.js';

/** Each confirmation's request id starts with this (a UUID per journey; ./withdrawal.machine.ts numbers the confirmations). */
function newRequestSeed(): string {
  return globalThis.crypto.randomUUID();
}

export const withdrawalJourney: Journey<typeof withdrawalMachine, Shell, 'withdrawal'> = {
  name: 'withdrawal',
  machine: ({ api }) =>
    withdrawalMachine.provide({
      actors: {
        findOrder: fromPromise(({ input: { jwt, ...lookup }, signal }) => api.getWithdrawalOrder(lookup, jwt, signal)),
        withdraw: fromPromise(({ input: { jwt, ...request }, signal }) => api.withdraw(request, jwt, signal)),
      },
    }),
  input: ({ actor: app }, entry) => {
    const { jwt, isGuest, customer } = app.getSnapshot().context;
    const loggedIn = jwt !== null && !isGuest;
    return {
      orderId: entry.search.id === undefined ? null : String(entry.search.id),
      orderKey: entry.search.key ?? null,
      jwt: loggedIn ? jwt : null,
      customer: loggedIn && customer ? { name: `${customer.fname} ${customer.lname}`.trim(), email: customer.email } : null,
      requestSeed: newRequestSeed(),
    };
  },
  key: (entry) => `${entry.search.id ?? ''} ${entry.search.key ?? ''}`,
  event: () => null,
  // the page keeps the order and key of the link it was opened with (the address stays as opened)
  href: (_route, snapshot, lang) => {
    const { orderKey } = snapshot.context;
    const id = snapshot.context.order?.id ?? null;
    return routeHref(lang, 'withdrawal', {}, orderKey && id ? { id, key: orderKey } : {});
  },
};

/** What the router's registry loads (src/app/routes.ts). */
export default withdrawalJourney;
