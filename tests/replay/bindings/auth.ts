/**
 * The login and recovery chart (machines/auth.machine.ts) bound to the page, in English: what a
 * visitor does for each event of its paths, what the page shows in each state.
 *
 * The replays run on a server of their own with guest registration on (GUEST_REGISTRATION=true):
 * the shared e2e server has it off, as the demo shop does, and its auth/guest refuses every guest.
 * The model's situations (tests/machines/auth.model.ts) are brought about as a visitor would:
 * - "from a link with returnTo": the login page opened with `?returnTo=/en/tickets`, with guest
 *   registration off (the shop's configuration, its answer changed);
 * - "from the checkout, with an article to ship": the Light and Water catalogue put in the cart on
 *   its page, then the header's "Log in" pressed on the cart page;
 * - the model's customer (ada@museum.example, Secret-123) is an account registered for the replay
 *   when the path logs in or recovers (a fresh one per recovered password: the link works once);
 *   registration and the guest form type a fresh e-mail address and, with it, the name and address
 *   the demo shop requires (the model's form asks for the e-mail alone);
 * - the mailed recovery link is the one the server mails to that account (an .eml file in its outbox; an invented
 *   one where the server is to find it invalid), opened in the tab: a page load that starts the
 *   journey anew, so it carries the way back (`returnTo`) as every address of the journey does;
 * - a link the page does not offer (guest registration while it is off, or from the registration
 *   page) is its address, opened in the tab: what a visitor with a bookmark does;
 * - "a default country": the shop's configuration names it (its answer changed), and the form's
 *   countries are those the model's answer offers (the server's answer, its other countries left
 *   out), so the page preselects it, or the first country where the server does not offer it;
 * - a second recovery link (another token) is another mailed link, of an account of its own; the
 *   page must check each link with its own token (the check of another is not held);
 * - what the chart's form still holds after a page load (the chart keeps what was typed across
 *   its links; a link from the mail or an address opened loads the page anew, empty) is typed
 *   again before the form is sent.
 * A field the page's form does not have (the login asks for no confirmation) is not typed; the
 * page is checked to lack it. A form the chart refuses must not be sent (its request is held, so
 * the page waiting for it fails the step at once); a form not sent since the link that led to it
 * shows no error.
 * Service answers come from the server, or the server's answer to the request changed (an e-mail
 * already registered, an address without a zip, a link it did not send, no password at all), a
 * status the demo server does not give here (401, 429, 500; a 422 naming no field, with the
 * model's message or none), or a dropped connection.
 */
