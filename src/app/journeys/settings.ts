/**
 * The account settings journey (machines/settings.machine.ts) with the real services (src/api,
 * the token as `_`) and the shell: one route, `settings`, which needs a login (the router sends
 * a logged-out visitor, or a guest, to login with returnTo). Saving updates the app's session
 * (SESSION_UPDATED: the header menu and the checkout read the new customer; a password change
 * brings a fresh token). When the token expires during the settings, the shell's 401 policy goes
 * to login; what was typed (passwords aside) waits in session storage (`settingsDraft`) with the
 * customer's id, and is filled in again when the settings open after a login of that customer
 * (the machine checks; issue 45). The next opening of the settings takes it either way, and a
 * logout forgets it (src/app/session.ts, forgetPersonalData).
 */
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { settingsMachine } from '../../../machines/settings.machine.js';
import { SESSION_KEYS, toStoredCustomer } from '../../api/schemas/session.js';
import { DELIVERY_ADDRESS_FIELDS } from '../../domain/delivery-address.js';
import { DETAILS_FIELDS, type SettingsDraft } from '../../domain/settings-forms.js';
import { takeStored, writeItem } from '../session.js';
import type { Shell } from '../shell-context.js';
import type { Journey } from './host.js';

const Text = v.pipe(v.string(), v.maxLength(300));
const DraftSchema = v.object({
  customerId: v.number(),
  details: v.object(Object.fromEntries(DETAILS_FIELDS.map((f) => [f, Text])) as Record<(typeof DETAILS_FIELDS)[number], typeof Text>),
  delivery: v.object({
    sameAsBilling: v.boolean(),
    values: v.object(Object.fromEntries(DELIVERY_ADDRESS_FIELDS.map((f) => [f, Text])) as Record<(typeof DELIVERY_ADDRESS_FIELDS)[number], typeof Text>),
  }),
  email: Text,
});

/** The draft kept before a login detour, once: read, checked and removed. */
export function takeSettingsDraft(): SettingsDraft | null {
  return takeStored(SESSION_KEYS.settingsDraft, DraftSchema);
}

export const settingsJourney: Journey<typeof settingsMachine, Shell, 'settings'> = {
  name: 'settings',
  machine: ({ api, actor: app }) =>
    settingsMachine.provide({
      actors: {
        loadAccount: fromPromise(async ({ input, signal }) => {
          const [customer, attr] = await Promise.all([api.getCustomer(input.jwt, signal), api.getCustomerAttr(signal)]);
          return { customer, attr };
        }),
        validateCustomer: fromPromise(({ input, signal }) => api.validateCustomer(input.c, input.jwt, signal)),
        updateCustomer: fromPromise(({ input, signal }) => api.updateCustomer(input.jwt, input.c, signal)),
        changePassword: fromPromise(({ input, signal }) => api.changePassword(input.jwt, input.current, input.next, signal)),
        changeEmail: fromPromise(({ input, signal }) => api.changeEmail(input.jwt, input.password, input.email, signal)),
      },
      actions: {
        notifySession: (_, { jwt, customer }) => app.send({ type: 'SESSION_UPDATED', jwt, customer: toStoredCustomer(customer) }),
        showToast: (_, { id, tone }) => app.send({ type: 'TOAST', toast: { id, tone } }),
        keepDraft: (_, draft) => writeItem(SESSION_KEYS.settingsDraft, JSON.stringify(draft)),
      },
    }),
  input: ({ actor: app }) => ({ jwt: app.getSnapshot().context.jwt ?? '', draft: takeSettingsDraft() }),
  event: () => null,
};

/** What the router's registry loads (src/app/routes.ts). */
export default settingsJourney;
