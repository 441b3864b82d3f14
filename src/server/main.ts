/**
 * `npm start`: one Node process that serves the built app and the reference shop API
 * (or forwards /api to SHOP_API_URL). `--reset-db` recreates and reseeds the database and exits.
 * Bundled by build.mjs into dist/server/main.mjs; the environment is described in README.md.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { createShopServer, originOf } from './app.js';
import { CatalogCache, databaseCatalogVersion } from './catalog-cache.js';
import { readSetting, setGuestRegistration, setHomeView } from './settings.js';
import { openDb, withStartupLock, type Db } from './db/index.js';
import { loadTicketKey } from './tickets/codes.js';
import { orderAttachmentMaker } from './tickets/delivery.js';
import { DEFAULT_MUSEUM_TIME_ZONE, setMuseumTimeZone } from '../domain/museum-clock.js';
import { TEST_COST_VARIABLE } from './auth.js';
import { MigrationChangedError } from './db/migrate.js';
import { checkWithdrawalConfig, WithdrawalConfigError } from './withdrawals.js';
import { EnvError, loadJwtSecret, loadWebhookSecret, outboxDir, parseEnv, pgliteDir, type ServerEnv } from './env.js';
import { createMailSender } from './mail/outbox.js';
import { fileTransport, smtpTransport } from './mail/transport.js';
import { createNoticeDispatcher } from './provider-books.js';
import { createProviderHandler } from './provider.js';
import { createProxyShopServer, type ProxyShopServerOptions } from './proxy.js';
import { DEFAULT_ALLOWED_HOSTS, hostName, rateLimitsOf } from './edge.js';
import { createPurger } from './purge.js';
import { createLogger, type Logger } from './log.js';
import { seedIfEmpty } from './seed/index.js';
import type { ServerServices } from './services.js';
import { CATALOGUE_RENDERS, createStaticHandler } from './static.js';
import { createPageRenderer, type PageRenderer } from './render.js';
import { createSeo, inProcessCatalogue, upstreamCatalogue, type CatalogueRead } from './seo/index.js';

/** The configured logger, made as soon as the environment is read (LOG_LEVEL, LOG_FORMAT). */
let logger: Logger | undefined;
const log = (message: string): void => {
  if (logger) logger.info(message);
  else console.log(message);
};

/** dist/public beside dist/server when bundled; under the working directory otherwise (tsx). */
function publicDir(): string {
  const besideBundle = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
  return fs.existsSync(besideBundle) ? besideBundle : path.resolve('dist', 'public');
}

function describeDb(env: ServerEnv): string {
  if (env.databaseUrl) {
    const url = new URL(env.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  }
  return `PGlite in ${pgliteDir(env.dataDir)}`;
}

async function resetDatabase(env: ServerEnv): Promise<void> {
  if (env.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: env.databaseUrl });
    await client.connect();
    try {
      await client.query('DROP SCHEMA IF EXISTS public CASCADE');
      await client.query('CREATE SCHEMA public');
    } finally {
      await client.end();
    }
  } else {
    fs.rmSync(pgliteDir(env.dataDir), { recursive: true, force: true });
  }
  const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: pgliteDir(env.dataDir), onConnectionError: (error) => log(`Database: a connection ended (${error.message}); the pool opens a new one`) });
  try {
    await seedIfEmpty(db, new Date());
  } finally {
    await db.close();
  }
  log(`Database reset and seeded with the demo data (${describeDb(env)}).`);
}

function listen(server: Server, env: ServerEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.port, env.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host.includes(':') ? `[${env.host}]` : env.host;
      resolve(`http://${shownHost}:${port}`);
    });
  });
}

