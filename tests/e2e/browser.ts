/**
 * Real headless Chromium driven by playwright-core: Debian's headless shell
 * (`chromium-headless-shell`, the same Chromium build without the browser's own UI) when it is
 * installed, else Debian's /usr/bin/chromium. One browser per test file; every test gets its own
 * context (fresh cookies and storage) and page, and the console errors and uncaught exceptions
 * the page produced.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * The headless shell renders pages with the same engine but starts no browser window, tab strip
 * or other UI renderers per context: on the 2-core CI machine the replays ran in 60 % of the time
 * with it (measured on app + voucherShop replays: 139 s → 87 s).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Flags for this machine: no sandbox as root, no GPU, and nothing that phones home (the network
 * is closed; Chromium's background connections would only be refused). playwright-core gives
 * every launch a fresh, temporary user-data-dir and deletes it on close.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Small /dev/shm in containers crashes renderers; use /tmp instead.
  '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** console.error messages and uncaught exceptions, in order. */
  errors: string[];
  close(): Promise<void>;
}

/** Opens `path` of `baseUrl` in a fresh context and waits for the load event. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: options.locale ?? 'de-CH',
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await page.goto(path, { waitUntil: 'load' });
  return { page, context, errors, close: () => context.close() };
}
