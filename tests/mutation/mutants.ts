/**
 * Hand-written mutants of machines/: one-line mistakes a developer could make (a retargeted
 * transition, a removed action, a negated guard, swapped error branches, a changed delay, a
 * dropped `reenter`, a changed parameter). `npm run mutation` applies each in turn and runs the
 * machine's model test; a mutant the test does not notice "survives".
 */
export interface Mutant {
  machine: string;
  description: string;
  /** Text that occurs exactly once in machines/<machine>.machine.ts … */
  search: string;
  /** … and what it becomes. */
  replace: string;
}

export const MUTANTS: Mutant[] = [
  // ---------------- app
  { machine: 'app', description: 'LOGOUT forgets to clear the stored session', search: "LOGOUT: { actions: ['forgetSession', 'clearStoredSession',", replace: "LOGOUT: { actions: ['forgetSession'," },
  { machine: 'app', description: 'LOGGED_IN does not store the session', search: "isGuest: event.isGuest }) }, 'storeSession'],", replace: 'isGuest: event.isGuest }) }],' },
  { machine: 'app', description: '401 no longer navigates to login', search: "actions: ['forgetSession', 'clearStoredSession', 'navigateToLogin'],", replace: "actions: ['forgetSession', 'clearStoredSession'],"},
  { machine: 'app', description: 'first 503 does not reload', search: "          'reloadPage',\n", replace: '' },
  { machine: 'app', description: 'config failure goes on to messages', search: "{ target: 'Configuration failed' },", replace: "{ target: 'Loading messages' }," },
  { machine: 'app', description: 'the language fallback repeats itself in the default language', search: 'statusOf(event) === 404 && context.lang !== DEFAULT_LANGUAGE', replace: 'statusOf(event) === 404' },
  { machine: 'app', description: 'the language fallback keeps the language of the URL', search: "      lang: DEFAULT_LANGUAGE,\n      requestedLang: null,\n      unofferedLanguages", replace: "      requestedLang: null,\n      unofferedLanguages" },
  { machine: 'app', description: 'a new message while showing no longer restarts the 15 s', search: "SHOW_MESSAGE: { target: 'Showing', reenter: true,", replace: "SHOW_MESSAGE: { target: 'Showing'," },
  { machine: 'app', description: 'a 500 shows the network message', search: "description: '500: the danger message with the support address, for 15 s.', target: 'Showing', actions: 'showSupportMessage' }", replace: "description: '500: the danger message with the support address, for 15 s.', target: 'Showing', actions: 'showNetworkMessage' }" },
  { machine: 'app', description: 'the global message lasts 1.5 s instead of 15 s', search: 'globalMessageDuration: GLOBAL_MESSAGE_MS,', replace: 'globalMessageDuration: GLOBAL_MESSAGE_MS / 10,' },
  { machine: 'app', description: 'toasts last 4 s instead of 2 s', search: 'toastDuration: TOAST_MS,', replace: 'toastDuration: TOAST_MS * 2,' },
  { machine: 'app', description: 'a second toast is dropped instead of queued', search: "'Showing toast': {\n          description: 'The first toast of the queue, for 2 s or until swiped away.',\n          on: {\n            TOAST: { actions: { type: 'enqueueToast', params: ({ event }) => event.toast } },", replace: "'Showing toast': {\n          description: 'The first toast of the queue, for 2 s or until swiped away.',\n          on: {\n            TOAST: {}," },
  { machine: 'app', description: 'ACCEPT_COOKIES is not stored', search: "ACCEPT_COOKIES: { actions: ['acceptCookies', 'storeCookiesAccepted'] },", replace: "ACCEPT_COOKIES: { actions: ['acceptCookies'] }," },
  { machine: 'app', description: 'the language switch fires for the same language', search: "isDifferentLanguage: ({ context, event }) => event.type === 'CHANGE_LANGUAGE' && event.lang !== context.lang,", replace: "isDifferentLanguage: ({ event }) => event.type === 'CHANGE_LANGUAGE'," },
  { machine: 'app', description: 'the repeated-503 window is one second', search: 'event.at - context.lastServiceUnavailableReloadAt < SERVICE_UNAVAILABLE_WINDOW_MS,', replace: 'event.at - context.lastServiceUnavailableReloadAt < 1000,' },
  { machine: 'app', description: 'a language that answered 404 stays in the config list', search: "unofferedLanguages: [...context.unofferedLanguages, context.lang],", replace: "unofferedLanguages: context.unofferedLanguages," },
  { machine: 'app', description: 'a 429 shows the network message', search: "target: 'Showing',\n                actions: 'showTooManyRequestsMessage',", replace: "target: 'Showing',\n                actions: 'showNetworkMessage'," },
  { machine: 'app', description: 'the 429 guard reads another status', search: "isTooManyRequests: ({ event }) => event.type === 'HTTP_ERROR' && event.status === 429,", replace: "isTooManyRequests: ({ event }) => event.type === 'HTTP_ERROR' && event.status === 428," },
  { machine: 'app', description: 'a 429 while a message shows keeps the old message', search: "{ guard: 'isTooManyRequests', target: 'Showing', reenter: true, actions: 'showTooManyRequestsMessage' },", replace: "{ guard: 'isTooManyRequests', target: 'Showing', reenter: true }," },

  // ---------------- cart
  { machine: 'cart', description: 'REMOVE of a ticket line is not saved', search: "              'removeLine',\n              { type: 'saveCart', params: ({ context }) => context.lines },", replace: "              'removeLine'," },
  { machine: 'cart', description: 'ADD is not saved', search: "actions: ['addLines', { type: 'saveCart', params: ({ context }) => context.lines }],", replace: "actions: ['addLines']," },
  { machine: 'cart', description: 'CLEAR leaves the saved cart', search: "CLEAR: { target: '.Checking shipping', actions: ['clearLines', 'removeSavedCart'] },", replace: "CLEAR: { target: '.Checking shipping', actions: ['clearLines'] }," },
  { machine: 'cart', description: 'removing a ticket line sends no analytics', search: "                type: 'trackRemoveFromCart',", replace: "                type: 'removeSavedCart'," },
  { machine: 'cart', description: 'a duplicate voucher code is added again', search: "{ guard: 'addsOnlyKnownVoucherCodes', actions: 'announceDuplicateVoucherCode' },", replace: '' },
  { machine: 'cart', description: 'shipping failure keeps the cost', search: "onError: { target: 'Shipping failed', actions: { type: 'assignShippingError', params: ({ event }: { event: { error: unknown } }) => event.error } },", replace: "onError: { target: 'Shipping failed' }," },
  { machine: 'cart', description: 'shipping is always calculated', search: "always: [{ guard: 'needsShipping', target: 'Calculating shipping' }, { target: 'No shipping', actions: 'clearShipping' }],", replace: "always: [{ target: 'Calculating shipping' }]," },
  { machine: 'cart', description: 'a corrupt saved cart is not removed', search: "actions: [{ type: 'warnCorruptCart', params: ({ context }) => context.restoreProblem ?? '' }, 'removeSavedCart', 'forgetRestoreProblem'],", replace: "actions: [{ type: 'warnCorruptCart', params: ({ context }) => context.restoreProblem ?? '' }, 'forgetRestoreProblem']," },
  { machine: 'cart', description: 'SET_DESTINATION does not recalculate', search: "SET_DESTINATION: { target: '.Checking shipping', actions: 'assignDestination' },", replace: "SET_DESTINATION: { actions: 'assignDestination' }," },
  { machine: 'cart', description: 'RETRY_SHIPPING is ignored', search: "on: { RETRY_SHIPPING: 'Checking shipping' },", replace: '' },
  { machine: 'cart', description: 'requestInvoice is not switched', search: "SET_REQUEST_INVOICE: { actions: 'assignRequestInvoice' },", replace: 'SET_REQUEST_INVOICE: {},' },

  // ---------------- eventTicketing
  { machine: 'eventTicketing', description: 'BACK_TO_LIST keeps the ticket page context', search: "BACK_TO_LIST: { target: 'Event list', actions: 'forgetTicketPage' },", replace: "BACK_TO_LIST: { target: 'Event list' }," },
  { machine: 'eventTicketing', description: 'OPEN_EVENT on a ticket page does not restart it', search: "OPEN_EVENT: { target: 'Ticket page', reenter: true, actions: 'assignEventToOpen' },", replace: "OPEN_EVENT: { target: 'Ticket page', actions: 'assignEventToOpen' }," },
  { machine: 'eventTicketing', description: 'the list reloads events it has', search: "always: [{ guard: 'hasEvents', target: 'Showing events' }, { target: 'Loading events' }],", replace: "always: [{ target: 'Loading events' }]," },
  { machine: 'eventTicketing', description: 'a sold-out day can be chosen', search: "{ guard: 'isDaySoldOut', target: '.Day sold out', actions: 'assignSoldOutDate' },", replace: '' },
  { machine: 'eventTicketing', description: 'a sold-out time can be chosen', search: "{ guard: 'isTimeSoldOut', target: '.Time sold out', actions: 'assignSoldOutTime' },", replace: '' },
  { machine: 'eventTicketing', description: 'overbooking is not checked', search: "{ guard: 'wouldOverbook', target: '.Overbooked', actions: 'assignOverbooking' },", replace: '' },
  { machine: 'eventTicketing', description: 'an incomplete family ticket is accepted', search: "{ guard: 'hasIncompleteFamily', target: '.Family incomplete', actions: 'assignIncompleteFamilies' },", replace: '' },
  { machine: 'eventTicketing', description: 'nothing chosen is accepted', search: "{ guard: 'hasNothingChosen', target: '.Nothing chosen' },", replace: '' },
  { machine: 'eventTicketing', description: 'the only open time is not chosen for the visitor', search: "{ guard: 'hasOneOpenTime', target: 'Setting counts', actions: 'assignOnlyTime' },", replace: '' },
  { machine: 'eventTicketing', description: 'the venue filter is ignored', search: "SET_VENUE_FILTER: { actions: 'assignVenueFilter' },", replace: 'SET_VENUE_FILTER: {},' },
  { machine: 'eventTicketing', description: 'a closed requested date is taken', search: "{ guard: 'isRequestedDateBookable', target: 'Booking.Selection.Loading tickets', actions: 'assignRequestedDate' },", replace: "{ target: 'Booking.Selection.Loading tickets', actions: 'assignRequestedDate' }," },
  { machine: 'eventTicketing', description: 'a month outside the range is loaded', search: "{ guard: 'isMonthBookable', target: '.Loading month', actions: 'assignVisibleMonth' },", replace: "{ target: '.Loading month', actions: 'assignVisibleMonth' }," },
  { machine: 'eventTicketing', description: 'a day without tickets shows the counters', search: "{ guard: 'hasNoTickets', target: 'No results' },", replace: '' },

  // ---------------- checkout
  { machine: 'checkout', description: 'the provider redirect is not made', search: "entry: { type: 'redirectToProvider', params: ({ context }) => context.providerUrl ?? '' },", replace: '' },
  { machine: 'checkout', description: 'booked without emptying the cart', search: "      entry: 'clearCart',\n    },\n\n    'Payment cancelled': {", replace: "    },\n\n    'Payment cancelled': {" },
  { machine: 'checkout', description: 'CLEAR_CART does not empty the cart', search: "CLEAR_CART: { target: 'Cart cleared', actions: 'clearCart' },", replace: "CLEAR_CART: { target: 'Cart cleared' }," },
  { machine: 'checkout', description: 'confirmation skipped although confirm payment is on', search: "{ guard: 'confirmationRequired', target: 'Confirming order' },", replace: '' },
  { machine: 'checkout', description: 'a return without data is booked', search: "{ guard: 'returnDataMissing', target: '#checkout.Cart.Choosing payment.Payment not completed' },", replace: '' },
  { machine: 'checkout', description: '410 and 422 of execPayment swapped', search: "{ guard: 'isGone', target: 'Cart gone', actions: 'forgetPaymentAttempt' },", replace: "{ guard: 'isGone', target: 'Booking refused', actions: 'forgetPaymentAttempt' }," },
  { machine: 'checkout', description: 'direct debit without login goes to the provider', search: "{ guard: 'needsLogin', target: '.Login required', description: \"'You have to login before proceeding to payment' (§6).\" },", replace: '' },
  { machine: 'checkout', description: 'terms not checked before paying', search: "{ guard: 'paymentDetailsIncomplete', target: '.Details missing', actions: 'rejectPaymentDetails' },", replace: '' },
  { machine: 'checkout', description: 'a cancelled payment is not cancelled at the server', search: "always: [{ guard: 'hasCartId', target: 'Cancelling' }, { target: 'Asking about the cart' }],", replace: "always: [{ target: 'Asking about the cart' }]," },
  { machine: 'checkout', description: 'a suggestion is not added to the cart', search: "actions: [{ type: 'addToCart', params: ({ context, event }) => suggestedLines(context, event) }, 'dropSuggestion'],", replace: "actions: ['dropSuggestion']," },
  { machine: 'checkout', description: 'a failed return keeps the payment attempt', search: "{ target: 'Cart.Choosing payment.Payment not completed', actions: 'forgetPaymentAttempt' },", replace: "{ target: 'Cart.Choosing payment.Payment not completed' }," },
  { machine: 'checkout', description: 'a 401 of initPayment is taken as "could not start"', search: "guard: 'isUnauthorized',\n                target: 'Choosing payment.Login required',", replace: "guard: 'isUnauthorized',\n                target: 'Choosing payment.Payment could not start'," },
  { machine: 'checkout', description: 'RETRY of a booking without answer is ignored', search: "on: { RETRY: 'Booking' },", replace: '' },
  { machine: 'checkout', description: 'coming back to the cart keeps the old refusal', search: "      entry: 'clearPaymentErrors',\n", replace: '' },

  // ---------------- auth
  { machine: 'auth', description: 'no login-failed toast', search: "actions: ['assignLoginFailed', { type: 'showToast', params: { id: 'auth.loginFailed', tone: 'danger' } }],", replace: "actions: ['assignLoginFailed']," },
  { machine: 'auth', description: 'the login-failed toast is a success', search: "params: { id: 'auth.loginFailed', tone: 'danger' }", replace: "params: { id: 'auth.loginFailed', tone: 'success' }" },
  { machine: 'auth', description: 'signed in without telling the shell', search: "    'Signed in': {\n      type: 'final',\n      description: 'Logged in: the shell keeps jwt and customer; back to returnTo, the checkout, or home.',\n      entry: [\n        { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },\n", replace: "    'Signed in': {\n      type: 'final',\n      description: 'Logged in: the shell keeps jwt and customer; back to returnTo, the checkout, or home.',\n      entry: [\n" },
  { machine: 'auth', description: 'the guest link ignores the flag', search: "          { guard: 'guestRegistrationEnabled', target: 'Guest registration', actions: 'clearErrors', description: 'The \"continue as guest\" link.' },", replace: "          { target: 'Guest registration', actions: 'clearErrors', description: 'The \"continue as guest\" link.' }," },
  { machine: 'auth', description: 'the forgot-password link goes to registration', search: "OPEN_FORGOT_PASSWORD: { target: 'Forgot password', actions: 'clearErrors', description: 'The \"forgot password\" link.' },", replace: "OPEN_FORGOT_PASSWORD: { target: 'Registration', actions: 'clearErrors', description: 'The \"forgot password\" link.' }," },
  { machine: 'auth', description: 'an invalid login form is sent', search: "{ guard: 'loginFormInvalid', actions: 'rejectLogin' },", replace: '' },
  { machine: 'auth', description: 'a guest with other errors is registered', search: "              { guard: 'onlyPasswordErrorRemains', target: 'Registering guest' },\n              {\n                guard: 'isValidationError',\n                target: 'Editing',", replace: "              { guard: 'onlyPasswordErrorRemains', target: 'Registering guest' },\n              {\n                guard: 'isValidationError',\n                target: 'Registering guest'," },
  { machine: 'auth', description: 'recovery 400 shows the unexpected-error message', search: "{ guard: 'isMissingFields', target: 'Editing', description: \"400: 'You must fill all fields'.\", actions: 'assignFillAllFields' },", replace: "{ guard: 'isMissingFields', target: 'Editing', description: \"400: 'You must fill all fields'.\", actions: 'assignUnexpectedError' }," },
  { machine: 'auth', description: 'reset success without the toast', search: "actions: [{ type: 'showToast', params: { id: 'auth.requestResetSuccess', tone: 'success' } }],", replace: 'actions: [],' },
  { machine: 'auth', description: 'the recovery link keeps no token', search: "OPEN_RECOVERY: { target: 'Recovery', actions: ['assignRecoveryToken', 'clearErrors'], description: 'The recovery link from the e-mail.' },\n      },\n      states: {\n        Editing: {\n          tags: 'form',", replace: "OPEN_RECOVERY: { target: 'Recovery', actions: ['clearErrors'], description: 'The recovery link from the e-mail.' },\n      },\n      states: {\n        Editing: {\n          tags: 'form'," },
  { machine: 'auth', description: 'a registration 422 shows no field errors', search: "                description: '422: every validation error next to its field.',\n                actions: { type: 'assignServerErrors', params: ({ event }) => errorOf(event) },", replace: "                description: '422: every validation error next to its field.',\n                actions: 'assignUnexpectedError'," },
  { machine: 'auth', description: 'registered as a guest', search: "    Registered: {\n      type: 'final',\n      meta: { route: 'registerSuccess' },\n      description: 'Registration logs in; the register success page follows.',\n      entry: { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },", replace: "    Registered: {\n      type: 'final',\n      meta: { route: 'registerSuccess' },\n      description: 'Registration logs in; the register success page follows.',\n      entry: { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: true }) }," },
  { machine: 'auth', description: 'a 429 at login says wrong password', search: "                actions: 'assignTooManyAttempts',", replace: "                actions: 'assignLoginFailed'," },
  { machine: 'auth', description: 'the 429 guard reads another status', search: "isRateLimited: ({ event }) => errorOf(event).status === 429,", replace: "isRateLimited: ({ event }) => errorOf(event).status === 401," },

  // ---------------- static-page
  { machine: 'static-page', description: 'a 404 is "failed" (retry) instead of not found', search: 'isNotFound: ({ event }) => statusOf(event) === 404,', replace: 'isNotFound: ({ event }) => statusOf(event) === 400,' },
  { machine: 'static-page', description: 'the page is not kept', search: "assignPage: assign((_, page: StaticPage) => ({ page })),", replace: 'assignPage: assign(() => ({})),' },
  { machine: 'static-page', description: 'RETRY is ignored', search: "on: { RETRY: 'Loading page' }", replace: 'on: {}' },

  // ---------------- orderReview
  { machine: 'orderReview', description: '406 is "failed" (retry) instead of not available', search: 'isNotAvailable: ({ event }) => statusOf(event) === 406,', replace: 'isNotAvailable: ({ event }) => statusOf(event) === 404,' },
  { machine: 'orderReview', description: 'the order is not kept', search: 'assignOrder: assign((_, order: OrderReview) => ({ order })),', replace: 'assignOrder: assign(() => ({})),' },
  { machine: 'orderReview', description: 'RETRY is ignored', search: "on: { RETRY: 'Loading order' }", replace: 'on: {}' },
];
