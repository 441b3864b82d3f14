/**
 * The server's configuration, read from environment variables (README lists them).
 * parseEnv is pure so that tests can feed it any environment.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_FRAME_ANCESTORS, isFrameAncestor } from './edge.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LoggerOptions } from './log.js';
import { parseSmtpUrl, type SmtpSettings } from './mail/transport.js';
import { parseTicketKey } from './tickets/codes.js';
import { DEFAULT_MUSEUM_TIME_ZONE, isTimeZone } from '../domain/museum-clock.js';
import { HOME_VIEWS, type HomeView } from '../domain/sections.js';
import { passwordCost } from './auth.js';

export interface ServerEnv {
  port: number;
  host: string;
  /** Folder for the embedded database (`<dataDir>/pglite`) and the generated JWT secret. */
  dataDir: string;
  /** postgres://… : use a real PostgreSQL through `pg` instead of PGlite. */
  databaseUrl: string | undefined;
  /** HS256 secret; when undefined, one is generated once into `<dataDir>/jwt-secret`. */
  jwtSecret: string | undefined;
  /** PROVIDER_WEBHOOK_SECRET: key of the payment notices' signature; undefined = generated into `<dataDir>/provider-webhook-secret`. */
  webhookSecret: string | undefined;
  /** PROVIDER_WEBHOOK_URL: where the simulated provider sends its payment notices; undefined = this server's own address. */
  webhookUrl: string | undefined;
  /** Upstream that replaces `/api` (`/api/de/event/select` → `<shopApiUrl>/de/event/select`); no own API or database then. */
  shopApiUrl: string | undefined;
  supportEmail: string;
  /** Origin of the links the server hands out (recovery link, provider page); see README. */
  publicUrl: string | undefined;
  /** Trust X-Forwarded-Proto/-Host from a reverse proxy in front of the shop. */
  trustProxy: boolean;
  /** CART_TTL_SECONDS in ms: how long a payment cart stays payable; undefined = the 20 minutes of §4. */
  cartTtlMs: number | undefined;
  /**
   * GUEST_REGISTRATION: sets the remote config's `has_guest_registration` at start (stored in the
   * settings table, like an operator's SQL change); undefined leaves the stored setting as it is.
   */
  guestRegistration?: boolean | undefined;
  /**
   * HOME_VIEW: sets the remote config's `home_view` at start (what the home page shows: the
   * default landing or a section's list; stored like GUEST_REGISTRATION); undefined leaves it.
   */
  homeView?: HomeView | undefined;
  /** FRAME_ANCESTORS: origins that may frame the shop (embedded mode), CSP frame-ancestors. */
  frameAncestors: string[];
  /** ALLOWED_HOSTS: host names the shop answers for besides PUBLIC_URL's; undefined = localhost, 127.0.0.1, [::1]. */
  allowedHosts?: string[] | undefined;
  /** SERVER_RENDERING: catalogue pages go out rendered with their content (issue 25); off = the shell. */
  serverRendering: boolean;
  /** LOG_LEVEL: the least severe level written; undefined = info. */
  logLevel: LoggerOptions['level'];
  /** LOG_FORMAT: json or pretty; undefined = pretty on a terminal, json otherwise (main.ts decides). */
  logFormat: LogFormat | undefined;
  /** SMTP_URL: send mails through this SMTP server; undefined = write them as .eml files to `<dataDir>/outbox`. */
  smtp: SmtpSettings | undefined;
  /** MAIL_FROM: the sender of the shop's mails, `Name <address>` or an address. */
  mailFrom: string;
  /** TICKET_SIGNING_KEY: the Ed25519 key of the ticket codes (PKCS#8 PEM or 32-byte seed, base64url); undefined = `<dataDir>/ticket-signing-key.pem`. */
  ticketSigningKey?: string | undefined;
  /** VOUCHER_VALIDITY_MONTHS: how long a voucher bought stays valid; undefined = 36 months. */
  voucherValidityMonths?: number | undefined;
  /** ORDER_RESEND_INTERVAL_SECONDS: how long after a confirmation "send again" waits; undefined = 60 s. */
  resendIntervalSeconds?: number | undefined;
  /**
   * RENDER_TIME_BOUND_MS: the longest a catalogue page waits for its server render, for a turn and
   * then for the render itself, before it goes out as the shell; undefined = 1,500 ms
   * (RENDER_TIME_BOUND_MS of render.ts).
   */
  renderTimeBoundMs?: number | undefined;
  /** RATE_LIMIT_PAYMENTS_PER_MINUTE: initPayment calls per client address and minute; undefined = 60 (edge.ts). */
  paymentsPerMinute?: number | undefined;
  /** RATE_LIMIT_REGISTRATIONS_PER_MINUTE: registrations and guest registrations per client address and minute; undefined = 30. */
  registrationsPerMinute?: number | undefined;
  /** MUSEUM_TIME_ZONE: the IANA zone of slot times, "today" and sale cut-offs (issue 44); default Europe/Zurich. */
  museumTimeZone?: string | undefined;
}

