/**
 * Model of the app shell machine. Four parallel regions multiply quickly, so the model keeps
 * the walk finite and readable: during boot only boot events happen; once Ready, the visitor's
 * session events (cookies, login, logout, language) happen while the shell is at rest, and
 * each side region (global message, toasts, server requests) is walked on its own from rest,
 * with the 503 guard reached both with and without an earlier reload.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { appMachine } from '../../machines/app.machine.js';
import { defineModel } from './model.js';

export const config = {
  siteName: 'Museum Shop',
  languages: ['de', 'en', 'fr'],
  supportEmail: 'support@museum.example',
};
export const messages = { 'nav.home': 'Start' };
/** The journeys' part of the catalogue, loaded with the first page after home. */
export const journeyMessages = { 'tickets.title': 'Billets' };
export const session = { jwt: 'jwt-1', customer: { email: 'ada@museum.example', fname: 'Ada', lname: 'Lovelace', country: 'CH' }, isGuest: false, partner: 'p-7', cookiesAccepted: true };
/** The tab of a login whose customer record never came (GET customer failed, issue 45 item 2): the token without the record. */
export const sessionWithoutRecord = { ...session, customer: null };
/** What a tab restores when nothing was saved in it. */
export const emptySession = { jwt: null, customer: null, isGuest: false, partner: null, cookiesAccepted: false };
export const paymentTypes = [{ payartId: 1, i18n: { de: 'Karte' } }];
export const shopData = { shopInfo: null, staticContent: null };
/** A back end whose config names no support address: the shop information names one. */
export const configWithoutSupport = { siteName: 'Museum Shop', languages: ['de', 'en', 'fr'] };
export const SHOP_SUPPORT = 'shop@museum.example';
export const shopDataWithSupport = {
  shopInfo: { shop: 16, name: 'Museum Shop', currency: 'CHF', support_email: SHOP_SUPPORT, vat_number: '', address: '' },
  staticContent: null,
};
/** A config that names its languages in full as well (languages_full). */
export const configWithNames = { ...config, languagesFull: ['Deutsch', 'English', 'Français'] };
/** What a tab remembers of its last reload for a 503 (session storage), ms since epoch (a real clock's value). */
export const TAB_RELOADED_AT = 1_790_000_000_000;
/** A toast sent without a tone, with values for its message. */
export const INFO_TOAST = { id: 'settings.saved', values: { name: 'Ada' } };

/** The customer record GET customer answers for a session without one (issue 45 item 2). */
export const READ_CUSTOMER = { email: 'ada@museum.example', fname: 'Ada', lname: 'Lovelace', country: 'DE' };

/** What the settings send after a save or a password change (a fresh token). */
export const UPDATED_SESSION = { jwt: 'jwt-3', customer: { email: 'ada@museum.example', fname: 'Ada', lname: 'Lovelace' } };

const http = (status: number, code: string, at: number, onLoginPage = false) => ({ status, code, at, onLoginPage });

const SERVER_ERROR = { type: 'HTTP_ERROR', ...http(500, 'SERVER_ERROR', 1_000) };
/** The boot of the shell, every call answering (scenarios start from the ready shell). */
const boot = () => [
  { type: 'done:loadConfig', output: config },
  { type: 'done:loadMessages', output: messages },
  { type: 'done:restoreSession', output: session },
  { type: 'done:loadPaymentTypes', output: paymentTypes },
  { type: 'done:loadShopData', output: shopData },
];

/** The boot of a tab that saved the token but not the customer record (issue 45 item 2). */
const bootWithoutRecord = () => boot().map((e) => (e.type === 'done:restoreSession' ? { ...e, output: sessionWithoutRecord } : e));