import type { AuthInput } from '../../../machines/auth.machine.js';
import type { CustomerAttr } from '../../../src/api/schemas/accounts.js';
import { ADDRESS, EMAIL, PASSWORD } from '../../machines/auth.model.js';
import { DEMO } from '../../../src/server/seed/demo.js';
import { DEMO_CUSTOMER } from '../../../src/server/seed/accounts.js';
import { Mismatch, type Answer, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';
import { STEP_MS } from '../replay.js';
import { mailedConfirmationLink, mailedRecoveryLink } from '../../e2e/mailbox.js';
import { ACCOUNT_ADDRESS, ACCOUNT_NAME, call, freshEmail, freshKey, post, registerAccount as register, soon } from './accounts.js';
import { createShopApi } from '../../../src/api/index.js';
import { AUTH_ERRORS } from '../../../src/api/schemas/accounts.js';
import { randomUUID } from 'node:crypto';

type Form = 'Login' | 'Registration' | 'Guest registration' | 'Forgot password' | 'Recovery';

const input = (r: Replay) => r.plan.input as AuthInput;
const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;
const errorOf = (step: ReplayStep) => ev(step).error as { status: number; code: string; message: string; fields: Record<string, string[]> };
/** The form the step starts from (the top state of the chart). */
const formOf = (step: ReplayStep): Form => (typeof step.from === 'string' ? step.from : Object.keys(step.from as object)[0]) as Form;

const main = (r: Replay) => r.page.locator('main');
const header = (r: Replay) => r.page.locator('header');
const heading = (r: Replay, id: string) => main(r).getByRole('heading', { level: 1, name: r.words(id, { whole: true }) });
const submitButton = (r: Replay) => main(r).locator('form button[type="submit"]');
const busyForm = (r: Replay) => main(r).locator('form[aria-busy="true"]');
const formAlert = (r: Replay, id: string) => main(r).locator('form [role="alert"]').filter({ hasText: r.words(id) });
const field = (r: Replay, name: string) => main(r).locator(`form [name="${name}"]`);
const mainLink = (r: Replay, id: string) => main(r).getByRole('link', { name: r.words(id, { whole: true }) });
const headerLink = (r: Replay, id: string) => header(r).getByRole('link', { name: r.words(id, { whole: true }) }).first();
const deliveryField = (r: Replay, name: string) => main(r).getByTestId('delivery-address').locator(`[name="shipping-${name}"]`);
const userMenu = (r: Replay) => header(r).locator('.user-menu__button');

/** After an answer: the form says `id` (its alert region). */
const says = (r: Replay, id: string) => soon(() => r.shows(formAlert(r, id), `the form's message "${r.text(id)}"`));

// ---- the accounts and links of a replay

/** An account with the model's password (its name shows in the header once logged in). */
const registerAccount = (r: Replay, what: string) => register(r, what, PASSWORD);

/** The account the model's customer logs in as, one per server. */
const loginAccounts = new Map<string, Promise<string>>();
function loginAccount(r: Replay): Promise<string> {
  let made = loginAccounts.get(r.baseUrl);
  if (!made) loginAccounts.set(r.baseUrl, (made = registerAccount(r, 'login')));
  return made;
}

/** Asks for a recovery link for a new account and reads it from the mail the server sent (an .eml file, issue 42). */
async function mailedLink(r: Replay): Promise<string> {
  const email = await registerAccount(r, 'recovery');
  await post(r, 'customer/pwdreset', { email, backlink: '' });
  const { path } = await mailedRecoveryLink(r.outboxDir(), email, STEP_MS);
  if (!path.startsWith(`/${r.lang}/recover/`)) throw new Error(`the recovery link mailed to ${email} is not in ${r.lang}: ${path}`);
  return path;
}

/** A link that is not used up by the path (its check only), one per server. */
const sharedLinks = new Map<string, Promise<string>>();
function sharedLink(r: Replay): Promise<string> {
  let made = sharedLinks.get(r.baseUrl);
  if (!made) sharedLinks.set(r.baseUrl, (made = mailedLink(r)));
  return made;
}

/**
 * The link the visitor opens at `step`: invented when the path has the server find it invalid (or
 * never asks), else one the server sent (its own, when the path sets the password with it).
 */
async function linkFor(r: Replay, step: ReplayStep): Promise<string> {
  const later = r.plan.steps.filter((s) => s.n > step.n);
  const check = later.find((s) => s.name === 'done:checkRecoveryLink' || s.name === 'error:checkRecoveryLink' || s.name === 'OPEN_RECOVERY');
  if (!check || check.name === 'OPEN_RECOVERY' || (check.name === 'error:checkRecoveryLink' && errorOf(check).status === 404)) return `/${r.lang}/recover/${freshKey('no-such-link')}`;
  if (later.some((s) => s.name === 'done:confirmPasswordReset')) return mailedLink(r);
  // the link of the model's token; another token of the path is another mailed link (its own token)
  const links = (r.memo.links ??= {}) as Record<string, Promise<string>>;
  const token = String(ev(step).token);
  links[token] ??= Object.keys(links).length === 0 ? sharedLink(r) : mailedLink(r);
  return links[token];
}

/** The token of a recovery link (its last segment). */
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

// ---- the links that confirm a new e-mail address (issue 44)

let changes = 0;
/**
 * Asks a change of address for a new account as its owner does in the settings (customer/emailchange
 * with the model's password) and reads the link the server mailed to the new address (an .eml file).
 * Each change comes from a visitor of their own (an address of their own behind the proxy the shop
 * trusts): the shop lets one address ask 10 changes a minute, and the replays ask one per link.
 */
async function mailedConfirmation(r: Replay): Promise<{ path: string; email: string }> {
  const account = await registerAccount(r, 'moving');
  const visitor = `10.44.${Math.floor(++changes / 250) % 250}.${(changes % 250) + 1}`;
  const fetchAs: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), 'x-forwarded-for': visitor } });
  const api = createShopApi({ baseURL: `${r.baseUrl}/api`, lang: () => r.lang, fetch: fetchAs });
  const { jwt } = await api.login(account, PASSWORD);
  const email = freshEmail('moved');
  await api.changeEmail(jwt, PASSWORD, email);
  const { path } = await mailedConfirmationLink(r.outboxDir(), email, STEP_MS);
  if (!path.startsWith(`/${r.lang}/confirm-email/`)) throw new Error(`the confirmation link mailed to ${email} is not in ${r.lang}: ${path}`);
  return { path, email };
}

/**
 * The confirmation link the visitor opens at `step`: one the server mailed where the path has it
 * confirmed or finds the address taken meanwhile (a dropped connection and "try again" ask for the
 * same link again), else an invented one (never issued: the server's own 404; an expired link is
 * answered by the test, below).
 */
async function confirmationLinkFor(r: Replay, step: ReplayStep): Promise<{ path: string; email: string | null }> {
  const later = r.plan.steps.filter((s) => s.n > step.n);
  const next = later.findIndex((s) => s.name.startsWith('OPEN_'));
  const answers = (next < 0 ? later : later.slice(0, next)).filter((s) => s.name === 'done:confirmEmailChange' || s.name === 'error:confirmEmailChange');
  const mailed = answers.some((s) => s.name === 'done:confirmEmailChange' || errorOf(s).status === 422);
  return mailed ? mailedConfirmation(r) : { path: `/${r.lang}/confirm-email/${randomUUID()}`, email: null };
}

/** The server's own answer to a link older than 24 hours (src/server/api/accounts.ts): a replay cannot wait a day. */
const EXPIRED_LINK: Answer = {
  status: 410,
  json: { error: AUTH_ERRORS.EMAIL_LINK_EXPIRED, message: 'This confirmation link has expired. Please ask for the change again in your account settings.', fields: {} },
};

/** The way back the journey's addresses carry: where the visitor came from. */
const wayBack = (r: Replay) => input(r).returnTo ?? input(r).redirectTarget ?? null;

/** Opens an address of the journey in the tab (a page load), with the journey's way back. */
async function open(r: Replay, path: string): Promise<void> {
  // what was typed before is gone with the page (the journey starts anew)
  r.memo.loadedAt = r.step?.n ?? 0;
  r.memo.typedAgain = new Map<string, string>();
  const back = wayBack(r);
  await r.page.goto(back ? `${path}?returnTo=${encodeURIComponent(back)}` : path);
}

// ---- typing

/** The fields the path typed since the page was loaded, before `step`: their last values. */
function typedBefore(r: Replay, step: ReplayStep): Map<string, string> {
  const typed = new Map<string, string>((r.memo.typedAgain ??= new Map<string, string>()) as Map<string, string>);
  const loadedAt = (r.memo.loadedAt as number | undefined) ?? 0;
  for (const s of r.plan.steps) if (s.n > loadedAt && s.n < step.n && s.name === 'FIELD_CHANGED') typed.set(String(ev(s).field), String(ev(s).value));
  return typed;
}

