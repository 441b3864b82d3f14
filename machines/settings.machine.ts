/**
 * The account settings journey (spec §2 settings, §3 customer, §5 forms, §6 the token as `_`,
 * §7 customer, customer/attr, customer/validate, customer/update, pwdchange, emailchange, §8 the
 * account errors), drawn as one flow on one page with four forms:
 *
 *   Loading account ──▶ Ready › Editing ── SAVE_DETAILS ──▶ Checking details ─▶ Saving details ─┐
 *        │                       │ ─────── SAVE_ADDRESS ──▶ Saving address ──────────────────────┤
 *        │                       │ ─────── CHANGE_PASSWORD ▶ Changing password ──────────────────┤
 *        │                       └──────── CHANGE_EMAIL ──▶ Changing e-mail ─────────────────────┘
 *        └─▶ Loading failed (retry)            (back to Editing with a notice or field errors)
 *   401/403 on any call ──▶ Session expired (the shell's 401 policy goes to login with returnTo;
 *   what was typed, passwords aside, is kept as a draft with the customer's id and filled in again
 *   after a login of the same customer only: another one sees their own account, issue 45)
 *
 * Each form is a submit of the one form step of machines/form-step.ts (a save its rules refuse stays
 * in Editing with its field errors; every failure but a lost session comes back to Editing).
 * Typing is possible in every form while another one saves (one call at a time). Each section
 * sends its own data: customer/update replaces the whole record, so saving the details sends the
 * saved delivery address, and saving the address sends the saved details (src/domain/
 * settings-forms.ts). After a save the app's customer (header menu, checkout) is updated through
 * `notifySession`; a password change answers a fresh token, which the app stores the same way.
 * An e-mail change only asks (issue 44): the page says where the confirmation link went; the
 * address changes when the link is followed (the auth journey's "E-mail confirmation").
 * Services throw "not provided" until src/app/journeys/settings.ts or a test provides them.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Customer, CustomerAttr, EmailChangeRequested, JwtResult } from '../src/api/schemas/accounts.js';
import type { CustomerDataInput } from '../src/api/accounts.js';
import type { FieldErrors, FormMessage } from '../src/domain/account-forms.js';
import type { DeliveryAddressField } from '../src/domain/delivery-address.js';
import {
  BILLING_DELIVERY,
  EMPTY_DETAILS,
  EMPTY_EMAIL_FORM,
  EMPTY_PASSWORDS,
  deliveryFormErrors,
  deliveryOf,
  deliveryServerErrors,
  deliveryUpdate,
  detailsErrors,
  detailsOf,
  detailsServerErrors,
  detailsUpdate,
  emailChangeErrors,
  emailServerErrors,
  hasAny,
  passwordChangeErrors,
  passwordServerErrors,
  type DeliveryForm,
  type DetailsField,
  type DetailsValues,
  type EmailField,
  type EmailValues,
  type PasswordField,
  type PasswordValues,
  type SettingsDraft,
  type SettingsSection,
} from '../src/domain/settings-forms.js';
import { errorOf, failureOf, notProvided, type ErrorLike, type FormJourneyTag } from './support.js';
import { formStepOf, type FailureOf, type StateConfigOf } from './form-step.js';
import type { PageMeta } from '../src/domain/routes.js';

export type { SettingsDraft, SettingsSection } from '../src/domain/settings-forms.js';

export interface SettingsInput {
  /** the session token (the route needs a login) */
  jwt: string;
  /** what was typed before a login detour (expired session), if anything; used only for the customer who typed it */
  draft?: SettingsDraft | null;
}

/** A notice under one section: saved, or why not. */
export interface SectionNotice {
  section: SettingsSection;
  message: FormMessage;
  tone: 'success' | 'danger';
}

export interface SettingsContext {
  jwt: string;
  customer: Customer | null;
  attr: CustomerAttr | null;
  details: DetailsValues;
  delivery: DeliveryForm;
  passwords: PasswordValues;
  emailForm: EmailValues;
  /** the new address a confirmation link went to (issue 44): the account keeps its address until it is followed */
  pendingEmail: string | null;
  errors: Record<SettingsSection, FieldErrors>;
  notice: SectionNotice | null;
  /** rejected submissions per form, so the UI moves focus to that form's first error each time */
  rejectedSubmits: Record<SettingsSection, number>;
  draft: SettingsDraft | null;
}

