/**
 * Hand-written mutants of machines/: one-line mistakes a developer could make (a retargeted
 * transition, a removed action, a negated guard, swapped error branches, a changed delay, a
 * dropped `reenter`, a changed parameter). `npm run mutation:hand` applies each in turn and runs the
 * machine's model test; a mutant the test does not notice "survives".
 */
export interface Mutant {
  machine: string;
  description: string;
  /**
   * The file of machines/ the text is in, when it is not machines/<machine>.machine.ts: a region
   * the machine shares with others (calendar-region.ts) or its selectors module. The mutant still
   * runs the model test of `machine`; a shared region has one mutant per machine that uses it.
   */
  file?: string;
  /** Text that occurs exactly once in machines/<machine>.machine.ts (or `file`) … */
  search: string;
  /** … and what it becomes. */
  replace: string;
}

export const MUTANTS: Mutant[] = [
  // ---------------- app
  {
    machine: 'app',
    description: 'LOGOUT forgets to clear the stored session',
    search: "and have the back end end the token.',\n                actions: ['rememberTokenToEnd', 'forgetSession', 'clearStoredSession',",
    replace: "and have the back end end the token.',\n                actions: ['rememberTokenToEnd', 'forgetSession',",
  },
  {
    machine: 'app',
    description: 'LOGOUT forgets no personal data (issue 45)',
    search: "and have the back end end the token.',\n                actions: ['rememberTokenToEnd', 'forgetSession', 'clearStoredSession', 'forgetPersonalData',",
    replace: "and have the back end end the token.',\n                actions: ['rememberTokenToEnd', 'forgetSession', 'clearStoredSession',",
  },
  // issue 44: logout ends the token on the back end, and goes on whatever it answers
  { machine: 'app', description: 'a failed auth/logout is not handled (the logout stops there)', search: "            onError: { target: 'Idle', actions: 'clearTokenToEnd' },\n", replace: '' },
  { machine: 'app', description: 'logout asks the back end nothing', search: "target: 'Ending token',\n                description: 'Logged in: forget", replace: "description: 'Logged in: forget" },
  {
    machine: 'app',
    description: 'the token to end is taken after the session was forgotten',
    search: "and have the back end end the token.',\n                actions: ['rememberTokenToEnd', 'forgetSession',",
    replace: "and have the back end end the token.',\n                actions: ['forgetSession', 'rememberTokenToEnd',",
  },
  { machine: 'app', description: 'LOGGED_IN does not store the session', search: "isGuest: event.isGuest }) }, 'storeSession'],", replace: 'isGuest: event.isGuest }) }],' },
  { machine: 'app', description: '401 no longer navigates to login', search: "actions: ['forgetSession', 'clearStoredSession', 'navigateToLogin'],", replace: "actions: ['forgetSession', 'clearStoredSession'],"},
  { machine: 'app', description: 'first 503 does not reload', search: "          'reloadPage',\n", replace: '' },
  { machine: 'app', description: 'config failure goes on to messages', search: "{ target: 'Configuration failed' },", replace: "{ target: 'Loading messages' }," },
  { machine: 'app', description: 'the language fallback repeats itself in the default language', search: 'statusOf(event) === 404 && context.lang !== DEFAULT_LANGUAGE', replace: 'statusOf(event) === 404' },
  { machine: 'app', description: 'the language fallback keeps the language of the URL', search: "      lang: DEFAULT_LANGUAGE,\n      requestedLang: null,\n      unofferedLanguages", replace: "      requestedLang: null,\n      unofferedLanguages" },
  { machine: 'app', description: 'a new message while showing no longer restarts the 15 s', search: "{ guard: 'isServerError', target: 'Showing', reenter: true,", replace: "{ guard: 'isServerError', target: 'Showing'," },
  { machine: 'app', description: 'a 500 shows the network message', search: "description: '500: the danger message with the support address, for 15 s.', target: 'Showing', actions: 'showSupportMessage' }", replace: "description: '500: the danger message with the support address, for 15 s.', target: 'Showing', actions: 'showNetworkMessage' }" },
  { machine: 'app', description: 'the global message lasts 1.5 s instead of 15 s', search: 'globalMessageDuration: GLOBAL_MESSAGE_MS,', replace: 'globalMessageDuration: GLOBAL_MESSAGE_MS / 10,' },
  { machine: 'app', description: 'toasts last 4 s instead of 2 s', search: 'toastDuration: TOAST_MS,', replace: 'toastDuration: TOAST_MS * 2,' },
  { machine: 'app', description: 'a second toast is dropped instead of queued', search: "'Showing toast': {\n          description: 'The first toast of the queue, for 2 s or until swiped away.',\n          on: {\n            TOAST: { actions: { type: 'enqueueToast', params: ({ event }) => event.toast } },", replace: "'Showing toast': {\n          description: 'The first toast of the queue, for 2 s or until swiped away.',\n          on: {\n            TOAST: {}," },
  { machine: 'app', description: 'ACCEPT_COOKIES is not stored', search: "ACCEPT_COOKIES: { actions: ['acceptCookies', 'storeCookiesAccepted'] },", replace: "ACCEPT_COOKIES: { actions: ['acceptCookies'] }," },
  { machine: 'app', description: 'the language switch fires for the same language', search: "      assertEvent(event, 'CHANGE_LANGUAGE');\n      return event.lang !== context.lang;", replace: "      assertEvent(event, 'CHANGE_LANGUAGE');\n      return true;" },
  { machine: 'app', description: 'the repeated-503 window is one second', search: 'event.at - context.lastServiceUnavailableReloadAt < SERVICE_UNAVAILABLE_WINDOW_MS;', replace: 'event.at - context.lastServiceUnavailableReloadAt < 1000;' },
  { machine: 'app', description: 'a language that answered 404 stays in the config list', search: "unofferedLanguages: [...context.unofferedLanguages, context.lang],", replace: "unofferedLanguages: context.unofferedLanguages," },
  { machine: 'app', description: 'a 429 shows the network message', search: "target: 'Showing',\n                actions: 'showTooManyRequestsMessage',", replace: "target: 'Showing',\n                actions: 'showNetworkMessage'," },
  { machine: 'app', description: 'the 429 guard reads another status', search: "return event.status === 429 && !event.onLoginPage &&", replace: "return event.status === 428 && !event.onLoginPage &&" },
  { machine: 'app', description: 'a 429 while a message shows keeps the old message', search: "{ guard: 'isTooManyRequests', target: 'Showing', reenter: true, actions: 'showTooManyRequestsMessage' },", replace: "{ guard: 'isTooManyRequests', target: 'Showing', reenter: true }," },
  { machine: 'app', description: 'the journeys\' messages replace those of the shell instead of joining them', search: 'assign(({ context }, messages: Messages) => ({ messages: { ...context.messages, ...messages } as Messages }))', replace: 'assign((_, messages: Messages) => ({ messages }))' },
  { machine: 'app', description: 'MESSAGES_ADDED is ignored', search: "      actions: { type: 'assignMessages', params: ({ event }) => event.messages },\n", replace: '' },

  // ---------------- cart
  { machine: 'cart', description: 'a switched-off section keeps its lines in the cart', search: "actions: ['assignClosedSections', 'dropLinesOfClosedSections',", replace: "actions: ['assignClosedSections'," },
  { machine: 'cart', description: 'ADD ignores switched-off sections', search: 'return newLinesOf(context.lines, event.lines, context.closedSections);', replace: 'return newLinesOf(context.lines, event.lines);' },
  { machine: 'cart', description: 'REMOVE of a ticket line is not saved', search: "              'removeLine',\n              { type: 'saveCart', params: ({ context }) => context.lines },", replace: "              'removeLine'," },
  { machine: 'cart', description: 'ADD is not saved', search: "actions: ['addLines', { type: 'saveCart', params: ({ context }) => context.lines }],", replace: "actions: ['addLines']," },
  { machine: 'cart', description: 'CLEAR leaves the saved cart', search: "CLEAR: { target: '.Checking shipping', actions: ['clearLines', 'removeSavedCart'] },", replace: "CLEAR: { target: '.Checking shipping', actions: ['clearLines'] }," },
  { machine: 'cart', description: 'removing a ticket line sends no analytics', search: "                type: 'trackRemoveFromCart',", replace: "                type: 'removeSavedCart'," },
  { machine: 'cart', description: 'a duplicate voucher code is added again', search: "{ guard: 'addsOnlyKnownVoucherCodes', actions: 'announceDuplicateVoucherCode' },", replace: '' },
  { machine: 'cart', description: 'shipping failure keeps the cost', search: "onError: { target: 'Shipping failed', actions: { type: 'assignShippingError', params: ({ event }: { event: { error: unknown } }) => event.error } },", replace: "onError: { target: 'Shipping failed' }," },
  { machine: 'cart', description: 'shipping is calculated without goods', search: "            { guard: 'shipsNothing', target: 'No shipping', actions: 'clearShipping' },\n", replace: '' },
  { machine: 'cart', description: 'goods without a destination are priced anyway', search: "            { guard: 'destinationUnknown', target: 'Destination unknown', actions: 'clearShipping' },\n", replace: '' },
  { machine: 'cart', description: 'a destination that goes away keeps the old cost', search: "{ guard: 'destinationUnknown', target: 'Destination unknown', actions: 'clearShipping' },", replace: "{ guard: 'destinationUnknown', target: 'Destination unknown' }," },
  { machine: 'cart', description: 'CHOOSE_COUNTRY does not recalculate', search: "          target: '.Settling the country',\n          actions: [{ type: 'assignChosenCountry', params: ({ event }) => event.country.trim().toUpperCase() || null }, { type: 'saveCountries', params: ({ context }) => savedCountriesOf(context) }],\n          description", replace: "          actions: [{ type: 'assignChosenCountry', params: ({ event }) => event.country.trim().toUpperCase() || null }, { type: 'saveCountries', params: ({ context }) => savedCountriesOf(context) }],\n          description" },
  { machine: 'cart', description: 'the chosen country is not kept', search: "          target: '.Settling the country',\n          actions: [{ type: 'assignChosenCountry', params: ({ event }) => event.country.trim().toUpperCase() || null }, { type: 'saveCountries', params: ({ context }) => savedCountriesOf(context) }],", replace: "          target: '.Settling the country'," },
  // issue 22: the country choice prices by itself after a rest; one destination for cart and delivery address
  { machine: 'cart', description: 'CHOOSE_COUNTRY asks at once, one request per option passed', search: "          target: '.Settling the country',\n          actions: [{ type: 'assignChosenCountry'", replace: "          target: '.Checking shipping',\n          actions: [{ type: 'assignChosenCountry'" },
  { machine: 'cart', description: 'a country chosen in a cart that ships nothing is taken (the cart offers no choice there)', search: "          guard: 'shipsGoods',\n          target: '.Settling the country',", replace: "          target: '.Settling the country'," },
  { machine: 'cart', description: 'the country choice rests 100 ms instead of 400 ms', search: 'export const COUNTRY_SETTLE_MS = 400;', replace: 'export const COUNTRY_SETTLE_MS = 100;' },
  { machine: 'cart', description: 'a settling choice keeps the old cost in the total', search: "          entry: 'clearShipping',\n          description: 'A country was just chosen", replace: "          description: 'A country was just chosen" },
  { machine: 'cart', description: 'SHIP_TO asks again for the same delivery country', search: "            guard: { type: 'keepsDeliveryCountry', params: ({ event }) => countryKey(event.country) },\n            description: 'The delivery address is still in that country: nothing to ask.',\n          },\n", replace: '' },
  { machine: 'cart', description: 'SHIP_TO does not change the destination', search: "            target: '.Settling the country',\n            actions: [{ type: 'assignDeliveryCountry', params: ({ event }) => countryKey(event.country) }, { type: 'saveCountries', params: ({ context }) => savedCountriesOf(context) }],", replace: "            target: '.Settling the country'," },
  { machine: 'cart', description: 'a country chosen in the cart leaves the delivery country behind', search: 'deliveryCountry: context.destination.deliveryCountry ? country : null', replace: 'deliveryCountry: context.destination.deliveryCountry' },
  { machine: 'cart', description: 'a logged-in customer\'s delivery country is not sent', search: 'const forDelivery = countryKey(context.destination.deliveryCountry) !== null;', replace: 'const forDelivery = !context.destination.loggedIn && countryKey(context.destination.deliveryCountry) !== null;' },
  { machine: 'cart', description: 'the good lines of a saved cart with a bad line are not saved again', search: "            { type: 'saveCart', params: ({ context }) => context.lines },\n            'forgetRestoreProblem',", replace: "            'forgetRestoreProblem'," },
  { machine: 'cart', description: 'a saved cart with a bad line is dropped whole', search: "    savedCartHadBadLines: ({ context }) => context.restoreProblem !== null && context.lines.length > 0,", replace: "    savedCartHadBadLines: () => false," },
  { machine: 'cart', description: 'a corrupt saved cart is not removed', search: "actions: [{ type: 'warnCorruptCart', params: ({ context }) => context.restoreProblem ?? '' }, 'removeSavedCart', 'forgetRestoreProblem'],", replace: "actions: [{ type: 'warnCorruptCart', params: ({ context }) => context.restoreProblem ?? '' }, 'forgetRestoreProblem']," },
  { machine: 'cart', description: 'SET_DESTINATION does not recalculate', search: "SET_DESTINATION: { target: '.Checking shipping', actions: 'assignDestination',", replace: "SET_DESTINATION: { actions: 'assignDestination'," },
  { machine: 'cart', description: 'RETRY_SHIPPING is ignored', search: "on: { RETRY_SHIPPING: 'Checking shipping' },", replace: '' },

  // ---------------- eventTicketing
  { machine: 'eventTicketing', description: 'BACK_TO_LIST keeps the ticket page context', search: "BACK_TO_LIST: { target: 'Event list', actions: 'forgetTicketPage' },", replace: "BACK_TO_LIST: { target: 'Event list' }," },
  { machine: 'eventTicketing', description: 'OPEN_EVENT on a ticket page does not restart it', search: "OPEN_EVENT: { target: 'Ticket page', reenter: true, actions: 'assignEventToOpen' },", replace: "OPEN_EVENT: { target: 'Ticket page', actions: 'assignEventToOpen' }," },
  { machine: 'eventTicketing', description: 'the list reloads events it has', search: "always: [{ guard: 'hasEvents', target: 'Showing events' }, { target: 'Loading events' }],", replace: "always: [{ target: 'Loading events' }]," },
  { machine: 'eventTicketing', description: 'a sold-out day can be chosen', search: "{ guard: { type: 'isDaySoldOut', params: ({ event }) => event.date }, target: '.Day sold out', actions: 'assignSoldOutDate' },", replace: '' },
  { machine: 'eventTicketing', description: 'a sold-out time can be chosen', search: "{ guard: { type: 'isTimeSoldOut', params: ({ event }) => event.datetime }, target: '.Time sold out', actions: 'assignSoldOutTime' },", replace: '' },
  { machine: 'eventTicketing', description: 'overbooking is not checked', search: "{ guard: 'wouldOverbook', target: '.Overbooked', actions: 'assignOverbooking' },", replace: '' },
  { machine: 'eventTicketing', description: 'an incomplete family ticket is accepted', search: "{ guard: 'hasIncompleteFamily', target: '.Family incomplete', actions: 'assignIncompleteFamilies' },", replace: '' },
  { machine: 'eventTicketing', description: 'nothing chosen is accepted', search: "{ guard: 'hasNothingChosen', target: '.Nothing chosen' },", replace: '' },
  { machine: 'eventTicketing', description: 'the only open time is not chosen for the visitor', search: "{ guard: 'hasOneOpenTime', target: 'Setting counts', actions: 'assignOnlyTime' },", replace: '' },
  { machine: 'eventTicketing', description: 'the venue filter is ignored', search: "SET_VENUE_FILTER: { actions: { type: 'assignVenueFilter', params: ({ event }) => event.venue } },", replace: 'SET_VENUE_FILTER: {},' },
  { machine: 'eventTicketing', description: 'a closed requested date is taken', search: "{ guard: 'isRequestedDateBookable', target: 'Booking.Selection.Loading tickets', actions: 'assignRequestedDate' },", replace: "{ target: 'Booking.Selection.Loading tickets', actions: 'assignRequestedDate' }," },
  // the calendar region both booking machines share (machines/calendar-region.ts): each machine's model must notice
  { machine: 'eventTicketing', file: 'calendar-region.ts', description: 'a month outside the range is loaded', search: "          guard: { type: 'isMonthBookable', params: monthAskedFor },\n", replace: '' },
  { machine: 'eventTicketing', file: 'calendar-region.ts', description: 'a month already loaded is fetched again', search: "          guard: { type: 'isMonthLoaded', params: monthAskedFor },\n          target: '.Shown',", replace: "          guard: { type: 'isMonthLoaded', params: monthAskedFor },\n          target: '.Loading month'," },
  { machine: 'eventTicketing', file: 'calendar-region.ts', description: 'a month that failed to load cannot be tried again', search: "        on: { RETRY: 'Loading month' },", replace: '' },
  { machine: 'eventTicketing', description: 'a month is drawn before its days are loaded (issue 45)', search: "whenMonthAsked: 'assignMonthToShow',", replace: "whenMonthAsked: 'assignVisibleMonth'," },
  { machine: 'eventTicketing', description: 'a month asked for is not shown once its days are there (issue 45)', search: "whenMonthLoaded: ['showLoadedMonth'],", replace: 'whenMonthLoaded: [],' },
  { machine: 'eventTicketing', description: 'the month shown is fetched instead of the month asked for (issue 45)', search: "...calendarRange(context.monthToShow ?? context.month) }),", replace: '...calendarRange(context.month) }),' },
  { machine: 'eventTicketing', description: 'a day without tickets shows the counters', search: "{ guard: 'hasNoTickets', target: 'No results' },", replace: '' },

  // ---------------- checkout
  { machine: 'checkout', description: 'the provider redirect is not made', search: "entry: { type: 'redirectToProvider', params: ({ context }) => context.providerUrl ?? '' },", replace: '' },
  { machine: 'checkout', description: 'booked without emptying the cart', search: "actions: [{ type: 'assignBooking', params: ({ event }) => event.output }, 'clearCart'],", replace: "actions: [{ type: 'assignBooking', params: ({ event }) => event.output }]," },
  { machine: 'checkout', description: 'CLEAR_CART does not empty the cart', search: "onDone: { target: 'Cart cleared', actions: ['forgetPaymentAttempt', 'clearCart'] },", replace: "onDone: { target: 'Cart cleared', actions: ['forgetPaymentAttempt'] }," },
  { machine: 'checkout', description: 'confirmation skipped although confirm payment is on', search: "{ guard: 'confirmationRequired', target: 'Confirming order' },", replace: '' },
  { machine: 'checkout', description: 'a return without data is booked', search: "{ guard: 'returnDataMissing', target: '#checkout.Cart.Choosing payment.Payment not completed', actions: 'forgetProviderVisit' },", replace: '' },
  { machine: 'checkout', description: '410 and 422 of execPayment swapped', search: "{ guard: 'isGone', target: 'Cart gone', actions: 'forgetPaymentAttempt' },", replace: "{ guard: 'isGone', target: 'Booking refused', actions: 'forgetPaymentAttempt' }," },
  { machine: 'checkout', description: 'direct debit without login goes to the provider', search: "{ guard: 'needsLogin', target: '.Login required', description: \"'You have to login before proceeding to payment' (§6).\" },", replace: '' },
  { machine: 'checkout', description: 'terms not checked before paying', search: "{ guard: 'paymentDetailsIncomplete', target: '.Details missing', actions: 'rejectPaymentDetails' },", replace: '' },
  { machine: 'checkout', description: 'a cancelled payment is not cancelled at the server', search: "            { guard: 'hasCartId', target: 'Cancelling' },\n", replace: '' },
  // issue 22 items 4 and 5: delivery rules only while the cart ships; one destination
  { machine: 'checkout', description: 'a hidden delivery address of a ticket-only cart blocks payment', search: "const differentDeliveryAddress = (context: CheckoutContext): boolean => !context.delivery.sameAsBilling && shipsGoods(context.shipping.status);", replace: "const differentDeliveryAddress = (context: CheckoutContext): boolean => !context.delivery.sameAsBilling;" },
  { machine: 'checkout', description: 'the delivery country does not reach the cart', search: "                actions: ['assignDeliveryField', { type: 'shipTo', params: ({ context }) => deliveryCountryOf(context.delivery) }],", replace: "                actions: ['assignDeliveryField']," },
  { machine: 'checkout', description: 'back to the billing address, the cart keeps the delivery country', search: "              actions: ['assignDeliverySame', { type: 'shipTo', params: ({ context }) => deliveryCountryOf(context.delivery) }],", replace: "              actions: ['assignDeliverySame']," },
  { machine: 'checkout', description: 'a country chosen in the cart leaves the delivery country behind', search: "    SHIPPING_CHANGED: {\n      actions: ['assignShipping', 'followShippingCountry'],", replace: "    SHIPPING_CHANGED: {\n      actions: ['assignShipping']," },
  { machine: 'checkout', description: 'a half-typed delivery country is overwritten by the cart\'s', search: "      if (typed.trim() !== '' && countryKey(typed) === null) return {};\n", replace: '' },
  { machine: 'checkout', description: 'a cart that stops shipping keeps the delivery errors', search: "deliveryErrors: shipsGoods(event.status) ? context.deliveryErrors : {} };", replace: "deliveryErrors: context.deliveryErrors };" },
  { machine: 'cart', description: 'the chosen country is not saved (a reload forgets it)', search: "          actions: [{ type: 'assignChosenCountry', params: ({ event }) => event.country.trim().toUpperCase() || null }, { type: 'saveCountries', params: ({ context }) => savedCountriesOf(context) }],\n          description: 'The visitor chose", replace: "          actions: [{ type: 'assignChosenCountry', params: ({ event }) => event.country.trim().toUpperCase() || null }],\n          description: 'The visitor chose" },
  { machine: 'cart', description: 'the saved countries are ignored at a page load', search: "...restoreCountries(input.savedCountries ?? null), ", replace: '' },
  { machine: 'checkout', description: 'a logout leaves the old token on the next payment', search: "    SESSION_CHANGED: {\n      actions: ['assignSession',", replace: "    SESSION_CHANGED: {\n      actions: [", },
  { machine: 'checkout', description: 'a suggestion is not added to the cart', search: "actions: [{ type: 'addToCart', params: ({ context, event }) => suggestedLines(context, event.id) }, 'dropSuggestion'],", replace: "actions: ['dropSuggestion']," },
  { machine: 'checkout', description: "a failed return keeps the provider's session", search: "            actions: 'forgetProviderVisit',\n            description: 'Failed: the order stays open", replace: "            description: 'Failed: the order stays open" },
  // issue 22: a finished checkout stays finished; the retry pays the same order
  { machine: 'checkout', description: 'a failed return drops the open order (the retry makes a new cart)', search: "            actions: 'forgetProviderVisit',\n            description: 'Failed: the order stays open", replace: "            actions: 'forgetPaymentAttempt',\n            description: 'Failed: the order stays open" },
  { machine: 'checkout', description: 'the retry of an unchanged cart starts a new order', search: "                guard: 'openOrderUnchanged',\n                target: 'Paying the open order',", replace: "                guard: 'openOrderUnchanged',\n                target: 'Starting payment'," },
  { machine: 'checkout', description: 'a changed cart pays the old order', search: "openOrderUnchanged: ({ context }) => context.cartId !== null && context.openOrder === orderNow(context),", replace: 'openOrderUnchanged: ({ context }) => context.cartId !== null,' },
  { machine: 'checkout', description: 'the return URL of a booked cart is confirmed and booked again', search: "            guard: 'wasBookedEarlier',\n            target: '#checkout.Booked',", replace: "            guard: 'wasBookedEarlier',\n            target: 'Payment accepted'," },
  { machine: 'checkout', description: 'a cancelled payment ends the order before the visitor chose (keeping the cart makes a new one)', search: "      initial: 'Asking about the cart',\n      on: { OPEN_CART:", replace: "      initial: 'Checking cart id',\n      on: { OPEN_CART:" },
  { machine: 'checkout', description: 'keeping the cart after a cancel empties it', search: "            KEEP_CART: '#checkout.Cart',\n            CLEAR_CART: 'Checking cart id',", replace: "            KEEP_CART: { target: '#checkout.Cart', actions: 'clearCart' },\n            CLEAR_CART: 'Checking cart id'," },
  { machine: 'checkout', description: 'a 401 of initPayment is taken as "could not start"', search: "target: '#checkout.Session ended', description: 'The login expired before the payment started (401).'", replace: "target: 'Choosing payment.Payment could not start', description: 'The login expired before the payment started (401).'" },
  { machine: 'checkout', description: 'RETRY of a booking without answer is ignored', search: "on: { RETRY: 'Booking' },", replace: '' },
  { machine: 'checkout', description: 'coming back to the cart keeps the old refusal', search: "      entry: 'clearPaymentErrors',\n", replace: '' },

  // ---------------- auth
  { machine: 'auth', description: 'a failed login says nothing at the form', search: "actions: ['assignLoginFailed'],", replace: 'actions: [],' },
  { machine: 'auth', description: 'a failed login also shows a toast (said twice)', search: "actions: ['assignLoginFailed'],", replace: "actions: ['assignLoginFailed', { type: 'showToast', params: { id: 'auth.loginFailed', tone: 'danger' } }]," },
  { machine: 'auth', description: 'signed in without telling the shell', search: "    'Signed in': {\n      type: 'final',\n      description: 'Logged in: the shell keeps jwt and customer; back to returnTo, the checkout, or home.',\n      entry: [\n        { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },\n", replace: "    'Signed in': {\n      type: 'final',\n      description: 'Logged in: the shell keeps jwt and customer; back to returnTo, the checkout, or home.',\n      entry: [\n" },
  { machine: 'auth', description: 'the guest link ignores the flag', search: "          { guard: 'guestRegistrationEnabled', target: 'Guest registration', actions: 'clearErrors', description: 'The \"continue as guest\" link.' },", replace: "          { target: 'Guest registration', actions: 'clearErrors', description: 'The \"continue as guest\" link.' }," },
  { machine: 'auth', description: 'the forgot-password link goes to registration', search: "OPEN_FORGOT_PASSWORD: { target: 'Forgot password', actions: 'clearErrors', description: 'The \"forgot password\" link.' },", replace: "OPEN_FORGOT_PASSWORD: { target: 'Registration', actions: 'clearErrors', description: 'The \"forgot password\" link.' }," },
  { machine: 'auth', description: 'an invalid login form is sent', search: "refuse: [{ guard: 'loginFormInvalid', actions: 'rejectLogin' }],", replace: "refuse: []," },
  { machine: 'auth', description: 'a guest with other errors is registered', search: "                  { guard: 'onlyPasswordErrorRemains', target: 'Registering guest' },\n                  {\n                    guard: 'isValidationError',\n", replace: "                  { guard: 'onlyPasswordErrorRemains', target: 'Registering guest' },\n                  {\n                    guard: 'isValidationError',\n                    target: 'Registering guest',\n" },
  { machine: 'auth', description: 'recovery 400 shows the unexpected-error message', search: "{ guard: 'isMissingFields', description: \"400: 'You must fill all fields'.\", actions: 'assignFillAllFields' },", replace: "{ guard: 'isMissingFields', description: \"400: 'You must fill all fields'.\", actions: 'assignUnexpectedError' }," },
  { machine: 'auth', description: 'reset success without the toast', search: "actions: [{ type: 'showToast', params: { id: 'auth.requestResetSuccess', tone: 'success' } }],", replace: 'actions: [],' },
  { machine: 'auth', description: 'the recovery link keeps no token', search: "OPEN_FORGOT_PASSWORD: { target: 'Forgot password', actions: 'clearErrors', description: 'The \"forgot password\" link.' },\n        OPEN_RECOVERY: { target: 'Recovery', actions: ['assignRecoveryToken', 'clearErrors'], description: 'The recovery link from the e-mail.' },\n", replace: "OPEN_FORGOT_PASSWORD: { target: 'Forgot password', actions: 'clearErrors', description: 'The \"forgot password\" link.' },\n        OPEN_RECOVERY: { target: 'Recovery', actions: ['clearErrors'], description: 'The recovery link from the e-mail.' },\n" },
  { machine: 'auth', description: 'a registration 422 shows no field errors', search: "description: '422: every validation error next to its field.',\n                    actions: { type: 'assignServerErrors', params: ({ event }) => errorOf(event) },", replace: "description: '422: every validation error next to its field.',\n                    actions: 'assignUnexpectedError'," },
  { machine: 'auth', description: 'registered as a guest', search: "    Registered: {\n      type: 'final',\n      meta: { route: 'registerSuccess' },\n      description: 'Registration logs in; the register success page follows.',\n      entry: { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },", replace: "    Registered: {\n      type: 'final',\n      meta: { route: 'registerSuccess' },\n      description: 'Registration logs in; the register success page follows.',\n      entry: { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: true }) }," },
  { machine: 'auth', description: 'a 429 at login says wrong password', search: "                actions: 'assignTooManyAttempts',", replace: "                actions: 'assignLoginFailed'," },
  { machine: 'auth', description: 'a login without an answer says wrong password', search: "                actions: ['assignNoConnection'],", replace: "                actions: ['assignLoginFailed']," },
  { machine: 'auth', description: 'every login failure counts as refused credentials', search: "isCredentialsRefused: ({ event }) => [401, 422].includes(failureOf(event).status),", replace: "isCredentialsRefused: () => true," },
  { machine: 'auth', description: 'a 500 at login says no connection', search: "isNoAnswer: ({ event }) => failureOf(event).status === 0,", replace: "isNoAnswer: ({ event }) => failureOf(event).status !== 429," },
  { machine: 'auth', description: 'the 429 guard reads another status', search: "isRateLimited: ({ event }) => failureOf(event).status === 429,", replace: "isRateLimited: ({ event }) => failureOf(event).status === 401," },

  // ---------------- static-page
  { machine: 'static-page', description: 'a 404 is "failed" (retry) instead of not found', search: 'isNotFound: ({ event }) => statusOf(event) === 404,', replace: 'isNotFound: ({ event }) => statusOf(event) === 400,' },
  { machine: 'static-page', description: 'the page is not kept', search: "assignPage: assign((_, page: StaticPage) => ({ page })),", replace: 'assignPage: assign(() => ({})),' },
  { machine: 'static-page', description: 'RETRY is ignored', search: "on: { RETRY: 'Loading page' }", replace: 'on: {}' },

  { machine: 'app', description: 'a 429 on the login page shows the banner too (said twice)', search: "event.status === 429 && !event.onLoginPage && event.code", replace: 'event.status === 429 && event.code' },
  { machine: 'app', description: 'a 429 of "send the confirmation again" shows the banner too (said twice, issue 42)', search: " && event.code !== 'ORDER_RESEND_TOO_SOON';", replace: ';' },

  { machine: 'auth', description: 'a recovery link is not checked before the form', search: "      initial: 'Checking the link',", replace: "      initial: 'Editing'," },
  { machine: 'auth', description: 'an invalid recovery link shows the form anyway', search: "{ guard: 'isNotFound', target: 'Link invalid',", replace: "{ guard: 'isNotFound', target: 'Editing'," },

  { machine: 'auth', description: 'the first salutation is chosen for the visitor', search: "        salutation: context.values.salutation,\n", replace: "        salutation: context.values.salutation || (Object.keys(attr.salutations)[0] ?? ''),\n" },

  // ---------------- orderReview
  { machine: 'orderReview', description: '406 is "failed" (retry) instead of not available', search: 'isNotAvailable: ({ event }) => statusOf(event) === 406,', replace: 'isNotAvailable: ({ event }) => statusOf(event) === 404,' },
  { machine: 'orderReview', description: 'the order is not kept', search: 'assignOrder: assign((_, order: OrderReview) => ({ order })),', replace: 'assignOrder: assign(() => ({})),' },
  { machine: 'orderReview', description: 'RETRY is ignored', search: "on: { RETRY: 'Loading order' }", replace: 'on: {}' },

  // ---------------- orders (issue 42)
  { machine: 'orders', description: '406 is "failed" (retry) instead of not found', search: 'isNotAvailable: ({ event }) => failureOf(event).status === 406,', replace: 'isNotAvailable: ({ event }) => failureOf(event).status === 404,' },
  { machine: 'orders', description: '"send again" is offered for an order without documents', search: 'canResend: ({ context }) => offersResend(context.order),', replace: 'canResend: () => true,' },
  { machine: 'orders', description: '"too soon" ends after a second, not the wait the server named', search: 'resendAllowed: ({ context }) => context.resendWait * 1000,', replace: 'resendAllowed: () => 1000,' },
  { machine: 'orders', description: "the mail's key is not sent: the order opens without its documents", search: 'key: orderKeyOf(context.order, context.open?.key ?? null),', replace: 'key: context.order?.documents?.key ?? null,' },
  { machine: 'orders', description: 'back from an order the list is loaded again', search: "always: [{ guard: 'hasOrders', target: 'Showing orders' }, { target: 'Loading orders' }],", replace: "always: [{ target: 'Loading orders' }]," },
  { machine: 'orders', description: 'a lost session on the list offers to retry instead of the login', search: "{ guard: 'isUnauthorized', target: '#orders.Login needed', description: 'The token is no longer valid: the shell goes to login.' },\n", replace: '' },
  { machine: 'orders', description: 'the masked address the server answered is not kept', search: 'assignResentTo: assign((_, result: ResendResult) => ({ resentTo: result.mail_to })),', replace: 'assignResentTo: assign(() => ({})),' },

  // ---------------- settings (issue 13), and what it changed in auth (guest form) and app (SESSION_UPDATED)
  { machine: "settings", description: "saved details are not passed to the shell (header keeps the old name)", search: "{ type: 'assignSavedCustomer', params: ({ event }) => ({ section: 'details' as const, customer: event.output }) },\n                  { type: 'notifySession', params: ({ context, event }) => ({ jwt: context.jwt, customer: event.output }) },\n", replace: "{ type: 'assignSavedCustomer', params: ({ event }) => ({ section: 'details' as const, customer: event.output }) },\n" },
  { machine: "settings", description: "a save's 422 shows no field errors (details, address, password and e-mail: one saveFailed)", search: "{ type: 'assignServerErrors', params: ({ event }) => ({ section, error: errorOf(event) }) },", replace: "{ type: 'assignFailure', params: section }," },
  { machine: "settings", description: "the fresh token of a password change is not kept", search: "{ type: 'assignNewToken', params: ({ event }) => event.output },\n", replace: "" },
  { machine: "settings", description: "a wrong current password without the AUTH_PASSWORD_CHANGE_FAILED toast", search: "                toast: { id: 'settings.passwordChangeFailed', tone: 'danger' },\n", replace: "" },
  { machine: "settings", description: "another customer's draft fills the forms (issue 45)", search: 'const draft = draftFor(context.draft, account.customer);', replace: 'const draft = context.draft;' },
  { machine: "settings", description: "a 401 while saving forgets what was typed (every save: one saveFailed)", search: "{ guard: 'isUnauthorized', target: '#settings.Session expired', actions: { type: 'keepDraft', params: ({ context }) => draftOf(context) } },", replace: "{ guard: 'isUnauthorized', target: '#settings.Session expired' }," },
  { machine: "settings", description: "saving the address sends the half-typed details", search: "c: deliveryUpdate(context.delivery, context.customer!)", replace: "c: { ...detailsUpdate(context.details, context.customer!), shipping: deliveryUpdate(context.delivery, context.customer!).shipping }" },
  { machine: "settings", description: "the draft of a login detour is ignored", search: "details: draft?.details ?? detailsOf(account.customer),", replace: "details: detailsOf(account.customer)," },
  { machine: "settings", description: "an incomplete delivery address is sent", search: "              { guard: 'addressInvalid', actions: { type: 'rejectSection', params: 'address' }, description: \"§5: 'Please fill in all fields for Shipping Address'.\" },\n", replace: "" },
  { machine: "settings", description: "a 401 at load offers to retry instead of login", search: "{ guard: 'isUnauthorized', target: 'Session expired', description:", replace: "{ guard: 'isUnauthorized', target: 'Loading failed', description:" },
  { machine: "settings", description: "the e-mail change keeps the typed address in the form", search: "      ...(section === 'email' ? { emailForm: EMPTY_EMAIL_FORM } : {}),\n", replace: "" },
  { machine: "settings", description: "a 403 is not a lost session", search: "isUnauthorized: ({ event }) => [401, 403].includes(failureOf(event).status),", replace: "isUnauthorized: ({ event }) => failureOf(event).status === 403," },
  { machine: "auth", description: "the guest's delivery address is not sent", search: "    send_invoice: context.sendInvoice,\n    shipping: deliveryPayload(context),", replace: "    send_invoice: context.sendInvoice,\n    shipping: null," },
  { machine: "auth", description: "an incomplete delivery address of the guest is accepted", search: "hasErrors(registrationErrors(context.values, context.attr, true)) || (context.cartShips && hasAny(deliveryFormErrors(context.delivery))),", replace: "hasErrors(registrationErrors(context.values, context.attr, true))," },
  { machine: 'auth', description: 'registration never sends the delivery address', search: 'return { ...registerInput(context.values), shipping: deliveryPayload(context) };', replace: 'return { ...registerInput(context.values), shipping: null };' },
  { machine: 'auth', description: 'an incomplete delivery address at registration is accepted', search: "hasErrors(registrationErrors(context.values, context.attr, false)) || (context.cartShips && hasAny(deliveryFormErrors(context.delivery))),", replace: 'hasErrors(registrationErrors(context.values, context.attr, false)),' },
  { machine: "auth", description: "send_invoice is always sent as true", search: "send_invoice: context.sendInvoice,", replace: "send_invoice: true," },
  { machine: "app", description: "a late settings update after logout brings the session back", search: "      guard: 'isLoggedIn',\n", replace: "" },
  { machine: "app", description: "SESSION_UPDATED is not stored", search: "event.customer }) }, 'storeSession'],", replace: "event.customer }) }]," },
  // ---------------- voucherRedemption
  { machine: 'voucherRedemption', description: 'an empty code is looked up', search: "          { guard: 'codeIsEmpty', target: '.Code missing' },\n", replace: '' },
  { machine: 'voucherRedemption', description: 'the code is looked up untrimmed', search: "assignCheckedCode: assign(({ context }) => ({ checkedCode: normalizeVoucherCode(context.code), found: null })),", replace: "assignCheckedCode: assign(({ context }) => ({ checkedCode: context.code, found: null })),"},
  { machine: 'voucherRedemption', description: 'not yet valid is shown as expired', search: "{ guard: 'isNotYetValid', target: 'Refused.Not yet valid' },", replace: "{ guard: 'isNotYetValid', target: 'Refused.Expired' }," },
  { machine: 'voucherRedemption', description: 'an expired code is an unknown error', search: "{ guard: 'isExpired', target: 'Refused.Expired' },", replace: '' },
  { machine: 'voucherRedemption', description: 'a used-up code is "not found"', search: "{ guard: 'hasNothingLeft', target: 'Refused.Nothing left' },", replace: "{ guard: 'hasNothingLeft', target: 'Refused.Not found' }," },
  { machine: 'voucherRedemption', description: 'a 500 with a VOUCHER code reads as that code', search: 'return error.status === 422 ? error.code : null;', replace: 'return error.code;' },
  { machine: 'voucherRedemption', description: 'not found is an unknown error', search: "{ guard: 'isNotFound', target: 'Refused.Not found' },", replace: '' },
  { machine: 'voucherRedemption', description: 'the cart refusing a duplicate is taken as added', search: "{ guard: { type: 'wasAlreadyInCart', params: ({ event }) => event.output }, target: 'Refused.Already in cart' },", replace: '' },
  { machine: 'voucherRedemption', description: 'the code line carries the whole amount instead of what is left', search: "input: ({ context }) => ({ line: voucherCodeLine(context.found!) }),", replace: "input: ({ context }) => ({ line: { ...voucherCodeLine(context.found!), price: context.found!.amount } }),"},
  { machine: 'voucherRedemption', description: 'the field keeps the added code', search: "assignAdded: assign(({ context }) => ({ added: context.found ? voucherCodeLine(context.found) : null, code: '' })),", replace: "assignAdded: assign(({ context }) => ({ added: context.found ? voucherCodeLine(context.found) : null })),"},
  { machine: 'voucherRedemption', description: 'a refused code cannot be tried again', search: "SUBMIT: { target: 'Checking', actions: 'assignCheckedCode', description: 'The same code again (e.g. after no answer); typing leaves this state first.' },", replace: '' },

  { machine: 'checkout', description: 'the cart step has no voucher-code entry', search: "      invoke: {\n        id: 'voucherCode',\n        src: 'voucherRedemption',", replace: "      invokeNot: {\n        id: 'voucherCode',\n        src: 'voucherRedemption'," },

  // ---------------- voucherShop
  { machine: 'voucherShop', description: 'a voucher id in the URL opens the list', search: "always: [{ guard: 'opensAVoucher', target: 'Voucher page' }, { target: 'Voucher list' }],", replace: "always: [{ target: 'Voucher list' }]," },
  { machine: 'voucherShop', description: 'the list is loaded again on the way back', search: "always: [{ guard: 'hasVouchers', target: 'Showing vouchers' }, { target: 'Loading vouchers' }],", replace: "always: [{ target: 'Loading vouchers' }]," },
  { machine: 'voucherShop', description: 'a missing amount is bought', search: "{ guard: 'amountMissing', target: '.Amount missing' },", replace: '' },
  { machine: 'voucherShop', description: 'an amount below min is bought', search: "{ guard: 'amountTooLow', target: '.Amount too low' },", replace: '' },
  { machine: 'voucherShop', description: 'an amount above max is bought', search: "{ guard: 'amountTooHigh', target: '.Amount too high' },", replace: '' },
  { machine: 'voucherShop', description: 'adding does not reach the cart', search: "actions: [{ type: 'addToCart', params: ({ context }) => lineOf(context) }, 'assignAdded'] },", replace: "actions: ['assignAdded'] }," },
  { machine: 'voucherShop', description: 'a 404 voucher offers a retry', search: "isNotFound: ({ event }) => [404, 422].includes(statusOf(event)),", replace: "isNotFound: ({ event }) => [422].includes(statusOf(event)),"},
  { machine: 'voucherShop', description: 'the quantity is not clamped', search: "return { quantity: voucherQuantity(event.quantity) };", replace: "return { quantity: Number(event.quantity) };"},
  { machine: 'voucherShop', description: 'another voucher keeps the old amount', search: "return { voucherId: event.voucherId, voucher: null, quantity: 1, amountText: '', added: null };", replace: "return { voucherId: event.voucherId, voucher: null, quantity: 1, added: null };" },
  { machine: 'voucherShop', description: 'RETRY of the list is ignored', search: "'Vouchers failed': { on: { RETRY: 'Loading vouchers' } },", replace: "'Vouchers failed': {}," },
  // ---------------- issue 11: shipping, delivery address and invoice in the cart and the checkout
  { machine: 'cart', description: 'the country list is loaded again every time', search: "always: [{ guard: 'countriesLoaded', target: 'Asking for the country' }, { target: 'Loading countries' }],", replace: "always: [{ target: 'Loading countries' }]," },
  { machine: 'cart', description: 'the loaded countries are not kept', search: "onDone: { target: 'Asking for the country', actions: { type: 'assignCountries', params: ({ event }) => event.output } },", replace: "onDone: { target: 'Asking for the country' }," },
  { machine: 'cart', description: 'RETRY_COUNTRIES is ignored', search: "on: { RETRY_COUNTRIES: 'Loading countries' },", replace: '' },
  { machine: 'checkout', description: 'payment does not wait for shipping', search: "                guard: 'shippingPending',\n                target: '.Shipping pending',", replace: "                guard: 'shippingPending',\n                target: 'Starting payment'," },
  { machine: 'checkout', description: 'shipping changes are not heard', search: "    SHIPPING_CHANGED: {\n      actions: ['assignShipping', 'followShippingCountry'],", replace: "    SHIPPING_CHANGED: {\n      actions: ['followShippingCountry']," },
  { machine: 'checkout', description: 'a suggestion goes into a cart that cannot ship', search: "return context.shipping.status === 'failed' ? NO_SUGGESTIONS : context.suggestions;", replace: 'return context.suggestions;' },
  { machine: 'checkout', description: 'an incomplete delivery address is accepted', search: "|| (differentDeliveryAddress(context) && !deliveryAddressReady(context.delivery.values))", replace: '' },
  { machine: 'checkout', description: 'the delivery address errors are not shown', search: "      deliveryErrors: deliveryErrorsOf(context),\n", replace: '' },
  { machine: 'checkout', description: 'requestInvoice is not switched', search: "SET_REQUEST_INVOICE: { actions: 'assignRequestInvoice' },", replace: 'SET_REQUEST_INVOICE: {},' },
  { machine: 'checkout', description: 'the delivery address is not sent', search: "              shipping: paymentShipping(context),", replace: "              shipping: { address: null }," },
  { machine: 'checkout', description: 'back to the billing address keeps the different one', search: "return { delivery: { ...context.delivery, sameAsBilling: event.sameAsBilling }, deliveryErrors: {} };", replace: "return { delivery: { ...context.delivery, sameAsBilling: false }, deliveryErrors: {} };" },

  // ---------------- shop (issue 11)
  { machine: 'shop', description: 'the passes list ignores its category', search: 'return { section: event.section, category: event.category ?? null };', replace: "return { section: event.section, category: event.section === 'passes' ? null : (event.category ?? null) };" },
  { machine: 'shop', description: 'the list is loaded again for every category', search: "always: [{ guard: 'listLoadedForSection', target: 'List' }, { target: 'Loading list' }],", replace: "always: [{ target: 'Loading list' }]," },
  { machine: 'shop', description: 'a category shows all articles', search: "            { guard: 'hasCategory', target: 'One category' },\n", replace: '' },
  { machine: 'shop', description: 'the passes list shows merchandise', search: "            { guard: 'isPassSection', target: 'Annual passes' },\n", replace: '' },
  { machine: 'shop', description: 'an out-of-stock article can be added', search: "always: [{ guard: 'outOfStock', target: 'Out of stock' }, { target: 'In stock' }],", replace: "always: [{ target: 'In stock' }]," },
  { machine: 'shop', description: 'passes are added without owners', search: "              { guard: 'ownersIncomplete', target: '.Owners missing', actions: 'rejectOwners' },\n", replace: '' },
  { machine: 'shop', description: 'nothing goes to the cart', search: "            actions: [{ type: 'addToCart', params: ({ context }) => (context.article ? [articleLine(context.article, context.quantity, context.owners)] : []) }, 'assignAdded'],", replace: "            actions: ['assignAdded']," },
  { machine: 'shop', description: 'the quantity is not kept within stock', search: "const quantity = clampQuantity(event.value, availableStock(context.article.stock, context.inCart));", replace: "const quantity = Number(event.value) || 1;" },
  { machine: 'shop', description: 'owner entries do not follow the quantity', search: "return { quantity, owners: isPass(context.article) ? resizeOwners(context.owners, quantity) : context.owners, added: null };", replace: "return { quantity, owners: context.owners, added: null };" },
  { machine: 'shop', description: 'a 404 is "failed" (retry) instead of not found', search: 'isNotFound: ({ event }) => statusOf(event) === 404,', replace: 'isNotFound: ({ event }) => statusOf(event) === 400,' },
  { machine: 'shop', description: 'RETRY of the list is ignored', search: "on: { RETRY: 'Loading list' },", replace: '' },
  { machine: 'shop', description: 'a product link starts on the list', search: "always: [{ guard: 'wantsArticle', target: 'Loading article' }, { target: 'Checking the list' }],", replace: "always: [{ target: 'Checking the list' }]," },
  { machine: 'shop', description: 'the cart does not count against the stock', search: "const quantity = clampQuantity(event.value, availableStock(context.article.stock, context.inCart));", replace: "const quantity = clampQuantity(event.value, context.article.stock);" },
  { machine: 'shop', description: 'a cart change on the article page does not re-check the stock', search: "        CART_CHANGED: {\n          target: '.Checking stock',", replace: "        CART_CHANGED: {" },
  { machine: 'shop', description: 'all of it in the cart is not out of stock', search: "(isOutOfStock(context.article) || maxQuantity(availableStock(context.article.stock, context.inCart)) === 0)", replace: "isOutOfStock(context.article)" },
  // ---------------- tourBooking
  { machine: 'tourBooking', description: 'BACK_TO_LIST keeps the tour page context', search: "BACK_TO_LIST: { target: 'Tour list', actions: 'forgetTourPage' },", replace: "BACK_TO_LIST: { target: 'Tour list' }," },
  { machine: 'tourBooking', description: 'the list reloads the tours it has', search: "always: [{ guard: 'isListLoaded', target: 'Showing tours' }, { target: 'Loading list' }],", replace: "always: [{ target: 'Loading list' }]," },
  { machine: 'tourBooking', description: 'the language filter starts on the interface language only', search: "filters: { ...NO_TOUR_FILTERS, language: initialTourLanguage(data.tours, context.lang, context.defaultTourLanguage) },", replace: "filters: { ...NO_TOUR_FILTERS, language: context.lang }," },
  { machine: 'tourBooking', description: 'the venue filter is ignored', search: "SET_VENUE_FILTER: { actions: { type: 'assignVenueFilter', params: ({ event }) => event.venue } },", replace: 'SET_VENUE_FILTER: {},' },
  { machine: 'tourBooking', description: 'CLEAR_FILTERS keeps the filters', search: "CLEAR_FILTERS: { actions: 'clearFilters' },", replace: 'CLEAR_FILTERS: {},' },
  { machine: 'tourBooking', description: 'a tour that is over is booked', search: "{ guard: { type: 'isLifetimeOver', params: ({ event }) => event.output }, target: 'Tour over', actions: { type: 'assignLimits', params: ({ event }) => event.output } },", replace: '' },
  { machine: 'tourBooking', description: 'a 404 of the calendar is "failed" (retry) instead of not found', search: "            input: ({ context }) => ({ tourId: context.tourId ?? 0, ...calendarRange(context.month) }),\n            onDone: { target: 'Choosing start date', actions: { type: 'assignCalendar', params: ({ event }) => event.output } },\n            onError: [\n              { guard: { type: 'isHttpFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'Tour not found' },", replace: "            input: ({ context }) => ({ tourId: context.tourId ?? 0, ...calendarRange(context.month) }),\n            onDone: { target: 'Choosing start date', actions: { type: 'assignCalendar', params: ({ event }) => event.output } },\n            onError: [\n              { guard: { type: 'isHttpFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'Page failed' }," },
  { machine: 'tourBooking', description: 'a 404 of the single tour is "failed" (retry) instead of not found', search: "target: '#tourBooking.Tour page.Tour not found' },", replace: "target: 'Single failed' }," },
  { machine: 'tourBooking', description: 'the requested date is not named when it cannot be booked', search: "unavailableDate: context.requestedDate !== null && context.requestedDate !== date ? context.requestedDate : null,", replace: 'unavailableDate: null,' },
  { machine: 'tourBooking', description: 'a sold-out day can be chosen', search: "{ guard: { type: 'isDaySoldOut', params: ({ event }) => event.date }, target: '.Day sold out', actions: 'assignSoldOutDate' },", replace: '' },
  { machine: 'tourBooking', description: 'a sold-out time can be chosen', search: "{ guard: { type: 'isTimeSoldOut', params: ({ event }) => event.time }, target: '.Time sold out', actions: 'assignSoldOutTime' },", replace: '' },
  { machine: 'tourBooking', description: 'the current time is not kept on another date (§4)', search: "assignChosenTime: assign(({ context }) => ({ time: chooseTourTime(context.tour?.schedule ?? [], context.time) })),", replace: "assignChosenTime: assign(({ context }) => ({ time: chooseTourTime(context.tour?.schedule ?? [], null) }))," },
  { machine: 'tourBooking', description: 'a day without an open time shows the counters', search: "{ guard: 'hasOpenTime', target: 'Setting counts', actions: 'assignChosenTime' },", replace: "{ target: 'Setting counts', actions: 'assignChosenTime' }," },
  { machine: 'tourBooking', description: 'counts are not checked before adding', search: "{ guard: 'hasCountProblem', target: '.Counts invalid', actions: 'assignProblems' },", replace: '' },
  { machine: 'tourBooking', description: 'mandatory answers are not checked before adding', search: "{ guard: 'hasAnswerProblem', target: '.Answers missing', actions: 'assignProblems' },", replace: '' },
  { machine: 'tourBooking', description: 'the line is not sent to the cart', search: "actions: ['assignAddedLine', 'addToCart', 'resetForm']", replace: "actions: ['assignAddedLine', 'resetForm']" },
  { machine: 'tourBooking', description: 'the cart does not lower the places left', search: "  return slotAfterCart(slot, heldInCart(context.cart?.getSnapshot().context.lines ?? [], context.tourId, context.date, slot.time));", replace: '  return slot;' },
  { machine: 'tourBooking', description: 'the group size is typed although the tickets make it (issue 22, defect 8)', search: "SET_PARTICIPANTS: { guard: 'asksGroupSize', target: '.Editing', actions: 'assignCount' },", replace: "SET_PARTICIPANTS: { target: '.Editing', actions: 'assignCount' }," },
  { machine: 'tourBooking', file: 'tourBooking.selectors.ts', description: 'a month without tour dates is said to be sold out (issue 22, defect 9)', search: "tourMonthOffer(s.context.calendar, s.context.month, s.context.today) : null;", replace: "(tourMonthOffer(s.context.calendar, s.context.month, s.context.today) === 'available' ? 'available' : 'soldOut') : null;" },
  { machine: 'tourBooking', description: 'a month is drawn before its days are loaded (issue 22, defect 3)', search: "whenMonthAsked: 'assignMonthToShow',", replace: "whenMonthAsked: 'assignVisibleMonth'," },
  { machine: 'tourBooking', description: 'a month asked for is not shown once its days are there', search: "whenMonthLoaded: ['showLoadedMonth'],", replace: 'whenMonthLoaded: [],' },
  { machine: 'tourBooking', file: 'calendar-region.ts', description: 'a month outside the range is loaded', search: "          guard: { type: 'isMonthBookable', params: monthAskedFor },\n", replace: '' },
  { machine: 'tourBooking', file: 'calendar-region.ts', description: 'a month already loaded is fetched again', search: "          guard: { type: 'isMonthLoaded', params: monthAskedFor },\n          target: '.Shown',", replace: "          guard: { type: 'isMonthLoaded', params: monthAskedFor },\n          target: '.Loading month'," },
  { machine: 'tourBooking', file: 'calendar-region.ts', description: 'a month that failed to load cannot be tried again', search: "        on: { RETRY: 'Loading month' },", replace: '' },

  // ---------------- issue 16 (ux): renamed cart lines, kept payment choice, the skipped login step
  { machine: 'cart', description: 'RENAME_LINES renames but does not save', search: "          actions: ['renameLines', { type: 'saveCart', params: ({ context }) => context.lines }],", replace: "          actions: ['renameLines']," },
  { machine: 'cart', description: 'RENAME_LINES saves even when no name changes', search: "      assertEvent(event, 'RENAME_LINES');\n      return renameLines(context.lines, event.names) !== context.lines;", replace: "      assertEvent(event, 'RENAME_LINES');\n      return true;" },
  { machine: 'checkout', description: 'the kept consent ticks are dropped', search: "        termsAccepted: input.keptChoice?.termsAccepted ?? false,", replace: '        termsAccepted: false,' },
  { machine: 'checkout', description: 'the kept method is ignored', search: "paymentTypes.some((t) => t.payartId === input.keptChoice?.payart) ? input.keptChoice?.payart : input.defaultPaymentType,", replace: 'input.defaultPaymentType,' },
  { machine: 'checkout', file: 'checkout.selectors.ts', description: "an anonymous payment marks 'Log in' done", search: "s === 'signIn' && snapshot.context.jwt === null ? 'skipped' : 'done'", replace: "'done'" },
];