export const DEFAULTS = {
  port: 8080,
  host: '0.0.0.0',
  dataDir: '.data/',
  supportEmail: 'support@museum.example',
  mailFrom: 'Museum shop <shop@museum.example>',
} as const;

/** An address as the shop accepts it in MAIL_FROM. */
const EMAIL_ADDRESS = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;

/** MAIL_FROM: `address` or `Display name <address>`; the name without characters that would need quoting. */
export function isMailFrom(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^([^<>"\r\n]*?)\s*<([^<>]+)>$/.exec(value);
  if (named) return !/[,;:@()\\[\]]/.test(named[1] ?? '') && EMAIL_ADDRESS.test(named[2] ?? '');
  return EMAIL_ADDRESS.test(value);
}

/** Shortest JWT_SECRET accepted: HS256 wants at least 256 bits of key. */
export const MIN_JWT_SECRET_LENGTH = 32;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** Reads and checks the variables; throws EnvError naming every bad one. */
export function parseEnv(env: Env): ServerEnv {
  const problems: string[] = [];

  let port: number = DEFAULTS.port;
  const rawPort = value(env, 'PORT');
  if (rawPort !== undefined) {
    if (/^\d{1,5}$/.test(rawPort) && Number(rawPort) <= 65535) port = Number(rawPort);
    else problems.push(`PORT must be a whole number from 0 to 65535, got '${rawPort}'.`);
  }

  const host = value(env, 'HOST') ?? DEFAULTS.host;
  const dataDir = value(env, 'DATA_DIR') ?? DEFAULTS.dataDir;

  const databaseUrl = value(env, 'DATABASE_URL');
  if (databaseUrl !== undefined) {
    const url = parseUrl(databaseUrl);
    if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL.');
    }
  }

  const jwtSecret = value(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long.`);
  }

  const webhookSecret = value(env, 'PROVIDER_WEBHOOK_SECRET');
  if (webhookSecret !== undefined && webhookSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`PROVIDER_WEBHOOK_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long.`);
  }
  const webhookUrl = value(env, 'PROVIDER_WEBHOOK_URL');
  if (webhookUrl !== undefined) {
    const url = parseUrl(webhookUrl);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) problems.push('PROVIDER_WEBHOOK_URL must be an https:// (or http://) URL.');
  }

  let shopApiUrl = value(env, 'SHOP_API_URL');
  if (shopApiUrl !== undefined) {
    const url = parseUrl(shopApiUrl);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '' || url.hash !== '') {
      problems.push('SHOP_API_URL must be an https:// (or http://) URL without query or fragment.');
    } else {
      shopApiUrl = url.href.replace(/\/+$/, '');
    }
  }

  const supportEmail = value(env, 'SUPPORT_EMAIL') ?? DEFAULTS.supportEmail;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail)) problems.push('SUPPORT_EMAIL must be an e-mail address.');

  let publicUrl = value(env, 'PUBLIC_URL');
  if (publicUrl !== undefined) {
    const url = parseUrl(publicUrl);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
      problems.push('PUBLIC_URL must be an https:// (or http://) origin without path, query or fragment, e.g. https://shop.museum.example.');
    } else {
      publicUrl = url.origin;
    }
  }

  const rawTrust = value(env, 'TRUST_PROXY');
  let trustProxy = false;
  if (rawTrust !== undefined) {
    if (rawTrust === 'true' || rawTrust === '1') trustProxy = true;
    else if (rawTrust !== 'false' && rawTrust !== '0') problems.push(`TRUST_PROXY must be true or false, got '${rawTrust}'.`);
  }

  const rawTtl = value(env, 'CART_TTL_SECONDS');
  let cartTtlMs: number | undefined;
  if (rawTtl !== undefined) {
    if (/^\d{1,6}$/.test(rawTtl) && Number(rawTtl) > 0) cartTtlMs = Number(rawTtl) * 1000;
    else problems.push(`CART_TTL_SECONDS must be a whole number of seconds above 0, got '${rawTtl}'.`);
  }

  const rawGuest = value(env, 'GUEST_REGISTRATION');
  let guestRegistration: boolean | undefined;
  if (rawGuest !== undefined) {
    if (rawGuest === 'true' || rawGuest === '1') guestRegistration = true;
    else if (rawGuest === 'false' || rawGuest === '0') guestRegistration = false;
    else problems.push(`GUEST_REGISTRATION must be true or false, got '${rawGuest}'.`);
  }

  const rawHomeView = value(env, 'HOME_VIEW');
  const homeView = HOME_VIEWS.find((view) => view === rawHomeView);
  if (rawHomeView !== undefined && !homeView) problems.push(`HOME_VIEW must be one of ${HOME_VIEWS.join(', ')}, got '${rawHomeView}'.`);

  const rawRendering = value(env, 'SERVER_RENDERING');
  // on unless SERVER_RENDERING=false (issue 25): catalogue pages go out with their content
  let serverRendering = true;
  if (rawRendering !== undefined) {
    if (rawRendering === 'true' || rawRendering === '1') serverRendering = true;
    else if (rawRendering === 'false' || rawRendering === '0') serverRendering = false;
    else problems.push(`SERVER_RENDERING must be true or false, got '${rawRendering}'.`);
  }

  const rawAncestors = value(env, 'FRAME_ANCESTORS');
  let frameAncestors = [...DEFAULT_FRAME_ANCESTORS];
  if (rawAncestors !== undefined) {
    const entries = rawAncestors.split(/[\s,]+/).filter(Boolean).map((e) => (e === 'self' || e === 'none' ? `'${e}'` : e.replace(/\/+$/, '')));
    const bad = entries.filter((e) => !isFrameAncestor(e));
    if (bad.length > 0) {
      problems.push(`FRAME_ANCESTORS must list origins such as https://www.museum.example (or 'self', 'none'), separated by spaces; not: ${bad.join(' ')}.`);
    } else {
      frameAncestors = entries;
    }
  }

  const rawLevel = value(env, 'LOG_LEVEL');
  let logLevel: ServerEnv['logLevel'];
  if (rawLevel !== undefined) {
    const level = LOG_LEVELS.find((l) => l === rawLevel.toLowerCase());
    if (level) logLevel = level;
    else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${rawLevel}'.`);
  }

  const rawFormat = value(env, 'LOG_FORMAT');
  let logFormat: LogFormat | undefined;
  if (rawFormat !== undefined) {
    const format = LOG_FORMATS.find((f) => f === rawFormat.toLowerCase());
    if (format) logFormat = format;
    else problems.push(`LOG_FORMAT must be json or pretty, got '${rawFormat}'.`);
  }

  const rawSmtp = value(env, 'SMTP_URL');
  let smtp: SmtpSettings | undefined;
  if (rawSmtp !== undefined) {
    const parsed = parseSmtpUrl(rawSmtp);
    // the value may hold a password: the message never repeats it
    if (typeof parsed === 'string') problems.push(`SMTP_URL ${parsed}; it must look like smtp://user:password@host:587 or smtps://user:password@host:465.`);
    else smtp = parsed;
  }

  const mailFrom = value(env, 'MAIL_FROM') ?? DEFAULTS.mailFrom;
  if (!isMailFrom(mailFrom)) problems.push(`MAIL_FROM must be an e-mail address or 'Name <address>', got '${mailFrom.replace(/[\r\n]/g, ' ')}'.`);

  const ticketSigningKey = value(env, 'TICKET_SIGNING_KEY');
  if (ticketSigningKey !== undefined) {
    try {
      parseTicketKey(ticketSigningKey);
    } catch (error) {
      problems.push(`TICKET_SIGNING_KEY: ${error instanceof Error ? error.message : 'not an Ed25519 key'}`);
    }
  }
  const voucherValidityMonths = wholeNumber(env, 'VOUCHER_VALIDITY_MONTHS', 1, 120, 'months', problems);
  const hostsRaw = value(env, 'ALLOWED_HOSTS');
  let allowedHosts: string[] | undefined;
  if (hostsRaw !== undefined) {
    allowedHosts = hostsRaw.split(/[\s,]+/).filter(Boolean).map((h) => h.toLowerCase());
    const bad = allowedHosts.filter((h) => h !== '*' && !/^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/.test(h));
    if (bad.length > 0) problems.push(`ALLOWED_HOSTS must be host names (no scheme, port or path), separated by commas, or *; got '${bad.join("', '")}'.`);
  }
  const resendIntervalSeconds = wholeNumber(env, 'ORDER_RESEND_INTERVAL_SECONDS', 1, 86_400, 'seconds', problems);
  const renderTimeBoundMs = wholeNumber(env, 'RENDER_TIME_BOUND_MS', 100, 60_000, 'ms', problems);
  // issue 44, item 7: the per-address limits of payments and registrations (docs/reliability.md)
  const paymentsPerMinute = wholeNumber(env, 'RATE_LIMIT_PAYMENTS_PER_MINUTE', 1, 1_000_000, 'calls', problems);
  const registrationsPerMinute = wholeNumber(env, 'RATE_LIMIT_REGISTRATIONS_PER_MINUTE', 1, 1_000_000, 'calls', problems);
  const museumTimeZone = value(env, 'MUSEUM_TIME_ZONE') ?? DEFAULT_MUSEUM_TIME_ZONE;
  if (!isTimeZone(museumTimeZone)) problems.push(`MUSEUM_TIME_ZONE must be an IANA time zone such as Europe/Zurich, got '${museumTimeZone}'.`);
  try {
    passwordCost(env);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (problems.length > 0) throw new EnvError(problems);
  return { port, host, dataDir, databaseUrl, jwtSecret, webhookSecret, webhookUrl, shopApiUrl, supportEmail, publicUrl, trustProxy, cartTtlMs, guestRegistration, homeView, frameAncestors, serverRendering, logLevel, logFormat, smtp, mailFrom, ticketSigningKey, voucherValidityMonths, resendIntervalSeconds, renderTimeBoundMs, allowedHosts, paymentsPerMinute, registrationsPerMinute, museumTimeZone };
}

/** A whole number of `unit` from `min` to `max`, or undefined when unset; a bad value is named in `problems`. */
function wholeNumber(env: Env, name: string, min: number, max: number, unit: string, problems: string[]): number | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw) || n < min || n > max) problems.push(`${name} must be a whole number of ${unit} from ${min} to ${max}, got '${raw}'.`);
  return n;
}

/**
 * A secret of the server: the environment's value when given, else the one stored in
 * `<dataDir>/<file>`, generated (mode 0600) on the first start and reused afterwards.
 */
function loadSecret(dataDir: string, file: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv !== undefined) return new TextEncoder().encode(fromEnv);
  const where = path.join(dataDir, file);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(where, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(where, 'utf8').trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new EnvError([`${where} holds a secret shorter than ${MIN_JWT_SECRET_LENGTH} characters; delete it to generate a new one.`]);
  }
  return new TextEncoder().encode(secret);
}

/**
 * The JWT signing secret: JWT_SECRET when given, else the one stored in `<dataDir>/jwt-secret`,
 * generated (mode 0600) on the first start and reused afterwards so tokens survive restarts.
 */
export function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  return loadSecret(dataDir, 'jwt-secret', fromEnv);
}

/**
 * The key the simulated provider signs its payment notices with and the shop checks them by
 * (issue 41): PROVIDER_WEBHOOK_SECRET when given, else `<dataDir>/provider-webhook-secret`.
 */
export function loadWebhookSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  return loadSecret(dataDir, 'provider-webhook-secret', fromEnv);
}

/** Where the shop writes its mails without SMTP_URL (one .eml file each). */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Where PGlite keeps its files. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
