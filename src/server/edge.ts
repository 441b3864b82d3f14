/**
 * The HTTP edge around the API handlers (issue 15, docs/reliability.md): security headers on every
 * answer and the rate limits of login, password reset, voucher-code lookup, payments and
 * registrations. The handlers in api/* know nothing of either.
 */
import type { MiddlewareHandler } from 'hono';
import { hasEdgeHeaders, type ShopEnv } from './http.js';
import type { Queryable } from './db/index.js';
import { HttpError, RateLimitedError } from './api/http-error.js';

// ---------------------------------------------------------------------------------------------
// Allowed hosts

/** Default of ALLOWED_HOSTS: this machine only, so `npm start` works and nothing else answers. */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a Host header's value (`shop.example:8080` → `shop.example`, `[::1]:8080` → `[::1]`), lower case. */
export function hostName(value: string): string {
  const host = value.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '');
}

export interface HostRules {
  /** ALLOWED_HOSTS; `*` answers for any host (a proxy in front checks it) */
  allowedHosts?: readonly string[] | undefined;
  /** PUBLIC_URL: its host is always allowed */
  publicUrl?: string | undefined;
  /** TRUST_PROXY: the request's host is the proxy's X-Forwarded-Host */
  trustProxy?: boolean | undefined;
}

/**
 * The shop answers only for its own host names (issue 44, item 3; Django's ALLOWED_HOSTS): the
 * host of PUBLIC_URL and ALLOWED_HOSTS. Any other `Host` (or, behind a trusted proxy, its
 * `X-Forwarded-Host`) gets 400 and no page, so no link the server writes (canonical, hreflang,
 * JSON-LD, the recovery link, the provider page) can name another host.
 */
export function allowedHostsOnly(rules: HostRules): MiddlewareHandler<ShopEnv> {
  return async function checkHost(c, next) {
    const allowed = rules.allowedHosts ?? DEFAULT_ALLOWED_HOSTS;
    if (!allowed.includes('*')) {
      const forwarded = rules.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0] : undefined;
      const host = hostName(forwarded ?? c.req.header('host') ?? '');
      const own = rules.publicUrl ? new URL(rules.publicUrl).hostname.toLowerCase() : undefined;
      if (host !== own && !allowed.includes(host)) {
        return c.text('Bad Request: this shop does not answer for that host name (ALLOWED_HOSTS).', 400, { 'cache-control': 'no-store' });
      }
    }
    await next();
  };
}

// ---------------------------------------------------------------------------------------------
// Security headers

/** Default of FRAME_ANCESTORS: the shop may be framed only by itself. */
export const DEFAULT_FRAME_ANCESTORS: readonly string[] = ["'self'"];

/**
 * The Content-Security-Policy of every answer. Scripts only from the shop's own origin (the build
 * writes no inline script); styles may be inline because the sanitized server HTML of pages and
 * notices can carry style attributes; images also from https: (a museum back end may serve them
 * from elsewhere). `frameAncestors` is the FRAME_ANCESTORS list of the embedded mode.
 */
export function contentSecurityPolicy(frameAncestors: readonly string[] = DEFAULT_FRAME_ANCESTORS): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * The security headers on every answer (app, API, static files, errors, 404s). A handler that
 * sends its own (the provider pages have a stricter CSP; an upstream in proxy mode) keeps them.
 */
export function securityHeaders(frameAncestors?: readonly string[], options: { https?: boolean } = {}): MiddlewareHandler<ShopEnv> {
  const all: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(frameAncestors),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // issue 44: no other site's window keeps a handle on the shop's, nor reads its files, nor may
    // the pages use the camera, the microphone, the location or a payment handler
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // only where the shop is reached by https (PUBLIC_URL): else a browser would refuse plain http to it for a year
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const entries = Object.entries(all);
  return async function setSecurityHeaders(c, next) {
    // answers built with http.ts's `answer` take them from here; the others get them below
    c.set('edgeHeaders', { ...c.get('edgeHeaders'), ...all });
    await next();
    if (hasEdgeHeaders(c.res)) return;
    const headers = c.res.headers;
    for (const [name, value] of entries) if (!headers.has(name)) headers.set(name, value);
  };
}

/** Checks one FRAME_ANCESTORS entry: an http(s) origin (a `*.` host wildcard allowed), 'self' or 'none'. */
export function isFrameAncestor(entry: string): boolean {
  if (entry === "'self'" || entry === "'none'") return true;
  return /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(entry);
}

// ---------------------------------------------------------------------------------------------
// Client address

