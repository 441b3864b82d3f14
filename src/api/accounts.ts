/**
 * Account calls of spec §7. Passwords leave the browser only as their MD5 hex digest (js-md5),
 * except the new password at registration, which the server needs once to check its length.
 * The jwt goes in the query parameter `_` (§6).
 */
import type { Http } from './http.js';
import {
  CustomerAttrSchema,
  CustomerSchema,
  EmailChangeRequestedSchema,
  EmailConfirmedSchema,
  JwtResultSchema,
  OkSchema,
  type CustomerUpdateInput,
} from './schemas/accounts.js';

/** Form values as the user typed them; the server validates and normalises them. */
export interface CustomerDataInput {
  salutation?: string;
  fname?: string;
  lname?: string;
  company?: string;
  phone?: string;
  street?: string;
  zip?: string;
  city?: string;
  country?: string;
  shipping?: CustomerUpdateInput['shipping'];
}
export interface RegisterInput extends CustomerDataInput {
  email: string;
  password: string;
}
export interface GuestRegisterInput extends CustomerDataInput {
  email: string;
  send_invoice?: boolean;
}

/**
 * The MD5 hex digest of a password, as every password field of §7 but registration sends it.
 * js-md5 is loaded on first use, so it weighs on the account pages only, not on the home page.
 */
export async function passwordDigest(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password);
}

export function accountApi(http: Http) {
  return {
    /** POST auth/login {_u, _p}. Wrong e-mail or password: 422 AUTH_LOGIN_FAILED. */
    login: async (email: string, password: string, signal?: AbortSignal) =>
      http.request('POST', 'auth/login', { schema: JwtResultSchema, body: { _u: email, _p: await passwordDigest(password) }, signal }),
    /** POST auth/logout?_=token (issue 44): the server ends the token; the app logs out whatever it answers. */
    logout: (token: string, signal?: AbortSignal) => http.request('POST', 'auth/logout', { schema: OkSchema, query: { _: token }, signal }),
    /** POST auth/guest {c}: a guest customer with billing data; answers a jwt. */
    registerGuest: (c: GuestRegisterInput, signal?: AbortSignal) =>
      http.request('POST', 'auth/guest', { schema: JwtResultSchema, body: { c }, signal }),
    /** POST customer/register {c}: creates the account and logs in (answers a jwt). */
    register: (c: RegisterInput, signal?: AbortSignal) =>
      http.request('POST', 'customer/register', { schema: JwtResultSchema, body: { c }, signal }),
    /**
     * POST customer/validate {c}: checks without saving. Without a token the body is a registration,
     * with a token an update. 422 carries the field errors.
     */
    validateCustomer: (c: RegisterInput | CustomerDataInput, token?: string, signal?: AbortSignal) =>
      http.request('POST', 'customer/validate', { schema: OkSchema, body: { c }, query: { _: token }, signal }),
    /** GET customer/attr: countries, salutations, required_fields, visible_fields. */
    getCustomerAttr: (signal?: AbortSignal) => http.request('GET', 'customer/attr', { schema: CustomerAttrSchema, signal }),
    /** POST customer/pwdreset {email, backlink}: always succeeds for a valid e-mail (no account enumeration). */
    requestPasswordReset: (email: string, backlink: string, signal?: AbortSignal) =>
      http.request('POST', 'customer/pwdreset', { schema: OkSchema, body: { email, backlink }, signal }),
    /** GET customer/pwdconfirm?token=: 404 AUTH_RECOVERY_LINK_INVALID when the link is used, expired or invented. */
    checkRecoveryLink: (token: string, signal?: AbortSignal) => http.request('GET', 'customer/pwdconfirm', { schema: OkSchema, query: { token }, signal }),
    /** POST customer/pwdconfirm {token, _p}: sets the new password from the mailed link and logs in. */
    confirmPasswordReset: async (token: string, password: string, signal?: AbortSignal) =>
      http.request('POST', 'customer/pwdconfirm', {
        schema: JwtResultSchema,
        // empty fields stay empty so the server answers 400 (§8 'You must fill all fields')
        body: { token, _p: password === '' ? '' : await passwordDigest(password) },
        signal,
      }),
    /** POST customer/pwdchange?_=token {_po, _pn}: answers a fresh token (earlier ones no longer work). */
    changePassword: async (token: string, oldPassword: string, newPassword: string, signal?: AbortSignal) =>
      http.request('POST', 'customer/pwdchange', {
        schema: JwtResultSchema,
        query: { _: token },
        body: { _po: await passwordDigest(oldPassword), _pn: await passwordDigest(newPassword) },
        signal,
      }),
    /**
     * POST customer/emailchange?_=token {_po, email}: asks for the change; nothing changes until the
     * link mailed to the new address is followed. Answers where it went and until when it works.
     */
    changeEmail: async (token: string, password: string, email: string, signal?: AbortSignal) =>
      http.request('POST', 'customer/emailchange', {
        schema: EmailChangeRequestedSchema,
        query: { _: token },
        body: { _po: await passwordDigest(password), email },
        signal,
      }),
    /**
     * POST customer/emailconfirm {token}: the link mailed to the new address changes it. 404
     * AUTH_EMAIL_LINK_INVALID (used, replaced, invented), 410 AUTH_EMAIL_LINK_EXPIRED.
     */
    confirmEmailChange: (token: string, signal?: AbortSignal) =>
      http.request('POST', 'customer/emailconfirm', { schema: EmailConfirmedSchema, body: { token }, signal }),
    /** POST customer/update?_=token {c}: answers the updated customer. */
    updateCustomer: (token: string, c: CustomerDataInput, signal?: AbortSignal) =>
      http.request('POST', 'customer/update', { schema: CustomerSchema, query: { _: token }, body: { c }, signal }),
    /** GET customer?_=token */
    getCustomer: (token: string, signal?: AbortSignal) => http.request('GET', 'customer', { schema: CustomerSchema, query: { _: token }, signal }),
  };
}