export type SettingsEvent =
  | { type: 'DETAILS_CHANGED'; field: DetailsField; value: string }
  | { type: 'ADDRESS_CHANGED'; field: DeliveryAddressField; value: string }
  | { type: 'SAME_AS_BILLING_CHANGED'; same: boolean }
  | { type: 'PASSWORD_CHANGED'; field: PasswordField; value: string }
  | { type: 'EMAIL_CHANGED'; field: EmailField; value: string }
  | { type: 'SAVE_DETAILS' }
  | { type: 'SAVE_ADDRESS' }
  | { type: 'CHANGE_PASSWORD' }
  | { type: 'CHANGE_EMAIL' }
  | { type: 'RETRY' };

export interface Account {
  customer: Customer;
  attr: CustomerAttr;
}
export interface SessionParams {
  jwt: string;
  customer: Customer;
}
export interface ToastParams {
  id: string;
  tone: 'danger' | 'success';
}

const NO_ERRORS: Record<SettingsSection, FieldErrors> = { details: {}, address: {}, password: {}, email: {} };

const without = (errors: FieldErrors, field: string): FieldErrors => {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
};

const rejected = (context: SettingsContext, section: SettingsSection) => ({ ...context.rejectedSubmits, [section]: context.rejectedSubmits[section] + 1 });

/** What a lost session keeps (passwords aside), with whose it is: only a save of a loaded account can lose its session. */
const draftOf = (context: SettingsContext): SettingsDraft => ({
  customerId: context.customer!.id,
  details: context.details,
  delivery: context.delivery,
  email: context.emailForm.email,
});

/** The draft, when the customer who typed it is the one now logged in (issue 45); else null, and it is dropped. */
const draftFor = (draft: SettingsDraft | null, customer: Customer): SettingsDraft | null => (draft !== null && draft.customerId === customer.id ? draft : null);

