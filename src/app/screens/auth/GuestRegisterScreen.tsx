import { RegistrationForm } from './RegistrationForm.js';

/** §2 guest registration (config flag; off by default): billing data without a password. */
export default function GuestRegisterScreen() {
  return <RegistrationForm guest />;
}
