/**
 * A JWT's claims as the app reads them: unverified (the server verifies every token it is sent).
 * A module of its own: the shell reads a token's expiry on every page (src/app/session.ts), while
 * who owns a draft (./session-owner.ts) is only the checkout's concern.
 */

/** The claims of a JWT (its middle part), unverified; null when the token cannot be read. */
export function tokenClaims(jwt: string): unknown {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='))) as unknown;
  } catch {
    return null;
  }
}
