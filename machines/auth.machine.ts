/**
 * The login and recovery journey (spec §2 login, register, guest register, forgot and recover;
 * §4 login; §5 forms; §6 roles; §7 account calls; §8 login, reset, new password, registration),
 * drawn as one flow whose links are transitions:
 *
 *   Login ──"register"──▶ Registration ──▶ Registered (register success page)
 *     │  ──"guest"─────▶ Guest registration (or "off" when the flag is off) ──▶ Signed in as guest
 *     │  ──"forgot"────▶ Forgot password ──▶ Reset requested (success page)
 *     │  ──mailed link─▶ Recovery ──▶ Recovered (recover success page, logged in)
 *     │  ──link to a new address─▶ E-mail confirmation ──▶ Confirmed / Link expired / Link invalid
 *     └──▶ Signed in (back to returnTo, the checkout redirect target, or home)
 *
 * Each form state names its route in `meta.route`; a link the visitor follows (or back and
 * forward) reaches the machine as OPEN_* through src/app/journeys, and the machine's state
 * decides the URL. Form rules live in src/domain/account-forms.ts. Each form is the one form step
 * of machines/form-step.ts: "Editing" (a submit its rules refuse stays there with its field errors),
 * then one state per call, whose failure comes back to "Editing" saying what went wrong.
 * - Login: e-mail and password (the client sends the password's MD5 digest); a refusal of the
 *   credentials (401/422) is the AUTH_LOGIN_FAILED at the form, no answer says so (no connection),
 *   any other failure is the unexpected error; what was typed stays. Success loads the customer and tells the shell (LOGGED_IN).
 * - Registration: the server's required and visible fields; 422 field errors per field; when the
 *   cart ships, the delivery address (billing, or another one) is sent as `shipping`.
 * - Guest registration (behind the config flag): customer/validate proceeds when only a
 *   password error remains (§8), then auth/guest.
 * - Forgot password: AUTH_REQUEST_RESET_SUCCESS then the success page, or AUTH_REQUEST_RESET_FAIL.
 * - Recovery: new password twice; 400 'You must fill all fields', 422 the server's error (and
 *   the AUTH_SETTING_NEW_PASSWORD_FAILED toast); success logs in.
 * - E-mail confirmation (issue 44): the link mailed to a new address (customer/emailconfirm)
 *   changes the account's address once; the page says changed (AUTH_EMAIL_CHANGE_SUCCESS),
 *   expired (410), not valid (404), taken meanwhile (422), or offers to try again.
 *
 * Logout is the shell's LOGOUT event (machines/app.machine.ts). Services throw "not provided"
 * until the app (src/app/journeys/auth.ts) or a test provides them.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Customer, CustomerAttr, EmailConfirmed, JwtResult } from '../src/api/schemas/accounts.js';
import type { GuestRegisterInput, RegisterInput } from '../src/api/accounts.js';
import {
  EMPTY_VALUES,
  forgotPasswordErrors,
  guestInput,
  hasErrors,
  loginErrors,
  onlyPasswordErrors,
  recoverErrors,
  registerInput,
  registrationErrors,
  serverFieldErrors,
  serverMessage,
  type AuthField,
  type AuthValues,
  type FieldErrors,
  type FormMessage,
} from '../src/domain/account-forms.js';
import {
  BILLING_DELIVERY,
  deliveryFormErrors,
  deliveryServerErrors,
  detailsServerErrors,
  hasAny,
  type DeliveryForm,
} from '../src/domain/settings-forms.js';
import { deliveryAddressPayload, type DeliveryAddressField } from '../src/domain/delivery-address.js';
import { errorOf, failureOf, notProvided, type ErrorLike, type FormJourneyTag } from './support.js';
import { formStepOf, type Call, type StateConfigOf } from './form-step.js';
import type { PageMeta } from '../src/domain/routes.js';

export type { AuthField, AuthValues, FieldErrors, FormMessage } from '../src/domain/account-forms.js';

export interface AuthInput {
  /** `returnTo` query of the login/register link (a path of this site) */
  returnTo?: string | null;
  /** §4: the checkout, when the visitor came to the auth screens from there */
  redirectTarget?: string | null;
  /** config flag; guest registration is off by default (§9) */
  guestRegistrationEnabled?: boolean;
  /** config default_user_country_key, preselected in the country field */
  defaultCountry?: string | null;
  /** the cart holds an article to ship: the guest form asks for the delivery address (§5) */
  cartShips?: boolean;
}

