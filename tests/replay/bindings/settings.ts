/**
 * The account settings chart (machines/settings.machine.ts) bound to the page, in English, against
 * the shared e2e server: what a visitor does for each event of its paths, what the page shows in
 * each state.
 *
 * The model's customer (tests/machines/settings.model.ts: Ada Lovelace of Zürich, password
 * Museum2026!, no delivery address of her own, or one in Berlin where the path starts with it) is
 * an account registered for each path, logged in on the login page before the settings open: the
 * paths change names, addresses, passwords and e-mail addresses, so no two share an account. The
 * new e-mail address a path types is a fresh one (the model's grace@museum.example once per
 * server). An e-mail change only asks (issue 44): the page says the confirmation link went to the
 * new address and keeps the account's address as the current one. The draft kept before a login detour is made as a visitor makes it: typed in the
 * settings, saved with a session that has ended meanwhile (the save's token refused), then logged in
 * again on the login page the shop shows.
 * Service answers come from the server, or the server's answer to the request changed (a phone
 * number it refuses, an empty last name, a delivery country it does not know, a wrong current
 * password, an address already registered, a token it did not issue: 401), or a dropped connection.
 */
import type { SettingsInput, SettingsSection } from '../../../machines/settings.machine.js';
import { DELIVERY, TYPING } from '../../machines/settings.model.js';
import { DEMO_CUSTOMER } from '../../../src/server/seed/accounts.js';
import { Mismatch, type Answer, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';
import { call, freshEmail, logIn, registerAccount, soon, submitLogin } from './accounts.js';

/** The model's current password (the demo customer's too). */
const PASSWORD = TYPING.password[0]![1];

const input = (r: Replay) => r.plan.input as SettingsInput;
const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;

const main = (r: Replay) => r.page.locator('main');
const TITLES: Record<SettingsSection, string> = {
  details: 'settings.detailsTitle',
  address: 'settings.addressTitle',
  password: 'settings.passwordTitle',
  email: 'settings.emailTitle',
};
const SUBMITS: Record<SettingsSection, string> = {
  details: 'settings.saveDetails',
  address: 'settings.saveAddress',
  password: 'settings.changePassword',
  email: 'settings.changeEmail',
};
const section = (r: Replay, which: SettingsSection) =>
  main(r).locator('section.settings__section').filter({ has: r.page.getByRole('heading', { level: 2, name: r.words(TITLES[which], { whole: true }) }) });
const submit = (r: Replay, which: SettingsSection) => section(r, which).getByRole('button', { name: r.words(SUBMITS[which], { whole: true }) });
const input_ = (r: Replay, which: SettingsSection, name: string) => section(r, which).locator(`[name="${name}"]`);
const busyForm = (r: Replay) => main(r).locator('form[aria-busy="true"]');
const sameAsBilling = (r: Replay) => section(r, 'address').getByRole('checkbox', { name: r.words('deliveryAddress.sameAsBilling') });

/** The field of the page each event's field is typed into. */
const FIELD_NAMES: Record<string, Record<string, string>> = {
  DETAILS_CHANGED: {},
  ADDRESS_CHANGED: { name: 'shipping-name', street: 'shipping-street', zip: 'shipping-zip', city: 'shipping-city', country: 'shipping-country' },
  PASSWORD_CHANGED: { current: 'current-password', next: 'new-password', confirmation: 'new-password-confirmation' },
  EMAIL_CHANGED: { email: 'new-email', password: 'email-password' },
};
const SECTION_OF: Record<string, SettingsSection> = { DETAILS_CHANGED: 'details', ADDRESS_CHANGED: 'address', PASSWORD_CHANGED: 'password', EMAIL_CHANGED: 'email' };

/** The new e-mail address of this path (the model's, made fresh). */
const newEmail = (r: Replay): string => (r.memo.newEmail ??= freshEmail('moved')) as string;

// ---- what the page says after an answer

const sectionAlert = (r: Replay, which: SettingsSection, id: string) => section(r, which).locator('[role="alert"]').filter({ hasText: r.words(id) });
const says = (r: Replay, which: SettingsSection, id: string) =>
  soon(() => r.shows(sectionAlert(r, which, id), `"${r.text(id)}" under ${r.text(TITLES[which])}`));
const saved = (r: Replay, which: SettingsSection, id: string) =>
  soon(() => r.shows(main(r).getByTestId(`settings-${which}-saved`).filter({ hasText: r.words(id) }), `"${r.text(id)}" under ${r.text(TITLES[which])}`));
const marked = (r: Replay, which: SettingsSection, name: string) =>
  soon(() => r.shows(input_(r, which, name).and(r.page.locator('[aria-invalid="true"]')), `the field "${name}" marked wrong`));

/** A 422 on the page: the field marked wrong, and the section's message. */
const refusedOn = (which: SettingsSection, name: string, id: string) => async (r: Replay) => {
  await marked(r, which, name);
  await says(r, which, id);
};

// ---- answers

/** The request's address with a token the server did not issue. */
const notIssued = (url: URL) => {
  url.searchParams.set('_', 'not-a-token');
  return url.href;
};
/** The request with a token the server did not issue: its own 401. */
const expired: Answer = { body: (b) => b, url: notIssued };
type Body = { c?: Record<string, unknown> } & Record<string, unknown>;
const changeC = (change: (c: Record<string, unknown>) => Record<string, unknown>) => (b: unknown) => ({ ...(b as Body), c: change((b as Body).c ?? {}) });

/** The customer's answer as the step's event says: 401 for a token the server did not issue, else a dropped connection. */
const loadOutcome = (step: ReplayStep): Answer => ((ev(step).error as { status: number }).status === 401 ? { url: notIssued } : outcome(step, { drop: true }));

/** A save, once its form is complete: the section's button (it waits while another form saves). */
async function press(r: Replay, which: SettingsSection): Promise<void> {
  await submit(r, which).click();
}

async function refused(r: Replay, which: SettingsSection): Promise<void> {
  await press(r, which);
  await soon(() => r.shows(section(r, which).locator('[aria-invalid="true"]'), `a field of ${r.text(TITLES[which])} marked wrong`));
}

/** The save's failure on the page: the shell ends the session and shows the login page. */
const loginAfter401 = async (r: Replay) => {
  await soon(async () => {
    if (!new URL(r.page.url()).pathname.endsWith('/login')) throw new Mismatch('the login page is not shown');
  });
};

/**
 * How the server gives the failure of the step's event (its status): its own 401 for a token it did
 * not issue, its own 422 for the request changed as `refuse` says, or a dropped connection (0).
 */
function outcome(step: ReplayStep, refuse: Answer): Answer {
  const { status } = ev(step).error as { status: number };
  if (status === 401 || status === 403) return expired;
  if (status === 422) return refuse;
  if (status === 0) return { drop: true };
  return { status, json: { error: `HTTP_${status}`, message: `${status}`, fields: {} } };
}

/**
 * The events of one save: its answer (and what the page says then), and its failures; the server's
 * outcome is the event's (its status), what the page then shows is the chart's transition (its label).
 */
function saveAnswers(id: string, request: string, which: SettingsSection, done: ((r: Replay) => Promise<void>) | null, refuse: Answer, refusal: (r: Replay) => Promise<void>) {
  return {
    [`done:${id}`]: async (r: Replay) => {
      await r.answer(request, { server: true });
      await done?.(r);
    },
    [`error:${id} [isUnauthorized]`]: async (r: Replay, step: ReplayStep) => {
      await r.answer(request, outcome(step, refuse));
      await loginAfter401(r);
    },
    [`error:${id} [isValidationError]`]: async (r: Replay, step: ReplayStep) => {
      await r.answer(request, outcome(step, refuse));
      await refusal(r);
    },
    [`error:${id}`]: async (r: Replay, step: ReplayStep) => {
      await r.answer(request, outcome(step, refuse));
      await says(r, which, 'form.unexpected');
    },
  };
}

export const settingsBinding: ReplayBinding = {
  machine: 'settings',
  lang: 'en',
  requests: {
    customer: call('GET', 'customer'),
    attr: call('GET', 'customer/attr'),
    validate: call('POST', 'customer/validate'),
    update: call('POST', 'customer/update'),
    pwdchange: call('POST', 'customer/pwdchange'),
    emailchange: call('POST', 'customer/emailchange'),
  },

  async prepare(r) {
    const first = r.plan.steps.find((s) => s.name === 'done:loadAccount');
    const starting = (first ? ev(first).output : null) as { customer: { id: number; addrShipping: unknown } } | null;
    // the customer the path starts with: one with a delivery address of her own, or none
    const email = await registerAccount(r, 'settings', PASSWORD, starting?.customer.addrShipping ? { shipping: DELIVERY } : {});
    r.memo.email = email;
    const draft = input(r).draft;
    // issue 45: a draft of another customer is typed by another account at the same computer,
    // whose session ends; the path's customer logs in next (start)
    const typist = draft && starting && draft.customerId !== starting.customer.id ? await registerAccount(r, 'settings-other', PASSWORD) : email;
    await r.page.goto(`/${r.lang}/login`);
    await logIn(r, typist, PASSWORD);
    if (draft) {
      // typed in the settings, then saved with a session that has ended meanwhile
      await r.page.goto(`/${r.lang}/settings`);
      for (const [name, value] of Object.entries(draft.details)) {
        const field = input_(r, 'details', name);
        if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
        else await field.fill(value);
      }
      await sameAsBilling(r).setChecked(draft.delivery.sameAsBilling);
      for (const [name, value] of Object.entries(draft.delivery.values)) {
        const field = input_(r, 'address', `shipping-${name}`);
        if (name === 'country') await field.selectOption(value);
        else await field.fill(value);
      }
      await input_(r, 'email', 'new-email').fill(newEmail(r));
      await r.page.route('**/api/*/customer/validate?*', (route) => route.continue({ url: notIssued(new URL(route.request().url())) }), { times: 1 });
      await press(r, 'details');
      await r.page.waitForURL((url) => url.pathname.endsWith('/login'));
      await main(r).getByText(r.words('login.fromUnauthorized')).waitFor();
    }
  },

  async start(r) {
    if (input(r).draft) {
      // logged in again on the login page the shop shows: it loads the customer for the header (not
      // held), then sends the visitor back to the settings
      await submitLogin(r, String(r.memo.email), PASSWORD);
      await r.answer('customer', { server: true });
      await r.page.waitForURL((url) => url.pathname.endsWith('/settings'));
      return;
    }
    await r.page.goto(`/${r.lang}/settings`);
  },

  events: {
    'done:loadAccount': async (r) => {
      await r.answer('attr', { server: true });
      await r.answer('customer', { server: true });
    },
    'error:loadAccount [isUnauthorized]': async (r, step) => {
      await r.answer('customer', loadOutcome(step));
      await loginAfter401(r);
    },
    'error:loadAccount': async (r, step) => r.answer('customer', loadOutcome(step)),
    RETRY: async (r) => main(r).getByRole('button', { name: r.words('form.retry', { whole: true }) }).click(),

    // ---- typing (in any form, also while another one saves: only the buttons wait)
    DETAILS_CHANGED: async (r, step) => input_(r, 'details', String(ev(step).field)).fill(String(ev(step).value)),
    ADDRESS_CHANGED: async (r, step) => {
      const field = input_(r, 'address', FIELD_NAMES.ADDRESS_CHANGED![String(ev(step).field)]!);
      if (ev(step).field === 'country') await field.selectOption(String(ev(step).value));
      else await field.fill(String(ev(step).value));
    },
    SAME_AS_BILLING_CHANGED: async (r, step) => sameAsBilling(r).setChecked(ev(step).same === true),
    PASSWORD_CHANGED: async (r, step) => input_(r, 'password', FIELD_NAMES.PASSWORD_CHANGED![String(ev(step).field)]!).fill(String(ev(step).value)),
    EMAIL_CHANGED: async (r, step) => {
      const value = ev(step).field === 'email' ? newEmail(r) : String(ev(step).value);
      await input_(r, SECTION_OF.EMAIL_CHANGED!, FIELD_NAMES.EMAIL_CHANGED![String(ev(step).field)]!).fill(value);
    },

    // ---- saves
    'SAVE_DETAILS [detailsInvalid]': async (r) => refused(r, 'details'),
    'SAVE_ADDRESS [addressInvalid]': async (r) => refused(r, 'address'),
    'CHANGE_PASSWORD [passwordFormInvalid]': async (r) => refused(r, 'password'),
    'CHANGE_EMAIL [emailFormInvalid]': async (r) => refused(r, 'email'),
    SAVE_DETAILS: async (r) => press(r, 'details'),
    SAVE_ADDRESS: async (r, step) => {
      if (JSON.stringify(step.from).includes('Editing')) return press(r, 'address');
      // another form saves: the button waits, a press does nothing
      if (await submit(r, 'address').isEnabled()) throw new Mismatch(`"${r.text(SUBMITS.address)}" can be pressed while another form saves`);
    },
    CHANGE_PASSWORD: async (r) => press(r, 'password'),
    CHANGE_EMAIL: async (r) => press(r, 'email'),

    // ---- answers
    ...saveAnswers(
      'validateDetails',
      'validate',
      'details',
      null,
      { body: changeC((c) => ({ ...c, phone: 'call me maybe' })) },
      refusedOn('details', 'phone', 'form.correctErrors'),
    ),
    ...saveAnswers(
      'saveDetails',
      'update',
      'details',
      async (r) => {
        await saved(r, 'details', 'settings.saved');
        // the header's account menu has the saved name
        const name = `${await input_(r, 'details', 'fname').inputValue()} ${await input_(r, 'details', 'lname').inputValue()}`;
        await soon(() => r.shows(r.page.locator('header .user-menu__button').filter({ hasText: name }), `the name "${name}" in the header`));
      },
      { body: changeC((c) => ({ ...c, lname: '' })) },
      refusedOn('details', 'lname', 'form.correctErrors'),
    ),
    ...saveAnswers(
      'saveAddress',
      'update',
      'address',
      async (r) => saved(r, 'address', 'settings.saved'),
      { body: changeC((c) => ({ ...c, shipping: { ...DELIVERY, country: 'XX' } })) },
      async (r) => says(r, 'address', 'form.correctErrors'),
    ),
    ...saveAnswers(
      'changePassword',
      'pwdchange',
      'password',
      async (r) => saved(r, 'password', 'settings.passwordChanged'),
      // the digest of another current password
      { body: (b) => ({ ...(b as object), _po: '0'.repeat(32) }) },
      refusedOn('password', 'current-password', 'settings.passwordChangeFailed'),
    ),
    ...saveAnswers(
      'changeEmail',
      'emailchange',
      'email',
      async (r) => {
        // only asked (issue 44): the link went to the new address; the account keeps its address until it is followed
        const sent = main(r).getByTestId('settings-email-saved').filter({ hasText: r.words('settings.emailConfirmationSent') }).filter({ hasText: newEmail(r) });
        await soon(() => r.shows(sent, `"${r.text('settings.emailConfirmationSent', { email: newEmail(r) })}" under ${r.text(TITLES.email)}`));
        await r.shows(main(r).getByTestId('settings-pending-email').filter({ hasText: newEmail(r) }), 'the new address waiting for confirmation');
        const current = main(r).getByTestId('settings-current-email');
        await r.shows(current.filter({ hasText: String(r.memo.email) }), 'the account\'s address, unchanged, as the current one');
        await r.lacks(current.filter({ hasText: newEmail(r) }), 'the new address as the current one');
      },
      // an address that has an account already (the demo customer's)
      { body: (b) => ({ ...(b as object), email: DEMO_CUSTOMER.email }) },
      refusedOn('email', 'new-email', 'settings.emailChangeFailed'),
    ),
  },

  states: {
    'Loading account': async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 1, name: r.words('title.settings', { whole: true }) }), 'the heading "Account settings"');
      await r.shows(main(r).getByRole('status').filter({ hasText: r.words('page.loading') }), 'the "loading" notice');
      await r.lacks(main(r).locator('form'), 'a form');
      if (!r.waiting('customer')) throw new Mismatch('the page is not waiting for the customer');
    },
    'Loading failed': async (r) => {
      await r.shows(main(r).getByRole('alert').filter({ hasText: r.words('settings.loadFailed') }), 'the "could not be loaded" notice');
      await r.shows(main(r).getByRole('button', { name: r.words('form.retry', { whole: true }) }), 'the "Try again" button');
      await r.lacks(main(r).locator('form'), 'a form');
    },
    Ready: async (r) => {
      for (const which of Object.keys(TITLES) as SettingsSection[]) await r.shows(submit(r, which), `the "${r.text(SUBMITS[which])}" button`);
      await r.shows(r.page.locator('header .user-menu__button'), "the header's account menu");
    },
    'Ready.Editing': async (r) => {
      await r.lacks(busyForm(r), 'a form waiting for the server');
      for (const which of Object.keys(TITLES) as SettingsSection[]) {
        if (!(await submit(r, which).isEnabled())) throw new Mismatch(`the "${r.text(SUBMITS[which])}" button waits`);
      }
    },
    'Ready.Checking details': async (r) => {
      await r.shows(busyForm(r), 'the forms waiting for the server');
      if (!r.waiting('validate')) throw new Mismatch('the page is not checking the details');
    },
    'Ready.Saving details': async (r) => {
      await r.shows(busyForm(r), 'the forms waiting for the server');
      if (!r.waiting('update')) throw new Mismatch('the page is not saving');
      await r.lacks(main(r).getByTestId('settings-details-saved'), 'the details saved');
    },
    'Ready.Saving address': async (r) => {
      await r.shows(busyForm(r), 'the forms waiting for the server');
      if (!r.waiting('update')) throw new Mismatch('the page is not saving');
      await r.lacks(main(r).getByTestId('settings-address-saved'), 'the address saved');
    },
    'Ready.Changing password': async (r) => {
      await r.shows(busyForm(r), 'the forms waiting for the server');
      if (!r.waiting('pwdchange')) throw new Mismatch('the page is not changing the password');
    },
    'Ready.Changing e-mail': async (r) => {
      await r.shows(busyForm(r), 'the forms waiting for the server');
      if (!r.waiting('emailchange')) throw new Mismatch('the page is not changing the e-mail address');
    },
    'Session expired': async (r) => {
      // the shell forgets the session and shows the login page, saying why
      const path = new URL(r.page.url()).pathname;
      if (path !== `/${r.lang}/login`) throw new Mismatch(`the address is ${path}, not the login page`);
      await r.shows(main(r).getByText(r.words('login.fromUnauthorized')), 'the "session has ended" notice');
      await r.shows(r.page.locator('header').getByRole('link', { name: r.words('header.login', { whole: true }) }).first(), 'the header\'s "Log in"');
    },
  },
};
