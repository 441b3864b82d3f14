/**
 * Starts the reference server in-process on a random port with a fresh in-memory database and
 * the demo data, for API tests. `clock` moves the server's time.
 */
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDb, type Db } from '../../src/server/db/index.js';
import { seedIfEmpty } from '../../src/server/seed/index.js';
import { createShopServer, originOf } from '../../src/server/app.js';
import { rateLimitsOf, type RateLimits } from '../../src/server/edge.js';
import type { ServerServices } from '../../src/server/services.js';
import { createProviderHandler } from '../../src/server/provider.js';
import { createNoticeDispatcher, type NoticeDispatcher } from '../../src/server/provider-books.js';
import type { CatalogCache } from '../../src/server/catalog-cache.js';
import type { Logger } from '../../src/server/log.js';
import { createStaticHandler, type StaticHandlerOptions } from '../../src/server/static.js';
import type { PageRenderer } from '../../src/server/render.js';
import { createSeo, inProcessCatalogue, type SeoOptions } from '../../src/server/seo/index.js';
import { createMailSender, type MailSender } from '../../src/server/mail/outbox.js';
import { orderAttachmentMaker } from '../../src/server/tickets/delivery.js';
import { composeMessage, type MailTransport } from '../../src/server/mail/transport.js';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface TestServer {
  url: string;
  apiBase: string;
  db: Db;
  services: ServerServices;
  logs: string[];
  clock: { now: Date };
  /** The provider's payment notices (issue 41): sent when a test steps them (`runDue`), or by a timer with `noticeTimer`. */
  notices: NoticeDispatcher;
  /** The mail sender (issue 42): sends the outbox when a test steps it (`runDue`), or by a timer with `mail.timer`. */
  mail: MailSender;
  /** What the default mail transport received, as RFC 5322 bytes, oldest first (empty with a transport of the test's own). */
  mailbox: { to: string; raw: Buffer }[];
  /** Sends what is due, then answers the mails delivered to `to` so far, parsed, oldest first. */
  mailsTo(to: string): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A transport that keeps each mail, composed as for SMTP or a file, in `box`. */
export function memoryTransport(box: { to: string; raw: Buffer }[]): MailTransport {
  return {
    description: 'kept in memory (tests)',
    delivers: 'file',
    async send(message) {
      box.push({ to: message.to, raw: await composeMessage(message) });
      return `memory:${box.length}`;
    },
    close() {},
  };
}

/**
 * The limits of the test servers: the documented ones (edge.ts DEFAULT_RATE_LIMITS), but payments
 * and registrations per address far above them, as the browser tests' server has them
 * (tests/e2e/server-process.ts): the checkout tests pay and register hundreds of times from
 * 127.0.0.1 on a clock that stands still. tests/server/anonymous-writes.test.ts runs the defaults.
 */
export const TEST_RATE_LIMITS: RateLimits = rateLimitsOf({ payments: 1_000_000, registrations: 1_000_000 });

/** The key the harness's provider signs its notices with and its shop checks them by. */
export const TEST_WEBHOOK_SECRET = new TextEncoder().encode('test-webhook-secret-test-webhook-secret!');

export interface TestServerOptions {
  now?: Date;
  catalogCache?: CatalogCache;
  logger?: Logger;
  trustProxy?: boolean;
  /** The rate limits; default TEST_RATE_LIMITS. */
  rateLimits?: RateLimits;
  /** PUBLIC_URL of the server (fixed at its start: the security headers read it once) */
  publicUrl?: string;
  /** Send the provider's notices by themselves (every second and after each payment), as `npm start` does. */
  noticeTimer?: boolean;
  /** How mails leave (default: kept in `mailbox`), and whether they go by themselves (default: when a test runs `mail.runDue()`). */
  mail?: { transport?: MailTransport; timer?: boolean; from?: string };
  /** Serve the app's pages from this folder (an index.html template), with their heads (src/server/seo). */
  pages?: { root: string; warn?: SeoOptions['warn']; render?: PageRenderer; personalRendersAtOnce?: number; catalogueRenders?: StaticHandlerOptions['catalogueRenders'] };
}

/** A mail sender on `db` for `services` (set as `services.mail`), with the harness's mailbox unless `options` name a transport. */
export function attachMail(db: Db, services: ServerServices, options: TestServerOptions['mail'] = {}): Pick<TestServer, 'mail' | 'mailbox' | 'mailsTo'> {
  const mailbox: { to: string; raw: Buffer }[] = [];
  const mail = createMailSender({
    db,
    services,
    transport: options.transport ?? memoryTransport(mailbox),
    from: options.from ?? 'Museum shop <shop@museum.example>',
    timer: options.timer ?? false,
    makeAttachment: orderAttachmentMaker(db),
  });
  services.mail = mail;
  return {
    mail,
    mailbox,
    async mailsTo(to) {
      await mail.runDue();
      return Promise.all(mailbox.filter((m) => m.to === to).map((m) => simpleParser(m.raw)));
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const clock = { now: options.now ?? new Date() };
  const logs: string[] = [];
  const services: ServerServices = {
    now: () => new Date(clock.now.getTime()),
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
    log: (message) => logs.push(message),
    supportEmail: 'support@museum.example',
    webhookSecret: TEST_WEBHOOK_SECRET,
    rateLimits: options.rateLimits ?? TEST_RATE_LIMITS,
    ...(options.trustProxy ? { trustProxy: true } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  };
  // The unit project's global setup seeds one database and dumps it; each file starts from that copy.
  const snapshotPath = inject('pgliteSnapshot');
  const snapshot = snapshotPath ? new Blob([await readFile(snapshotPath)]) : undefined;
  const db = await openDb({ dataDir: undefined, snapshot });
  await seedIfEmpty(db, clock.now);
  const pages = options.pages;
  const staticHandler = pages
    ? createStaticHandler({
        root: pages.root,
        seo: createSeo({ read: inProcessCatalogue({ db, services, cache: options.catalogCache }), cache: options.catalogCache, now: () => services.now().getTime(), warn: pages.warn }),
        origin: (c) => originOf((name) => c.req.header(name), services),
        render: pages.render,
        personalRendersAtOnce: pages.personalRendersAtOnce,
        catalogueRenders: pages.catalogueRenders,
        renderCache: options.catalogCache,
        now: () => services.now().getTime(),
      })
    : undefined;
  let url = '';
  const notices = createNoticeDispatcher({ db, services, secret: TEST_WEBHOOK_SECRET, url: () => `${url}/api/de/payment/notify`, timer: options.noticeTimer ?? false });
  const mailing = attachMail(db, services, options.mail);
  const server = createShopServer({ db, services, staticHandler, providerHandler: createProviderHandler(notices), catalogCache: options.catalogCache, logger: options.logger });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    apiBase: `${url}/api`,
    db,
    services,
    logs,
    clock,
    notices,
    ...mailing,
    async close() {
      notices.stop();
      mailing.mail.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