const settings = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as FormJourneyTag,
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
  },
  actors: {
    loadAccount: fromPromise<Account, { jwt: string }>(async () => notProvided('loadAccount')),
    validateCustomer: fromPromise<true, { jwt: string; c: CustomerDataInput }>(async () => notProvided('validateCustomer')),
    updateCustomer: fromPromise<Customer, { jwt: string; c: CustomerDataInput }>(async () => notProvided('updateCustomer')),
    changePassword: fromPromise<JwtResult, { jwt: string; current: string; next: string }>(async () => notProvided('changePassword')),
    changeEmail: fromPromise<EmailChangeRequested, { jwt: string; password: string; email: string }>(async () => notProvided('changeEmail')),
  },
  actions: {
    assignAccount: assign(({ context }, account: Account) => {
      const draft = draftFor(context.draft, account.customer);
      return {
        customer: account.customer,
        attr: account.attr,
        details: draft?.details ?? detailsOf(account.customer),
        delivery: draft?.delivery ?? deliveryOf(account.customer),
        emailForm: { ...EMPTY_EMAIL_FORM, email: draft?.email ?? '' },
        draft: null,
      };
    }),
    assignField: assign(({ context, event }) => {
      assertEvent(event, ['DETAILS_CHANGED', 'ADDRESS_CHANGED', 'SAME_AS_BILLING_CHANGED', 'PASSWORD_CHANGED', 'EMAIL_CHANGED']);
      switch (event.type) {
        case 'DETAILS_CHANGED':
          return { details: { ...context.details, [event.field]: event.value }, errors: { ...context.errors, details: without(context.errors.details, event.field) } };
        case 'ADDRESS_CHANGED':
          return {
            delivery: { ...context.delivery, values: { ...context.delivery.values, [event.field]: event.value } },
            errors: { ...context.errors, address: without(context.errors.address, event.field) },
          };
        case 'SAME_AS_BILLING_CHANGED':
          return { delivery: { ...context.delivery, sameAsBilling: event.same }, errors: { ...context.errors, address: {} } };
        case 'PASSWORD_CHANGED':
          return { passwords: { ...context.passwords, [event.field]: event.value }, errors: { ...context.errors, password: without(context.errors.password, event.field) } };
        case 'EMAIL_CHANGED':
          return { emailForm: { ...context.emailForm, [event.field]: event.value }, errors: { ...context.errors, email: without(context.errors.email, event.field) } };
      }
    }),
    rejectSection: assign(({ context }, section: SettingsSection) => {
      const errors =
        section === 'details'
          ? detailsErrors(context.details, context.attr)
          : section === 'address'
            ? deliveryFormErrors(context.delivery, context.attr)
            : section === 'password'
              ? passwordChangeErrors(context.passwords)
              : emailChangeErrors(context.emailForm);
      return { errors: { ...context.errors, [section]: errors }, notice: null, rejectedSubmits: rejected(context, section) };
    }),
    startSaving: assign(({ context }, section: SettingsSection) => ({ errors: { ...context.errors, [section]: {} }, notice: null })),
    assignServerErrors: assign(({ context }, { section, error }: { section: SettingsSection; error: ErrorLike }) => {
      const errors =
        section === 'details'
          ? detailsServerErrors(error.fields)
          : section === 'address'
            ? deliveryServerErrors(error.fields)
            : section === 'password'
              ? passwordServerErrors(error.fields)
              : emailServerErrors(error.fields);
      const message: FormMessage =
        section === 'password' ? { id: 'settings.passwordChangeFailed' } : section === 'email' ? { id: 'settings.emailChangeFailed' } : { id: 'form.correctErrors' };
      return { errors: { ...context.errors, [section]: errors }, notice: { section, message, tone: 'danger' as const }, rejectedSubmits: rejected(context, section) };
    }),
    assignFailure: assign(({ context }, section: SettingsSection) => ({
      notice: { section, message: { id: 'form.unexpected' }, tone: 'danger' as const },
      rejectedSubmits: rejected(context, section),
    })),
    assignSavedCustomer: assign((_, { section, customer }: { section: 'details' | 'address'; customer: Customer }) => ({
      customer,
      notice: { section, message: { id: 'settings.saved' }, tone: 'success' as const },
      ...(section === 'details' ? { details: detailsOf(customer) } : {}),
      ...(section === 'address' ? { delivery: deliveryOf(customer) } : {}),
    })),
    assignEmailRequested: assign((_, requested: EmailChangeRequested) => ({
      pendingEmail: requested.email,
      emailForm: EMPTY_EMAIL_FORM,
      notice: { section: 'email' as const, message: { id: 'settings.emailConfirmationSent', values: { email: requested.email } }, tone: 'success' as const },
    })),
    assignNewToken: assign((_, result: JwtResult) => ({
      jwt: result.jwt,
      passwords: EMPTY_PASSWORDS,
      notice: { section: 'password' as const, message: { id: 'settings.passwordChanged' }, tone: 'success' as const },
    })),
    // Side effects the app provides (the app machine's session, toasts, session storage):
    notifySession: (_, _params: SessionParams) => notProvided('notifySession'),
    showToast: (_, _params: ToastParams) => notProvided('showToast'),
    keepDraft: (_, _draft: SettingsDraft) => notProvided('keepDraft'),
  },
  guards: {
    detailsInvalid: ({ context }) => hasAny(detailsErrors(context.details, context.attr)),
    addressInvalid: ({ context }) => hasAny(deliveryFormErrors(context.delivery, context.attr)),
    passwordFormInvalid: ({ context }) => hasAny(passwordChangeErrors(context.passwords)),
    emailFormInvalid: ({ context }) => hasAny(emailChangeErrors(context.emailForm)),
    isUnauthorized: ({ event }) => [401, 403].includes(failureOf(event).status),
    isValidationError: ({ event }) => failureOf(event).status === 422,
  },
});

/** The form step of the four forms (machines/form-step.ts): one Editing, a submit per form, the calls of each. */
const formStep = formStepOf(settings);

