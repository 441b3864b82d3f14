/**
 * How a chart is bound to the page, one module per machine (tests/replay/bindings/<machine>.ts):
 *
 * - `events`: every event of the paths → what a visitor does in Chromium (click, type, choose,
 *   reload, go back), keyed as the chart labels the transition (`SELECT_DATE [isDayAvailable]`,
 *   looked up first) or by the event's name (`SELECT_DATE`, `done:loadTickets`). A service's
 *   answer (`done:…`, `error:…`) releases the request the page is waiting for, answered by the
 *   server (`{ server: true }`), the server's answer changed, another request the server answers
 *   (`{ url }`, e.g. an event that does not exist), a status, or a dropped connection.
 * - `states`: every state the paths rest in → what the page must show, keyed by the state's path
 *   (`Ticket page.Booking.Selection.Choosing date`) or an ancestor's; every key that matches a
 *   leaf runs. A check looks once and throws `Mismatch`; the runner asks again until the page
 *   shows the state or the step's time is up. The URL of the state's `meta.route` is checked for
 *   every state by the runner itself.
 * - `requests`: the requests the replay holds until the path's answer step, so a "Loading …"
 *   state is seen on the page and every service outcome comes when the path says.
 *
 * - `server`: a binding whose paths need a shop set up otherwise than the shared e2e server (e.g.
 *   guest registration on) gets a server of its own, started with `env` on a fresh database.
 *
 * A step no visitor can do in a browser calls `r.cannot(reason)`: the replay of that path stops
 * there and the reason goes into the report (tests/replay/results/<machine>.json).
 */
import type { Locator, Page } from 'playwright-core';
import type { Lang } from '../e2e/sessions/words.js';
import type { ReplayPlan, ReplayStep, Resting } from './plan.js';

/** What the page shows differs from what the chart's state says. */
export class Mismatch extends Error {
  override name = 'Mismatch';
}

/** The step cannot be done by a visitor in a browser (the reason goes into the report). */
export class Cannot extends Error {
  override name = 'Cannot';
}

/** How a held request is answered. */
export type Answer =
  /** the server answers it */
  | { server: true }
  /** the server's answer, changed (`body` is its JSON) */
  | { edit: (body: unknown) => unknown }
  /** the server answers another request instead (e.g. for an event that does not exist) */
  | { url: (url: URL) => string }
  /** the server answers the request with its JSON body changed (and its URL, if `url` is given) */
  | { body: (body: unknown) => unknown; url?: (url: URL) => string }
  /** this status and body, not from the server (a 500 the demo server never gives) */
  | { status: number; json: unknown }
  /** the connection drops: the page sees a network failure */
  | { drop: true };

export interface Replay {
  page: Page;
  lang: Lang;
  /** `http://127.0.0.1:<port>` of the shared server */
  baseUrl: string;
  plan: ReplayPlan;
  /** the step being replayed (null while the walk's start is opened) */
  step: ReplayStep | null;
  /** what earlier steps chose, for the ones after them (the day, the time, the event) */
  memo: Record<string, unknown>;
  /** What the server has written to its log so far. */
  serverLog(): string;
  /** The server's mail outbox (one .eml file per mail, issue 42): where the recovery links it mails are. */
  outboxDir(): string;
  /** GET `/api/<lang>/<path>` from the test, not the page: the server's own data (`data` of the answer) */
  api<T>(path: string): Promise<T>;
  /** Answers the oldest request of `request` the page is waiting for (waits until it asks). */
  answer(request: string, how: Answer): Promise<void>;
  /** Whether the page is waiting for a request of `request` now. */
  waiting(request: string): boolean;
  /**
   * Waits until the page asks for `request` at an address `matches` accepts and waits for no other
   * request of `request`: a page that started over has given up what it asked before (throws a
   * mismatch when it does not within the step's time).
   */
  asked(request: string, matches: (url: URL) => boolean): Promise<void>;
  /** The step cannot be replayed in a browser: stops the path here with `reason`. */
  cannot(reason: string): never;
  /** Throws Mismatch unless `locator` (its first match) is visible. */
  shows(locator: Locator, what: string): Promise<void>;
  /** Throws Mismatch when any match of `locator` is visible. */
  lacks(locator: Locator, what: string): Promise<void>;
  /** A message of the catalogue as a pattern (placeholders match anything), as the session walk reads it. */
  words(id: string, options?: { whole?: boolean }): RegExp;
  /** A message with its simple `{name}` placeholders filled in. */
  text(id: string, values?: Record<string, string | number>): string;
}

export type EventAction = (r: Replay, step: ReplayStep) => Promise<void>;
export type StateCheck = (r: Replay) => Promise<void>;

export interface ReplayBinding {
  /** the machine's file name (machines/<machine>.machine.ts) */
  machine: string;
  /** the language the replays run in */
  lang: Lang;
  /**
   * A server of the binding's own instead of the shared one: started with `env` (the variables of
   * docs/operations.md) on a fresh database, for the reason `why`.
   */
  server?: { env: Record<string, string>; why: string };
  /** requests held until the path answers them, by name: whether a request is one (`r` for what the path prepared) */
  requests: Record<string, (url: URL, method: string, r: Replay) => boolean>;
  /** globs of the URLs whose requests `requests` may hold (default: those under /api/); e.g. a catalogue chunk under /assets/ */
  urls?: string[];
  /**
   * Makes the situation the walk starts in (e.g. what the cart already holds), by what a visitor
   * does, before any request is held. Optional.
   */
  prepare?(r: Replay): Promise<void>;
  /** Opens the page the walk starts on (from `r.plan.input`). */
  start(r: Replay): Promise<void>;
  events: Record<string, EventAction>;
  states: Record<string, StateCheck>;
  /**
   * What the page must show in every state, from the state's tags and the machine's context (the
   * checkout's progress bar); asked before the state's own checks. Optional.
   */
  everyState?(r: Replay, rests: Resting): Promise<void>;
  /**
   * The route the page of a state's `meta.route` is at, where the journey shows one state at more
   * than one address (the shop's article page: product/{id}, or passes/{id} for an annual pass).
   * Optional: by default the runner checks the state's own route.
   */
  route?(r: Replay, route: string): string;
}

/** A binding for an event no visitor can cause in a browser, with the reason. */
export function cannot(reason: string): EventAction {
  return async (r) => r.cannot(reason);
}
