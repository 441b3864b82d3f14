/**
 * Session storage of the shell (§9 keys), every value validated with valibot on read: an invalid
 * or corrupt value is removed and treated as absent, never a crash.
 */
import { NOTICE_ACCEPTED_COOKIE, noticeAcceptedIn } from './notice-cookie.js';
import * as v from 'valibot';
import { tokenClaims } from '../domain/token-claims.js';
import {
  JwtClaimsSchema,
  SESSION_KEYS,
  StoredCustomerSchema,
  StoredJwtSchema,
  StoredPartnerSchema,
  type StoredCustomer,
} from '../api/schemas/session.js';
import type { RestoredSession } from '../../machines/app.machine.js';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function safeStorage(): KeyValueStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked by the browser
  }
}

export function readItem(key: string, storage = safeStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, storage = safeStorage()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    /* quota or privacy mode: the shop works without persistence */
  }
}

export function removeItem(key: string, storage = safeStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** A stored value that cannot be used: dropped, with a console warning naming the key (issue 15). */
export function dropStored(key: string, why: string, storage: KeyValueStorage | null = safeStorage()): null {
  console.warn(`The stored '${key}' was dropped: ${why}.`);
  removeItem(key, storage);
  return null;
}

/**
 * The one reader of a stored value: the value under `key` when `schema` accepts it (JSON-parsed
 * first unless `json` is false), else null. A value that is not JSON or not of the schema's shape
 * is removed, with the console warning of dropStored; an absent key is null without a word.
 */
export function readStored<S extends v.GenericSchema>(
  key: string,
  schema: S,
  { json = true, storage = safeStorage() }: { json?: boolean; storage?: KeyValueStorage | null } = {},
): v.InferOutput<S> | null {
  const raw = readItem(key, storage);
  if (raw === null) return null;
  let value: unknown = raw;
  if (json) {
    try {
      value = JSON.parse(raw);
    } catch {
      return dropStored(key, 'it is not valid JSON', storage);
    }
  }
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) return dropStored(key, 'it does not have the expected shape', storage);
  return parsed.output;
}

/** A value kept for one later read (readStored), removed once read. */
export function takeStored<S extends v.GenericSchema>(key: string, schema: S, storage: KeyValueStorage | null = safeStorage()): v.InferOutput<S> | null {
  const value = readStored(key, schema, { storage });
  removeItem(key, storage);
  return value;
}

/** Reads the claims of a JWT without verifying it (the server does that); null when unreadable. */
export function readJwtClaims(jwt: string): v.InferOutput<typeof JwtClaimsSchema> | null {
  const parsed = v.safeParse(JwtClaimsSchema, tokenClaims(jwt));
  return parsed.success ? parsed.output : null;
}

/** The page that loaded this one and the shop's origin, as the browser tells them ('' on the server). */
export interface PageOrigin {
  referrer: string;
  origin: string;
}

function browserPageOrigin(): PageOrigin {
  return typeof document === 'undefined' || typeof window === 'undefined' ? { referrer: '', origin: '' } : { referrer: document.referrer, origin: window.location.origin };
}

/**
 * The origin of the provider page the checkout sent the visitor to in this session (the saved
 * checkout journey's providerUrl, src/app/journeys/checkout.ts), whatever host initPayment named.
 */