/**
 * The visitor's address for the rate limits: the socket's peer, or with TRUST_PROXY the last
 * X-Forwarded-For entry (the one the trusted proxy appended; earlier ones are the client's word).
 */
export function clientIp(forwardedFor: string | undefined, remoteAddress: string | undefined, trustProxy: boolean | undefined): string {
  if (trustProxy) {
    const forwarded = (forwardedFor ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded;
  }
  return remoteAddress ?? 'unknown';
}

// ---------------------------------------------------------------------------------------------
// Rate limits

/** How many attempts one window (a minute) allows per client address and per account or code. */
export interface RateLimitRule {
  perIp: number;
  /** per account or code, from any address: over it the call is refused (429) — or, with `slowPerKey`, only slowed */
  perKey: number;
  /** per address and account together (login): over it that address is refused for that account */
  perIpKey?: number;
  /**
   * Over `perKey` the call waits this long and then goes on instead of a 429 (login, issue 44 item 5):
   * strangers' guesses from many addresses slow the account down, they never lock its owner out.
   */
  slowPerKey?: number;
  /**
   * 'all': every request counts (password reset: each one writes a mail).
   * 'refused': only refused requests count (wrong password, unknown voucher code): a visitor who
   * logs in or redeems a real code is never slowed down, a guesser is.
   */
  counts: 'all' | 'refused';
}

/** A limit per client address only (payments, registrations: no account or code to count by). */
export type AddressRateLimitRule = Pick<RateLimitRule, 'perIp' | 'counts'>;

export interface RateLimits {
  login: RateLimitRule;
  passwordReset: RateLimitRule;
  /** customer/emailchange: each request mails a link to the new address (issue 44) */
  emailChange: RateLimitRule;
  voucherLookup: RateLimitRule;
  /**
   * issue 46: order/withdrawal and order/withdraw, counted by booking number as login by account:
   * an address guessing the e-mail address of an order is refused after a few wrong tries; guesses
   * from many addresses only slow that order down, its buyer is never locked out
   */
  withdrawalLookup: RateLimitRule;
  /** every `checkout/initPayment`: each one stores a cart (issue 44, item 7; RATE_LIMIT_PAYMENTS_PER_MINUTE) */
  payment: AddressRateLimitRule;
  /** every `customer/register` and `auth/guest`: each one stores a customer, a registration hashes with scrypt (RATE_LIMIT_REGISTRATIONS_PER_MINUTE) */
  registration: AddressRateLimitRule;
  /** Length of a window in ms (60 000: "per minute"). */
  windowMs: number;
}

/** The documented limits (README, docs/reliability.md). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { perIp: 20, perIpKey: 5, perKey: 30, slowPerKey: 1_000, counts: 'refused' },
  passwordReset: { perIp: 10, perKey: 5, counts: 'all' },
  emailChange: { perIp: 10, perKey: 5, counts: 'all' },
  voucherLookup: { perIp: 20, perKey: 10, counts: 'refused' },
  withdrawalLookup: { perIp: 20, perIpKey: 5, perKey: 30, slowPerKey: 1_000, counts: 'refused' },
  // a school class of 30 behind one address paying in the same minute, each once more after a
  // failed payment; a family buys a few times an hour (docs/reliability.md, issue 44 item 7)
  payment: { perIp: 60, counts: 'all' },
  // a school class of 30 registering (or ordering as guests) in the same minute
  registration: { perIp: 30, counts: 'all' },
  windowMs: 60_000,
};

/** The documented limits with the per-address numbers of RATE_LIMIT_PAYMENTS/REGISTRATIONS_PER_MINUTE (env.ts), when set. */
export function rateLimitsOf(perMinute: { payments?: number | undefined; registrations?: number | undefined }): RateLimits {
  return {
    ...DEFAULT_RATE_LIMITS,
    payment: { ...DEFAULT_RATE_LIMITS.payment, perIp: perMinute.payments ?? DEFAULT_RATE_LIMITS.payment.perIp },
    registration: { ...DEFAULT_RATE_LIMITS.registration, perIp: perMinute.registrations ?? DEFAULT_RATE_LIMITS.registration.perIp },
  };
}

export type LimitedCall = { rule: keyof Omit<RateLimits, 'windowMs'>; key: string | undefined };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase().slice(0, 200) : undefined);

/** Whether initPayment's body names a voucher code among `cart.items`. */
function carriesVoucherCode(fields: Record<string, unknown>): boolean {
  const cart = fields.cart;
  const items = typeof cart === 'object' && cart !== null ? (cart as Record<string, unknown>).items : undefined;
  return Array.isArray(items) && items.some((item) => typeof item === 'object' && item !== null && (item as Record<string, unknown>).type === 'voucherCode');
}

