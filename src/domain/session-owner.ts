/**
 * Whose is what a visitor typed (issue 45 item 3): on a shared computer the delivery address and
 * the bank details typed in one customer's session must not reach the next customer's. The app
 * reads a token's claims without verifying them (the server does that); these rules only decide
 * whether a draft stays on the page.
 */
import { tokenClaims } from './token-claims.js';

/** The customer a token stands for (its `sub` claim), null when it names none. */
export function tokenSubject(jwt: string): string | null {
  const sub = (tokenClaims(jwt) as { sub?: unknown } | null)?.sub;
  return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
}

/**
 * Whom a draft belongs to: null when typed without a login (it is then the visitor's who logs in
 * next: they log in to pay), else the customer the session's token names ('?' when it names none,
 * which no later session matches).
 */
export function draftOwner(jwt: string | null): string | null {
  return jwt === null ? null : (tokenSubject(jwt) ?? '?');
}

/**
 * Whether a draft of `owner` stays on the page of session `jwt`: typed without a login, always;
 * typed by a customer, only in that customer's session, so after a logout, an ended session or
 * another customer's login it is forgotten.
 */
export function ownsDraft(owner: string | null, jwt: string | null): boolean {
  return owner === null || (jwt !== null && tokenSubject(jwt) === owner);
}