/** What the visitor types into `name` on `form`; null: the form has no such field. */
function valueFor(r: Replay, form: Form, name: string): string | null {
  const email = (r.memo.email as string | undefined) ?? EMAIL;
  const fields: Record<Form, Record<string, string>> = {
    Login: { email, password: PASSWORD },
    Registration: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
    'Guest registration': { email, emailConfirmation: email },
    'Forgot password': { email: EMAIL },
    Recovery: { password: PASSWORD, passwordConfirmation: PASSWORD },
  };
  return fields[form][name] ?? null;
}

/** The name and address the demo shop requires besides the model's fields (its country is preselected). */
async function typeDemoRequired(r: Replay): Promise<void> {
  const { street, zip, city } = ACCOUNT_ADDRESS;
  for (const [name, value] of Object.entries({ ...ACCOUNT_NAME, street, zip, city })) await field(r, name).fill(value);
}

/**
 * A cart with nothing to ship: the form shows no delivery address, so there is nothing to type (the
 * chart takes the change all the same; it is never sent and never asked for).
 */
async function noDeliveryAddress(r: Replay): Promise<boolean> {
  if (input(r).cartShips) return false;
  await r.lacks(main(r).getByTestId('delivery-address'), 'a delivery address (the cart ships nothing)');
  return true;
}

// ---- what the page shows

/** A field marked wrong, or the form's message of what went wrong. */
const errorMarks = (r: Replay) => main(r).locator('form [aria-invalid="true"], form [role="alert"] .notice');

/** Whether the form was sent (refused or answered with a failure) since the last link the path followed. */
function sentSinceLink(r: Replay): boolean {
  const done = r.plan.steps.filter((s) => s.n <= (r.step?.n ?? 0));
  const link = done.findLastIndex((s) => s.name.startsWith('OPEN_'));
  return done.slice(link + 1).some((s) => s.name === 'SUBMIT' || s.name.startsWith('error:'));
}

async function editing(r: Replay, title: string, submit: string): Promise<void> {
  await r.shows(heading(r, title), `the heading "${r.text(title)}"`);
  await r.shows(main(r).getByRole('button', { name: r.words(submit, { whole: true }) }), `the "${r.text(submit)}" button`);
  if (!(await submitButton(r).first().isEnabled())) throw new Mismatch(`the "${r.text(submit)}" button waits`);
  await r.lacks(busyForm(r), 'a form waiting for the server');
  // a link leaves the form it came from without that form's errors: nothing is marked until this form is sent
  if (!sentSinceLink(r)) await r.lacks(errorMarks(r), 'an error (a field marked wrong or the form\'s message) on a form not sent since the link');
}

/**
 * The billing country a form with a default country shows chosen: the configuration's, where the
 * form's answer offers it, else the first country offered (the answer's of the path's last load).
 */
async function preselectedCountry(r: Replay): Promise<void> {
  const wanted = input(r).defaultCountry;
  if (!wanted) return;
  const load = r.plan.steps.findLast((s) => s.n <= (r.step?.n ?? 0) && (s.name === 'done:loadFormFields' || s.name === 'done:loadGuestFormFields'));
  if (!load) throw new Error('the form shows fields the path never loaded');
  const offered = Object.keys((ev(load).output as CustomerAttr).countries);
  const expected = offered.includes(wanted) ? wanted : offered[0]!;
  const names = r.memo.countryNames as Record<string, string>;
  const chosen = field(r, 'country').locator('option:checked');
  const shown = (await chosen.count()) === 1 ? `${(await chosen.textContent())?.trim()} (${await chosen.getAttribute('value')})` : 'nothing';
  const want = `${names[expected]} (${expected})`;
  if (shown !== want) throw new Mismatch(`the country field shows ${shown} chosen, not ${want}${expected === wanted ? ', the default country' : `, the first offered (the default ${wanted} is not)`}`);
}

async function waitingFor(r: Replay, title: string, request: string, what: string): Promise<void> {
  await r.shows(heading(r, title), `the heading "${r.text(title)}"`);
  await r.shows(busyForm(r), 'the form waiting for the server');
  if (await submitButton(r).first().isEnabled()) throw new Mismatch('the submit button can be pressed while the form waits');
  if (!r.waiting(request)) throw new Mismatch(`the page is not waiting for ${what}`);
}

async function loadingFields(r: Replay, title: string): Promise<void> {
  await r.shows(heading(r, title), `the heading "${r.text(title)}"`);
  await r.shows(main(r).getByRole('status').filter({ hasText: r.words('page.loading') }), 'the "loading" notice');
  await r.lacks(submitButton(r), 'the form');
  if (!r.waiting('attr')) throw new Mismatch("the page is not waiting for the form's fields");
}

async function fieldsFailed(r: Replay, title: string): Promise<void> {
  await r.shows(heading(r, title), `the heading "${r.text(title)}"`);
  await r.shows(main(r).getByRole('alert').filter({ hasText: r.words('form.fieldsFailed') }), 'the "form could not be loaded" notice');
  await r.shows(main(r).getByRole('button', { name: r.words('form.retry', { whole: true }) }), 'the "Try again" button');
  await r.lacks(submitButton(r), 'the form');
}

/**
 * Logged in as a customer: the header's account menu instead of "Log in", named after the customer
 * when the shop sent the customer, else "Account" (the name comes with the next page load).
 */
async function loggedIn(r: Replay): Promise<void> {
  const named = !r.step?.name.startsWith('error:');
  const name = named ? `${ACCOUNT_NAME.fname} ${ACCOUNT_NAME.lname}` : r.text('header.account');
  await r.shows(userMenu(r).filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) }), `the header's account menu "${name}"`);
  await r.lacks(headerLink(r, 'header.login'), 'the header\'s "Log in"');
}

