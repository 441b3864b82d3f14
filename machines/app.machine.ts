/**
 * The app shell journey (spec §1 start-up, §4 navigation side effects, §8 HTTP error policy).
 *
 * Six parallel regions:
 * - Boot: remote config first (nothing renders before it), the interface messages of the shell
 *   (each page's parts of the catalogue join later with MESSAGES_ADDED), the saved session (validated, invalid values dropped), payment types, shop metadata and static content.
 * - Global message: the dismissible banner; a server error shows it for 15 s (§8, §9).
 * - Toasts: a queue of short notices, each visible for 2 s (§8).
 * - Server requests: the waiting flag while any request is open (§4), shown as a spinner.
 * - Session end: logout forgets the session at once and asks the back end to end its token
 *   (`auth/logout`, issue 44); whatever that answers (a back end without the call: 404/405; none
 *   at all), the visitor stays logged out. A deliberate logout also forgets what was personal
 *   (`forgetPersonalData`, issue 45: a settings draft, a different delivery address and the
 *   countries chosen for it), so the next visitor of a shared computer finds none of it; the cart
 *   itself is the visitor's and stays. A 401 (§8) forgets only the session: what was typed waits
 *   for the login.
 * - Customer record: a logged-in session without its customer record (GET customer failed right
 *   after the login, or the tab saved none) reads it once more (issue 45 item 2): the cart prices
 *   shipping for the customer's country and the forms start from the record. If that fails too,
 *   the shop goes on without it (the cart then lets the customer choose the country).
 *
 * Services are `fromPromise` actors that throw until the composition root (src/app/services.ts)
 * provides real ones with `appMachine.provide`; tests provide fakes the same way. Navigation and
 * storage writes are named actions the app provides as well: the router owns the URL.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { AppConfig, PaymentType, ShopInfo, StaticContent } from '../src/api/schemas/config.js';
import type { StoredCustomer } from '../src/api/schemas/session.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../src/api/languages.js';
import { notProvided, statusOf } from './support.js';

/** Compiled (AST) in the build, plain ICU strings in tests. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

export type MessageTone = 'danger' | 'warning' | 'info' | 'success';

/** A message the UI translates: a catalogue key with its values. */
export interface ShellMessage {
  id: string;
  values?: Record<string, string | number>;
}

export interface GlobalMessage extends ShellMessage {
  className: MessageTone;
}

export interface Toast extends ShellMessage {
  key: number;
  tone: MessageTone;
}

export interface RestoredSession {
  jwt: string | null;
  customer: StoredCustomer | null;
  isGuest: boolean;
  partner: string | null;
  cookiesAccepted: boolean;
}

export interface ShopData {
  shopInfo: ShopInfo | null;
  staticContent: StaticContent | null;
}

export interface AppInput {
  /** Language from the first path segment, if it is one of the eight. */
  lang?: string | null;
  /** When the page was last reloaded because of a 503 (from session storage), ms since epoch. */
  lastServiceUnavailableReloadAt?: number | null;
}

export interface AppContext {
  /** The language the visitor asked for in the URL (before config says which ones exist). */
  requestedLang: Language | null;
  /** Languages the back end answered 404 for: left out of the config's list, so no route asks for them again. */
  unofferedLanguages: Language[];
  lang: Language;
  config: AppConfig | null;
  messages: Messages | null;
  jwt: string | null;
  customer: StoredCustomer | null;
  isGuest: boolean;
  partner: string | null;
  cookiesAccepted: boolean;
  paymentTypes: PaymentType[];
  shopInfo: ShopInfo | null;
  staticContent: StaticContent | null;
  globalMessage: GlobalMessage | null;
  /** Queue of toasts; the first one is on screen. */
  toasts: Toast[];
  nextToastKey: number;
  pendingRequests: number;
  lastServiceUnavailableReloadAt: number | null;
  /** The token of the session just ended, while the back end is asked to end it too (never used for anything else). */
  endingJwt: string | null;
  /** The token whose customer record could not be read again (issue 45 item 2): not asked a third time. */
  unreadCustomerJwt: string | null;
}

/** GET customer for a session that has none: the record, and the token it was read with. */
export interface ReadCustomer {
  jwt: string;
  customer: StoredCustomer;
}

export type HttpErrorEvent = {
  type: 'HTTP_ERROR';
  status: number;
  code: string;
  /** When the error happened (ms since epoch). */
  at: number;
  /** True when the visitor is on the login screen already (then a 401 does not redirect). */
  onLoginPage: boolean;
};

