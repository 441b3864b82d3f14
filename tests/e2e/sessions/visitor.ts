/**
 * The two halves of a session: what the visitor believes (`Visitor`, the model the actions'
 * preconditions read and their postconditions update) and the browser the visitor uses
 * (`Visit`: one fresh context and page on the shared server, with what it recorded — console
 * errors, failed requests, the bookings the server answered, the screens axe has seen).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { installAxe } from '../axe.js';
import { CHROMIUM_ARGS } from '../browser.js';
import { words, type Lang } from './words.js';

export type ItemKind = 'ticket' | 'tour' | 'article' | 'pass' | 'voucher';
export type SectionKey = 'tickets' | 'guidedTours' | 'merchandise' | 'passes' | 'vouchers';

/** A cart line as the visitor knows it: what kind, and whether it is sent by post. */
export interface BelievedLine {
  kind: ItemKind | 'code';
  label: string;
  shipped: boolean;
  code?: string;
}

/** Where the visitor believes to be. */
export type Place =
  | { at: 'home' }
  | { at: 'list'; section: SectionKey }
  | { at: 'item'; kind: ItemKind; id: number; dated: boolean; added: boolean }
  | { at: 'checkout' }
  | { at: 'provider' }
  | { at: 'accepted' }
  | { at: 'canceled'; cleared: boolean }
  | { at: 'failed' }
  | { at: 'success' }
  | { at: 'review'; bookingId: string }
  | { at: 'login' }
  | { at: 'registered' }
  | { at: 'settings' };

export interface Booking {
  id: string;
  /** what the provider page asked for (0 when voucher codes paid everything) */
  amount: number;
}

export interface Visitor {
  lang: Lang;
  lines: BelievedLine[];
  login: 'anonymous' | 'demo' | 'fresh';
  place: Place;
  /** the places behind the current one, for Back (only places the visitor reached by a page change) */
  history: Place[];
  /** the delivery country the visitor chose (anonymous), null before */
  country: string | null;
  /** a delivery address half typed and left (issue 22, defect 4) */
  halfAddress: boolean;
  /** the cart total the visitor saw when pressing Pay */
  shownTotal: number | null;
  /** what the provider page asked for */
  providerAmount: number | null;
  /** the last payment attempt failed (the next Pay is a retry) */
  retry: boolean;
  bookings: Booking[];
  /** a booking was confirmed and no payment has started since (the finished checkout is what defect 1 brings back) */
  justBooked: boolean;
  /** steps run so far */
  steps: number;
}

export function newVisitor(lang: Lang): Visitor {
  return {
    lang,
    lines: [],
    login: 'anonymous',
    place: { at: 'home' },
    history: [],
    country: null,
    halfAddress: false,
    shownTotal: null,
    providerAmount: null,
    retry: false,
    bookings: [],
    justBooked: false,
    steps: 0,
  };
}

export const hasGoods = (m: Visitor): boolean => m.lines.some((line) => line.shipped);
export const goodsLines = (m: Visitor): number => m.lines.filter((line) => line.kind !== 'code').length;


/** Moves the visitor to a new page (the old one goes on the Back stack). */
export function go(m: Visitor, place: Place): void {
  const same = (a: Place, b: Place) => JSON.stringify({ ...a, dated: 0, added: 0, cleared: 0 }) === JSON.stringify({ ...b, dated: 0, added: 0, cleared: 0 });
  // the same address again (a link to the page the visitor is on) adds no history entry
  if (same(m.place, place)) {
    m.place = place;
    return;
  }
  m.history.push(m.place);
  if (m.history.length > 20) m.history.shift();
  m.place = place;
}

/** What one step may cause: failed responses it expects (by URL) and whether it may end on an error screen. */
export interface StepAllowance {
  failures: RegExp[];
  errorScreen: boolean;
}

export interface Statistics {
  steps: number;
  checks: number;
  actions: Map<string, number>;
}

export function countAction(stats: Statistics, name: string): void {
  stats.actions.set(name, (stats.actions.get(name) ?? 0) + 1);
}

export interface Visit {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** console errors and uncaught exceptions since the last step's check */
  errors: string[];
  /** responses >= 400 and failed requests since the last step's check */
  failures: { url: string; status: number | string }[];
  /** booking ids execPayment answered, in order */
  bookingAnswers: string[];
  /** payment requests (initPayment / initPaymentOrder) in order */
  paymentRequests: string[];
  allowance: StepAllowance;
  /** screens axe has checked in this session */
  axeSeen: Set<string>;
  stats: Statistics;
  /** plain-word log of the steps run */
  log: string[];
  close(): Promise<void>;
}

export const STEP_TIMEOUT_MS = 15_000;

/** A fresh context (its own storage, cookies) on the shared server; the visitor opens the home page. */
export async function openVisit(browser: Browser, baseUrl: string, lang: Lang, stats: Statistics): Promise<Visit> {
  void CHROMIUM_ARGS;
  const context = await browser.newContext({ baseURL: baseUrl, locale: lang, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS * 2);
  await installAxe(context);
  const page = await context.newPage();
  const visit: Visit = {
    page,
    context,
    baseUrl,
    errors: [],
    failures: [],
    bookingAnswers: [],
    paymentRequests: [],
    allowance: { failures: [], errorScreen: false },
    axeSeen: new Set(),
    stats,
    log: [],
    close: () => context.close(),
  };
  page.on('console', (message) => {
    // a failed response is logged by Chromium too; it is judged by its request below
    if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) visit.errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => visit.errors.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    const url = response.url();
    if (response.status() >= 400) visit.failures.push({ url, status: response.status() });
    if (/\/checkout\/execPayment/.test(url) && response.ok()) {
      void response
        .json()
        .then((body: { data?: { booking_id?: string } }) => {
          if (body.data?.booking_id) visit.bookingAnswers.push(body.data.booking_id);
        })
        .catch(() => undefined);
    }
  });
  page.on('request', (request) => {
    const match = /\/checkout\/(initPayment(?:Order)?)\b/.exec(request.url());
    if (match?.[1] && request.method() === 'POST') visit.paymentRequests.push(match[1]);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // a navigation cancels what the old page was still loading: not a failure of the shop
    if (reason.includes('ERR_ABORTED')) return;
    visit.failures.push({ url: request.url(), status: reason });
  });
  await page.goto(`/${lang}`, { waitUntil: 'load' });
  const accept = page.getByRole('button', { name: words(lang, 'cookie.accept') });
  await accept.click({ timeout: 5_000 }).catch(() => undefined);
  return visit;
}
