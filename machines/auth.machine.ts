/**
 * The login and recovery journey (spec §2 login, register, guest register, forgot and recover;
 * §4 login; §5 forms; §6 roles; §7 account calls; §8 login, reset, new password, registration).
 *
 * One machine, entered at the screen the visitor opened (input `entry`):
 * - Login: e-mail and password (the client sends the password's MD5 digest); a failure is the
 *   AUTH_LOGIN_FAILED toast. Success loads the customer, tells the shell (LOGGED_IN, which keeps
 *   jwt and customer in session storage) and goes back to `returnTo`, else the checkout redirect
 *   target, else home.
 * - Registration: the server's required_fields, visible_fields, countries and salutations;
 *   e-mails must match, passwords must match; 422 field errors are shown per field. Success logs
 *   in and shows the register success page.
 * - Guest registration (behind the config flag): billing data without a password, checked with
 *   customer/validate; it proceeds when only a password error remains (§8), then auth/guest.
 * - Forgot password: a valid e-mail; AUTH_REQUEST_RESET_SUCCESS then the success page, or
 *   AUTH_REQUEST_RESET_FAIL.
 * - Recover (the mailed link): new password twice; 400 'You must fill all fields', 422 shows the
 *   server's error (and the AUTH_SETTING_NEW_PASSWORD_FAILED toast); success logs in.
 *
 * Logout is the shell's LOGOUT event (machines/app.machine.ts): one place clears jwt and customer.
 *
 * Services are `fromPromise` actors that throw "not provided" until the app (src/app/screens/auth/
 * provide.ts) or a test provides them; navigation, toasts and the shell notification are named
 * actions the app provides.
 */
import { assign, fromPromise, setup } from 'xstate';
import * as v from 'valibot';
import { EmailSchema, type Customer, type CustomerAttr, type JwtResult } from '../src/api/schemas/accounts.js';
import type { CustomerDataInput, GuestRegisterInput, RegisterInput } from '../src/api/accounts.js';
import { asErrorLike, errorOf, notProvided, type ErrorLike } from './support.js';

export type AuthEntry = 'login' | 'register' | 'guestRegister' | 'forgotPassword' | 'recover';

/** Every field of the account forms (§3 registration form; first and last name as the server names them). */
export const AUTH_FIELDS = [
  'email',
  'emailConfirmation',
  'password',
  'passwordConfirmation',
  'salutation',
  'company',
  'phone',
  'fname',
  'lname',
  'street',
  'zip',
  'city',
  'country',
] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];
export type AuthValues = Record<AuthField, string>;

/** A message the UI shows: a catalogue key, or a text the server sent that has no key. */
export type FormMessage = { id: string } | { text: string };
export type FieldErrors = Partial<Record<string, FormMessage[]>>;

/** Where the visitor goes after a success page (the app maps these to routes). */
export type AuthRoute = 'registerSuccess' | 'forgotPasswordSuccess' | 'recoverPasswordSuccess';

export interface AuthInput {
  entry: AuthEntry;
  /** the guid of the mailed recovery link */
  recoveryToken?: string | null;
  /** `returnTo` query of the login/register link (a path of this site) */
  returnTo?: string | null;
  /** §4: checkout remembered as redirect target when the visitor came from there */
  redirectTarget?: string | null;
  /** config flag; guest registration is off by default (§9) */
  guestRegistrationEnabled?: boolean;
  /** config default_user_country_key, preselected in the country field */
  defaultCountry?: string | null;
}

export interface AuthContext {
  entry: AuthEntry;
  recoveryToken: string;
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
}

export type AuthEvent =
  | { type: 'FIELD_CHANGED'; field: AuthField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

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
export interface NavigateParams {
  route: AuthRoute;
  /** kept so the success page can continue to where the visitor came from */
  returnTo: string | null;
}
export interface ToastParams {
  id: string;
  tone: 'danger' | 'success' | 'info';
}

// ---------------------------------------------------------------------------------------------
// Pure form rules (§5)

export const EMPTY_VALUES: AuthValues = Object.fromEntries(AUTH_FIELDS.map((f) => [f, ''])) as AuthValues;

/** Server messages that have a catalogue key; anything else is shown as the server wrote it. */
const SERVER_MESSAGE_KEYS: Record<string, string> = {
  'This field is required.': 'form.required',
  'Please enter an e-mail address.': 'form.required',
  'Please enter a valid e-mail address.': 'form.emailInvalid',
  'The password must have at least 8 characters.': 'form.passwordTooShort',
  'This e-mail address is already registered.': 'form.emailTaken',
  'Please choose a country from the list.': 'form.chooseCountry',
  'Please choose a salutation from the list.': 'form.chooseSalutation',
  'Please enter a valid phone number.': 'form.phoneInvalid',
  'This recovery link is not valid or has expired.': 'auth.recoveryLinkInvalid',
  'This recovery link is not valid or has expired. Please request a new one.': 'auth.recoveryLinkInvalid',
  'You must fill all fields': 'auth.fillAllFields',
};

export function serverMessage(text: string): FormMessage {
  const id = SERVER_MESSAGE_KEYS[text];
  return id ? { id } : { text };
}

/** 422 `fields` (lists per field, §5) → form errors; `shipping.*` and `c.*` keep their last part. */
export function serverFieldErrors(fields: Record<string, string[]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    const field = key.replace(/^c\./, '');
    out[field] = [...(out[field] ?? []), ...messages.map(serverMessage)];
  }
  return out;
}