export type AppEvent =
  | { type: 'RETRY' }
  | HttpErrorEvent
  | { type: 'REQUEST_STARTED' }
  | { type: 'REQUEST_FINISHED' }
  | { type: 'DISMISS_MESSAGE' }
  | { type: 'TOAST'; toast: ShellMessage & { tone?: MessageTone } }
  | { type: 'DISMISS_TOAST' }
  | { type: 'ACCEPT_COOKIES' }
  /** A page's parts of the catalogue have arrived (src/i18n/load.ts): they join the shell's and the earlier pages'. */
  | { type: 'MESSAGES_ADDED'; messages: Messages }
  | { type: 'CHANGE_LANGUAGE'; lang: Language }
  | { type: 'LOGGED_IN'; jwt: string; customer: StoredCustomer | null; isGuest: boolean }
  /** The settings saved the customer or changed the password (a fresh token): header and checkout use the new data. */
  | { type: 'SESSION_UPDATED'; jwt: string; customer: StoredCustomer }
  | { type: 'LOGOUT'; returnTo?: string };

/** §9: a second 503 within this window shows a message instead of reloading again. */
export const SERVICE_UNAVAILABLE_WINDOW_MS = 30_000;
export const GLOBAL_MESSAGE_MS = 15_000;
export const TOAST_MS = 2_000;
export const SPINNER_DELAY_MS = 250;


