/**
 * What the bindings of the account journeys (auth.ts, settings.ts) share: accounts registered for a
 * replay as a visitor registers them (customer/register, from the test), the login a visitor types,
 * and a wait for what the page says after an answer.
 */
import type { Replay } from '../binding.js';
import { Mismatch } from '../binding.js';
import { STEP_MS } from '../replay.js';

/** The name every account of the replays is registered with (the header's account menu shows it). */
export const ACCOUNT_NAME = { fname: 'Ada', lname: 'Lovelace' } as const;
/** The billing address of every account of the replays: Zürich, as the models' customers live. */
export const ACCOUNT_ADDRESS = { street: 'Seestrasse 1', zip: '8000', city: 'Zürich', country: 'CH' } as const;

let counter = 0;
/** A new e-mail address, never used before on any server of this run. */
export const freshEmail = (what: string): string => `replay-${what}-${process.pid}-${Date.now()}-${++counter}@museum.example`;
/** A new key of letters and digits (an invented link, a used token). */
export const freshKey = (what: string): string => `${what}-${process.pid}-${++counter}`;

/** A request of the page to the API: its method and the path after `/api/<lang>/` (a matcher of `requests`). */
export const call =
  (method: 'GET' | 'POST', path: string) =>
  (url: URL, m: string): boolean =>
    m === method && url.pathname.endsWith(`/${path}`);

/** POST `/api/<lang>/<path>` from the test, not the page; throws unless the server says yes. */
export async function post(r: Replay, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${r.baseUrl}/api/${r.lang}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST /api/${r.lang}/${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Registers a new account with `password` (and `extra` customer data, e.g. a delivery address); its e-mail address. */
export async function registerAccount(r: Replay, what: string, password: string, extra: Record<string, unknown> = {}): Promise<string> {
  const email = freshEmail(what);
  await post(r, 'customer/register', { c: { email, password, salutation: 'ms', ...ACCOUNT_NAME, ...ACCOUNT_ADDRESS, ...extra } });
  return email;
}

/** On the login page: types the e-mail address and the password and presses "Log in". */
export async function submitLogin(r: Replay, email: string, password: string): Promise<void> {
  const main = r.page.locator('main');
  await main.getByLabel(r.words('auth.email')).fill(email);
  await main.getByLabel(r.words('auth.password')).fill(password);
  await main.getByRole('button', { name: r.words('auth.loginSubmit', { whole: true }) }).click();
}

/** On the login page: logs in, and waits for the header's account menu. */
export async function logIn(r: Replay, email: string, password: string): Promise<void> {
  await submitLogin(r, email, password);
  await r.page.locator('header .user-menu__button').waitFor();
}

/** Until `check` passes (it throws Mismatch otherwise) or the step's time is up. */
export async function soon(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof Mismatch) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