const isEmail = (value: string) => v.is(EmailSchema, value);
const blank = (value: string) => value.trim() === '';

function add(errors: FieldErrors, field: string, id: string): void {
  errors[field] = [...(errors[field] ?? []), { id }];
}

export function loginErrors(values: AuthValues): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.email)) add(errors, 'email', 'form.required');
  else if (!isEmail(values.email)) add(errors, 'email', 'form.emailInvalid');
  if (values.password === '') add(errors, 'password', 'form.required');
  return errors;
}

export function forgotPasswordErrors(values: AuthValues): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.email)) add(errors, 'email', 'form.required');
  else if (!isEmail(values.email)) add(errors, 'email', 'form.emailInvalid');
  return errors;
}

/** Passwords must match; both empty is left to the server (400 'You must fill all fields'). */
export function recoverErrors(values: AuthValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.password !== values.passwordConfirmation) add(errors, 'passwordConfirmation', 'form.passwordsMismatch');
  else if (values.password !== '' && values.password.length < 8) add(errors, 'password', 'form.passwordTooShort');
  return errors;
}

/** Fields the registration form shows: the server's visible_fields plus the required ones. */
export function visibleFields(attr: CustomerAttr | null, guest: boolean): AuthField[] {
  const listed = new Set([...(attr?.visible_fields ?? []), ...(attr?.required_fields ?? []), 'email']);
  const out: AuthField[] = [];
  for (const field of AUTH_FIELDS) {
    if (field === 'emailConfirmation') {
      if (listed.has('email')) out.push(field);
    } else if (field === 'password' || field === 'passwordConfirmation') {
      if (!guest) out.push(field);
    } else if (listed.has(field)) out.push(field);
  }
  return out;
}

export function isRequiredField(attr: CustomerAttr | null, field: AuthField): boolean {
  if (field === 'email' || field === 'emailConfirmation') return true;
  if (field === 'passwordConfirmation') return attr?.required_fields.includes('password') ?? true;
  return attr?.required_fields.includes(field) ?? false;
}

/** §5 registration: required fields, a valid e-mail given twice, a password of 8+ given twice. */
export function registrationErrors(values: AuthValues, attr: CustomerAttr | null, guest: boolean): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of visibleFields(attr, guest)) {
    if (field === 'emailConfirmation' || field === 'passwordConfirmation') continue;
    if (isRequiredField(attr, field) && blank(values[field])) add(errors, field, 'form.required');
  }
  if (!blank(values.email) && !isEmail(values.email)) add(errors, 'email', 'form.emailInvalid');
  if (values.email.trim().toLowerCase() !== values.emailConfirmation.trim().toLowerCase()) add(errors, 'emailConfirmation', 'form.emailsMismatch');
  if (!guest) {
    if (values.password !== '' && values.password.length < 8) add(errors, 'password', 'form.passwordTooShort');
    if (values.password !== values.passwordConfirmation) add(errors, 'passwordConfirmation', 'form.passwordsMismatch');
  }
  return errors;
}

const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The `c` of customer/register, customer/validate and auth/guest from the form. */
export function customerData(values: AuthValues): CustomerDataInput {
  return {
    salutation: values.salutation,
    fname: values.fname.trim(),
    lname: values.lname.trim(),
    company: values.company.trim(),
    phone: values.phone.trim(),
    street: values.street.trim(),
    zip: values.zip.trim(),
    city: values.city.trim(),
    country: values.country,
  };
}

export function registerInput(values: AuthValues): RegisterInput {
  return { email: values.email.trim(), password: values.password, ...customerData(values) };
}

export function guestInput(values: AuthValues): GuestRegisterInput {
  return { email: values.email.trim(), ...customerData(values) };
}

