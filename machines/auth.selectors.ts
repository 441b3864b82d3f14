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
  | 'linkInvalid';

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
} as const satisfies Record<StatePath<typeof authMachine>, AuthView>;

/** The view of a snapshot; throws on a state without one. */
export const authViewOf = viewReader<AuthView>('auth', AUTH_VIEWS);

/** What the registration and guest registration page draws: the "off" notice, the loading line, the retry, or the form. */
export type RegistrationStage = 'off' | 'loading' | 'failed' | 'form';
/** What the recovery page draws: the link being checked, the link refused, or the form. */
export type RecoveryStage = 'checking' | 'invalid' | 'form';

/** What each page draws for each view (a page shows its form for the views of the other pages). */
const PAGE_STAGES = {
  form: { registration: 'form', recovery: 'form' },
  loadingFields: { registration: 'loading', recovery: 'form' },
  fieldsFailed: { registration: 'failed', recovery: 'form' },
  guestOff: { registration: 'off', recovery: 'form' },
  checkingLink: { registration: 'loading', recovery: 'checking' },
  linkInvalid: { registration: 'form', recovery: 'invalid' },
} as const satisfies Record<AuthView, { registration: RegistrationStage; recovery: RecoveryStage }>;

export const registrationStageOf = (snapshot: { value: StateValue }): RegistrationStage => PAGE_STAGES[authViewOf(snapshot)].registration;
export const recoveryStageOf = (snapshot: { value: StateValue }): RecoveryStage => PAGE_STAGES[authViewOf(snapshot)].recovery;