function providerOriginOfCheckout(storage: KeyValueStorage | null): string | null {
  try {
    const saved = JSON.parse(readItem(SESSION_KEYS.checkoutJourney, storage) ?? 'null') as { context?: { providerUrl?: unknown } } | null;
    const url = saved?.context?.providerUrl;
    return typeof url === 'string' ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * §9 `referrer`: the page that referred the visitor, written once per session, from the first page
 * load that has one (the app never reads it; it is there for the museum's own scripts, as §1/§7
 * name no use). Never the payment provider: not the shop's own pages (their `/provider/`
 * simulator included) and not the provider the checkout sent the visitor to (issue 22, 10d).
 */
export function keepReferrer(page: PageOrigin = browserPageOrigin(), storage = safeStorage()): void {
  if (!page.referrer || readItem(SESSION_KEYS.referrer, storage) !== null) return;
  let from: URL;
  try {
    from = new URL(page.referrer);
  } catch {
    return;
  }
  if (from.protocol !== 'https:' && from.protocol !== 'http:') return;
  // the shop itself (a reload, a language switch), its simulated provider under /provider/ included
  if (from.origin === page.origin) return;
  if (from.origin === providerOriginOfCheckout(storage)) return;
  writeItem(SESSION_KEYS.referrer, page.referrer.slice(0, 2000), storage);
}

/**
 * Restores jwt, customer, partner and cookie consent. The `partner` query parameter of the page
 * URL wins over a stored one and is stored for payment init. The referrer is kept (keepReferrer).
 */
export function restoreSession(search: string, storage = safeStorage(), now = Date.now(), page: PageOrigin = browserPageOrigin()): RestoredSession {
  keepReferrer(page, storage);
  let jwt = readStored(SESSION_KEYS.jwt, StoredJwtSchema, { json: false, storage });
  const claims = jwt ? readJwtClaims(jwt) : null;
  if (jwt && !claims) {
    jwt = dropStored(SESSION_KEYS.jwt, 'its claims cannot be read', storage);
  } else if (jwt && claims?.exp !== undefined && claims.exp * 1000 <= now) {
    // expired: an ordinary end of a session, not bad data
    removeItem(SESSION_KEYS.jwt, storage);
    jwt = null;
  }
  const customer = jwt ? readStored(SESSION_KEYS.customer, StoredCustomerSchema, { storage }) : null;
  if (!jwt) removeItem(SESSION_KEYS.customer, storage);

  const fromUrl = new URLSearchParams(search).get('partner');
  const partnerFromUrl = fromUrl !== null && v.is(StoredPartnerSchema, fromUrl) ? fromUrl : null;
  if (partnerFromUrl) writeItem(SESSION_KEYS.partner, partnerFromUrl, storage);
  const partner = partnerFromUrl ?? readStored(SESSION_KEYS.partner, StoredPartnerSchema, { json: false, storage });

  return {
    jwt,
    customer,
    isGuest: Boolean(claims?.guest || customer?.guest),
    partner,
    cookiesAccepted: readCookiesAccepted(storage),
  };
}

function readCookiesAccepted(storage: KeyValueStorage | null): boolean {
  const raw = readItem(SESSION_KEYS.cookiesAccepted, storage);
  if (raw !== null && raw !== 'true') dropStored(SESSION_KEYS.cookiesAccepted, "it is not 'true'", storage);
  // accepted in another tab of this browser session: the mirror cookie says so (storeCookiesAccepted)
  const accepted = raw === 'true' || noticeAcceptedIn(browserCookies());
  if (accepted) storeCookiesAccepted(storage);
  return accepted;
}

const browserCookies = (): string => (typeof document === 'undefined' ? '' : document.cookie);

/**
 * The cookie notice's acceptance: in session storage (§5), mirrored in a session cookie the
 * server reads to render the page without the notice (src/app/render-state.ts).
 */
export function storeCookiesAccepted(storage = safeStorage()): void {
  writeItem(SESSION_KEYS.cookiesAccepted, 'true', storage);
  // a flag without any personal data, for this site's pages only, until the browser closes
  if (typeof document !== 'undefined') document.cookie = `${NOTICE_ACCEPTED_COOKIE}=1;path=/;samesite=lax`;
}

export function storeSession(jwt: string | null, customer: StoredCustomer | null, storage = safeStorage()): void {
  if (jwt) writeItem(SESSION_KEYS.jwt, jwt, storage);
  else removeItem(SESSION_KEYS.jwt, storage);
  if (customer) writeItem(SESSION_KEYS.customer, JSON.stringify(customer), storage);
  else removeItem(SESSION_KEYS.customer, storage);
}

export function clearSession(storage = safeStorage()): void {
  removeItem(SESSION_KEYS.jwt, storage);
  removeItem(SESSION_KEYS.customer, storage);
}

/**
 * What a deliberate logout forgets besides the session (issue 45: on a shared computer the next
 * visitor found it): the settings draft, the different delivery address, the countries chosen
 * for the cart and the delivery, and the checkout kept in the session (its copy of the address, the
 * method and ticks, the booking it made; a /logout typed into the address bar finds it stored, not
 * running) with the choice kept for a login. The cart's lines are the visitor's, not personal: they
 * stay. An ended session (401) forgets only jwt and customer (clearSession): the draft waits for the login.
 */
export function forgetPersonalData(storage = safeStorage()): void {
  for (const key of ['settingsDraft', 'deliveryAddress', 'cartCountries', 'checkoutJourney', 'checkoutChoice'] as const) removeItem(SESSION_KEYS[key], storage);
}

export function readServiceUnavailableReloadAt(storage = safeStorage()): number | null {
  const raw = readItem(SESSION_KEYS.serviceUnavailableReloadAt, storage);
  if (raw === null) return null;
  const at = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(at)) return dropStored(SESSION_KEYS.serviceUnavailableReloadAt, 'it is not a time', storage);
  return at;
}