function onShutdown(server: Server, db: Db | undefined, beforeClose: () => void = () => {}): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: shutting down.`);
    beforeClose();
    // Idle keep-alive sockets would keep close() waiting; busy ones get a few seconds to finish.
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 5_000);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      (db ? db.close() : Promise.resolve())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          logger?.error({ err: error }, 'Closing the database failed');
          process.exit(1);
        });
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** The first home banner of the static content, for the home page's image preload; none when unreadable. */
async function firstHomeBanner(db: Db): Promise<{ image: string; image_mobile: string } | undefined> {
  try {
    const stored = (await readSetting(db, 'static_content')) as { banners?: { home?: { image?: unknown; image_mobile?: unknown }[] } };
    const first = stored.banners?.home?.[0];
    return typeof first?.image === 'string' && typeof first.image_mobile === 'string' ? { image: first.image, image_mobile: first.image_mobile } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What makes the pages findable (seo/): their heads read the catalogue through `read` (in process
 * or from the upstream) within a short bound, kept in `cache`; links are absolute on PUBLIC_URL,
 * else on the request's host (a trusted proxy's forwarded host and scheme): app.ts `originOf`.
 */
function seoOf(read: CatalogueRead, cache: CatalogCache, env: ServerEnv, shopLogger: Logger, now?: () => number) {
  const seo = createSeo({ read, cache, now, warn: (fields, message) => shopLogger.warn(fields, message) });
  const origin = (c: Context) => originOf((name) => c.req.header(name), { publicUrl: env.publicUrl, trustProxy: env.trustProxy });
  return { seo, origin };
}

/**
 * SERVER_RENDERING=true: catalogue pages rendered by the app's shell, whose API requests go to
 * this very server over loopback once it listens (`listening`), in either mode.
 */
/** This server's own address as seen from this machine (loopback for a wildcard listen). */
function ownBase(env: ServerEnv, server: Server): string {
  const address = server.address() as AddressInfo;
  const host = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * ALLOWED_HOSTS (or its default) and the address this process calls itself on (ownBase: the
 * server rendering's API calls, the provider's notices), which must never be refused.
 */
function withOwnHost(env: ServerEnv, server: Server): string[] {
  const allowed = env.allowedHosts ?? [...DEFAULT_ALLOWED_HOSTS];
  const own = hostName(new URL(ownBase(env, server)).host);
  return allowed.includes(own) ? allowed : [...allowed, own];
}

/** How many catalogue pages render at once and wait (CATALOGUE_RENDERS), a turn waited for at most RENDER_TIME_BOUND_MS. */
function catalogueRendersOf(env: ServerEnv): { atOnce: number; waiting: number; waitMs: number } {
  return env.renderTimeBoundMs === undefined ? CATALOGUE_RENDERS : { ...CATALOGUE_RENDERS, waitMs: env.renderTimeBoundMs };
}

function rendererOf(env: ServerEnv, shopLogger: Logger): { render: PageRenderer | undefined; listening: (server: Server) => void } {
  if (!env.serverRendering) return { render: undefined, listening: () => {} };
  let apiBase: string | undefined;
  const render = createPageRenderer({ apiBase: () => apiBase, timeBoundMs: env.renderTimeBoundMs, warn: (fields, message) => shopLogger.warn(fields, message) });
  return {
    render,
    listening: (server) => {
      apiBase = `${ownBase(env, server)}/api`;
    },
  };
}

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const shopLogger = createLogger({ level: env.logLevel, format: env.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json') });
  logger = shopLogger;
  // slot times, "today" and sale cut-offs in the museum's zone (issue 44; checked by parseEnv)
  setMuseumTimeZone(env.museumTimeZone ?? DEFAULT_MUSEUM_TIME_ZONE);
  if (env.shopApiUrl) {
    // the upstream's catalogue answers are kept for a moment (2 s): its writes do not pass here
    const rendering = rendererOf(env, shopLogger);
    const upstreamCache = new CatalogCache();
    const staticHandler = createStaticHandler({ root: publicDir(), log, render: rendering.render, catalogueRenders: catalogueRendersOf(env), renderCache: upstreamCache, ...seoOf(upstreamCatalogue(env.shopApiUrl), upstreamCache, env, shopLogger) });
    if (process.argv.includes('--reset-db')) throw new EnvError(['--reset-db has no database to reset when SHOP_API_URL is set.']);
    const proxyOptions: ProxyShopServerOptions = {
      upstream: env.shopApiUrl,
      staticHandler,
      log: (message) => shopLogger.warn(message),
      frameAncestors: env.frameAncestors,
      trustProxy: env.trustProxy,
      allowedHosts: env.allowedHosts,
      publicUrl: env.publicUrl,
      logger: shopLogger,
    };
    const server = createProxyShopServer(proxyOptions);
    const url = await listen(server, env);
    proxyOptions.allowedHosts = withOwnHost(env, server);
    rendering.listening(server);
    onShutdown(server, undefined);
    log(`Museum shop on ${url}/de (API forwarded to ${env.shopApiUrl})`);
    return;
  }

  if (process.argv.includes('--reset-db')) {
    await resetDatabase(env);
    return;
  }

  if (process.env[TEST_COST_VARIABLE]?.trim()) shopLogger.warn(`${TEST_COST_VARIABLE} lowers the cost of password hashes: for test suites only, never in production.`);
  const services: ServerServices = {
    now: () => new Date(),
    jwtSecret: loadJwtSecret(env.dataDir, env.jwtSecret),
    log,
    supportEmail: env.supportEmail,
    publicUrl: env.publicUrl,
    trustProxy: env.trustProxy,
    allowedHosts: env.allowedHosts,
    cartTtlMs: env.cartTtlMs,
    frameAncestors: env.frameAncestors,
    webhookSecret: loadWebhookSecret(env.dataDir, env.webhookSecret),
    ticketKey: loadTicketKey(env.dataDir, env.ticketSigningKey),
    voucherValidityMonths: env.voucherValidityMonths,
    resendIntervalSeconds: env.resendIntervalSeconds,
    rateLimits: rateLimitsOf({ payments: env.paymentsPerMinute, registrations: env.registrationsPerMinute }),
  };
  if (!env.databaseUrl) fs.mkdirSync(env.dataDir, { recursive: true });
  const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: pgliteDir(env.dataDir), onConnectionError: (error) => log(`Database: a connection ended (${error.message}); the pool opens a new one`) });
  if (await withStartupLock(db, () => seedIfEmpty(db, services.now()))) log(`Seeded the demo data (${describeDb(env)}).`);
  if (env.guestRegistration !== undefined) {
    await setGuestRegistration(db, env.guestRegistration);
    log(`Guest registration ${env.guestRegistration ? 'on' : 'off'} (GUEST_REGISTRATION).`);
  }
  if (env.homeView !== undefined) {
    await setHomeView(db, env.homeView);
    log(`The home page shows ${env.homeView === 'default' ? 'the default landing' : `the ${env.homeView} list`} (HOME_VIEW).`);
  }
  // issue 46: a malformed withdrawal setting (7 days, a rule for tickets) stops the start, naming it
  await checkWithdrawalConfig(db);
  // PGlite: this process is the only writer. PostgreSQL: several processes may be; they share a version (catalog-cache.ts).
  const catalogCache = new CatalogCache({ shared: db.kind === 'postgres' ? databaseCatalogVersion(db) : undefined });
  // the pages' heads read the API's catalogue answers in process, through the same cache (dropped by every write)
  const read = inProcessCatalogue({ db, services, cache: catalogCache });
  const rendering = rendererOf(env, shopLogger);
  const now = () => services.now().getTime();
  // rendered pages are kept with the catalogue answers: every write drops them (on PostgreSQL, any process's)
  const staticHandler = createStaticHandler({ root: publicDir(), log, render: rendering.render, catalogueRenders: catalogueRendersOf(env), renderCache: catalogCache, now, homeBanner: await firstHomeBanner(db), ...seoOf(read, catalogCache, env, shopLogger, now) });
  // the simulated provider's notices (issue 41): to PROVIDER_WEBHOOK_URL, else to this server itself
  let noticeUrl = env.webhookUrl ?? '';
  const notices = createNoticeDispatcher({ db, services, secret: services.webhookSecret ?? new Uint8Array(), url: () => noticeUrl, timer: true });
  // the shop's mails (issue 42): stored in the outbox table, sent through SMTP_URL or written as .eml files
  const mailTransport = env.smtp ? smtpTransport(env.smtp) : fileTransport(path.resolve(outboxDir(env.dataDir)));
  const mail = createMailSender({ db, services, transport: mailTransport, from: env.mailFrom, timer: true, makeAttachment: orderAttachmentMaker(db) });
  services.mail = mail;
  // issue 44, item 7: unpaid carts, used recovery links and unused guests go every hour (purge.ts)
  const purger = createPurger({ db, services, timer: true });
  const server = createShopServer({ db, services, staticHandler, providerHandler: createProviderHandler(notices), catalogCache, logger: shopLogger });
  const url = await listen(server, env);
  services.allowedHosts = withOwnHost(env, server);
  noticeUrl ||= `${ownBase(env, server)}/api/de/payment/notify`;
  rendering.listening(server);
  onShutdown(server, db, () => {
    notices.stop();
    mail.stop();
    purger.stop();
  });
  log(`Mails ${mailTransport.description}, from ${env.mailFrom}.`);
  // mails left from the last run (or stored by another process) go out now
  mail.kick();
  // and what was left since the last run of any process goes now
  purger.kick();
  log(`Museum shop on ${url}/de (${describeDb(env)})`);
}

main().catch((error: unknown) => {
  // a bad environment is the operator's to fix: said plainly on stderr, whatever the log format
  const plain = error instanceof EnvError || error instanceof MigrationChangedError || error instanceof WithdrawalConfigError;
  if (plain || !logger) console.error(plain ? error.message : error);
  else logger.fatal({ err: error }, 'The server could not start');
  process.exit(1);
});