const region = {
  message: ['DISMISS_MESSAGE', 'xstate.after.globalMessageDuration'],
  toast: ['TOAST', 'DISMISS_TOAST', 'xstate.after.toastDuration'],
  request: ['REQUEST_STARTED', 'REQUEST_FINISHED', 'xstate.after.spinnerDelay'],
};
const inRegion = (type: string, names: string[]) => names.some((n) => type === n || type.startsWith(`${n}.`));

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const ctx = s.context as { toasts: unknown[]; pendingRequests: number; jwt: string | null; cookiesAccepted: boolean };
  // the language fallback (a 404 for the config) is walked by its scenario; the paths boot in fr
  if ((e as EventObject & { error?: { status?: number } }).error?.status === 404) return false;
  if (!s.matches({ Boot: 'Ready' })) return /^xstate\.(done|error)\.actor\./.test(e.type) || e.type === 'RETRY';
  // while the back end is asked to end the token, only its answer (the side regions are walked from rest)
  if (s.matches({ 'Session end': 'Ending token' })) return /^xstate\.(done|error)\.actor\./.test(e.type);
  // while the customer record is read again, only its answer (a session change meanwhile is a scenario)
  if (s.matches({ 'Customer record': 'Reading the customer' })) return /^xstate\.(done|error)\.actor\./.test(e.type);
  const showingMessage = s.matches({ 'Global message': 'Showing' });
  const showingToast = s.matches({ Toasts: 'Showing toast' });
  const requestOpen = !s.matches({ 'Server requests': 'Idle' });
  // one side region away from rest at a time
  if (showingMessage) return inRegion(e.type, region.message) || e.type === 'HTTP_ERROR';
  if (showingToast) return inRegion(e.type, region.toast) && !(e.type === 'TOAST' && ctx.toasts.length >= 2);
  if (requestOpen) return inRegion(e.type, region.request) && !(e.type === 'REQUEST_STARTED' && ctx.pendingRequests >= 2);
  // session events only from a fresh session, and side regions only start from it
  const fresh = ctx.jwt === null && !ctx.cookiesAccepted;
  if (e.type === 'LOGOUT') return ctx.jwt !== null;
  // the settings' update: once into a session, and once without one (refused)
  if (e.type === 'SESSION_UPDATED') return fresh || (ctx.jwt !== null && ctx.jwt !== UPDATED_SESSION.jwt);
  if (e.type === 'LOGGED_IN' || e.type === 'ACCEPT_COOKIES') return fresh;
  return fresh;
}