/** Which limits a call falls under, each with its account or code; empty for calls without a limit. */
export function limitedCalls(method: string, path: string, body: unknown, query: Record<string, string>): LimitedCall[] {
  const clean = path.replace(/^\/+|\/+$/g, '');
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (method === 'POST' && clean === 'auth/login') return [{ rule: 'login', key: text(fields._u) }];
  if (method === 'POST' && clean === 'customer/pwdreset') return [{ rule: 'passwordReset', key: text(fields.email) }];
  // an e-mail change mails a link to the address it names (issue 44): limited per client address and per recipient
  if (method === 'POST' && clean === 'customer/emailchange') return [{ rule: 'emailChange', key: text(fields.email) }];
  if (method === 'GET' && clean === 'voucher') return [{ rule: 'voucherLookup', key: text(query.voucher) }];
  // issue 46: identifying an order by its number and e-mail address (a refused try counts, per number)
  if (method === 'POST' && (clean === 'order/withdrawal' || clean === 'order/withdraw')) return [{ rule: 'withdrawalLookup', key: text(fields.id) }];
  // every payment stores a cart, every registration a customer (and hashes its password): per
  // address (issue 44, item 7); initPaymentOrder pays a stored cart again and stores none
  if (method === 'POST' && clean === 'customer/register') return [{ rule: 'registration', key: undefined }];
  if (method === 'POST' && clean === 'auth/guest') return [{ rule: 'registration', key: undefined }];
  if (method === 'POST' && clean === 'checkout/initPayment') {
    // a payment resolves the voucher codes of its cart too: the lookup's limit, per address (issue 44, item 1)
    return [{ rule: 'payment', key: undefined }, ...(carriesVoucherCode(fields) ? [{ rule: 'voucherLookup' as const, key: undefined }] : [])];
  }
  return [];
}

/**
 * Counts one attempt in each bucket (atomically: INSERT … ON CONFLICT … RETURNING, so several
 * processes on one PostgreSQL share the counts) and throws RateLimitedError when one is over its
 * limit. Returns `refund`, which takes the attempt back (a 'refused'-only rule whose call succeeded).
 */
export async function countAttempt(
  db: Queryable,
  limits: RateLimits,
  call: LimitedCall,
  ip: string,
  now: Date,
): Promise<{ refund(): Promise<void> }> {
  const rule = limits[call.rule];
  const windowStart = Math.floor(now.getTime() / limits.windowMs) * limits.windowMs;
  const buckets: { bucket: string; limit: number; slow?: number }[] = [{ bucket: `${call.rule}:ip:${ip}`, limit: rule.perIp }];
  if (call.key !== undefined && 'perKey' in rule) {
    if (rule.perIpKey !== undefined) buckets.push({ bucket: `${call.rule}:ipkey:${ip}:${call.key}`, limit: rule.perIpKey });
    buckets.push({ bucket: `${call.rule}:key:${call.key}`, limit: rule.perKey, ...(rule.slowPerKey === undefined ? {} : { slow: rule.slowPerKey }) });
  }
  const counted: string[] = [];
  const refund = async () => {
    for (const bucket of counted) {
      await db.query('UPDATE rate_limit_hits SET hits = hits - 1 WHERE bucket = $1 AND window_start = $2 AND hits > 0', [bucket, windowStart]);
    }
  };
  let over = false;
  let slowed = 0;
  for (const { bucket, limit, slow } of buckets) {
    const [row] = await db.query<{ hits: number; fresh: boolean }>(
      `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
       RETURNING hits, (xmax = 0) AS fresh`,
      [bucket, windowStart],
    );
    counted.push(bucket);
    if ((row?.hits ?? 0) > limit) {
      if (slow === undefined) over = true;
      else slowed = slow;
    }
    // a new window: forget the windows that have ended (keeps the table small)
    if (row?.fresh) await db.query('DELETE FROM rate_limit_hits WHERE window_start < $1', [windowStart - limits.windowMs]);
  }
  if (over) {
    // a refused attempt does not count against the visitor's next window
    await refund();
    throw new RateLimitedError(Math.max(1, Math.ceil((windowStart + limits.windowMs - now.getTime()) / 1000)));
  }
  // an account many addresses guess at: each attempt waits, the owner's too, but it goes on
  if (slowed > 0) await new Promise((resolve) => setTimeout(resolve, slowed));
  return { refund };
}