/** The states of a form whose fields come from the server: loading them, and their failure. */
const formFieldStates = (form: Form, title: string): Record<string, (r: Replay) => Promise<void>> => ({
  [`${form}.Loading form fields`]: async (r) => loadingFields(r, title),
  [`${form}.Form fields failed`]: async (r) => fieldsFailed(r, title),
});

async function successPage(r: Replay, title: string, text: string): Promise<void> {
  await r.shows(heading(r, title), `the heading "${r.text(title)}"`);
  await r.shows(main(r).getByRole('status').filter({ hasText: r.words(text) }), `"${r.text(text)}"`);
}

async function at(r: Replay, path: string): Promise<void> {
  const here = new URL(r.page.url()).pathname;
  if (here !== path) throw new Mismatch(`the address is ${here}, not ${path}`);
}

/** A confirmation link refused (issue 44): the page says why, offers no "try again", and the address did not change. */
async function refusedLink(r: Replay, testId: string, id: string): Promise<void> {
  await r.shows(main(r).getByTestId(testId).filter({ hasText: r.words(id) }), `"${r.text(id)}"`);
  await r.shows(mainLink(r, 'emailConfirm.toSettings'), 'the "To your account settings" link');
  await r.lacks(main(r).getByRole('button', { name: r.words('form.retry', { whole: true }) }), 'the "Try again" button');
  await r.lacks(main(r).getByTestId('email-confirmed'), 'the address confirmed');
}

// ---- answers

const SERVER_ERROR_CODES: Record<number, string> = { 401: 'AUTH_LOGIN_FAILED', 429: 'TOO_MANY_REQUESTS', 500: 'INTERNAL_ERROR' };
type Body = { c?: Record<string, unknown> & { shipping?: Record<string, unknown> | null } } & Record<string, unknown>;
const changeC = (change: (c: NonNullable<Body['c']>) => Record<string, unknown>) => (b: unknown) => ({ ...(b as Body), c: change((b as Body).c ?? {}) });
/** The delivery address without its zip: the server's own "fill in all fields" for it. */
const withoutShippingZip = changeC((c) => {
  const { zip: _zip, ...shipping } = c.shipping ?? {};
  return { ...c, shipping };
});
const changed = (change: Record<string, unknown>) => (b: unknown) => ({ ...(b as object), ...change });

/**
 * How the server gives the failure of the step's event: its own answer to the request (changed
 * where the demo's data cannot give it: an e-mail already registered, an address without a zip, an
 * address the server cannot mail, a link it does not know, no password at all), a status it does
 * not give here (401 and 429 at login, 500), or a dropped connection (status 0).
 */
function outcome(step: ReplayStep): Answer {
  const { status, fields } = errorOf(step);
  const keys = Object.keys(fields);
  const service = step.name.slice('error:'.length);
  if (status === 0) return { drop: true };
  if (status === 404 && service === 'checkRecoveryLink') return { server: true }; // the link opened is invented
  if (status === 400 && service === 'confirmPasswordReset') return { body: changed({ _p: '' }) };
  if (status === 422) {
    if (service === 'register' && keys.includes('email')) return { body: changeC((c) => ({ ...c, email: DEMO_CUSTOMER.email })) };
    if (keys.some((k) => k.startsWith('shipping.'))) return { body: withoutShippingZip };
    // the server's own answer to a guest: only the password is missing
    if (service === 'validateGuest' && keys.every((k) => k === 'password')) return { server: true };
    if (service === 'validateGuest' || service === 'registerGuest') return { body: changeC((c) => ({ ...c, zip: '' })) };
    if (service === 'requestPasswordReset') return { body: changed({ email: 'not-an-address' }) };
    // the link was used meanwhile (in another tab): the server knows the token no more
    if (service === 'confirmPasswordReset') return { body: changed({ token: freshKey('used') }) };
  }
  return { status, json: { error: SERVER_ERROR_CODES[status] ?? `HTTP_${status}`, message: `${status}`, fields } };
}

/**
 * The form's fields: the server's answer; where the path is about a default country, with the
 * countries of the model's answer alone (the server's names, in the model's order), so the
 * configuration's default is one of them or not as the model says. The server's own fields
 * require what the model's answer requires (a password).
 */
function formFields(r: Replay, step: ReplayStep): Answer {
  if (!input(r).defaultCountry) return { server: true };
  const model = ev(step).output as CustomerAttr;
  return {
    edit: (body) => {
      const { data } = body as { data: CustomerAttr };
      const lacking = [...Object.keys(model.countries).filter((k) => !(k in data.countries)), ...model.required_fields.filter((f) => !data.required_fields.includes(f))];
      if (lacking.length) throw new Error(`the server's customer/attr has not ${lacking.join(', ')} of the model's answer`);
      return { ...(body as object), data: { ...data, countries: Object.fromEntries(Object.keys(model.countries).map((k) => [k, data.countries[k]])) } };
    },
  };
}

/** The step's failure answered, then the form says `id`. */
async function failure(r: Replay, step: ReplayStep, request: string, id: string): Promise<void> {
  await r.answer(request, outcome(step));
  await says(r, id);
}

/** The request each form sends when its rules let it go. */
const SENDS: Record<Form, string> = { Login: 'login', Registration: 'register', 'Guest registration': 'validate', 'Forgot password': 'pwdreset', Recovery: 'confirm' };

/**
 * The repeat fields a refused form must mark, with the message, from what the form holds: a
 * confirmation emptied ("required"), a password typed and not repeated (required where the server
 * requires a password, "do not match" on the new password of the recovery).
 */