export const appModel = defineModel({
  name: 'app',
  machine: appMachine,
  input: { lang: 'fr', lastServiceUnavailableReloadAt: null },
  events: {
    'done:loadConfig': { output: config },
    'error:loadConfig': [
      { error: new TypeError('Failed to fetch') },
      // a back end that does not offer the URL's language answers 404
      { error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) },
    ],
    'done:loadMessages': { output: messages },
    'error:loadMessages': { error: new TypeError('Failed to fetch') },
    // a new visitor's tab has nothing saved; a returning one its token, partner and consent
    'done:restoreSession': [{ output: emptySession }, { output: session }],
    'error:restoreSession': { error: new Error('storage unavailable') },
    'done:loadPaymentTypes': { output: paymentTypes },
    'error:loadPaymentTypes': { error: new Error('500') },
    'done:loadShopData': { output: shopData },
    'error:loadShopData': { error: new Error('500') },
    'done:endSession': { output: true },
    // the record of the session of now (the walk's login without its record: jwt-2); one of a
    // session replaced meanwhile is the scenarios'
    'done:loadCustomer': { output: { jwt: 'jwt-2', customer: READ_CUSTOMER } },
    // a back end that does not find the record (answered to the journey, no banner)
    'error:loadCustomer': { error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) },
    // a back end without auth/logout (404, 405), a token it no longer knows (401), no answer at all
    'error:endSession': [
      { error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) },
      { error: Object.assign(new Error('Method Not Allowed'), { status: 405, code: 'METHOD_NOT_ALLOWED' }) },
      { error: Object.assign(new Error('Unauthorized'), { status: 401, code: 'AUTH_TOKEN_INVALID' }) },
      { error: Object.assign(new Error(''), { status: 0, code: 'NETWORK_ERROR' }) },
    ],
    HTTP_ERROR: [
      http(500, 'SERVER_ERROR', 1_000),
      http(503, 'SERVICE_UNAVAILABLE', 1_000),
      http(0, 'NETWORK_ERROR', 1_000),
      http(401, 'UNAUTHORIZED', 1_000),
      http(401, 'UNAUTHORIZED', 1_000, true),
      http(404, 'NOT_FOUND', 1_000),
      http(429, 'TOO_MANY_REQUESTS', 1_000),
      http(429, 'TOO_MANY_REQUESTS', 1_000, true),
    ],
    TOAST: { toast: { id: 'cart.added', tone: 'success' } },
    LOGGED_IN: { jwt: 'jwt-2', customer: null, isGuest: true },
    LOGOUT: { returnTo: '/fr/' },
    SESSION_UPDATED: UPDATED_SESSION,
    CHANGE_LANGUAGE: [{ lang: 'fr' }, { lang: 'de' }],
    MESSAGES_ADDED: { messages: journeyMessages },
  },
  filterEvents: allowed,
  scenarios: [
    {
      name: 'the same language changes nothing, another one loads the page in it',
      events: [...boot(), { type: 'CHANGE_LANGUAGE', lang: 'fr' }, { type: 'CHANGE_LANGUAGE', lang: 'de' }],
    },
    {
      name: 'a new message while one shows starts its 15 s again',
      events: [...boot(), SERVER_ERROR, { type: 'wait:10000' }, SERVER_ERROR, { type: 'wait:10000' }, { type: 'wait:5000' }],
    },
    {
      name: 'a second 503 within 30 s shows a message instead of reloading again',
      events: [...boot(), { type: 'HTTP_ERROR', ...http(503, 'SERVICE_UNAVAILABLE', 1_000) }, { type: 'HTTP_ERROR', ...http(503, 'SERVICE_UNAVAILABLE', 20_000) }],
    },
    {
      name: 'a first 503 reloads the page even while another message shows',
      events: [...boot(), { type: 'HTTP_ERROR', ...http(500, 'SERVER_ERROR', 1_000) }, { type: 'HTTP_ERROR', ...http(503, 'SERVICE_UNAVAILABLE', 1_000) }],
    },
    {
      name: 'a 503 more than 30 s after the last reload reloads again',
      events: [...boot(), { type: 'HTTP_ERROR', ...http(503, 'SERVICE_UNAVAILABLE', 1_000) }, { type: 'HTTP_ERROR', ...http(503, 'SERVICE_UNAVAILABLE', 31_000) }],
    },
    {
      name: 'a toast shows for 2 s',
      events: [...boot(), { type: 'TOAST', toast: { id: 'cart.added', tone: 'success' } }, { type: 'wait:1999' }, { type: 'wait:1' }],
    },
    { name: 'logout forgets the stored session', events: [...boot(), { type: 'LOGOUT', returnTo: '/fr/' }] },
    {
      name: 'logout goes on when the back end cannot end the token (no auth/logout: 405), and a new session is untouched by it',
      events: [
        ...boot(),
        { type: 'LOGOUT', returnTo: '/fr/' },
        { type: 'LOGGED_IN', jwt: 'jwt-2', customer: null, isGuest: true },
        { type: 'error:endSession', error: Object.assign(new Error('Method Not Allowed'), { status: 405, code: 'METHOD_NOT_ALLOWED' }) },
      ],
    },
    {
      name: 'a logout without a session (the tab saved none): nothing to end, no call',
      events: [
        { type: 'done:loadConfig', output: config },
        { type: 'done:loadMessages', output: messages },
        { type: 'done:restoreSession', output: emptySession },
        { type: 'done:loadPaymentTypes', output: paymentTypes },
        { type: 'done:loadShopData', output: shopData },
        { type: 'LOGOUT', returnTo: '/fr/' },
      ],
    },
    {
      name: 'a logout without a session while a token is being ended: nothing more to end',
      events: [...boot(), { type: 'LOGOUT', returnTo: '/fr/' }, { type: 'LOGOUT', returnTo: '/fr/' }, { type: 'error:endSession', error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) }],
    },
    {
      name: 'a second logout while the first token is still being ended ends the second token too',
      events: [...boot(), { type: 'LOGOUT', returnTo: '/fr/' }, { type: 'LOGGED_IN', jwt: 'jwt-2', customer: null, isGuest: true }, { type: 'LOGOUT', returnTo: '/fr/' }, { type: 'done:endSession', output: true }],
    },
    { name: 'the journeys\' messages join those of the shell', events: [...boot(), { type: 'MESSAGES_ADDED', messages: journeyMessages }] },
    {
      name: 'the settings update the session; a late update after logout brings no session back',
      events: [...boot(), { type: 'SESSION_UPDATED', ...UPDATED_SESSION }, { type: 'LOGOUT', returnTo: '/fr/' }, { type: 'SESSION_UPDATED', ...UPDATED_SESSION }],
    },
    { name: 'a 401 outside the login page goes to login', events: [...boot(), { type: 'HTTP_ERROR', ...http(401, 'UNAUTHORIZED', 1_000) }] },
    { name: 'a 404 is left to the journey that asked', events: [...boot(), { type: 'HTTP_ERROR', ...http(404, 'NOT_FOUND', 1_000) }] },
    { name: 'a 429 on the login page is left to the login form (said once there)', events: [...boot(), { type: 'HTTP_ERROR', ...http(429, 'TOO_MANY_REQUESTS', 1_000, true) }] },
    {
      name: 'a 429 of "send the confirmation again" is left to the order page (it names the seconds, issue 42)',
      events: [...boot(), { type: 'HTTP_ERROR', ...http(429, 'ORDER_RESEND_TOO_SOON', 1_000) }],
    },
    {
      name: 'a back end without the language of the URL that still lists it: the language is left out of the config, so no route asks for it again',
      events: [{ type: 'error:loadConfig', error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) }, { type: 'done:loadConfig', output: config }],
    },
    {
      name: 'a back end without the language of the URL: the config in the default language, and no endless fallback',
      events: [
        { type: 'error:loadConfig', error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) },
        { type: 'error:loadConfig', error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) },
      ],
    },
    { name: 'a 403 outside the login page goes to login as a 401 does', events: [...boot(), { type: 'HTTP_ERROR', ...http(403, 'FORBIDDEN', 1_000) }] },
    {
      name: 'a cancelled request says nothing; an answer the client cannot read is a server error; a request that timed out is no connection',
      events: [
        ...boot(),
        { type: 'HTTP_ERROR', ...http(0, 'ABORTED', 500) },
        { type: 'HTTP_ERROR', ...http(0, 'INVALID_RESPONSE', 1_000) },
        { type: 'DISMISS_MESSAGE' },
        { type: 'HTTP_ERROR', ...http(0, 'TIMEOUT', 2_000) },
      ],
    },
    {
      name: 'a config without a support address: the server error names the shop information\'s',
      events: [
        { type: 'done:loadConfig', output: configWithoutSupport },
        { type: 'done:loadMessages', output: messages },
        { type: 'done:restoreSession', output: session },
        { type: 'done:loadPaymentTypes', output: paymentTypes },
        { type: 'done:loadShopData', output: shopDataWithSupport },
        { type: 'HTTP_ERROR', ...http(500, 'SERVER_ERROR', 1_000) },
      ],
    },
    {
      name: 'a back end that names its languages in full: the language it refused leaves both lists',
      events: [{ type: 'error:loadConfig', error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) }, { type: 'done:loadConfig', output: configWithNames }],
    },
    {
      name: 'a tab reloaded for a 503 less than 30 s ago: the next 503 shows the message instead of reloading again',
      input: { lang: 'fr', lastServiceUnavailableReloadAt: TAB_RELOADED_AT },
      events: [...boot(), { type: 'HTTP_ERROR', ...http(503, 'SERVICE_UNAVAILABLE', TAB_RELOADED_AT + 20_000) }],
    },
    { name: 'a toast without a tone is an info toast, with the values of its message', events: [...boot(), { type: 'TOAST', toast: INFO_TOAST }] },
    {
      name: 'the URL in a language the shop does not list: the shop\'s first language',
      input: { lang: 'it', lastServiceUnavailableReloadAt: null },
      events: boot(),
    },
    {
      name: 'a server error before the config and the shop information are there: the banner without an address',
      events: [
        { type: 'HTTP_ERROR', ...http(500, 'SERVER_ERROR', 1_000) },
        { type: 'DISMISS_MESSAGE' },
        { type: 'done:loadConfig', output: configWithoutSupport },
        { type: 'HTTP_ERROR', ...http(500, 'SERVER_ERROR', 2_000) },
      ],
    },
    {
      name: 'a login whose customer record did not come (GET customer failed): it is read again, and the cart gets the country',
      events: [
        { type: 'done:loadConfig', output: config },
        { type: 'done:loadMessages', output: messages },
        { type: 'done:restoreSession', output: emptySession },
        { type: 'done:loadPaymentTypes', output: paymentTypes },
        { type: 'done:loadShopData', output: shopData },
        { type: 'LOGGED_IN', jwt: 'jwt-2', customer: null, isGuest: true },
        { type: 'done:loadCustomer', output: { jwt: 'jwt-2', customer: READ_CUSTOMER } },
      ],
    },
    {
      name: 'a tab that saved the token without the record reads it as the shop boots',
      events: [...bootWithoutRecord(), { type: 'done:loadCustomer', output: { jwt: 'jwt-1', customer: READ_CUSTOMER } }],
    },
    {
      name: 'logged out while the customer record is read: the reading stops, nothing is stored',
      events: [...bootWithoutRecord(), { type: 'LOGOUT', returnTo: '/fr/' }, { type: 'done:endSession', output: true }],
    },
    {
      name: 'the record could not be read again: not asked a third time; the next login without its record is read',
      events: [
        ...bootWithoutRecord(),
        { type: 'error:loadCustomer', error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) },
        { type: 'LOGGED_IN', jwt: 'jwt-2', customer: null, isGuest: true },
        { type: 'done:loadCustomer', output: { jwt: 'jwt-2', customer: READ_CUSTOMER } },
      ],
    },
    {
      name: 'a logout after the record could not be read: nothing left to read',
      events: [
        ...bootWithoutRecord(),
        { type: 'error:loadCustomer', error: Object.assign(new Error('Not Found'), { status: 404, code: 'NOT_FOUND' }) },
        { type: 'LOGOUT', returnTo: '/fr/' },
      ],
    },
    {
      name: 'another login while the record of the first is read: the first record is not taken, the new session\'s is read',
      events: [
        ...bootWithoutRecord(),
        { type: 'LOGGED_IN', jwt: 'jwt-2', customer: null, isGuest: true },
        { type: 'done:loadCustomer', output: { jwt: 'jwt-1', customer: READ_CUSTOMER } },
        { type: 'done:loadCustomer', output: { jwt: 'jwt-2', customer: READ_CUSTOMER } },
      ],
    },
  ],
  // the toast counter only numbers toasts; leave it out so the walk stays finite
  stateKey: (s) => {
    const { nextToastKey: _n, toasts, ...rest } = s.context as { nextToastKey: number; toasts: { id: string }[] };
    void _n;
    return { value: s.value, ...rest, toasts: toasts.map((t) => t.id) };
  },
  fakeActions: [
    'navigateToLogin',
    'reloadPage',
    'storeServiceUnavailableReload',
    'storeCookiesAccepted',
    'storeSession',
    'clearStoredSession',
    'forgetPersonalData',
    'switchLanguage',
    'navigateAfterLogout',
  ],
});
