/**
 * Builds the real shell (app machine, API client, router, screens) against a fake server:
 * a `fetch` that answers like the reference API, with per-test overrides.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import type { RemoteConfig, StaticContent } from '../../src/api/schemas/config.js';
import { createShell, type ShellInstance } from '../../src/app/services.js';
import { App } from '../../src/app/App.js';

export const baseConfig: RemoteConfig = {
  site_name: 'Museum am See',
  site_name_translations: { en: 'Lakeside Museum', fr: 'Musée du lac' },
  title_separator: ' - ',
  languages: ['de', 'en', 'fr', 'it', 'nl', 'es', 'sv', 'da'],
  languages_full: ['Deutsch', 'English', 'Français', 'Italiano', 'Nederlands', 'Español', 'Svenska', 'Dansk'],
  has_tickets: true,
  has_guided_tours: true,
  has_merchandise: true,
  has_memcard: true,
  has_vouchers: true,
  has_voucher_code: true,
  has_user_registration: true,
  has_guest_registration: false,
  nav_translations: { guidedTours: { en: 'Tours with a guide' } },
  logo_links_to_main_site: false,
  museum_main_url: 'https://museum.example',
  museum_per_language_urls: { en: 'https://museum.example/en' },
  partner_logos: [{ name: { de: 'Mit Unterstützung von', en: 'Supported by' }, logos: [{ image: '/static/partners/city.svg', url: 'https://city.example', alt: 'City' }] }],
  custom_terms_links: null,
  show_custom_terms_links: true,
  currency: 'CHF',
  currency_symbol: 'CHF',
  cookie_disclaimer: true,
  show_header: true,
  show_footer: true,
  show_progress_bar: true,
  home_view: 'default',
  default_user_country_key: 'CH',
  guided_tour_default_language: 'de',
  support_email: 'support@museum.example',
  confirm_payment: true,
  document_number: false,
  default_payment_type: 161,
};

export const baseContent: StaticContent = {
  banners: { home: [{ image: '/static/banners/a.jpg', image_mobile: '/static/banners/a-mobile.jpg', alt: 'Light and Water', url: null }] },
  cookie_warning: '<p>We use cookies.<img src="x" onerror="window.__xss=1"><script>window.__xss=2</script></p>',
  social_media: {
    youtube: { link: 'https://youtube.example', sequence_no: 3 },
    instagram: { link: 'https://instagram.example', sequence_no: 1 },
    facebook: { link: 'https://facebook.example', sequence_no: 2 },
  },
};

/** A fake answer; `headers` adds to the JSON content type (e.g. a 429's Retry-After). */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };
export type Reply = Answer | Promise<Answer>;
export type Handler = (path: string, url: URL) => Reply | undefined;

export interface FakeServer {
  fetch: typeof globalThis.fetch;
  calls: string[];
}

export function fakeServer(options: { config?: Partial<RemoteConfig>; content?: Partial<StaticContent>; handler?: Handler } = {}): FakeServer {
  const calls: string[] = [];
  const fetchImpl = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const path = url.pathname.replace(/^\/api\/[a-z]{2}\//, '');
    calls.push(`${url.pathname.split('/')[2]} ${path}`);
    const custom = options.handler?.(path, url);
    const reply = await (custom ?? defaultReply(path, options));
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { ...reply.headers, 'content-type': 'application/json' } });
  };
  return { fetch: fetchImpl as typeof globalThis.fetch, calls };
}

function defaultReply(path: string, options: { config?: Partial<RemoteConfig>; content?: Partial<StaticContent> }): Answer {
  if (path === 'shopinfo/config') return { status: 200, body: { data: { ...baseConfig, ...options.config } } };
  if (path === 'shopinfo') return { status: 200, body: { data: { shop: 16, name: 'Museum am See', currency: 'CHF', support_email: 'support@museum.example' } } };
  if (path === 'static/content') return { status: 200, body: { data: { ...baseContent, ...options.content } } };
  if (path === 'checkout/payments') return { status: 200, body: { data: [{ payartId: 161, i18n: { de: 'Online-Zahlung', en: 'Online payment' } }] } };
  const page = /^static\/page\/(.+)$/.exec(path);
  if (page) {
    if (page[1] === 'missing') return { status: 404, body: { error: 'NOT_FOUND', message: 'no page' } };
    return { status: 200, body: { data: { id: page[1], title: `Page ${page[1]}`, html: '<h2>Section</h2><p onclick="x()">Text<script>bad()</script></p>' } } };
  }
  return { status: 404, body: { error: 'NOT_FOUND', message: `no fake for ${path}` } };
}

export interface Mounted {
  shell: ShellInstance;
  server: FakeServer;
  reloads: number[];
  assigned: string[];
}

export function mountShell(
  path: string,
  options: { config?: Partial<RemoteConfig>; content?: Partial<StaticContent>; handler?: Handler; now?: () => number } = {},
): Mounted {
  const server = fakeServer(options);
  const reloads: number[] = [];
  const assigned: string[] = [];
  const shell = createShell({
    baseURL: 'http://shop.test/api',
    history: createMemoryHistory({ initialEntries: [path] }),
    fetch: server.fetch,
    reload: () => reloads.push(Date.now()),
    assign: (href) => assigned.push(href),
    ...(options.now ? { now: options.now } : {}),
  });
  watchMissingMessages();
  render(<App shell={shell} />);
  return { shell, server, reloads, assigned };
}

/**
 * Messages the app asked for that its catalogue lacked (react-intl reports them as errors): the
 * shell loads a page's parts of the catalogue with the page (src/i18n/load.ts, src/app/routes.ts
 * MESSAGE_PARTS), so a key of another part would show as its id. teardown() fails then.
 */
let missingMessages: string[] = [];
let restoreConsoleError: (() => void) | null = null;
function watchMissingMessages(): void {
  if (restoreConsoleError) return;
  const original = console.error;
  console.error = (...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    if (/MISSING_TRANSLATION/.test(text) || /Missing message/.test(text)) missingMessages.push(text);
    original(...args);
  };
  restoreConsoleError = () => {
    console.error = original;
    restoreConsoleError = null;
  };
}

/** Waits until the shell is up and the route has rendered its main heading. */
export async function ready(): Promise<HTMLElement> {
  return screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
}

export function teardown(mounted: Mounted | null): void {
  cleanup();
  mounted?.shell.actor.stop();
  sessionStorage.clear();
  // the cookie notice's acceptance is mirrored in a cookie (src/app/notice-cookie.ts): gone with the session
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=;path=/;max-age=0`;
  }
  document.title = '';
  restoreConsoleError?.();
  const missing = missingMessages;
  missingMessages = [];
  if (missing.length > 0) throw new Error(`the page asked for messages its catalogue did not have:\n${[...new Set(missing)].join('\n')}`);
}

export { act };