function unrepeated(r: Replay, step: ReplayStep): [field: string, message: string][] {
  const form = formOf(step);
  const typed = typedBefore(r, step);
  const marks: [string, string][] = [];
  if (form === 'Recovery' && typed.get('password') && !typed.get('passwordConfirmation')) marks.push(['passwordConfirmation', 'form.passwordsMismatch']);
  if (form !== 'Registration' && form !== 'Guest registration') return marks;
  if (typed.get('emailConfirmation') === '') marks.push(['emailConfirmation', 'form.required']);
  if (form === 'Registration' && typed.get('password') && !typed.get('passwordConfirmation')) marks.push(['passwordConfirmation', 'form.required']);
  return marks;
}

/**
 * What the chart's form still holds and the page lost with a page load (a link from the mail, an
 * address opened, loads the page anew; the chart keeps what was typed across its links): typed
 * again, as the visitor does, so the form sent holds what the chart's does.
 */
async function typeAgain(r: Replay, step: ReplayStep): Promise<void> {
  const form = formOf(step);
  const kept = typedBefore(r, step);
  const held = new Map<string, string>();
  for (const s of r.plan.steps) if (s.n < step.n && s.name === 'FIELD_CHANGED') held.set(String(ev(s).field), String(ev(s).value));
  for (const [name, value] of held) {
    const typed = valueFor(r, form, name);
    if (kept.has(name) || value === '' || typed === null || (await field(r, name).count()) === 0) continue;
    await field(r, name).fill(typed);
    (r.memo.typedAgain as Map<string, string>).set(name, value);
  }
}

async function refused(r: Replay, step: ReplayStep): Promise<void> {
  await typeAgain(r, step);
  await submitButton(r).first().click();
  const request = SENDS[formOf(step)];
  const notSent = () => {
    if (r.waiting(request)) throw new Error(`the page sent the form (${request}) instead of refusing it`);
  };
  // the form's own rules: a field says what is wrong (or the form's alert does)
  await soon(async () => {
    notSent();
    await r.shows(errorMarks(r), 'what is wrong with the form');
  });
  for (const [name, message] of unrepeated(r, step)) {
    const marked = main(r).locator('form .field').filter({ has: r.page.locator(`[name="${name}"][aria-invalid="true"]`) });
    await soon(() => r.shows(marked.locator('.field__error').filter({ hasText: r.words(message) }), `the field "${name}" marked "${r.text(message)}"`));
  }
  notSent();
}