type SaveFailure = FailureOf<StateConfigOf<typeof settings>>;

/**
 * What a save's failure does (§8): a lost session keeps what was typed (passwords aside) and ends
 * the journey for the shell's login; a 422 puts the server's errors on the section's fields (with
 * the section's own toast, if it has one); anything else is the unexpected error under the form.
 */
function saveFailed(section: SettingsSection, refused: { description?: string; toast?: ToastParams } = {}): SaveFailure[] {
  const { description, toast } = refused;
  return [
    { guard: 'isUnauthorized', target: '#settings.Session expired', actions: { type: 'keepDraft', params: ({ context }) => draftOf(context) } },
    {
      guard: 'isValidationError',
      ...(description === undefined ? {} : { description }),
      actions: [
        { type: 'assignServerErrors', params: ({ event }) => ({ section, error: errorOf(event) }) },
        ...(toast === undefined ? [] : [{ type: 'showToast', params: toast } as const]),
      ],
    },
    { actions: { type: 'assignFailure', params: section } },
  ];
}

export const settingsMachine = settings.createMachine({
  id: 'settings',
  description: 'Account details, delivery address, password and e-mail of a logged-in customer, on one page (§2 settings, §7).',
  context: ({ input }) => ({
    jwt: input.jwt,
    customer: null,
    attr: null,
    details: EMPTY_DETAILS,
    delivery: BILLING_DELIVERY,
    passwords: EMPTY_PASSWORDS,
    emailForm: EMPTY_EMAIL_FORM,
    pendingEmail: null,
    errors: NO_ERRORS,
    notice: null,
    rejectedSubmits: { details: 0, address: 0, password: 0, email: 0 },
    draft: input.draft ?? null,
  }),
  initial: 'Loading account',
  states: {
    'Loading account': {
      tags: 'loading',
      meta: { route: 'settings' },
      description: 'The customer (GET customer) and the form fields (customer/attr), with the token as `_`.',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ jwt: context.jwt }),
        onDone: {
          target: 'Ready',
          description: "The saved data fills the forms; a draft kept before a login detour instead, when it is this customer's (issue 45).",
          actions: { type: 'assignAccount', params: ({ event }) => event.output },
        },
        onError: [
          { guard: 'isUnauthorized', target: 'Session expired', description: 'The token is no longer valid: the shell goes to login (nothing typed yet).' },
          { target: 'Loading failed' },
        ],
      },
    },
    'Loading failed': {
      meta: { route: 'settings' },
      description: 'No answer: the page offers to try again.',
      on: { RETRY: 'Loading account' },
    },
    Ready: {
      meta: { route: 'settings' },
      initial: 'Editing',
      on: {
        DETAILS_CHANGED: { actions: 'assignField' },
        ADDRESS_CHANGED: { actions: 'assignField' },
        SAME_AS_BILLING_CHANGED: { actions: 'assignField' },
        PASSWORD_CHANGED: { actions: 'assignField' },
        EMAIL_CHANGED: { actions: 'assignField' },
      },
      states: formStep({
        submit: {
          SAVE_DETAILS: {
            refuse: [{ guard: 'detailsInvalid', actions: { type: 'rejectSection', params: 'details' } }],
            send: { target: 'Checking details', actions: { type: 'startSaving', params: 'details' } },
          },
          SAVE_ADDRESS: {
            refuse: [
              { guard: 'addressInvalid', actions: { type: 'rejectSection', params: 'address' }, description: "§5: 'Please fill in all fields for Shipping Address'." },
            ],
            send: { target: 'Saving address', actions: { type: 'startSaving', params: 'address' } },
          },
          CHANGE_PASSWORD: {
            refuse: [{ guard: 'passwordFormInvalid', actions: { type: 'rejectSection', params: 'password' } }],
            send: { target: 'Changing password', actions: { type: 'startSaving', params: 'password' } },
          },
          CHANGE_EMAIL: {
            refuse: [{ guard: 'emailFormInvalid', actions: { type: 'rejectSection', params: 'email' } }],
            send: { target: 'Changing e-mail', actions: { type: 'startSaving', params: 'email' } },
          },
        },
        calls: {
          'Checking details': {
            description: 'customer/validate with the token: the server checks the update without saving.',
            invoke: {
              id: 'validateDetails',
              src: 'validateCustomer',
              input: ({ context }) => ({ jwt: context.jwt, c: detailsUpdate(context.details, context.customer!) }),
              onDone: 'Saving details',
              onError: saveFailed('details', { description: '422: every error next to its field.' }),
            },
          },
          'Saving details': {
            invoke: {
              id: 'saveDetails',
              src: 'updateCustomer',
              input: ({ context }) => ({ jwt: context.jwt, c: detailsUpdate(context.details, context.customer!) }),
              onDone: {
                target: 'Editing',
                description: 'USER_SETTINGS_SAVED; the header menu shows the new name.',
                actions: [
                  { type: 'assignSavedCustomer', params: ({ event }) => ({ section: 'details' as const, customer: event.output }) },
                  { type: 'notifySession', params: ({ context, event }) => ({ jwt: context.jwt, customer: event.output }) },
                  { type: 'showToast', params: { id: 'settings.saved', tone: 'success' } },
                ],
              },
              onError: saveFailed('details'),
            },
          },
          'Saving address': {
            description: 'customer/update with the saved details and the delivery address (null: the billing address).',
            invoke: {
              id: 'saveAddress',
              src: 'updateCustomer',
              input: ({ context }) => ({ jwt: context.jwt, c: deliveryUpdate(context.delivery, context.customer!) }),
              onDone: {
                target: 'Editing',
                actions: [
                  { type: 'assignSavedCustomer', params: ({ event }) => ({ section: 'address' as const, customer: event.output }) },
                  { type: 'notifySession', params: ({ context, event }) => ({ jwt: context.jwt, customer: event.output }) },
                  { type: 'showToast', params: { id: 'settings.saved', tone: 'success' } },
                ],
              },
              onError: saveFailed('address'),
            },
          },
          'Changing password': {
            description: 'pwdchange with the current and the new password (MD5, as login sends it); answers a fresh token.',
            invoke: {
              id: 'changePassword',
              src: 'changePassword',
              input: ({ context }) => ({ jwt: context.jwt, current: context.passwords.current, next: context.passwords.next }),
              onDone: {
                target: 'Editing',
                description: 'The app keeps the fresh token: the visitor stays logged in.',
                actions: [
                  { type: 'assignNewToken', params: ({ event }) => event.output },
                  { type: 'notifySession', params: ({ context }) => ({ jwt: context.jwt, customer: context.customer! }) },
                  { type: 'showToast', params: { id: 'settings.passwordChanged', tone: 'success' } },
                ],
              },
              onError: saveFailed('password', {
                description: 'AUTH_PASSWORD_CHANGE_FAILED; a wrong current password is said on its field.',
                toast: { id: 'settings.passwordChangeFailed', tone: 'danger' },
              }),
            },
          },
          'Changing e-mail': {
            description: 'emailchange with the current password: asks for the change; the link goes to the new address, a notice to the old one (issue 44).',
            invoke: {
              id: 'changeEmail',
              src: 'changeEmail',
              input: ({ context }) => ({ jwt: context.jwt, password: context.emailForm.password, email: context.emailForm.email.trim() }),
              onDone: {
                target: 'Editing',
                description: 'Nothing changed yet: "we sent a confirmation to <new>; your address changes once you follow the link" (the confirmation page says AUTH_EMAIL_CHANGE_SUCCESS).',
                actions: [
                  { type: 'assignEmailRequested', params: ({ event }) => event.output },
                  { type: 'showToast', params: { id: 'settings.emailLinkSent', tone: 'success' } },
                ],
              },
              onError: saveFailed('email', { description: '422: the e-mail (invalid, taken, unchanged) or the password on its field.' }),
            },
          },
        },
      }),
    },
    'Session expired': {
      type: 'final',
      description: 'The token expired or was revoked: the shell sends the visitor to login with returnTo and fromUnauthorized; the settings come back after login, with the draft only for the same customer.',
    },
  },
});

export type SettingsMachine = typeof settingsMachine;
