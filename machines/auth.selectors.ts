/**
 * What the auth screens (src/app/screens/auth) read of the login and recovery machine
 * (machines/auth.machine.ts): one view per state, typed by the machine's state names (a state
 * added or renamed there does not compile until it has a view here, and an unknown one throws),
 * and the stage each page draws from it. The form's own fields, errors and `busy` tag are read
 * from the snapshot as they are.
 */
import type { StateValue } from 'xstate';
import type { authMachine } from './auth.machine.js';
import { viewReader, type StatePath } from './state-paths.js';

export type AuthView =
  /** the page's form: being edited or its answer awaited (`busy`); an end of the journey keeps it until the next page shows */
  | 'form'
  /** registration and the guest form: their fields come from the server */
  | 'loadingFields'
  /** the fields could not be loaded: try again */
  | 'fieldsFailed'
  /** guest registration is switched off: login and registration are offered instead */
  | 'guestOff'
  /** recovery: the mailed link is checked before the form shows */
  | 'checkingLink'
  /** recovery: the link cannot set a password (used, expired or invented) */
  | 'linkInvalid'
  /** e-mail confirmation (issue 44): the link is being followed */
  | 'confirmingEmail'
  /** e-mail confirmation: the address changed */
  | 'emailConfirmed'
  /** e-mail confirmation: the link is older than 24 hours */
  | 'emailLinkExpired'
  /** e-mail confirmation: the link was used, replaced or invented */
  | 'emailLinkInvalid'
  /** e-mail confirmation: another account has the address now */
  | 'emailTaken'
  /** e-mail confirmation: no answer, try again */
  | 'emailFailed';

export const AUTH_VIEWS = {
  'Login.Editing': 'form',
  'Login.Signing in': 'form',
  'Login.Loading customer': 'form',
  'Signed in': 'form',
  'Registration.Loading form fields': 'loadingFields',
  'Registration.Form fields failed': 'fieldsFailed',
  'Registration.Editing': 'form',
  'Registration.Registering': 'form',
  'Registration.Loading new customer': 'form',
  Registered: 'form',
  'Guest registration off': 'guestOff',
  'Guest registration.Loading form fields': 'loadingFields',
  'Guest registration.Form fields failed': 'fieldsFailed',
  'Guest registration.Editing': 'form',
  'Guest registration.Checking billing data': 'form',
  'Guest registration.Registering guest': 'form',
  'Guest registration.Loading guest': 'form',
  'Signed in as guest': 'form',
  'Forgot password.Editing': 'form',
  'Forgot password.Requesting reset': 'form',
  'Reset requested': 'form',
  'Recovery.Checking the link': 'checkingLink',
  'Recovery.Link invalid': 'linkInvalid',
  'Recovery.Editing': 'form',
  'Recovery.Setting password': 'form',
  'Recovery.Loading customer': 'form',
  Recovered: 'form',
  'E-mail confirmation.Confirming': 'confirmingEmail',
  'E-mail confirmation.Confirmed': 'emailConfirmed',
  'E-mail confirmation.Link expired': 'emailLinkExpired',
  'E-mail confirmation.Link invalid': 'emailLinkInvalid',
  'E-mail confirmation.Address taken': 'emailTaken',
  'E-mail confirmation.Confirmation failed': 'emailFailed',
} as const satisfies Record<StatePath<typeof authMachine>, AuthView>;

/** The view of a snapshot; throws on a state without one. */
export const authViewOf = viewReader<AuthView>('auth', AUTH_VIEWS);

/** What the registration and guest registration page draws: the "off" notice, the loading line, the retry, or the form. */
export type RegistrationStage = 'off' | 'loading' | 'failed' | 'form';
/** What the recovery page draws: the link being checked, the link refused, or the form. */
export type RecoveryStage = 'checking' | 'invalid' | 'form';
/** What the e-mail confirmation page draws (issue 44); 'other' while the journey is on another page. */
export type EmailConfirmationStage = 'confirming' | 'confirmed' | 'expired' | 'invalid' | 'taken' | 'failed' | 'other';

/** What each page draws for each view (a page shows its form for the views of the other pages). */
const PAGE_STAGES = {
  form: { registration: 'form', recovery: 'form', email: 'other' },
  loadingFields: { registration: 'loading', recovery: 'form', email: 'other' },
  fieldsFailed: { registration: 'failed', recovery: 'form', email: 'other' },
  guestOff: { registration: 'off', recovery: 'form', email: 'other' },
  checkingLink: { registration: 'loading', recovery: 'checking', email: 'other' },
  linkInvalid: { registration: 'form', recovery: 'invalid', email: 'other' },
  confirmingEmail: { registration: 'form', recovery: 'form', email: 'confirming' },
  emailConfirmed: { registration: 'form', recovery: 'form', email: 'confirmed' },
  emailLinkExpired: { registration: 'form', recovery: 'form', email: 'expired' },
  emailLinkInvalid: { registration: 'form', recovery: 'form', email: 'invalid' },
  emailTaken: { registration: 'form', recovery: 'form', email: 'taken' },
  emailFailed: { registration: 'form', recovery: 'form', email: 'failed' },
} as const satisfies Record<AuthView, { registration: RegistrationStage; recovery: RecoveryStage; email: EmailConfirmationStage }>;

export const registrationStageOf = (snapshot: { value: StateValue }): RegistrationStage => PAGE_STAGES[authViewOf(snapshot)].registration;
export const recoveryStageOf = (snapshot: { value: StateValue }): RecoveryStage => PAGE_STAGES[authViewOf(snapshot)].recovery;
export const emailConfirmationStageOf = (snapshot: { value: StateValue }): EmailConfirmationStage => PAGE_STAGES[authViewOf(snapshot)].email;