export const authBinding: ReplayBinding = {
  machine: 'auth',
  lang: 'en',
  server: {
    env: { GUEST_REGISTRATION: 'true', TRUST_PROXY: 'true' },
    why:
      'the guest form needs a shop that takes guests; the shared server, like the demo, has guest registration off. ' +
      'Behind a proxy it trusts, the e-mail changes the test asks come from visitors of their own (X-Forwarded-For), within the limit per address',
  },
  requests: {
    login: call('POST', 'auth/login'),
    customer: call('GET', 'customer'),
    attr: call('GET', 'customer/attr'),
    register: call('POST', 'customer/register'),
    validate: call('POST', 'customer/validate'),
    guest: call('POST', 'auth/guest'),
    pwdreset: call('POST', 'customer/pwdreset'),
    // the check of the link opened last, by its token (the check of another token is not held: the path fails)
    checkLink: (url, method, r) => {
      if (!call('GET', 'customer/pwdconfirm')(url, method)) return false;
      const token = url.searchParams.get('token');
      if (token !== r.memo.token) r.memo.otherToken = token;
      return token === r.memo.token;
    },
    confirm: call('POST', 'customer/pwdconfirm'),
    // the confirmation of a new e-mail address (issue 44); the token it sends is checked in "Confirming"
    emailconfirm: call('POST', 'customer/emailconfirm'),
  },

  async prepare(r) {
    const i = input(r);
    // the token each confirmation of a new address sends (the page must send the one of the link opened)
    r.page.on('request', (request) => {
      if (!call('POST', 'customer/emailconfirm')(new URL(request.url()), request.method())) return;
      r.memo.confirmedToken = String((request.postDataJSON() as { token?: unknown } | null)?.token);
    });
    const config: Record<string, unknown> = {};
    // the shop's configuration says guest registration is off (as the demo's does)
    if (!i.guestRegistrationEnabled) config.has_guest_registration = false;
    // the shop's default country (the demo's is CH)
    if (i.defaultCountry) {
      config.default_user_country_key = i.defaultCountry;
      r.memo.countryNames = (await r.api<CustomerAttr>('customer/attr')).countries;
    }
    if (Object.keys(config).length) {
      await r.page.route('**/api/*/shopinfo/config?*', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown> };
        await route.fulfill({ response, json: { data: { ...body.data, ...config } } });
      });
    }
    const names = new Set(r.plan.steps.map((s) => s.name));
    if (names.has('done:login')) r.memo.email = await loginAccount(r);
    else if (names.has('OPEN_REGISTRATION') || names.has('OPEN_GUEST_REGISTRATION')) r.memo.email = freshEmail('new');
    if (i.cartShips) {
      // an article to ship in the cart, put there on its page
      await r.page.goto(`/${r.lang}/product/${DEMO.merchandise.catalogue}`);
      const count = header(r).getByTestId('basket-count');
      for (let tries = 0; (await count.textContent())?.trim() !== '1'; tries++) {
        if (tries === 5) throw new Error('the catalogue did not go into the cart');
        await r.page.getByTestId('add-to-cart').click();
        await r.page.waitForTimeout(300);
      }
    }
  },

  async start(r) {
    const i = input(r);
    if (i.redirectTarget) {
      // from the cart: its header's "Log in"
      await r.page.goto(i.redirectTarget);
      await main(r).getByTestId('cart-line').first().waitFor();
      await headerLink(r, 'header.login').click();
    } else {
      await open(r, `/${r.lang}/login`);
    }
  },

  events: {
    // ---- links between the forms
    OPEN_LOGIN: async (r) => {
      const inPage = mainLink(r, 'auth.loginLink').or(mainLink(r, 'auth.backToLogin'));
      if (await inPage.first().isVisible()) await inPage.first().click();
      else await headerLink(r, 'header.login').click();
    },
    OPEN_REGISTRATION: async (r) => {
      const inPage = mainLink(r, 'auth.registerLink');
      if (await inPage.isVisible()) await inPage.click();
      else await headerLink(r, 'header.register').click();
    },
    'OPEN_GUEST_REGISTRATION [guestRegistrationEnabled]': async (r) => {
      const link = mainLink(r, 'auth.guestLink');
      if (await link.isVisible()) await link.click();
      // the registration page links to no guest form: its address
      else await open(r, `/${r.lang}/register-guest`);
    },
    OPEN_GUEST_REGISTRATION: async (r) => {
      // the shop has it off: the page offers no such link, the visitor opens its address
      await r.lacks(mainLink(r, 'auth.guestLink'), 'the "Continue as a guest" link');
      await open(r, `/${r.lang}/register-guest`);
    },
    OPEN_FORGOT_PASSWORD: async (r) => {
      await mainLink(r, 'auth.forgotPasswordLink').or(mainLink(r, 'auth.requestNewLink')).first().click();
    },
    OPEN_RECOVERY: async (r, step) => {
      const link = await linkFor(r, step);
      r.memo.token = tokenOf(link);
      await open(r, link);
    },
    // the link mailed to a new address (issue 44), opened in the tab as a mail client opens it
    OPEN_EMAIL_CONFIRMATION: async (r, step) => {
      const link = await confirmationLinkFor(r, step);
      r.memo.emailToken = tokenOf(link.path);
      r.memo.newEmail = link.email;
      r.memo.confirmedToken = undefined;
      await open(r, link.path);
    },

    // ---- typing
    FIELD_CHANGED: async (r, step) => {
      const name = String(ev(step).field);
      const form = formOf(step);
      // a field emptied is emptied; else what the visitor types there (the model's e-mail is a fresh one)
      const value = ev(step).value === '' ? '' : valueFor(r, form, name);
      if (value === null) {
        await r.lacks(field(r, name), `a field "${name}" on the ${form.toLowerCase()} form`);
        return;
      }
      await field(r, name).fill(value);
      if (name === 'email' && (form === 'Registration' || form === 'Guest registration')) await typeDemoRequired(r);
    },
    SAME_AS_BILLING_CHANGED: async (r, step) => {
      if (await noDeliveryAddress(r)) return;
      await main(r).getByRole('checkbox', { name: r.words('deliveryAddress.sameAsBilling') }).setChecked(ev(step).same === true);
    },
    ADDRESS_CHANGED: async (r, step) => {
      if (await noDeliveryAddress(r)) return;
      const name = String(ev(step).field);
      const value = String(ev(step).value);
      if (name === 'country') await deliveryField(r, name).selectOption(value);
      else await deliveryField(r, name).fill(value);
    },
    SEND_INVOICE_CHANGED: async (r, step) => {
      await main(r).getByRole('checkbox', { name: r.words('auth.sendInvoice') }).setChecked(ev(step).send === true);
    },
    'SUBMIT [loginFormInvalid]': refused,
    'SUBMIT [registrationFormInvalid]': refused,
    'SUBMIT [guestFormInvalid]': refused,
    'SUBMIT [forgotPasswordFormInvalid]': refused,
    'SUBMIT [recoverFormInvalid]': refused,
    SUBMIT: async (r, step) => {
      await typeAgain(r, step);
      await submitButton(r).first().click();
    },
    RETRY: async (r) => main(r).getByRole('button', { name: r.words('form.retry', { whole: true }) }).click(),

    // ---- service answers: the server's outcome is the event's (its status, `outcome`); what the
    // page then says is the chart's transition (its label)
    'done:login': async (r) => r.answer('login', { server: true }),
    'error:login [isRateLimited]': async (r, step) => failure(r, step, 'login', 'error.tooManyRequests'),
    'error:login [isCredentialsRefused]': async (r, step) => failure(r, step, 'login', 'auth.loginFailed'),
    'error:login [isNoAnswer]': async (r, step) => failure(r, step, 'login', 'error.network'),
    'error:login': async (r, step) => failure(r, step, 'login', 'form.unexpected'),
    'done:loadCustomer': async (r) => r.answer('customer', { server: true }),
    'error:loadCustomer': async (r, step) => r.answer('customer', outcome(step)),
    'done:loadFormFields': async (r, step) => r.answer('attr', formFields(r, step)),
    'error:loadFormFields': async (r, step) => r.answer('attr', outcome(step)),
    'done:loadGuestFormFields': async (r, step) => r.answer('attr', formFields(r, step)),
    'error:loadGuestFormFields': async (r, step) => r.answer('attr', outcome(step)),
    'done:register': async (r) => r.answer('register', { server: true }),
    'error:register [isValidationError]': async (r, step) => {
      const { code, message, fields } = errorOf(step);
      if (Object.keys(fields).length === 0) {
        // refused without naming a field (the demo server always names one): the event's answer; the form says the
        // server's message, or the unexpected error when it gives none, and marks no field
        await r.answer('register', { status: 422, json: { error: code, message, fields } });
        if (message) await soon(() => r.shows(main(r).locator('form [role="alert"]').filter({ hasText: message }), `the server's message "${message}"`));
        else await says(r, 'form.unexpected');
        await r.lacks(main(r).locator('form [aria-invalid="true"]'), 'a field marked wrong');
        return;
      }
      await failure(r, step, 'register', 'form.correctErrors');
      if ('email' in errorOf(step).fields) await soon(() => r.shows(main(r).getByText(r.words('form.emailTaken')), 'the "already registered" error'));
      else await soon(() => r.shows(deliveryField(r, 'zip').and(main(r).locator('[aria-invalid="true"]')), "the delivery address's zip marked wrong"));
    },
    'error:register': async (r, step) => failure(r, step, 'register', 'form.unexpected'),
    'done:loadNewCustomer': async (r) => r.answer('customer', { server: true }),
    'error:loadNewCustomer': async (r, step) => r.answer('customer', outcome(step)),
    // customer/validate asks for a password the guest form has not: with one, the server finds nothing wrong
    'done:validateGuest': async (r) => r.answer('validate', { body: changeC((c) => ({ ...c, password: PASSWORD })) }),
    'error:validateGuest [onlyPasswordErrorRemains]': async (r, step) => r.answer('validate', outcome(step)),
    'error:validateGuest [isValidationError]': async (r, step) => failure(r, step, 'validate', 'form.correctErrors'),
    'error:validateGuest': async (r, step) => failure(r, step, 'validate', 'form.unexpected'),
    'done:registerGuest': async (r) => r.answer('guest', { server: true }),
    'error:registerGuest [isValidationError]': async (r, step) => failure(r, step, 'guest', 'form.correctErrors'),
    'error:registerGuest': async (r, step) => failure(r, step, 'guest', 'form.unexpected'),
    'done:loadGuest': async (r) => r.answer('customer', { server: true }),
    'error:loadGuest': async (r, step) => r.answer('customer', outcome(step)),
    'done:requestPasswordReset': async (r) => r.answer('pwdreset', { server: true }),
    'error:requestPasswordReset': async (r, step) => failure(r, step, 'pwdreset', 'auth.requestResetFail'),
    'done:checkRecoveryLink': async (r) => r.answer('checkLink', { server: true }),
    'error:checkRecoveryLink [isNotFound]': async (r, step) => r.answer('checkLink', outcome(step)),
    'error:checkRecoveryLink': async (r, step) => failure(r, step, 'checkLink', 'form.unexpected'),
    'done:confirmPasswordReset': async (r) => r.answer('confirm', { server: true }),
    'error:confirmPasswordReset [isMissingFields]': async (r, step) => failure(r, step, 'confirm', 'auth.fillAllFields'),
    'error:confirmPasswordReset [isValidationError]': async (r, step) => failure(r, step, 'confirm', 'auth.recoveryLinkInvalid'),
    'error:confirmPasswordReset': async (r, step) => failure(r, step, 'confirm', 'form.unexpected'),
    'done:loadRecoveredCustomer': async (r) => r.answer('customer', { server: true }),
    // issue 44: the server confirms the mailed link; an invented one it does not know; the new
    // address registered by someone else before the link is followed; an expired link (the server's
    // answer, given by the test: its links live 24 hours); a dropped connection
    'done:confirmEmailChange': async (r) => r.answer('emailconfirm', { server: true }),
    'error:confirmEmailChange [isGone]': async (r) => r.answer('emailconfirm', EXPIRED_LINK),
    'error:confirmEmailChange [isNotFound]': async (r) => r.answer('emailconfirm', { server: true }),
    'error:confirmEmailChange [isValidationError]': async (r) => {
      const taken = r.memo.newEmail;
      if (typeof taken !== 'string') throw new Error('the path finds the address taken on a link the server did not mail');
      await post(r, 'customer/register', { c: { email: taken, password: PASSWORD, salutation: 'mr', fname: 'Grace', lname: 'Hopper', ...ACCOUNT_ADDRESS } });
      await r.answer('emailconfirm', { server: true });
    },
    'error:confirmEmailChange': async (r) => r.answer('emailconfirm', { drop: true }),
    'error:loadRecoveredCustomer': async (r, step) => r.answer('customer', outcome(step)),
  },

  states: {
    'Login.Editing': async (r) => {
      await editing(r, 'title.login', 'auth.loginSubmit');
      await r.shows(mainLink(r, 'auth.forgotPasswordLink'), 'the "Forgot your password?" link');
    },
    'Login.Signing in': async (r) => waitingFor(r, 'title.login', 'login', 'the login'),
    'Login.Loading customer': async (r) => waitingFor(r, 'title.login', 'customer', 'the customer'),
    'Signed in': async (r) => {
      await at(r, wayBack(r) ?? `/${r.lang}`);
      await loggedIn(r);
    },

    ...formFieldStates('Registration', 'title.register'),
    'Registration.Editing': async (r) => {
      await editing(r, 'title.register', 'auth.registerSubmit');
      await r.shows(field(r, 'passwordConfirmation'), 'the password fields');
      await preselectedCountry(r);
    },
    'Registration.Registering': async (r) => waitingFor(r, 'title.register', 'register', 'the registration'),
    'Registration.Loading new customer': async (r) => waitingFor(r, 'title.register', 'customer', 'the customer'),
    Registered: async (r) => {
      await successPage(r, 'title.registerSuccess', 'auth.registerSuccessText');
      await loggedIn(r);
    },

    'Guest registration off': async (r) => {
      await r.shows(heading(r, 'title.guestRegister'), 'the heading "Continue as a guest"');
      await r.shows(main(r).getByText(r.words('auth.guestOff')), 'the "not available" notice');
      await r.lacks(submitButton(r), 'a form');
    },
    ...formFieldStates('Guest registration', 'title.guestRegister'),
    'Guest registration.Editing': async (r) => {
      await editing(r, 'title.guestRegister', 'auth.guestSubmit');
      await r.lacks(field(r, 'password'), 'a password field');
      await preselectedCountry(r);
    },
    'Guest registration.Checking billing data': async (r) => waitingFor(r, 'title.guestRegister', 'validate', 'the check of the billing data'),
    'Guest registration.Registering guest': async (r) => waitingFor(r, 'title.guestRegister', 'guest', 'the guest registration'),
    'Guest registration.Loading guest': async (r) => waitingFor(r, 'title.guestRegister', 'customer', 'the customer'),
    'Signed in as guest': async (r) => {
      // back to the cart, logged in as a guest (the header keeps "Log in": a guest has no account)
      await at(r, wayBack(r) ?? `/${r.lang}`);
      await r.shows(heading(r, 'title.checkout'), 'the cart');
      if ((await r.page.evaluate(() => sessionStorage.getItem('jwt'))) === null) throw new Mismatch('the visitor is not logged in');
      await r.lacks(userMenu(r), "a customer's account menu");
    },

    'Forgot password.Editing': async (r) => editing(r, 'title.forgotPassword', 'auth.forgotSubmit'),
    'Forgot password.Requesting reset': async (r) => waitingFor(r, 'title.forgotPassword', 'pwdreset', 'the link to be sent'),
    'Reset requested': async (r) => {
      await successPage(r, 'title.forgotPasswordSuccess', 'auth.forgotSuccessText');
      await r.lacks(userMenu(r), 'an account menu');
    },

    Recovery: async (r) => {
      if (r.memo.otherToken !== undefined) throw new Mismatch(`the page checked the token "${r.memo.otherToken}", not "${r.memo.token}" of the link opened`);
    },
    'Recovery.Checking the link': async (r) => {
      await r.shows(heading(r, 'title.recoverAccount'), 'the heading "Choose a new password"');
      await r.shows(main(r).getByRole('status').filter({ hasText: r.words('auth.recoveryLinkChecking') }), 'the "checking your link" notice');
      await r.lacks(submitButton(r), 'the form');
      if (!r.waiting('checkLink')) throw new Mismatch('the page is not checking the link');
    },
    'Recovery.Link invalid': async (r) => {
      await r.shows(main(r).getByTestId('recovery-link-invalid'), 'the "link not valid" notice');
      await r.shows(mainLink(r, 'auth.requestNewLink'), 'the "Request a new link" link');
      await r.lacks(submitButton(r), 'the form');
    },
    'Recovery.Editing': async (r) => {
      await editing(r, 'title.recoverAccount', 'auth.recoverSubmit');
      await r.lacks(main(r).getByTestId('recovery-link-invalid'), 'the "link not valid" notice');
    },
    'Recovery.Setting password': async (r) => waitingFor(r, 'title.recoverAccount', 'confirm', 'the new password to be set'),
    'Recovery.Loading customer': async (r) => waitingFor(r, 'title.recoverAccount', 'customer', 'the customer'),
    Recovered: async (r) => {
      await successPage(r, 'title.recoverPasswordSuccess', 'auth.recoverSuccessText');
      await loggedIn(r);
    },

    // ---- issue 44: the page of the link mailed to a new address
    'E-mail confirmation': async (r) => {
      await r.shows(heading(r, 'title.confirmEmail'), `the heading "${r.text('title.confirmEmail')}"`);
      const sent = r.memo.confirmedToken;
      if (sent !== undefined && sent !== r.memo.emailToken) throw new Mismatch(`the page confirmed the token "${String(sent)}", not "${String(r.memo.emailToken)}" of the link opened`);
      // nobody is logged in by a confirmation link
      await r.lacks(userMenu(r), 'an account menu');
    },
    'E-mail confirmation.Confirming': async (r) => {
      await r.shows(main(r).getByRole('status').filter({ hasText: r.words('emailConfirm.emailConfirming') }), `"${r.text('emailConfirm.emailConfirming')}"`);
      if (!r.waiting('emailconfirm')) throw new Mismatch('the page is not confirming the address');
      if (r.memo.confirmedToken !== r.memo.emailToken) throw new Mismatch('the page has not sent the token of the link opened');
      await r.lacks(mainLink(r, 'emailConfirm.toSettings'), 'the "To your account settings" link');
    },
    'E-mail confirmation.Confirmed': async (r) => {
      const confirmed = main(r).getByTestId('email-confirmed');
      await r.shows(confirmed.filter({ hasText: r.words('settings.emailChanged') }), `"${r.text('settings.emailChanged')}"`);
      await r.shows(confirmed.filter({ hasText: String(r.memo.newEmail) }), `the new address ${String(r.memo.newEmail)}`);
      await r.shows(mainLink(r, 'emailConfirm.toSettings'), 'the "To your account settings" link');
    },
    'E-mail confirmation.Link expired': async (r) => refusedLink(r, 'email-link-expired', 'emailConfirm.emailLinkExpired'),
    'E-mail confirmation.Link invalid': async (r) => refusedLink(r, 'email-link-invalid', 'emailConfirm.emailLinkInvalid'),
    'E-mail confirmation.Address taken': async (r) => refusedLink(r, 'email-taken', 'emailConfirm.emailTakenMeanwhile'),
    'E-mail confirmation.Confirmation failed': async (r) => {
      await r.shows(main(r).getByRole('alert').filter({ hasText: r.words('emailConfirm.emailConfirmFailed') }), `"${r.text('emailConfirm.emailConfirmFailed')}"`);
      await r.shows(main(r).getByRole('button', { name: r.words('form.retry', { whole: true }) }), 'the "Try again" button');
      await r.lacks(main(r).getByTestId('email-confirmed'), 'the address confirmed');
    },
  },
};