export const appMachine = setup({
  types: {
    tags: {} as 'loading' | 'ready' | 'waiting',
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    loadConfig: fromPromise<AppConfig>(async () => notProvided('loadConfig')),
    loadMessages: fromPromise<Messages, { lang: Language }>(async () => notProvided('loadMessages')),
    restoreSession: fromPromise<RestoredSession>(async () => notProvided('restoreSession')),
    loadPaymentTypes: fromPromise<PaymentType[]>(async () => notProvided('loadPaymentTypes')),
    loadShopData: fromPromise<ShopData>(async () => notProvided('loadShopData')),
    /** POST auth/logout?_=jwt; its answer or failure changes nothing for the visitor. */
    endSession: fromPromise<unknown, { jwt: string }>(async () => notProvided('endSession')),
    /** GET customer?_=jwt for a logged-in session without its record (issue 45 item 2). */
    loadCustomer: fromPromise<ReadCustomer, { jwt: string }>(async () => notProvided('loadCustomer')),
  },
  actions: {
    assignConfig: assign(({ context }, loaded: AppConfig) => {
      // a language that answered 404 is not offered, whatever the list says (else the route to it reloads forever)
      const offered = loaded.languages.map((lang, i) => ({ lang, full: (loaded.languagesFull ?? [])[i] })).filter(({ lang }) => !context.unofferedLanguages.includes(lang));
      const config: AppConfig =
        context.unofferedLanguages.length === 0 || offered.length === 0
          ? loaded
          : { ...loaded, languages: offered.map((o) => o.lang), ...(loaded.languagesFull ? { languagesFull: offered.flatMap((o) => (o.full === undefined ? [] : [o.full])) } : {}) };
      return {
        config,
        lang: context.requestedLang && config.languages.includes(context.requestedLang) ? context.requestedLang : (config.languages[0] ?? DEFAULT_LANGUAGE),
      };
    }),
    // Either part may come first: each joins what is there (the union of two catalogue shapes is again one of them).
    assignMessages: assign(({ context }, messages: Messages) => ({ messages: { ...context.messages, ...messages } as Messages })),
    fallBackToDefaultLanguage: assign(({ context }) => ({
      lang: DEFAULT_LANGUAGE,
      requestedLang: null,
      unofferedLanguages: [...context.unofferedLanguages, context.lang],
    })),
    assignSession: assign((_, session: RestoredSession) => ({ ...session })),
    assignPaymentTypes: assign((_, paymentTypes: PaymentType[]) => ({ paymentTypes })),
    assignShopData: assign((_, data: ShopData) => ({ shopInfo: data.shopInfo, staticContent: data.staticContent })),
    showSupportMessage: assign(({ context }) => ({
      globalMessage: { id: 'error.server', values: { email: context.config?.supportEmail ?? context.shopInfo?.support_email ?? '' }, className: 'danger' as const },
    })),
    showUnavailableMessage: assign({ globalMessage: { id: 'error.unavailable', className: 'danger' as const } }),
    showNetworkMessage: assign({ globalMessage: { id: 'error.network', className: 'warning' as const } }),
    showTooManyRequestsMessage: assign({ globalMessage: { id: 'error.tooManyRequests', className: 'warning' as const } }),
    clearGlobalMessage: assign({ globalMessage: null }),
    enqueueToast: assign(({ context }, toast: ShellMessage & { tone?: MessageTone }) => ({
      toasts: [...context.toasts, { id: toast.id, ...(toast.values ? { values: toast.values } : {}), tone: toast.tone ?? 'info', key: context.nextToastKey }],
      nextToastKey: context.nextToastKey + 1,
    })),
    dropShownToast: assign(({ context }) => ({ toasts: context.toasts.slice(1) })),
    countRequestStarted: assign(({ context }) => ({ pendingRequests: context.pendingRequests + 1 })),
    countRequestFinished: assign(({ context }) => ({ pendingRequests: Math.max(0, context.pendingRequests - 1) })),
    acceptCookies: assign({ cookiesAccepted: true }),
    rememberServiceUnavailableReload: assign((_, at: number) => ({ lastServiceUnavailableReloadAt: at })),
    signIn: assign((_, session: { jwt: string; customer: StoredCustomer | null; isGuest: boolean }) => ({ ...session })),
    forgetSession: assign({ jwt: null, customer: null, isGuest: false }),
    rememberTokenToEnd: assign(({ context }) => ({ endingJwt: context.jwt })),
    clearTokenToEnd: assign({ endingJwt: null }),
    updateSession: assign((_, session: { jwt: string; customer: StoredCustomer }) => ({ ...session })),
    assignReadCustomer: assign((_, read: ReadCustomer) => ({ customer: read.customer })),
    rememberUnreadCustomer: assign(({ context }) => ({ unreadCustomerJwt: context.jwt })),
    // Side effects the app provides (router, storage, window):
    navigateToLogin: () => notProvided('navigateToLogin'),
    reloadPage: () => notProvided('reloadPage'),
    storeServiceUnavailableReload: (_, _at: number) => notProvided('storeServiceUnavailableReload'),
    storeCookiesAccepted: () => notProvided('storeCookiesAccepted'),
    storeSession: () => notProvided('storeSession'),
    clearStoredSession: () => notProvided('clearStoredSession'),
    /** logout only (issue 45): the settings draft, a different delivery address and the countries chosen for it; the cart's lines stay */
    forgetPersonalData: () => notProvided('forgetPersonalData'),
    switchLanguage: (_, _lang: Language) => notProvided('switchLanguage'),
    navigateAfterLogout: (_, _returnTo: string | undefined) => notProvided('navigateAfterLogout'),
  },
  guards: {
    // The guards of HTTP_ERROR (§8); any other event is a mis-wired guard and throws.
    isUnauthorizedOutsideLogin: ({ event }) => {
      assertEvent(event, 'HTTP_ERROR');
      return (event.status === 401 || event.status === 403) && !event.onLoginPage;
    },
    isServerError: ({ event }) => {
      assertEvent(event, 'HTTP_ERROR');
      return event.status === 500 || event.code === 'INVALID_RESPONSE';
    },
    isRepeatedServiceUnavailable: ({ context, event }) => {
      assertEvent(event, 'HTTP_ERROR');
      return event.status === 503 && context.lastServiceUnavailableReloadAt !== null && event.at - context.lastServiceUnavailableReloadAt < SERVICE_UNAVAILABLE_WINDOW_MS;
    },
    isFirstServiceUnavailable: ({ context, event }) => {
      assertEvent(event, 'HTTP_ERROR');
      return event.status === 503 && (context.lastServiceUnavailableReloadAt === null || event.at - context.lastServiceUnavailableReloadAt >= SERVICE_UNAVAILABLE_WINDOW_MS);
    },
    /**
     * On the login page the form itself names the wait (said once, issue 16 item 13); so does an
     * order's page for "send the confirmation again" (ORDER_RESEND_TOO_SOON, issue 42: its seconds).
     */
    isTooManyRequests: ({ event }) => {
      assertEvent(event, 'HTTP_ERROR');
      return event.status === 429 && !event.onLoginPage && event.code !== 'ORDER_RESEND_TOO_SOON';
    },
    isNetworkFailure: ({ event }) => {
      assertEvent(event, 'HTTP_ERROR');
      return event.status === 0 && (event.code === 'NETWORK_ERROR' || event.code === 'TIMEOUT');
    },
    isLanguageNotOffered: ({ context, event }) => statusOf(event) === 404 && context.lang !== DEFAULT_LANGUAGE,
    hasMoreToasts: ({ context }) => context.toasts.length > 1,
    isLastRequest: ({ context }) => context.pendingRequests <= 1,
    isLoggedIn: ({ context }) => context.jwt !== null,
    /** logged in without the customer record, and not already read in vain for this token */
    customerRecordMissing: ({ context }) => context.jwt !== null && context.customer === null && context.jwt !== context.unreadCustomerJwt,
    /** logged out, or the record is there */
    nothingToRead: ({ context }) => context.jwt === null || context.customer !== null,
    /** the record was read for the session of now (not one ended or replaced meanwhile) */
    readForThisSession: ({ context }, read: ReadCustomer) => read.jwt === context.jwt,
    isDifferentLanguage: ({ context, event }) => {
      assertEvent(event, 'CHANGE_LANGUAGE');
      return event.lang !== context.lang;
    },
  },
  delays: {
    globalMessageDuration: GLOBAL_MESSAGE_MS,
    toastDuration: TOAST_MS,
    spinnerDelay: SPINNER_DELAY_MS,
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  description: 'The shop shell: boots from the remote config, then hosts every journey and applies the HTTP error policy of §8.',
  context: ({ input }) => ({
    requestedLang: isLanguage(input.lang) ? input.lang : null,
    unofferedLanguages: [],
    lang: isLanguage(input.lang) ? input.lang : DEFAULT_LANGUAGE,
    config: null,
    messages: null,
    jwt: null,
    customer: null,
    isGuest: false,
    partner: null,
    cookiesAccepted: false,
    paymentTypes: [],
    shopInfo: null,
    staticContent: null,
    globalMessage: null,
    toasts: [],
    nextToastKey: 1,
    pendingRequests: 0,
    lastServiceUnavailableReloadAt: input.lastServiceUnavailableReloadAt ?? null,
    endingJwt: null,
    unreadCustomerJwt: null,
  }),
  on: {
    HTTP_ERROR: [
      {
        guard: 'isUnauthorizedOutsideLogin',
        description: '401/403: the login screen, with fromUnauthorized=true so it can say why.',
        actions: ['forgetSession', 'clearStoredSession', 'navigateToLogin'],
      },
      {
        guard: 'isFirstServiceUnavailable',
        description: '503: reload the page once (a second one within 30 s shows a message, see Global message).',
        actions: [
          { type: 'rememberServiceUnavailableReload', params: ({ event }) => event.at },
          { type: 'storeServiceUnavailableReload', params: ({ event }) => event.at },
          'reloadPage',
        ],
      },
    ],
    ACCEPT_COOKIES: { actions: ['acceptCookies', 'storeCookiesAccepted'] },
    MESSAGES_ADDED: {
      description: "The messages of a page's parts of the catalogue, loaded with the page, join those the shell and earlier pages loaded.",
      actions: { type: 'assignMessages', params: ({ event }) => event.messages },
    },
    CHANGE_LANGUAGE: { guard: 'isDifferentLanguage', actions: { type: 'switchLanguage', params: ({ event }) => event.lang } },
    LOGGED_IN: {
      actions: [{ type: 'signIn', params: ({ event }) => ({ jwt: event.jwt, customer: event.customer, isGuest: event.isGuest }) }, 'storeSession'],
    },
    SESSION_UPDATED: {
      guard: 'isLoggedIn',
      description: 'Only while logged in: a late answer of the settings never brings a session back after logout.',
      actions: [{ type: 'updateSession', params: ({ event }) => ({ jwt: event.jwt, customer: event.customer }) }, 'storeSession'],
    },
  },
  states: {
    Boot: {
      initial: 'Loading configuration',
      states: {
        'Loading configuration': {
          tags: 'loading',
          description: 'Nothing renders until the remote config has arrived.',
          invoke: {
            src: 'loadConfig',
            onDone: { target: 'Loading messages', actions: { type: 'assignConfig', params: ({ event }) => event.output } },
            onError: [
              {
                guard: 'isLanguageNotOffered',
                target: 'Loading configuration',
                reenter: true,
                actions: 'fallBackToDefaultLanguage',
                description: 'The back end does not speak the language of the URL (404): ask again in the default language.',
              },
              { target: 'Configuration failed' },
            ],
          },
        },
        'Configuration failed': {
          description: 'Retry screen in the browser language; never a blank page.',
          on: { RETRY: 'Loading configuration' },
        },
        'Loading messages': {
          tags: 'loading',
          description: 'The message catalogue of the interface language (its own chunk).',
          invoke: {
            src: 'loadMessages',
            input: ({ context }) => ({ lang: context.lang }),
            onDone: { target: 'Restoring session', actions: { type: 'assignMessages', params: ({ event }) => event.output } },
            onError: 'Messages failed',
          },
        },
        'Messages failed': {
          description: 'The language chunk could not be loaded (offline): same retry screen.',
          on: { RETRY: 'Loading messages' },
        },
        'Restoring session': {
          tags: 'loading',
          description: 'Saved token, customer, partner and cookie consent, each validated; an invalid value is dropped.',
          invoke: {
            src: 'restoreSession',
            onDone: { target: 'Loading payment types', actions: { type: 'assignSession', params: ({ event }) => event.output } },
            onError: 'Loading payment types',
          },
        },
        'Loading payment types': {
          tags: 'loading',
          invoke: {
            src: 'loadPaymentTypes',
            onDone: { target: 'Loading shop information', actions: { type: 'assignPaymentTypes', params: ({ event }) => event.output } },
            onError: 'Loading shop information',
          },
        },
        'Loading shop information': {
          tags: 'loading',
          description: 'Shop metadata and static content (banners, cookie text, social links); the shop works without them.',
          invoke: {
            src: 'loadShopData',
            onDone: { target: 'Ready', actions: { type: 'assignShopData', params: ({ event }) => event.output } },
            onError: 'Ready',
          },
        },
        Ready: {
          tags: 'ready',
          description: 'The shell is up; journeys run inside it.',
        },
      },
    },
    'Global message': {
      description: 'The banner of §2/§8. A new message restarts its 15 s from Showing itself, so only this region re-enters.',
      initial: 'Hidden',
      states: {
        Hidden: {
          on: {
            HTTP_ERROR: [
              { guard: 'isServerError', description: '500: the danger message with the support address, for 15 s.', target: 'Showing', actions: 'showSupportMessage' },
              { guard: 'isRepeatedServiceUnavailable', description: 'A second 503 within 30 s: say so instead of reloading forever.', target: 'Showing', actions: 'showUnavailableMessage' },
              { guard: 'isNetworkFailure', description: 'No answer or too late: tell the visitor; nothing they entered is touched.', target: 'Showing', actions: 'showNetworkMessage' },
              {
                guard: 'isTooManyRequests',
                description: '429 (password reset or voucher code tried too often; on the login page the form says it): wait a minute and try again.',
                target: 'Showing',
                actions: 'showTooManyRequestsMessage',
              },
            ],
          },
        },
        Showing: {
          after: { globalMessageDuration: { target: 'Hidden', actions: 'clearGlobalMessage' } },
          on: {
            DISMISS_MESSAGE: { target: 'Hidden', actions: 'clearGlobalMessage' },
            HTTP_ERROR: [
              { guard: 'isServerError', target: 'Showing', reenter: true, actions: 'showSupportMessage' },
              { guard: 'isRepeatedServiceUnavailable', target: 'Showing', reenter: true, actions: 'showUnavailableMessage' },
              { guard: 'isNetworkFailure', target: 'Showing', reenter: true, actions: 'showNetworkMessage' },
              { guard: 'isTooManyRequests', target: 'Showing', reenter: true, actions: 'showTooManyRequestsMessage' },
            ],
          },
        },
      },
    },
    Toasts: {
      initial: 'No toast',
      states: {
        'No toast': {
          on: { TOAST: { target: 'Showing toast', actions: { type: 'enqueueToast', params: ({ event }) => event.toast } } },
        },
        'Showing toast': {
          description: 'The first toast of the queue, for 2 s or until swiped away.',
          on: {
            TOAST: { actions: { type: 'enqueueToast', params: ({ event }) => event.toast } },
            DISMISS_TOAST: [
              { guard: 'hasMoreToasts', target: 'Showing toast', reenter: true, actions: 'dropShownToast' },
              { target: 'No toast', actions: 'dropShownToast' },
            ],
          },
          after: {
            toastDuration: [
              { guard: 'hasMoreToasts', target: 'Showing toast', reenter: true, actions: 'dropShownToast' },
              { target: 'No toast', actions: 'dropShownToast' },
            ],
          },
        },
      },
    },
    'Server requests': {
      initial: 'Idle',
      states: {
        Idle: {
          on: { REQUEST_STARTED: { target: 'Request open', actions: 'countRequestStarted' } },
        },
        'Request open': {
          description: 'A short wait shows no spinner, to avoid flicker.',
          on: {
            REQUEST_STARTED: { actions: 'countRequestStarted' },
            REQUEST_FINISHED: [
              { guard: 'isLastRequest', target: 'Idle', actions: 'countRequestFinished' },
              { actions: 'countRequestFinished' },
            ],
          },
          after: { spinnerDelay: 'Waiting for server' },
        },
        'Waiting for server': {
          tags: 'waiting',
          on: {
            REQUEST_STARTED: { actions: 'countRequestStarted' },
            REQUEST_FINISHED: [
              { guard: 'isLastRequest', target: 'Idle', actions: 'countRequestFinished' },
              { actions: 'countRequestFinished' },
            ],
          },
        },
      },
    },
    'Session end': {
      description: 'Logout: the session is forgotten at once; the back end is asked to end the token as well (issue 44), and its answer changes nothing for the visitor.',
      initial: 'Idle',
      states: {
        Idle: {
          on: {
            LOGOUT: [
              {
                guard: 'isLoggedIn',
                target: 'Ending token',
                description: 'Logged in: forget the session and what was personal, go to returnTo (home when it needs a login), and have the back end end the token.',
                actions: ['rememberTokenToEnd', 'forgetSession', 'clearStoredSession', 'forgetPersonalData', { type: 'navigateAfterLogout', params: ({ event }) => event.returnTo }],
              },
              { description: 'No session: nothing to end; clear what is stored, personal data included, and go to returnTo.', actions: ['forgetSession', 'clearStoredSession', 'forgetPersonalData', { type: 'navigateAfterLogout', params: ({ event }) => event.returnTo }] },
            ],
          },
        },
        'Ending token': {
          description: 'auth/logout with the old token, outside the HTTP error policy: a back end without the call (404/405), an ended token (401) or no answer leave the visitor logged out, without a message.',
          invoke: {
            src: 'endSession',
            input: ({ context }) => ({ jwt: context.endingJwt ?? '' }),
            onDone: { target: 'Idle', actions: 'clearTokenToEnd' },
            onError: { target: 'Idle', actions: 'clearTokenToEnd' },
          },
          on: {
            LOGOUT: [
              {
                guard: 'isLoggedIn',
                target: 'Ending token',
                reenter: true,
                description: 'Logged in again and out again before the first answer: this token is ended too (the first call still runs to its end).',
                actions: ['rememberTokenToEnd', 'forgetSession', 'clearStoredSession', 'forgetPersonalData', { type: 'navigateAfterLogout', params: ({ event }) => event.returnTo }],
              },
              { description: 'No session: nothing more to end.', actions: ['forgetSession', 'clearStoredSession', 'forgetPersonalData', { type: 'navigateAfterLogout', params: ({ event }) => event.returnTo }] },
            ],
          },
        },
      },
    },
    'Customer record': {
      description:
        "Issue 45 item 2: a logged-in session without its customer record (GET customer failed right after the login) reads it once more: the cart prices shipping for the customer's country.",
      initial: 'Nothing to read',
      states: {
        'Nothing to read': {
          description: 'Logged out, the customer record is there, or it was read in vain for this token.',
          always: { guard: 'customerRecordMissing', target: 'Reading the customer' },
        },
        'Reading the customer': {
          description: 'GET customer with the token as `_`; the session is kept with the record.',
          invoke: {
            src: 'loadCustomer',
            input: ({ context }) => ({ jwt: context.jwt ?? '' }),
            onDone: [
              {
                guard: { type: 'readForThisSession', params: ({ event }) => event.output },
                target: 'Nothing to read',
                actions: [{ type: 'assignReadCustomer', params: ({ event }) => event.output }, 'storeSession'],
              },
              { target: 'Nothing to read', description: "Another login meanwhile: that record is not this session's; the new session's is read." },
            ],
            onError: {
              target: 'Nothing to read',
              actions: 'rememberUnreadCustomer',
              description: 'Read in vain: the shop goes on without the record (the cart lets the customer choose the country); this token is not asked again.',
            },
          },
          always: { guard: 'nothingToRead', target: 'Nothing to read', description: 'Logged out, or the settings brought the record, while it was read.' },
        },
      },
    },
  },
});

export type AppMachine = typeof appMachine;