export interface AuthContext {
  /** the guid of the mailed recovery link */
  recoveryToken: string;
  /** the token of the link mailed to a new address (issue 44) */
  emailToken: string;
  /** the account's address once the link confirmed it */
  confirmedEmail: string | null;
  returnTo: string | null;
  redirectTarget: string | null;
  guestRegistrationEnabled: boolean;
  values: AuthValues;
  attr: CustomerAttr | null;
  fieldErrors: FieldErrors;
  /** a form-level error shown above the form (and announced) */
  formError: FormMessage | null;
  /** counts rejected submissions, so the UI moves focus to the first error each time */
  rejectedSubmits: number;
  jwt: string | null;
  customer: Customer | null;
  /** the guest form: the cart ships, so it shows the delivery address */
  cartShips: boolean;
  /** the guest form: the delivery address (billing address, or all five fields) */
  delivery: DeliveryForm;
  deliveryErrors: FieldErrors;
  /** the guest form: send_invoice of auth/guest (§3) */
  sendInvoice: boolean;
}

export type AuthEvent =
  | { type: 'FIELD_CHANGED'; field: AuthField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'OPEN_LOGIN' }
  | { type: 'OPEN_REGISTRATION' }
  | { type: 'OPEN_GUEST_REGISTRATION' }
  | { type: 'OPEN_FORGOT_PASSWORD' }
  | { type: 'OPEN_RECOVERY'; token: string }
  | { type: 'OPEN_EMAIL_CONFIRMATION'; token: string }
  | { type: 'SAME_AS_BILLING_CHANGED'; same: boolean }
  | { type: 'ADDRESS_CHANGED'; field: DeliveryAddressField; value: string }
  | { type: 'SEND_INVOICE_CHANGED'; send: boolean };

export interface LoginInput {
  email: string;
  password: string;
}
export interface LoggedInParams {
  jwt: string;
  customer: Customer | null;
  isGuest: boolean;
}
export interface ReturnParams {
  returnTo: string | null;
  redirectTarget: string | null;
}
export interface ToastParams {
  id: string;
  tone: 'danger' | 'success' | 'info';
}

/** The delivery address of customer/register and auth/guest when the cart ships; null for none or the billing address (§5, §7). */
function deliveryPayload(context: AuthContext) {
  return context.cartShips ? deliveryAddressPayload(context.delivery.sameAsBilling, context.delivery.values) : null;
}

/** customer/register `c`: the form's data and, when the cart ships, the delivery address (§7 `shipping`, issue 22 item 10). */
function registrationPayload(context: AuthContext): RegisterInput {
  return { ...registerInput(context.values), shipping: deliveryPayload(context) };
}

/** auth/guest `c`: billing data, send_invoice, and the delivery address when the cart ships (§3, §5). */
function guestPayload(context: AuthContext): GuestRegisterInput {
  return {
    ...guestInput(context.values),
    send_invoice: context.sendInvoice,
    shipping: deliveryPayload(context),
  };
}

