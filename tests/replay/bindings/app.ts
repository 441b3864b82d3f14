/**
 * The app shell chart (machines/app.machine.ts) bound to the page, in French (the model boots at
 * /fr), against the demo shop: what a visitor does for each event of its paths, what the page
 * shows in each state.
 *
 * - Boot: the boot requests are held from the first load of the walk until the path answers them:
 *   the configuration, the shell's part of the catalogue (a chunk under /assets/, one per
 *   language), the payment types, and shop information with static content. A configuration the
 *   back end does not have in the URL's language is its 404; a failed load a dropped connection;
 *   payment types that fail a 404 (a 500 would also raise the server-error banner, which the
 *   model's failure does not). The session restored is what the tab saved: nothing, or (the
 *   model's returning visitor) the demo customer logged in, cookies accepted, partner `p-7`.
 * - Ready: an HTTP error is a request of the page answered with that status or dropped: the
 *   visitor opens a section from the header and the shop answers its list so (on the login page,
 *   the login form's request). A 503 reloads the page; when the path's next step is the journeys'
 *   catalogue, the reloaded page's copy of it is held until then.
 * - Time (the banner's 15 s, the toast's 2 s, the spinner's 250 ms, "30 s later"): Playwright's
 *   clock, paused where the path counts time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Route } from 'playwright-core';
import { DEMO_CUSTOMER } from '../../../src/server/seed/accounts.js';
import { DEMO } from '../../../src/server/seed/demo.js';
import { SESSION_KEYS } from '../../../src/api/schemas/session.js';
import { readBootPreloads } from '../../../src/server/static.js';
import { BOOT_TEXTS } from '../../../src/i18n/boot-messages.js';
import { SPINNER_DELAY_MS, TOAST_MS } from '../../../machines/app.machine.js';
import { ABORTED, INVALID_RESPONSE, REQUEST_TIMEOUT_MS, TIMEOUT } from '../../../src/api/http.js';
import { COUNTRY_SETTLE_MS } from '../../../machines/cart.machine.js';
import { LANGS, words, type Lang } from '../../e2e/sessions/words.js';
import { repoRoot } from '../../e2e/server-process.js';
import { cannot, Mismatch, type Answer, type Replay, type ReplayBinding } from '../binding.js';
import { STEP_MS } from '../replay.js';
import type { ReplayStep, SentEvent } from '../plan.js';

/** The catalogue chunks of the build the server serves: the shell's part and the journey parts, per language. */
const manifest = (() => {
  const { boot } = readBootPreloads(fs.readFileSync(path.join(repoRoot, 'dist/public/index.html'), 'utf8'));
  if (!boot) throw new Error('dist/public/index.html has no boot-preloads list (build first)');
  return boot;
})();
const shellChunks = (lang: Lang) => manifest.messages[lang] ?? [];
const journeyChunks = (lang: Lang) => Object.values(manifest.messageParts?.[lang] ?? {}).flatMap((files) => files ?? []);

const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;
const api = (name: string) => (url: URL) => new RegExp(`^/api/[a-z]{2}/${name}$`).test(url.pathname);

/** The language the page is in now (the URL's; the memo once the shop switched or fell back). */
const langOf = (r: Replay): Lang => (r.memo.lang as Lang | undefined) ?? r.lang;
/** The boot screens speak the URL's language, else the browser's (the context's locale): French until a switch loads another URL. */
const bootTexts = (r: Replay) => BOOT_TEXTS[(r.memo.urlLang as Lang | undefined) ?? r.lang];
const header = (r: Replay) => r.page.locator('header');
const main = (r: Replay) => r.page.locator('main');
const banner = (r: Replay) => r.page.getByTestId('global-message');
const toast = (r: Replay) => r.page.getByTestId('toast');
const spinner = (r: Replay) => r.page.getByTestId('spinner');
const bootLoading = (r: Replay) => r.page.locator('.boot--loading');
const bootFailed = (r: Replay) => r.page.locator('main.boot--failed');
/** A message in the page's language now, as a pattern. */
const w = (r: Replay, id: string, whole = false) => words(langOf(r), id, { whole });
const link = (scope: Locator, name: RegExp) => scope.getByRole('link', { name }).first();

/** Whether the walk is still in its first boot (the boot requests are held only then). */
const booting = (r: Replay) => r.memo.booted !== true;
/** The page's journeys' part of the catalogue is held when the path's next step is its arrival. */
const holdingJourney = (r: Replay) => r.memo.holdJourney === true;

/** Is the next step of the plan `name`? */
const nextIs = (r: Replay, step: ReplayStep, name: string) => r.plan.steps[step.n]?.name === name;

