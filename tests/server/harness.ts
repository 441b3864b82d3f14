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
import type { ServerServices } from '../../src/server/services.js';
import { createProviderHandler } from '../../src/server/provider.js';
import { createNoticeDispatcher, type NoticeDispatcher } from '../../src/server/provider-books.js';
import type { CatalogCache } from '../../src/server/catalog-cache.js';
import type { Logger } from '../../src/server/log.js';
import { createStaticHandler } from '../../src/server/static.js';
import type { PageRenderer } from '../../src/server/render.js';
import { createSeo, inProcessCatalogue, type SeoOptions } from '../../src/server/seo/index.js';

export interface TestServer {
  url: string;
  apiBase: string;
  db: Db;
  services: ServerServices;
  logs: string[];
  clock: { now: Date };
  /** The provider's payment notices (issue 41): sent when a test steps them (`runDue`), or by a timer with `noticeTimer`. */
  notices: NoticeDispatcher;
  close(): Promise<void>;
}

/** The key the harness's provider signs its notices with and its shop checks them by. */
export const TEST_WEBHOOK_SECRET = new TextEncoder().encode('test-webhook-secret-test-webhook-secret!');

export interface TestServerOptions {
  now?: Date;
  catalogCache?: CatalogCache;
  logger?: Logger;
  trustProxy?: boolean;
  /** Send the provider's notices by themselves (every second and after each payment), as `npm start` does. */
  noticeTimer?: boolean;
  /** Serve the app's pages from this folder (an index.html template), with their heads (src/server/seo). */
  pages?: { root: string; warn?: SeoOptions['warn']; render?: PageRenderer; personalRendersAtOnce?: number };
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
    ...(options.trustProxy ? { trustProxy: true } : {}),
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
        renderCache: options.catalogCache,
        now: () => services.now().getTime(),
      })
    : undefined;
  let url = '';
  const notices = createNoticeDispatcher({ db, services, secret: TEST_WEBHOOK_SECRET, url: () => `${url}/api/de/payment/notify`, timer: options.noticeTimer ?? false });
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
    async close() {
      notices.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