/** §8: guest registration proceeds if only a password error remains. */
export function onlyPasswordErrors(error: ErrorLike): boolean {
  if (error.status !== 422) return false;
  const keys = Object.keys(error.fields);
  return keys.length > 0 && keys.every((key) => key === 'password' || key === 'c.password');
}



export const authMachine = setup({
  types: {
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
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'FIELD_CHANGED') return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors };
    }),
    assignFormFields: assign(({ context }, attr: CustomerAttr) => ({
      attr,
      values: {
        ...context.values,
        salutation: context.values.salutation || (Object.keys(attr.salutations)[0] ?? ''),
        country: context.values.country && attr.countries[context.values.country] ? context.values.country : (Object.keys(attr.countries)[0] ?? ''),
      },
    })),
    rejectLogin: assign(({ context }) => ({ fieldErrors: loginErrors(context.values), formError: null, rejectedSubmits: context.rejectedSubmits + 1 })),
    rejectRegistration: assign(({ context }) => ({
      fieldErrors: registrationErrors(context.values, context.attr, false),
      formError: { id: 'form.correctErrors' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    rejectGuestRegistration: assign(({ context }) => ({
      fieldErrors: registrationErrors(context.values, context.attr, true),
      formError: { id: 'form.correctErrors' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    rejectForgotPassword: assign(({ context }) => ({ fieldErrors: forgotPasswordErrors(context.values), formError: null, rejectedSubmits: context.rejectedSubmits + 1 })),
    rejectRecover: assign(({ context }) => ({ fieldErrors: recoverErrors(context.values), formError: null, rejectedSubmits: context.rejectedSubmits + 1 })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    assignServerErrors: assign(({ context }, error: ErrorLike) => ({
      fieldErrors: serverFieldErrors(error.fields),
      formError: hasErrors(error.fields) ? { id: 'form.correctErrors' } : error.message ? serverMessage(error.message) : { id: 'form.unexpected' },
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignLoginFailed: assign(({ context }) => ({ formError: { id: 'auth.loginFailed' }, fieldErrors: {}, rejectedSubmits: context.rejectedSubmits + 1 })),
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
    assignJwt: assign((_, result: JwtResult) => ({ jwt: result.jwt })),
    assignCustomer: assign((_, customer: Customer) => ({ customer })),
    // Side effects the app provides (shell, router, toasts):
    notifyLoggedIn: (_, _params: LoggedInParams) => notProvided('notifyLoggedIn'),
    showToast: (_, _params: ToastParams) => notProvided('showToast'),
    navigateBack: (_, _params: ReturnParams) => notProvided('navigateBack'),
    navigateTo: (_, _params: NavigateParams) => notProvided('navigateTo'),
  },
  guards: {
    entersLogin: ({ context }) => context.entry === 'login',
    entersRegistration: ({ context }) => context.entry === 'register',
    entersGuestRegistration: ({ context }) => context.entry === 'guestRegister' && context.guestRegistrationEnabled,
    entersGuestRegistrationWhileOff: ({ context }) => context.entry === 'guestRegister' && !context.guestRegistrationEnabled,
    entersForgotPassword: ({ context }) => context.entry === 'forgotPassword',
    loginFormInvalid: ({ context }) => hasErrors(loginErrors(context.values)),
    registrationFormInvalid: ({ context }) => hasErrors(registrationErrors(context.values, context.attr, false)),
    guestFormInvalid: ({ context }) => hasErrors(registrationErrors(context.values, context.attr, true)),
    forgotPasswordFormInvalid: ({ context }) => hasErrors(forgotPasswordErrors(context.values)),
    recoverFormInvalid: ({ context }) => hasErrors(recoverErrors(context.values)),
    isValidationError: ({ event }) => errorOf(event).status === 422,
    isMissingFields: ({ event }) => errorOf(event).status === 400,
    onlyPasswordErrorRemains: ({ event }) => onlyPasswordErrors(errorOf(event)),
  },
}).createMachine({
  id: 'auth',
  description: 'Login, registration, guest registration, forgotten password and recovery (§2, §4, §8).',
  context: ({ input }) => ({
    entry: input.entry,
    recoveryToken: input.recoveryToken ?? '',
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
  }),
  initial: 'Opening',
  states: {
    Opening: {
      description: 'Goes to the form of the screen the visitor opened.',
      always: [
        { guard: 'entersLogin', target: 'Login' },
        { guard: 'entersRegistration', target: 'Registration' },
        { guard: 'entersGuestRegistration', target: 'Guest registration' },
        { guard: 'entersGuestRegistrationWhileOff', target: 'Guest registration off' },
        { guard: 'entersForgotPassword', target: 'Forgot password' },
        { target: 'Recovery' },
      ],
    },

    Login: {
      initial: 'Editing',
      states: {
        Editing: {
          tags: 'form',
          on: {
            FIELD_CHANGED: { actions: 'assignField' },
            SUBMIT: [
              { guard: 'loginFormInvalid', actions: 'rejectLogin' },
              { target: 'Signing in', actions: 'clearErrors' },
            ],
          },
        },
        'Signing in': {
          tags: ['form', 'busy'],
          invoke: {
            src: 'login',
            input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
            onDone: { target: 'Loading customer', actions: { type: 'assignJwt', params: ({ event }) => event.output } },
            onError: {
              target: 'Editing',
              description: 'Wrong e-mail or password (or no answer): the AUTH_LOGIN_FAILED toast.',
              actions: ['assignLoginFailed', { type: 'showToast', params: { id: 'auth.loginFailed', tone: 'danger' } }],
            },
          },
        },
        'Loading customer': {
          tags: ['form', 'busy'],
          invoke: {
            src: 'loadCustomer',
            input: ({ context }) => ({ jwt: context.jwt ?? '' }),
            onDone: { target: '#auth.Signed in', actions: { type: 'assignCustomer', params: ({ event }) => event.output } },
            onError: { target: '#auth.Signed in', description: 'The token works; the name in the header appears on the next load.' },
          },
        },
      },
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
      initial: 'Loading form fields',
      states: {
        'Loading form fields': {
          tags: 'loading',
          description: 'Countries, salutations, required and visible fields come from the server.',
          invoke: {
            src: 'loadFormFields',
            onDone: { target: 'Editing', actions: { type: 'assignFormFields', params: ({ event }) => event.output } },
            onError: 'Form fields failed',
          },
        },
        'Form fields failed': { on: { RETRY: 'Loading form fields' } },
        Editing: {
          tags: 'form',
          on: {
            FIELD_CHANGED: { actions: 'assignField' },
            SUBMIT: [
              { guard: 'registrationFormInvalid', actions: 'rejectRegistration' },
              { target: 'Registering', actions: 'clearErrors' },
            ],
          },
        },
        Registering: {
          tags: ['form', 'busy'],
          invoke: {
            src: 'register',
            input: ({ context }) => registerInput(context.values),
            onDone: { target: 'Loading new customer', actions: { type: 'assignJwt', params: ({ event }) => event.output } },
            onError: [
              {
                guard: 'isValidationError',
                target: 'Editing',
                description: '422: every validation error next to its field.',
                actions: { type: 'assignServerErrors', params: ({ event }) => errorOf(event) },
              },
              { target: 'Editing', actions: 'assignUnexpectedError' },
            ],
          },
        },
        'Loading new customer': {
          tags: ['form', 'busy'],
          invoke: {
            src: 'loadCustomer',
            input: ({ context }) => ({ jwt: context.jwt ?? '' }),
            onDone: { target: '#auth.Registered', actions: { type: 'assignCustomer', params: ({ event }) => event.output } },
            onError: '#auth.Registered',
          },
        },
      },
    },

    Registered: {
      type: 'final',
      description: 'Registration logs in; the register success page follows.',
      entry: [
        { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },
        { type: 'navigateTo', params: ({ context }) => ({ route: 'registerSuccess' as const, returnTo: context.returnTo }) },
      ],
    },

    'Guest registration off': {
      description: 'The guest registration flag is off (§9 default): the screen offers login and registration instead.',
    },

    'Guest registration': {
      initial: 'Loading form fields',
      states: {
        'Loading form fields': {
          tags: 'loading',
          invoke: {
            src: 'loadFormFields',
            onDone: { target: 'Editing', actions: { type: 'assignFormFields', params: ({ event }) => event.output } },
            onError: 'Form fields failed',
          },
        },
        'Form fields failed': { on: { RETRY: 'Loading form fields' } },
        Editing: {
          tags: 'form',
          on: {
            FIELD_CHANGED: { actions: 'assignField' },
            SUBMIT: [
              { guard: 'guestFormInvalid', actions: 'rejectGuestRegistration' },
              { target: 'Checking billing data', actions: 'clearErrors' },
            ],
          },
        },
        'Checking billing data': {
          tags: ['form', 'busy'],
          description: 'customer/validate without a password: a password error alone is expected for a guest.',
          invoke: {
            src: 'validateGuest',
            input: ({ context }) => guestInput(context.values),
            onDone: 'Registering guest',
            onError: [
              { guard: 'onlyPasswordErrorRemains', target: 'Registering guest' },
              {
                guard: 'isValidationError',
                target: 'Editing',
                actions: { type: 'assignServerErrors', params: ({ event }) => errorOf(event) },
              },
              { target: 'Editing', actions: 'assignUnexpectedError' },
            ],
          },
        },
        'Registering guest': {
          tags: ['form', 'busy'],
          invoke: {
            src: 'registerGuest',
            input: ({ context }) => guestInput(context.values),
            onDone: { target: 'Loading guest', actions: { type: 'assignJwt', params: ({ event }) => event.output } },
            onError: [
              {
                guard: 'isValidationError',
                target: 'Editing',
                actions: { type: 'assignServerErrors', params: ({ event }) => errorOf(event) },
              },
              { target: 'Editing', actions: 'assignUnexpectedError' },
            ],
          },
        },
        'Loading guest': {
          tags: ['form', 'busy'],
          invoke: {
            src: 'loadCustomer',
            input: ({ context }) => ({ jwt: context.jwt ?? '' }),
            onDone: { target: '#auth.Signed in as guest', actions: { type: 'assignCustomer', params: ({ event }) => event.output } },
            onError: '#auth.Signed in as guest',
          },
        },
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
      initial: 'Editing',
      states: {
        Editing: {
          tags: 'form',
          on: {
            FIELD_CHANGED: { actions: 'assignField' },
            SUBMIT: [
              { guard: 'forgotPasswordFormInvalid', actions: 'rejectForgotPassword' },
              { target: 'Requesting reset', actions: 'clearErrors' },
            ],
          },
        },
        'Requesting reset': {
          tags: ['form', 'busy'],
          invoke: {
            src: 'requestPasswordReset',
            input: ({ context }) => ({ email: context.values.email.trim() }),
            onDone: {
              target: '#auth.Reset requested',
              actions: [{ type: 'showToast', params: { id: 'auth.requestResetSuccess', tone: 'success' } }],
            },
            onError: {
              target: 'Editing',
              actions: [
                { type: 'assignResetFailed', params: ({ event }) => errorOf(event) },
                { type: 'showToast', params: { id: 'auth.requestResetFail', tone: 'danger' } },
              ],
            },
          },
        },
      },
    },

    'Reset requested': {
      type: 'final',
      description: 'The recovery link was sent (if the account exists): the success page.',
      entry: { type: 'navigateTo', params: ({ context }) => ({ route: 'forgotPasswordSuccess' as const, returnTo: context.returnTo }) },
    },

    Recovery: {
      initial: 'Editing',
      states: {
        Editing: {
          tags: 'form',
          on: {
            FIELD_CHANGED: { actions: 'assignField' },
            SUBMIT: [
              { guard: 'recoverFormInvalid', actions: 'rejectRecover' },
              { target: 'Setting password', actions: 'clearErrors' },
            ],
          },
        },
        'Setting password': {
          tags: ['form', 'busy'],
          invoke: {
            src: 'confirmPasswordReset',
            input: ({ context }) => ({ token: context.recoveryToken, password: context.values.password }),
            onDone: { target: 'Loading customer', actions: { type: 'assignJwt', params: ({ event }) => event.output } },
            onError: [
              { guard: 'isMissingFields', target: 'Editing', description: "400: 'You must fill all fields'.", actions: 'assignFillAllFields' },
              {
                guard: 'isValidationError',
                target: 'Editing',
                description: '422: the server says why (link used or expired, …).',
                actions: [
                  { type: 'assignNewPasswordRefused', params: ({ event }) => errorOf(event) },
                  { type: 'showToast', params: { id: 'auth.newPasswordFailed', tone: 'danger' } },
                ],
              },
              {
                target: 'Editing',
                actions: ['assignUnexpectedError', { type: 'showToast', params: { id: 'auth.newPasswordFailed', tone: 'danger' } }],
              },
            ],
          },
        },
        'Loading customer': {
          tags: ['form', 'busy'],
          invoke: {
            src: 'loadCustomer',
            input: ({ context }) => ({ jwt: context.jwt ?? '' }),
            onDone: { target: '#auth.Recovered', actions: { type: 'assignCustomer', params: ({ event }) => event.output } },
            onError: '#auth.Recovered',
          },
        },
      },
    },

    Recovered: {
      type: 'final',
      description: 'The new password is set and the visitor is logged in (§4).',
      entry: [
        { type: 'notifyLoggedIn', params: ({ context }) => ({ jwt: context.jwt ?? '', customer: context.customer, isGuest: false }) },
        { type: 'navigateTo', params: ({ context }) => ({ route: 'recoverPasswordSuccess' as const, returnTo: context.returnTo }) },
      ],
    },
  },
});

export type AuthMachine = typeof authMachine;