const auth = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as FormJourneyTag,
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    login: fromPromise<JwtResult, LoginInput>(async () => notProvided('login')),
    loadCustomer: fromPromise<Customer, { jwt: string }>(async () => notProvided('loadCustomer')),
    loadFormFields: fromPromise<CustomerAttr>(async () => notProvided('loadFormFields')),
    register: fromPromise<JwtResult, RegisterInput>(async () => notProvided('register')),
    validateGuest: fromPromise<true, GuestRegisterInput>(async () => notProvided('validateGuest')),
    registerGuest: fromPromise<JwtResult, GuestRegisterInput>(async () => notProvided('registerGuest')),
    requestPasswordReset: fromPromise<true, { email: string }>(async () => notProvided('requestPasswordReset')),
    confirmPasswordReset: fromPromise<JwtResult, { token: string; password: string }>(async () => notProvided('confirmPasswordReset')),
    checkRecoveryLink: fromPromise<unknown, { token: string }>(async () => notProvided('checkRecoveryLink')),
    confirmEmailChange: fromPromise<EmailConfirmed, { token: string }>(async () => notProvided('confirmEmailChange')),
  },
  actions: {
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors };
    }),
    assignFormFields: assign(({ context }, attr: CustomerAttr) => ({
      attr,
      values: {
        ...context.values,
        // no salutation is chosen for the visitor (issue 16 item 13): the select starts on "Please choose"
        salutation: context.values.salutation,
        country: context.values.country && attr.countries[context.values.country] ? context.values.country : (Object.keys(attr.countries)[0] ?? ''),
      },
    })),
    rejectLogin: assign(({ context }) => ({ fieldErrors: loginErrors(context.values), formError: null, rejectedSubmits: context.rejectedSubmits + 1 })),
    rejectRegistration: assign(({ context }) => ({
      fieldErrors: registrationErrors(context.values, context.attr, false),
      deliveryErrors: context.cartShips ? deliveryFormErrors(context.delivery) : {},
      formError: { id: 'form.correctErrors' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    rejectGuestRegistration: assign(({ context }) => ({
      fieldErrors: registrationErrors(context.values, context.attr, true),
      deliveryErrors: context.cartShips ? deliveryFormErrors(context.delivery) : {},
      formError: { id: 'form.correctErrors' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    rejectForgotPassword: assign(({ context }) => ({ fieldErrors: forgotPasswordErrors(context.values), formError: null, rejectedSubmits: context.rejectedSubmits + 1 })),
    rejectRecover: assign(({ context }) => ({ fieldErrors: recoverErrors(context.values), formError: null, rejectedSubmits: context.rejectedSubmits + 1 })),
    clearErrors: assign({ fieldErrors: {}, deliveryErrors: {}, formError: null }),
    assignDelivery: assign(({ context, event }) => {
      assertEvent(event, ['SAME_AS_BILLING_CHANGED', 'ADDRESS_CHANGED']);
      if (event.type === 'SAME_AS_BILLING_CHANGED') return { delivery: { ...context.delivery, sameAsBilling: event.same }, deliveryErrors: {} };
      const { [event.field]: _cleared, ...deliveryErrors } = context.deliveryErrors;
      return { delivery: { ...context.delivery, values: { ...context.delivery.values, [event.field]: event.value } }, deliveryErrors };
    }),
    assignSendInvoice: assign(({ event }) => {
      assertEvent(event, 'SEND_INVOICE_CHANGED');
      return { sendInvoice: event.send };
    }),
    assignGuestServerErrors: assign(({ context }, error: ErrorLike) => ({
      fieldErrors: detailsServerErrors(error.fields),
      deliveryErrors: deliveryServerErrors(error.fields),
      formError: { id: 'form.correctErrors' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignServerErrors: assign(({ context }, error: ErrorLike) => ({
      // `shipping.*` belongs to the delivery address, not to the billing fields of the same name
      fieldErrors: serverFieldErrors(Object.fromEntries(Object.entries(error.fields).filter(([key]) => !/^(c\.)?shipping\b/.test(key)))),
      deliveryErrors: deliveryServerErrors(error.fields),
      formError: hasErrors(error.fields) ? { id: 'form.correctErrors' } : error.message ? serverMessage(error.message) : { id: 'form.unexpected' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignLoginFailed: assign(({ context }) => ({ formError: { id: 'auth.loginFailed' }, fieldErrors: {}, rejectedSubmits: context.rejectedSubmits + 1 })),
    assignNoConnection: assign(({ context }) => ({ formError: { id: 'error.network' }, fieldErrors: {}, rejectedSubmits: context.rejectedSubmits + 1 })),
    assignTooManyAttempts: assign(({ context }) => ({ formError: { id: 'error.tooManyRequests' }, fieldErrors: {}, rejectedSubmits: context.rejectedSubmits + 1 })),
    assignUnexpectedError: assign(({ context }) => ({ formError: { id: 'form.unexpected' }, rejectedSubmits: context.rejectedSubmits + 1 })),
    assignResetFailed: assign(({ context }, error: ErrorLike) => ({
      fieldErrors: serverFieldErrors(error.fields),
      formError: { id: 'auth.requestResetFail' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignFillAllFields: assign(({ context }) => ({ formError: { id: 'auth.fillAllFields' }, fieldErrors: {}, rejectedSubmits: context.rejectedSubmits + 1 })),
    assignNewPasswordRefused: assign(({ context }, error: ErrorLike) => ({
      formError: error.message ? serverMessage(error.message) : { id: 'auth.newPasswordFailed' },
      fieldErrors: serverFieldErrors(Object.fromEntries(Object.entries(error.fields).filter(([key]) => key !== 'token'))),
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignRecoveryToken: assign(({ event }) => {
      assertEvent(event, 'OPEN_RECOVERY');
      return { recoveryToken: event.token };
    }),
    assignEmailToken: assign(({ event }) => {
      assertEvent(event, 'OPEN_EMAIL_CONFIRMATION');
      return { emailToken: event.token, confirmedEmail: null };
    }),
    assignConfirmedEmail: assign((_, confirmed: EmailConfirmed) => ({ confirmedEmail: confirmed.email })),
    assignJwt: assign((_, result: JwtResult) => ({ jwt: result.jwt })),
    assignCustomer: assign((_, customer: Customer) => ({ customer })),
    // Side effects the app provides (shell, router, toasts):
    notifyLoggedIn: (_, _params: LoggedInParams) => notProvided('notifyLoggedIn'),
    showToast: (_, _params: ToastParams) => notProvided('showToast'),
    navigateBack: (_, _params: ReturnParams) => notProvided('navigateBack'),
  },
  guards: {
    guestRegistrationEnabled: ({ context }) => context.guestRegistrationEnabled,
    loginFormInvalid: ({ context }) => hasErrors(loginErrors(context.values)),
    registrationFormInvalid: ({ context }) =>
      hasErrors(registrationErrors(context.values, context.attr, false)) || (context.cartShips && hasAny(deliveryFormErrors(context.delivery))),
    guestFormInvalid: ({ context }) =>
      hasErrors(registrationErrors(context.values, context.attr, true)) || (context.cartShips && hasAny(deliveryFormErrors(context.delivery))),
    forgotPasswordFormInvalid: ({ context }) => hasErrors(forgotPasswordErrors(context.values)),
    recoverFormInvalid: ({ context }) => hasErrors(recoverErrors(context.values)),
    isValidationError: ({ event }) => failureOf(event).status === 422,
    isNotFound: ({ event }) => failureOf(event).status === 404,
    isGone: ({ event }) => failureOf(event).status === 410,
    /** §8 login failure: only a refusal of the credentials says "e-mail or password not correct". */
    isCredentialsRefused: ({ event }) => [401, 422].includes(failureOf(event).status),
    /** status 0: the server never answered (no connection, timeout) */
    isNoAnswer: ({ event }) => failureOf(event).status === 0,
    isRateLimited: ({ event }) => failureOf(event).status === 429,
    isMissingFields: ({ event }) => failureOf(event).status === 400,
    onlyPasswordErrorRemains: ({ event }) => onlyPasswordErrors(failureOf(event)),
  },
});

/** The form step of each auth form (machines/form-step.ts): Editing, its submit, its calls. */
const formStep = formStepOf(auth);
type AuthCall = Call<StateConfigOf<typeof auth>>;
/** The ends of the journey that log the visitor in. */
type LoggedInEnd = '#auth.Signed in' | '#auth.Registered' | '#auth.Signed in as guest' | '#auth.Recovered';

/** After the token, the customer for the header; a failure still logs in (the name appears on the next load). */
function loadingCustomer(id: string, end: LoggedInEnd, failure?: string): AuthCall {
  return {
    invoke: {
      id,
      src: 'loadCustomer',
      input: ({ context }) => ({ jwt: context.jwt ?? '' }),
      onDone: { target: end, actions: { type: 'assignCustomer', params: ({ event }) => event.output } },
      onError: failure === undefined ? end : { target: end, description: failure },
    },
  };
}

/** Registration and the guest form first load their fields from the server, and offer to retry. */
function formFields(id: string, description?: string) {
  return {
    'Loading form fields': auth.createStateConfig({
      tags: 'loading',
      ...(description === undefined ? {} : { description }),
      invoke: {
        id,
        src: 'loadFormFields',
        onDone: { target: 'Editing', actions: { type: 'assignFormFields', params: ({ event }) => event.output } },
        onError: 'Form fields failed',
      },
    }),
    'Form fields failed': auth.createStateConfig({ on: { RETRY: 'Loading form fields' } }),
  };
}

/** registration and the guest form: typing in the fields and the delivery address */
const REGISTRATION_TYPING = {
  FIELD_CHANGED: { actions: 'assignField' },
  SAME_AS_BILLING_CHANGED: { actions: 'assignDelivery', description: 'The cart ships: to the billing address, or to another one.' },
  ADDRESS_CHANGED: { actions: 'assignDelivery' },
} as const;

export const authMachine = auth.createMachine({
  id: 'auth',
  description: 'Login, registration, guest registration, forgotten password and recovery, linked as the screens link them (§2, §4, §8).',
  context: ({ input }) => ({
    recoveryToken: '',
    emailToken: '',
    confirmedEmail: null,
    returnTo: input.returnTo ?? null,
    redirectTarget: input.redirectTarget ?? null,
    guestRegistrationEnabled: input.guestRegistrationEnabled ?? false,
    values: { ...EMPTY_VALUES, country: input.defaultCountry ?? '' },
    attr: null,
    fieldErrors: {},
    formError: null,
    rejectedSubmits: 0,
    jwt: null,
    customer: null,
    cartShips: input.cartShips ?? false,
    delivery: BILLING_DELIVERY,
    deliveryErrors: {},
    sendInvoice: true,
  }),
  initial: 'Login',
  states: {
    Login: {
      meta: { route: 'login' },
      initial: 'Editing',
      on: {
        OPEN_REGISTRATION: { target: 'Registration', actions: 'clearErrors', description: 'The "register" link.' },
        OPEN_GUEST_REGISTRATION: [
          { guard: 'guestRegistrationEnabled', target: 'Guest registration', actions: 'clearErrors', description: 'The "continue as guest" link.' },
          { target: 'Guest registration off', actions: 'clearErrors' },
        ],
        OPEN_FORGOT_PASSWORD: { target: 'Forgot password', actions: 'clearErrors', description: 'The "forgot password" link.' },
        OPEN_RECOVERY: { target: 'Recovery', actions: ['assignRecoveryToken', 'clearErrors'], description: 'The recovery link from the e-mail.' },
        OPEN_EMAIL_CONFIRMATION: { target: 'E-mail confirmation', actions: 'assignEmailToken', description: 'The link mailed to a new address (issue 44).' },
      },
      states: formStep({
        typing: { FIELD_CHANGED: { actions: 'assignField' } },
        submit: {
          SUBMIT: {
            refuse: [{ guard: 'loginFormInvalid', actions: 'rejectLogin' }],
            send: { target: 'Signing in', actions: 'clearErrors' },
          },
        },
        calls: {
          'Signing in': {
            invoke: {
              id: 'login',
              src: 'login',
              input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
              onDone: { target: 'Loading customer', actions: { type: 'assignJwt', params: ({ event }) => event.output } },
              onError: [
                {
                  guard: 'isRateLimited',
                  description: '429, too many attempts: the form says to wait a minute (not "wrong password"; the shell says it too).',
                  actions: 'assignTooManyAttempts',
                },
                {
                  guard: 'isCredentialsRefused',
                  description: '401/422, the server refuses the e-mail or password: AUTH_LOGIN_FAILED, said once, at the form (an announced alert that stays, not a 2-second toast as well).',
                  actions: ['assignLoginFailed'],
                },
                {
                  guard: 'isNoAnswer',
                  description: 'No answer (offline, timeout): "no connection, try again"; what was typed stays.',
                  actions: ['assignNoConnection'],
                },
                {
                  description: 'Any other failure (a 500 …): the unexpected error of §8 (the shell adds the support address); what was typed stays.',
                  actions: ['assignUnexpectedError'],
                },
              ],
            },
          },
          'Loading customer': loadingCustomer('loadCustomer', '#auth.Signed in', 'The token works; the shell reads the missing record again (issue 45 item 2).'),
        },
      }),
    },

    'Signed in': {
      type: 'final',
      description: 'Logged in: the shell keeps jwt and customer; back to returnTo, the checkout, or home.',
      entry: [
        { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },
        { type: 'navigateBack', params: ({ context }) => ({ returnTo: context.returnTo, redirectTarget: context.redirectTarget }) },
      ],
    },

    Registration: {
      meta: { route: 'register' },
      initial: 'Loading form fields',
      on: {
        OPEN_LOGIN: { target: 'Login', actions: 'clearErrors', description: 'The "log in" link.' },
        OPEN_GUEST_REGISTRATION: [
          { guard: 'guestRegistrationEnabled', target: 'Guest registration', actions: 'clearErrors' },
          { target: 'Guest registration off', actions: 'clearErrors' },
        ],
      },
      states: {
        ...formFields('loadFormFields', 'Countries, salutations, required and visible fields come from the server.'),
        ...formStep({
          typing: REGISTRATION_TYPING,
          submit: {
            SUBMIT: {
              refuse: [{ guard: 'registrationFormInvalid', actions: 'rejectRegistration' }],
              send: { target: 'Registering', actions: 'clearErrors' },
            },
          },
          calls: {
            Registering: {
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context }) => registrationPayload(context),
                onDone: { target: 'Loading new customer', actions: { type: 'assignJwt', params: ({ event }) => event.output } },
                onError: [
                  {
                    guard: 'isValidationError',
                    description: '422: every validation error next to its field.',
                    actions: { type: 'assignServerErrors', params: ({ event }) => errorOf(event) },
                  },
                  { actions: 'assignUnexpectedError' },
                ],
              },
            },
            'Loading new customer': loadingCustomer('loadNewCustomer', '#auth.Registered'),
          },
        }),
      },
    },

    Registered: {
      type: 'final',
      meta: { route: 'registerSuccess' },
      description: 'Registration logs in; the register success page follows.',
      entry: { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },
    },

    'Guest registration off': {
      meta: { route: 'guestRegister' },
      description: 'The guest registration flag is off (§9 default): the screen offers login and registration instead.',
      on: {
        OPEN_LOGIN: 'Login',
        OPEN_REGISTRATION: 'Registration',
      },
    },

    'Guest registration': {
      meta: { route: 'guestRegister' },
      initial: 'Loading form fields',
      on: {
        OPEN_LOGIN: { target: 'Login', actions: 'clearErrors' },
        OPEN_REGISTRATION: { target: 'Registration', actions: 'clearErrors' },
      },
      states: {
        ...formFields('loadGuestFormFields'),
        ...formStep({
          typing: { ...REGISTRATION_TYPING, SEND_INVOICE_CHANGED: { actions: 'assignSendInvoice' } },
          submit: {
            SUBMIT: {
              refuse: [{ guard: 'guestFormInvalid', actions: 'rejectGuestRegistration' }],
              send: { target: 'Checking billing data', actions: 'clearErrors' },
            },
          },
          calls: {
            'Checking billing data': {
              description: 'customer/validate without a password: a password error alone is expected for a guest.',
              invoke: {
                id: 'validateGuest',
                src: 'validateGuest',
                input: ({ context }) => guestPayload(context),
                onDone: 'Registering guest',
                onError: [
                  { guard: 'onlyPasswordErrorRemains', target: 'Registering guest' },
                  {
                    guard: 'isValidationError',
                    actions: { type: 'assignGuestServerErrors', params: ({ event }) => errorOf(event) },
                  },
                  { actions: 'assignUnexpectedError' },
                ],
              },
            },
            'Registering guest': {
              invoke: {
                id: 'registerGuest',
                src: 'registerGuest',
                input: ({ context }) => guestPayload(context),
                onDone: { target: 'Loading guest', actions: { type: 'assignJwt', params: ({ event }) => event.output } },
                onError: [
                  {
                    guard: 'isValidationError',
                    actions: { type: 'assignGuestServerErrors', params: ({ event }) => errorOf(event) },
                  },
                  { actions: 'assignUnexpectedError' },
                ],
              },
            },
            'Loading guest': loadingCustomer('loadGuest', '#auth.Signed in as guest'),
          },
        }),
      },
    },

    'Signed in as guest': {
      type: 'final',
      description: 'A guest token: every payment method is open; back to the checkout.',
      entry: [
        { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: true }) },
        { type: 'navigateBack', params: ({ context }) => ({ returnTo: context.returnTo, redirectTarget: context.redirectTarget }) },
      ],
    },

    'Forgot password': {
      meta: { route: 'forgotPassword' },
      initial: 'Editing',
      on: {
        OPEN_LOGIN: { target: 'Login', actions: 'clearErrors', description: 'The "back to login" link.' },
        OPEN_RECOVERY: { target: 'Recovery', actions: ['assignRecoveryToken', 'clearErrors'], description: 'The recovery link from the e-mail.' },
      },
      states: formStep({
        typing: { FIELD_CHANGED: { actions: 'assignField' } },
        submit: {
          SUBMIT: {
            refuse: [{ guard: 'forgotPasswordFormInvalid', actions: 'rejectForgotPassword' }],
            send: { target: 'Requesting reset', actions: 'clearErrors' },
          },
        },
        calls: {
          'Requesting reset': {
            invoke: {
              id: 'requestPasswordReset',
              src: 'requestPasswordReset',
              input: ({ context }) => ({ email: context.values.email.trim() }),
              onDone: {
                target: '#auth.Reset requested',
                actions: [{ type: 'showToast', params: { id: 'auth.requestResetSuccess', tone: 'success' } }],
              },
              onError: {
                actions: [
                  { type: 'assignResetFailed', params: ({ event }) => errorOf(event) },
                  { type: 'showToast', params: { id: 'auth.requestResetFail', tone: 'danger' } },
                ],
              },
            },
          },
        },
      }),
    },

    'Reset requested': {
      type: 'final',
      meta: { route: 'forgotPasswordSuccess' },
      description: 'The recovery link was sent (if the account exists): the success page.',
    },

    Recovery: {
      meta: { route: 'recoverAccount' },
      initial: 'Checking the link',
      on: {
        OPEN_LOGIN: { target: 'Login', actions: 'clearErrors' },
        OPEN_FORGOT_PASSWORD: { target: 'Forgot password', actions: 'clearErrors', description: 'Ask for a new link.' },
        OPEN_RECOVERY: { target: 'Recovery', reenter: true, actions: ['assignRecoveryToken', 'clearErrors'], description: 'Another recovery link.' },
      },
      states: {
        'Checking the link': {
          tags: 'loading',
          description: 'Is the mailed link still good (not used, not expired)? Asked before the form is shown.',
          invoke: {
            id: 'checkRecoveryLink',
            src: 'checkRecoveryLink',
            input: ({ context }) => ({ token: context.recoveryToken }),
            onDone: 'Editing',
            onError: [
              { guard: 'isNotFound', target: 'Link invalid', description: '404: used, expired or invented — say so at once, offer a new link.' },
              {
                target: 'Editing',
                actions: 'assignUnexpectedError',
                description: 'No answer: the form with a word that the link could not be checked; setting the password says what the server thinks.',
              },
            ],
          },
        },
        'Link invalid': {
          description: 'The link cannot set a password: no form, a way to ask for a new link.',
        },
        ...formStep({
          typing: { FIELD_CHANGED: { actions: 'assignField' } },
          submit: {
            SUBMIT: {
              refuse: [{ guard: 'recoverFormInvalid', actions: 'rejectRecover' }],
              send: { target: 'Setting password', actions: 'clearErrors' },
            },
          },
          calls: {
            'Setting password': {
              invoke: {
                id: 'confirmPasswordReset',
                src: 'confirmPasswordReset',
                input: ({ context }) => ({ token: context.recoveryToken, password: context.values.password }),
                onDone: { target: 'Loading customer', actions: { type: 'assignJwt', params: ({ event }) => event.output } },
                onError: [
                  { guard: 'isMissingFields', description: "400: 'You must fill all fields'.", actions: 'assignFillAllFields' },
                  {
                    guard: 'isValidationError',
                    description: '422: the server says why (link used or expired, …).',
                    actions: [
                      { type: 'assignNewPasswordRefused', params: ({ event }) => errorOf(event) },
                      { type: 'showToast', params: { id: 'auth.newPasswordFailed', tone: 'danger' } },
                    ],
                  },
                  { actions: ['assignUnexpectedError', { type: 'showToast', params: { id: 'auth.newPasswordFailed', tone: 'danger' } }] },
                ],
              },
            },
            'Loading customer': loadingCustomer('loadRecoveredCustomer', '#auth.Recovered'),
          },
        }),
      },
    },

    'E-mail confirmation': {
      meta: { route: 'confirmEmail' },
      description: 'The link mailed to a new address (issue 44): following it changes the account\'s address; until then login stays with the old one.',
      initial: 'Confirming',
      on: {
        OPEN_LOGIN: { target: 'Login', actions: 'clearErrors', description: 'The "log in" link.' },
        OPEN_EMAIL_CONFIRMATION: { target: 'E-mail confirmation', reenter: true, actions: 'assignEmailToken', description: 'Another confirmation link.' },
      },
      states: {
        Confirming: {
          tags: 'loading',
          description: 'customer/emailconfirm with the token: the address changes once.',
          invoke: {
            id: 'confirmEmailChange',
            src: 'confirmEmailChange',
            input: ({ context }) => ({ token: context.emailToken }),
            onDone: {
              target: 'Confirmed',
              actions: [
                { type: 'assignConfirmedEmail', params: ({ event }) => event.output },
                { type: 'showToast', params: { id: 'settings.emailChanged', tone: 'success' } },
              ],
            },
            onError: [
              { guard: 'isGone', target: 'Link expired', description: '410: older than 24 hours — ask again in the settings.' },
              { guard: 'isNotFound', target: 'Link invalid', description: '404: used, replaced by a newer request, or invented.' },
              { guard: 'isValidationError', target: 'Address taken', description: '422: the address was registered for another account meanwhile (or the link is malformed).' },
              { target: 'Confirmation failed', description: 'No answer or a server error: nothing changed, try again.' },
            ],
          },
        },
        Confirmed: {
          description: 'AUTH_EMAIL_CHANGE_SUCCESS: the new address is the account\'s; every earlier recovery link is void.',
        },
        'Link expired': {
          description: 'The link is older than 24 hours: the address did not change.',
        },
        'Link invalid': {
          description: 'The link was used, replaced by a newer one or never issued: the address did not change by it.',
        },
        'Address taken': {
          description: 'Another account has the address now: the address did not change.',
        },
        'Confirmation failed': {
          description: 'No answer: the page offers to try again.',
          on: { RETRY: 'Confirming' },
        },
      },
    },

    Recovered: {
      type: 'final',
      meta: { route: 'recoverPasswordSuccess' },
      description: 'The new password is set and the visitor is logged in (§4).',
      entry: { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },
    },
  },
});

export type AuthMachine = typeof authMachine;