/** The banner's message for each HTTP error that shows one (machines/app.machine.ts, §8). */
const BANNER: Record<string, string> = {
  'HTTP_ERROR [isServerError]': 'error.server',
  'HTTP_ERROR [isRepeatedServiceUnavailable]': 'error.unavailable',
  'HTTP_ERROR [isNetworkFailure]': 'error.network',
  'HTTP_ERROR [isTooManyRequests]': 'error.tooManyRequests',
};

const ERROR_BODY = (status: number, code: string) => ({ error: code, message: code, fields: {} });

/** Opens a section from the header whose list the page must ask the server for (the other one than where the page is). */
async function openSection(r: Replay): Promise<void> {
  const at = new URL(r.page.url()).pathname;
  const tours = at.includes('/guided-tours') || at.includes('/visites');
  await link(header(r), w(r, tours ? 'nav.tickets' : 'nav.guidedTours', true)).click();
}

async function logIn(r: Replay): Promise<void> {
  await link(header(r), w(r, 'header.login', true)).click();
  await r.page.getByLabel(w(r, 'auth.email')).fill(DEMO_CUSTOMER.email);
  await r.page.getByLabel(w(r, 'auth.password')).fill(DEMO_CUSTOMER.password);
  await main(r).getByRole('button', { name: w(r, 'header.login', true) }).click();
  await r.page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** GET customer (the record behind the token), whatever its query. */
const CUSTOMER_URL = /\/api\/[a-z]{2}\/customer(\?|$)/;

/**
 * The tab of a login whose customer record never came (issue 45 item 2): the login's read of the
 * record and the shell's read again both answer 404, so the tab keeps the token without the
 * record; the next page load (the path's start) reads it again, and that read is held for the path.
 */
async function logInWithoutRecord(r: Replay): Promise<void> {
  let refused = 0;
  const refuse = async (route: Route) => {
    refused += 1;
    await route.fulfill({ status: 404, json: ERROR_BODY(404, 'NOT_FOUND') });
  };
  await r.page.route(CUSTOMER_URL, refuse);
  await logIn(r);
  const deadline = Date.now() + 15_000;
  while (refused < 2) {
    if (Date.now() > deadline) throw new Mismatch(`the shell did not read the missing customer record again after the login (${refused} reads)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await r.page.unroute(CUSTOMER_URL, refuse);
  r.memo.holdCustomer = true;
}

/** An HTTP error of a request the page makes now: the visitor does what asks for it, the shop answers `status` (0: the connection drops). */
async function httpError(r: Replay, step: ReplayStep): Promise<void> {
  const { status, code, onLoginPage } = ev(step) as unknown as { status: number; code: string; onLoginPage: boolean };
  if (JSON.stringify(step.from).includes('Loading configuration')) {
    r.cannot(
      'while the configuration loads the page asks for nothing but the boot, in its order (configuration first): a failed configuration is the boot\'s own error, and the first request whose failure only raises the banner (shop information) comes after the configuration',
    );
  }
  const since = typeof r.memo.reloadedAt === 'number' ? (ev(step).at as number) - r.memo.reloadedAt : 0;
  // "more than 30 s after the last reload": the visitor waits that long
  if (status === 503 && since >= 30_000) await r.page.clock.fastForward(since);
  if (step.label === 'HTTP_ERROR [isFirstServiceUnavailable]' && JSON.stringify(step.from).includes('"Global message":"Showing"')) {
    r.cannot(
      'a first 503 reloads the page: the reloaded page starts a new shell whose banner is hidden, while the chart stays in Showing (its reload is an action the app provides, outside the chart)',
    );
  }
  if (onLoginPage && r.memo.loggedIn === true) {
    r.cannot('a logged-in visitor has no way to the login page within the shop: the header offers the account menu instead of "log in"');
  }
  r.memo.holdNext = true;
  if (onLoginPage) {
    if (!new URL(r.page.url()).pathname.endsWith('/login')) await link(header(r), w(r, 'header.login', true)).click();
    await r.page.getByLabel(w(r, 'auth.email')).fill(DEMO_CUSTOMER.email);
    await r.page.getByLabel(w(r, 'auth.password')).fill('not-the-password');
    await main(r).getByRole('button', { name: w(r, 'header.login', true) }).click();
  } else {
    await openSection(r);
  }
  if ((status === 401 || status === 403) && !onLoginPage) r.memo.loggedIn = false;
  if (status === 503) {
    r.memo.reloadedAt = ev(step).at;
    // the reloaded page's parts of the catalogue wait for the next step (this page has its own already: it asks only after it)
    await asked(r, 'next');
    if (nextIs(r, step, 'MESSAGES_ADDED')) r.memo.holdJourney = true;
  }
  // a first 503 reloads the page: the next step starts on the reloaded one
  const reloaded = step.label === 'HTTP_ERROR [isFirstServiceUnavailable]' ? r.page.waitForEvent('domcontentloaded') : null;
  if (status === 0 && code === ABORTED) {
    // the visitor leaves before the answer: the section's journey ends and cancels its request
    await asked(r, 'next');
    const cancelled = r.page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname.startsWith('/api/'));
    await link(header(r), w(r, 'header.home')).click();
    await cancelled;
  } else if (status === 0 && code === TIMEOUT) {
    // the server never answers: the page gives up after its time limit
    await asked(r, 'next');
    await r.page.clock.runFor(REQUEST_TIMEOUT_MS);
  } else if (status === 0 && code === INVALID_RESPONSE) {
    // an answer the client cannot read: 200 without the data it asked for
    await r.answer('next', { status: 200, json: { unexpected: true } });
  } else await r.answer('next', status === 0 ? { drop: true } : { status, json: ERROR_BODY(status, code) });
  await reloaded;
  // the banner says what happened (the policy's message for the status)
  const said = BANNER[step.label ?? ''];
  if (said) await shown(r, banner(r).filter({ hasText: w(r, said) }));
  if (step.label === 'HTTP_ERROR [isUnauthorizedOutsideLogin]') {
    // the shell sends the visitor to log in, saying why
    await shown(r, main(r).getByText(w(r, 'login.fromUnauthorized')));
    if (!new URL(r.page.url()).pathname.endsWith('/login')) throw new Mismatch(`after the 401 the page is at ${new URL(r.page.url()).pathname}, not the login page`);
  }
}

/**
 * Drops the connection of the page's request `request` and of any copy it asks for until the page
 * shows `failed` (a failed module preload is fetched again by the import that wanted it).
 */
async function dropUntil(r: Replay, request: string, failed: Locator): Promise<void> {
  await r.answer(request, { drop: true });
  const deadline = Date.now() + 10_000;
  while (!(await failed.isVisible()) && Date.now() < deadline) {
    if (r.waiting(request)) await r.answer(request, { drop: true });
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Answers the page's request `request`, and a second copy of it if the page asked twice (a preload and its use). */
async function answerAll(r: Replay, request: string, how: Answer): Promise<void> {
  await r.answer(request, how);
  while (r.waiting(request)) await r.answer(request, how);
}

/** Stops the page's clock where it is: from now on time passes only as the path says (the toast's 2 s, the spinner's 250 ms). */
async function pauseClock(r: Replay): Promise<void> {
  if (r.memo.paused === true) return;
  r.memo.paused = true;
  // a moment ahead of the page's time (its clock may be a little ahead of what Date.now() last said);
  // on a loaded machine the page's time can pass that moment before the pause arrives, so the
  // margin grows until the pause lands ahead of the page's time
  for (let margin = 500; ; margin *= 2) {
    try {
      await r.page.clock.pauseAt(await r.page.evaluate((ahead) => Date.now() + ahead, margin));
      return;
    } catch (error) {
      if (margin >= 16_000 || !String(error).includes('past')) throw error;
    }
  }
}

/**
 * Waits until `locator` shows. With the clock stopped the page gets there only as time passes (the
 * screen's Suspense reveal waits on a timer): time goes on 50 ms at a time, as little as it takes.
 */
async function shown(r: Replay, locator: Locator, boundMs = REQUEST_TIMEOUT_MS): Promise<number> {
  // the bound is the page's own time (as long as a request may wait for its answer); on a loaded
  // machine each 50 ms step costs a few round trips, so the wall clock only guards against a page
  // that stopped answering
  const deadline = Date.now() + (r.memo.paused === true ? 4 : 1) * (boundMs < REQUEST_TIMEOUT_MS ? boundMs : STEP_MS);
  let passed = 0;
  while (!(await locator.first().isVisible())) {
    if (Date.now() > deadline || passed >= boundMs) throw new Mismatch(`${locator.toString()} never shows (${passed} ms of the page's time)`);
    // the page's time never runs ahead of the real time: a server slow to answer on a loaded
    // machine is not a request the page gave up on (its time limit counts the page's time)
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (r.memo.paused === true) {
      await r.page.clock.runFor(50);
      passed += 50;
    }
  }
  return passed;
}

/** Lets `ms` pass on the page's clock, less what already passed since the toast came (while the page rendered it). */
async function letPass(r: Replay, ms: number): Promise<void> {
  const already = Number(r.memo.sinceToast ?? 0);
  r.memo.sinceToast = 0;
  await r.page.clock.runFor(Math.max(0, ms - already));
}

/** Waits until the page asks the server for `request` (held). */
async function asked(r: Replay, request: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!r.waiting(request)) {
    if (Date.now() > deadline) throw new Mismatch(`the page never asked the server for ${request}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A toast: a logged-in visitor saves the settings ("saved"), another one has the forgot-password link sent ("on its way"). */
async function showToast(r: Replay, pause: boolean): Promise<void> {
  if (r.memo.loggedIn !== true) return requestPasswordLink(r, pause);
  await openSettings(r);
  if (pause) await pauseClock(r);
  await saveDetails(r);
}

async function openSettings(r: Replay): Promise<void> {
  await header(r).locator('.user-menu__button').click();
  await link(header(r), w(r, 'header.settings', true)).click();
  await shown(r, main(r).getByRole('region', { name: w(r, 'settings.detailsTitle', true) }));
}

async function saveDetails(r: Replay): Promise<void> {
  await main(r).getByRole('region', { name: w(r, 'settings.detailsTitle', true) }).getByRole('button', { name: w(r, 'settings.saveDetails', true) }).click();
}

/** The forgot-password form sends the link: the shop says so in a toast. */
async function requestPasswordLink(r: Replay, pause: boolean): Promise<void> {
  // a click on the header while the last screen is still being revealed (its Suspense timer runs
  // on the stopped clock) can be overtaken by that screen's own navigation (seen once in CI: the
  // page stayed on the reset's success page): the visitor clicks again
  for (let attempt = 1; ; attempt += 1) {
    await link(header(r), w(r, 'header.login', true)).click();
    try {
      await shown(r, link(main(r), w(r, 'auth.forgotPasswordLink', true)), attempt < 3 ? 3_000 : REQUEST_TIMEOUT_MS);
      break;
    } catch (error) {
      if (!(error instanceof Mismatch) || attempt >= 3) throw error;
    }
  }
  await link(main(r), w(r, 'auth.forgotPasswordLink', true)).click();
  // The login page has a field of the same name: the forgot-password page is there once its own
  // button is. Waiting for the field alone let the address go into the login page's field while
  // the next page was on its way, which then showed an empty one (the flaky paths 18, 21 and 25:
  // "no request after three presses, the field holds ''").
  const submit = main(r).getByRole('button', { name: w(r, 'auth.forgotSubmit', true) });
  await shown(r, submit);
  await shown(r, r.page.getByLabel(w(r, 'auth.email')));
  // Links before the app has taken a page over go to the server, so this form may be the server's
  // page still waking (after the path's reload, on a loaded machine): its field and button take no
  // input until then (src/app/first-click.ts), as the visitor sees by the progress pointer. Seen
  // once in a loaded CI run: three presses went to the waking page, no request, no toast.
  await shown(r, r.page.locator('.shell:not(.shell--waking)'));
  // an address of its own each time: the shop limits resets per address (a sixth within a minute is refused)
  r.memo.resets = Number(r.memo.resets ?? 0) + 1;
  await r.page.getByLabel(w(r, 'auth.email')).fill(`visitor-${r.plan.number}-${String(r.memo.resets)}-${Date.now()}@museum.example`);
  // The reset itself is the auth chart's (its replay sends real ones); here its answer only raises
  // the toast, so it is answered as the server answers every reset (`true`, whether or not the
  // address has an account): the server takes 10 resets a minute from one address, and this
  // chart's toasts ask for more than that on a fast run.
  let sent = false;
  await r.page.route('**/api/*/customer/pwdreset', (route) => {
    sent = true;
    return route.fulfill({ status: 200, json: { data: true } });
  }, { times: 1 });
  if (pause) await pauseClock(r);
  // A click while the form's screen is still being revealed on the stopped clock can go to a
  // button React is about to replace (seen once in a loaded CI run: no request, no toast in 15 s of
  // the page's time). The visitor clicks again when nothing was sent; a form that never sends
  // still fails the step, since its toast never shows.
  for (let attempt = 1; attempt <= 3 && !sent; attempt += 1) {
    await submit.click();
    for (let waited = 0; waited < 2_000 && !sent; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (r.memo.paused === true) await r.page.clock.runFor(50);
    }
  }
  // which half failed, for the next reader of a failure (it fails in some full runs only)
  if (!sent) {
    const field = await r.page.getByLabel(w(r, 'auth.email')).inputValue().catch(() => '(no field)');
    const disabled = await submit.isDisabled().catch(() => null);
    throw new Mismatch(`the forgot-password form sent no request after three presses (the field holds "${field}", the button is ${disabled ? 'disabled' : 'enabled'})`);
  }
  r.memo.resetAnswered = true;
}

/** The page asks the server once more, while the path holds the answer: the cart's shipping costs first (the basket, a country chosen), then a section's list. */
async function startRequest(r: Replay): Promise<void> {
  if (!r.waiting('shipping')) {
    await link(header(r), w(r, 'header.basket')).click();
    const country = main(r).getByTestId('shipping-country');
    await country.waitFor();
    // the checkout's own questions answered: the shop rests before the visitor chooses
    await r.page.waitForLoadState('networkidle');
    // on a busy box a question of the cart (its country list) can outlast the spinner's delay: the
    // spinner it showed goes away once answered, and only then does the path's own request start
    await spinner(r).waitFor({ state: 'hidden' });
    await pauseClock(r);
    r.memo.holdShipping = true;
    await country.selectOption('CH');
    // the choice rests before the cart asks (machines/cart.machine.ts COUNTRY_SETTLE_MS)
    await r.page.clock.runFor(COUNTRY_SETTLE_MS);
    await asked(r, 'shipping');
    return;
  }
  r.memo.holdNext = true;
  await openSection(r);
  await asked(r, 'next');
}

/** The oldest request the path holds is answered by the server. */
async function finishRequest(r: Replay): Promise<void> {
  if (r.waiting('shipping')) {
    r.memo.holdShipping = false;
    await r.answer('shipping', { server: true });
  } else await r.answer('next', { server: true });
}

export const appBinding: ReplayBinding = {
  machine: 'app',
  lang: 'fr',
  urls: ['**/api/**', '**/assets/chunk-*.js'],
  requests: {
    config: (url, _m, r) => booting(r) && api('shopinfo/config')(url),
    ...Object.fromEntries(LANGS.map((lang) => [`messages ${lang}`, (url: URL, _m: string, r: Replay) => booting(r) && shellChunks(lang).includes(url.pathname)])),
    payments: (url, _m, r) => booting(r) && api('checkout/payments')(url),
    shopInfo: (url, _m, r) => booting(r) && api('shopinfo')(url),
    staticContent: (url, _m, r) => booting(r) && api('static/content')(url),
    shipping: (url, method, r) => r.memo.holdShipping === true && method === 'POST' && url.pathname.endsWith('/shipping/costs'),
    journey: (url, _m, r) => holdingJourney(r) && journeyChunks(langOf(r)).includes(url.pathname),
    // logout's call to end the token (issue 44): held until the path answers it
    logout: (url, method) => method === 'POST' && api('auth/logout')(url),
    // issue 45 item 2: the shell's second read of a customer record the login did not get
    customer: (url, method, r) => r.memo.holdCustomer === true && method === 'GET' && api('customer')(url),
    // the next request of the page's own (one): answered with the path's status
    next: (url, _m, r) => {
      if (r.memo.holdNext !== true || !url.pathname.startsWith('/api/')) return false;
      r.memo.holdNext = false;
      return true;
    },
  },

  async prepare(r) {
    const restore = r.plan.steps.find((s) => s.name === 'done:restoreSession');
    const output = restore
      ? ((restore.event as SentEvent & { output?: { jwt: string | null; customer: unknown; cookiesAccepted: boolean; partner: string | null } }).output ?? null)
      : null;
    r.memo.loggedIn = false;
    if (output && (output.jwt !== null || output.cookiesAccepted || output.partner !== null)) {
      // the tab of a returning visitor: logged in, cookies accepted, come with a partner's link
      await r.page.goto(`/${r.lang}${output.partner ? `?partner=${output.partner}` : ''}`);
      if (output.cookiesAccepted) await r.page.getByTestId('cookie-notice').getByRole('button').click();
      if (output.jwt !== null && output.customer === null) await logInWithoutRecord(r);
      else if (output.jwt !== null) await logIn(r);
    }
    if ((r.plan.input as { lastServiceUnavailableReloadAt?: number | null }).lastServiceUnavailableReloadAt) {
      // the tab was reloaded for a 503 a moment ago (the shell keeps when in the tab's session storage)
      await r.page.goto(`/${r.lang}`);
      await r.page.evaluate((key) => sessionStorage.setItem(key, String(Date.now())), SESSION_KEYS.serviceUnavailableReloadAt);
    }
    if (r.plan.steps.some((s) => s.name === 'REQUEST_STARTED')) {
      // a catalogue in the cart: the cart asks for its shipping costs once a country is chosen
      await r.page.goto(`/${r.lang}/product/${DEMO.merchandise.catalogue}`);
      await r.page.getByTestId('add-to-cart').click();
      await header(r).getByTestId('basket-count').filter({ hasText: '1' }).waitFor();
    }
    await r.page.clock.install();
  },

  async start(r) {
    await r.page.goto(`/${r.lang}`, { waitUntil: 'commit' });
  },

  events: {
    // ---- boot
    'done:loadConfig': async (r) => answerAll(r, 'config', { server: true }),
    'error:loadConfig [isLanguageNotOffered]': async (r) => {
      await answerAll(r, 'config', { status: 404, json: ERROR_BODY(404, 'NOT_FOUND') });
      // the shop asks again in its default language
      r.memo.lang = 'de';
    },
    'error:loadConfig': async (r, step) => {
      // after the fallback the default language's 404 ends the boot; else the connection drops
      if ((ev(step).error as { status?: number } | undefined)?.status === 404) await answerAll(r, 'config', { status: 404, json: ERROR_BODY(404, 'NOT_FOUND') });
      else await dropUntil(r, 'config', bootFailed(r));
    },
    RETRY: async (r) => {
      await bootFailed(r).getByRole('button', { name: bootTexts(r).retry }).click();
    },
    'done:loadMessages': async (r) => answerAll(r, `messages ${langOf(r)}`, { server: true }),
    'error:loadMessages': async (r) => dropUntil(r, `messages ${langOf(r)}`, bootFailed(r)),
    // nothing to wait for: the tab's session storage is read at once (prepare made what it holds)
    'done:restoreSession': async (r, step) => {
      r.memo.loggedIn = (ev(step).output as { jwt: string | null }).jwt !== null;
    },
    'error:restoreSession': cannot(
      "restoring the session never fails in a browser: every read of session storage is caught and an unreadable value is dropped (src/app/session.ts), so the shell's restoreSession always resolves",
    ),
    'done:loadPaymentTypes': async (r) => answerAll(r, 'payments', { server: true }),
    'error:loadPaymentTypes': async (r) => answerAll(r, 'payments', { status: 404, json: ERROR_BODY(404, 'NOT_FOUND') }),
    'done:loadShopData': async (r) => {
      await answerAll(r, 'shopInfo', { server: true });
      await answerAll(r, 'staticContent', { server: true });
      r.memo.booted = true;
    },
    'error:loadShopData': cannot(
      'loading the shop data never fails: the shell asks for shop information and static content with Promise.allSettled and goes on with null for each that fails (src/app/services.ts)',
    ),

    // ---- the HTTP error policy
    HTTP_ERROR: httpError,

    // ---- the visitor's session
    MESSAGES_ADDED: async (r) => {
      if (r.waiting('journey')) {
        // the reloaded page's parts of the catalogue arrive
        r.memo.holdJourney = false;
        await answerAll(r, 'journey', { server: true });
        return;
      }
      // the first page after home loads its parts of the catalogue
      await link(header(r), w(r, 'nav.tickets', true)).click();
    },
    ACCEPT_COOKIES: async (r) => {
      await r.page.getByTestId('cookie-notice').getByRole('button', { name: w(r, 'cookie.accept', true) }).click();
    },
    'CHANGE_LANGUAGE [isDifferentLanguage]': async (r, step) => {
      await header(r).locator('select.language__select').selectOption(String(ev(step).lang));
      r.memo.lang = ev(step).lang;
      r.memo.urlLang = ev(step).lang;
    },
    CHANGE_LANGUAGE: async (r, step) => {
      // the language the page is in, chosen again: the select does not change
      await header(r).locator('select.language__select').selectOption(String(ev(step).lang));
    },
    LOGGED_IN: async (r, step) => {
      if (r.memo.loggedIn === true) {
        await r.shows(header(r).locator('.user-menu__button'), 'the account menu');
        r.cannot('a logged-in visitor has no way to the login page within the shop: the header offers the account menu instead of "log in"');
      }
      if (ev(step).customer !== null) {
        await logIn(r);
        r.memo.loggedIn = true;
        return;
      }
      // issue 45 item 2: the login's own read of the customer record fails (404); the shop goes on
      // logged in without it, and the shell asks for it again (held for the path's answer)
      r.memo.holdCustomer = true;
      await link(header(r), w(r, 'header.login', true)).click();
      await r.page.getByLabel(w(r, 'auth.email')).fill(DEMO_CUSTOMER.email);
      await r.page.getByLabel(w(r, 'auth.password')).fill(DEMO_CUSTOMER.password);
      await main(r).getByRole('button', { name: w(r, 'header.login', true) }).click();
      await r.answer('customer', { status: 404, json: ERROR_BODY(404, 'NOT_FOUND') });
      await r.page.waitForURL((url) => !url.pathname.endsWith('/login'));
      r.memo.loggedIn = true;
    },
    // ---- the shell reads a missing customer record again (issue 45 item 2)
    'done:loadCustomer [readForThisSession]': async (r) => {
      await r.answer('customer', { server: true });
      r.memo.holdCustomer = false;
    },
    'done:loadCustomer': cannot(
      "a record read for an earlier session comes only with a second login while the first read is under way, and a logged-in visitor has no way to the login page within the shop (the header offers the account menu)",
    ),
    'error:loadCustomer': async (r) => {
      await r.answer('customer', { status: 404, json: ERROR_BODY(404, 'NOT_FOUND') });
      r.memo.holdCustomer = false;
    },
    LOGOUT: async (r) => {
      // without a session the shop shows no "log out": only /logout typed into the address bar
      // sends it then, which loads the app anew (another machine); the model test covers it
      if (!r.memo.loggedIn) return r.cannot('a logout without a session has no control in the page: only /logout typed into the address bar sends it, and that loads the app anew');
      await header(r).locator('.user-menu__button').click();
      await link(header(r), w(r, 'header.logout', true)).click();
      r.memo.loggedIn = false;
    },
    // ---- the back end ends the token (issue 44): whatever it answers, the visitor stays logged out
    'done:endSession': async (r) => answerAll(r, 'logout', { server: true }),
    'error:endSession': async (r, step) => {
      const error = ev(step).error as { status?: number; code?: string } | undefined;
      if (!error?.status) await r.answer('logout', { drop: true });
      else await answerAll(r, 'logout', { status: error.status, json: ERROR_BODY(error.status, error.code ?? 'ERROR') });
    },
    SHOW_MESSAGE: cannot('no part of the shop sends SHOW_MESSAGE: the banner shows only what the HTTP error policy puts there, so a visitor cannot bring up another message'),
    DISMISS_MESSAGE: async (r) => {
      await banner(r).getByRole('button', { name: w(r, 'message.dismiss', true) }).click();
    },
    'after globalMessageDuration': async (r) => r.page.clock.fastForward(15_000),
    // ---- toasts: the forgot-password form's "the link is on its way"
    TOAST: async (r, step) => {
      // the path counts the toast's time (or shows a second one): the clock stops before it shows
      r.memo.resetAnswered = false;
      const later = r.plan.steps.slice(step.n);
      await showToast(r, later.some((s) => /^(wait:|after toastDuration|TOAST$|DISMISS_TOAST)/.test(s.label ?? s.name)));
      // the page's next screen may hold the render on its Suspense timer: time goes on only until the toast shows
      try {
        r.memo.sinceToast = Number(r.memo.sinceToast ?? 0) + (await shown(r, toast(r).last()));
      } catch (error) {
        if (!(error instanceof Mismatch) || r.memo.resetAnswered !== true) throw error;
        throw new Mismatch(`${error.message}, although the forgot-password form's request was sent and answered`);
      }
    },
    DISMISS_TOAST: async (r) => {
      await toast(r).getByRole('button', { name: w(r, 'toast.dismiss', true) }).click();
    },
    'after toastDuration': async (r) => {
      // The stopped clock was moved on while the page waited for the toast, partly before the
      // server's answer raised it (a busy machine answers late): its own time may have started up
      // to that much later. Let that pass too, in small steps, only while the toast still shows;
      // a toast that stays longer than its time plus that (a changed delay) still fails the step.
      const early = Number(r.memo.sinceToast ?? 0);
      await letPass(r, TOAST_MS);
      for (let extra = 0; extra < early && (await toast(r).first().isVisible()); extra += 50) await r.page.clock.runFor(50);
    },
    // "let N ms pass" (the clock stopped before the toast or the message that counts them)
    ...Object.fromEntries([1, 1_999, 5_000, 10_000].map((ms) => [`wait:${ms}`, async (r: Replay) => letPass(r, ms)])),
    // ---- the waiting flag
    REQUEST_STARTED: startRequest,
    'after spinnerDelay': async (r) => r.page.clock.runFor(SPINNER_DELAY_MS),
    REQUEST_FINISHED: finishRequest,
    // ---- the settings save the customer: a fresh token and the customer for the header
    'SESSION_UPDATED [isLoggedIn]': async (r) => {
      await openSettings(r);
      await saveDetails(r);
      await main(r).getByTestId('settings-details-saved').waitFor();
    },
    SESSION_UPDATED: cannot(
      "a late answer of the settings after logout never reaches the shell: logging out leaves the settings page (it needs a login), which stops its journey with the request, so the shell gets no SESSION_UPDATED to refuse",
    ),
  },

  states: {
    // ---- boot: the calm loading screen, or the retry screen, in the URL's language; nothing of the shop
    Boot: async () => {},
    'Boot.Loading configuration': async (r) => bootIsLoading(r),
    'Boot.Loading messages': async (r) => bootIsLoading(r),
    'Boot.Restoring session': async (r) => bootIsLoading(r),
    'Boot.Loading payment types': async (r) => bootIsLoading(r),
    'Boot.Loading shop information': async (r) => bootIsLoading(r),
    'Boot.Configuration failed': async (r) => bootHasFailed(r),
    'Boot.Messages failed': async (r) => bootHasFailed(r),
    'Boot.Ready': async (r) => {
      await r.lacks(bootLoading(r), 'the loading screen');
      await r.lacks(bootFailed(r), 'the retry screen');
      // a page reloaded at a journey's address renders once its parts of the catalogue are in
      if (r.waiting('journey')) return;
      await r.shows(header(r), 'the header');
      // the session the tab restored or the visitor started: the account menu, else "log in"
      if (r.memo.loggedIn === true) await r.shows(header(r).locator('.user-menu__button'), 'the account menu');
      else await r.shows(link(header(r), w(r, 'header.login')), 'the "log in" link');
    },
    // ---- the banner: shown only once the shop renders
    'Global message.Hidden': async (r) => {
      if (await bootLoading(r).or(bootFailed(r)).first().isVisible()) return;
      await r.lacks(banner(r), 'the banner');
    },
    'Global message.Showing': async (r) => {
      await r.shows(banner(r), 'the banner');
      await r.shows(banner(r).getByRole('button', { name: w(r, 'message.dismiss', true) }), 'the banner\'s "close"');
    },
    'Toasts.No toast': async (r) => {
      if (await bootLoading(r).or(bootFailed(r)).first().isVisible()) return;
      await r.lacks(toast(r), 'a toast');
    },
    'Toasts.Showing toast': async (r) => {
      await r.shows(toast(r), 'a toast');
    },
    // ---- logout: logged out in the page at once, while the back end is asked to end the token
    'Session end.Idle': async () => {},
    'Session end.Ending token': async (r) => {
      // the call runs past the HTTP error policy: the visitor is told nothing of it (whether they
      // are logged in meanwhile is the session's own region: a new login may have come)
      await r.lacks(banner(r), 'a message about ending the token');
    },
    // ---- the customer record (issue 45 item 2): the page asks for it while it is read, else not
    'Customer record.Nothing to read': async (r) => {
      // after a read in vain the page asks no more (on other steps the page may be ahead of the
      // chart: it reads the record as soon as it has restored the session)
      if (r.step?.name === 'error:loadCustomer' && r.waiting('customer')) throw new Mismatch('the page still asks for the customer record');
    },
    'Customer record.Reading the customer': async (r) => {
      if (!r.waiting('customer')) throw new Mismatch('the page does not ask for the customer record');
    },
    'Server requests.Idle': async (r) => {
      if (await bootLoading(r).or(bootFailed(r)).first().isVisible()) return;
      await r.lacks(spinner(r), 'the "waiting for the server" spinner');
    },
    'Server requests.Request open': async (r) => {
      await r.lacks(spinner(r), 'the "waiting for the server" spinner');
    },
    'Server requests.Waiting for server': async (r) => {
      await r.shows(spinner(r), 'the "waiting for the server" spinner');
    },
  },
};

async function bootIsLoading(r: Replay): Promise<void> {
  await r.shows(bootLoading(r).filter({ hasText: bootTexts(r).loading }), 'the "loading the shop" screen');
  await r.lacks(bootFailed(r), 'the retry screen');
  await r.lacks(header(r), 'the header');
}

async function bootHasFailed(r: Replay): Promise<void> {
  await r.shows(bootFailed(r).getByRole('heading', { level: 1, name: bootTexts(r).failedTitle }), 'the "could not be loaded" heading');
  await r.shows(bootFailed(r).getByRole('button', { name: bootTexts(r).retry }), 'the "try again" button');
  await r.lacks(bootLoading(r), 'the loading screen');
  await r.lacks(header(r), 'the header');
}

