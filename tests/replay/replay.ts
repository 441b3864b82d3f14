/**
 * Replays one walk of a machine's path set in Chromium (playwright-core) against the shared
 * server: a fresh context and page, the binding's `start`, then step by step the bound visitor
 * action and the check that the page shows the chart's state (the route of the state's meta, and
 * every state binding of its leaves), asked again until it holds or the step's time is up.
 *
 * A step whose binding says it cannot be done in a browser ends the replay there (the result
 * keeps the reason); anything else that goes wrong throws, naming the path, the step and what the
 * page shows.
 */
import type { Browser, Locator, Page, Request, Route } from 'playwright-core';
import { ROUTE_TABLE, type ShopRouteName } from '../../src/domain/routes.js';
import type { MachineModel } from '../machines/model.js';
import { words } from '../e2e/sessions/words.js';
import { Cannot, Mismatch, type Answer, type Replay, type ReplayBinding } from './binding.js';
import { eventKeys, routeOf, stateKeys, type ReplayPlan, type ReplayStep, type Resting } from './plan.js';
import { readFileSync } from 'node:fs';
import { repoRoot } from '../e2e/server-process.js';
import { PENDING_SCENARIOS } from './pending.js';

/** How long a step may take until the page shows the chart's state (REPLAY_STEP_MS). */
export const STEP_MS = Number(process.env.REPLAY_STEP_MS ?? 15_000);

export interface WalkOutcome {
  /** steps replayed, each with the page showing the chart's state after it */
  replayed: number;
  /** the edges those steps took */
  taken: string[];
  stopped?: { step: number; event: string; reason: string; transitions: string[]; later: string[] };
}

interface Held {
  route: Route;
  request: Request;
  gone: boolean;
}

const catalogues = new Map<string, Record<string, string>>();
function message(lang: string, id: string): string {
  let all = catalogues.get(lang);
  if (!all) {
    all = JSON.parse(readFileSync(`${repoRoot}src/i18n/messages/${lang}.json`, 'utf8')) as Record<string, string>;
    catalogues.set(lang, all);
  }
  const text = all[id];
  if (text === undefined) throw new Error(`${lang}.json has no message ${id}`);
  return text;
}

/** `/<lang>/<route path>` as a pattern (path params match one segment). */
function routePattern(lang: string, route: ShopRouteName): RegExp {
  const path = ROUTE_TABLE[route].path.replace(/[.*+?^{}()|[\]\\]/g, '\\$&').replace(/\$\w+/g, '[^/]+');
  return new RegExp(`^/${lang}${path ? `/${path}` : ''}/?$`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class PageReplay implements Replay {
  step: ReplayStep | null = null;
  memo: Record<string, unknown> = {};
  readonly held = new Map<string, Held[]>();
  /** uncaught exceptions and console errors, in order */
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    readonly binding: ReplayBinding,
    readonly baseUrl: string,
    readonly plan: ReplayPlan,
    private readonly log: () => string,
    private readonly outbox: () => string = () => '',
  ) {}

  serverLog(): string {
    return this.log();
  }

  outboxDir(): string {
    return this.outbox();
  }

  get lang() {
    return this.binding.lang;
  }

  async api<T>(path: string): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/${this.lang}/${path}`);
    if (!response.ok) throw new Error(`GET /api/${this.lang}/${path} answered ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  }

  waiting(request: string): boolean {
    return (this.held.get(request) ?? []).some((h) => !h.gone);
  }

  async asked(request: string, matches: (url: URL) => boolean): Promise<void> {
    const deadline = Date.now() + STEP_MS;
    for (;;) {
      const open = (this.held.get(request) ?? []).filter((h) => !h.gone).map((h) => new URL(h.request.url()));
      if (open.length > 0 && open.every(matches)) return;
      if (Date.now() > deadline) {
        const asking = open.length ? `asks for ${open.map((u) => u.pathname + u.search).join(', ')}` : 'asks for none';
        throw new Mismatch(`the page never asked the server for ${request} alone at the address expected; it ${asking}`);
      }
      await sleep(50);
    }
  }

  async answer(request: string, how: Answer): Promise<void> {
    if (!(request in this.binding.requests)) throw new Error(`the binding holds no request "${request}"`);
    const deadline = Date.now() + STEP_MS;
    let held: Held | undefined;
    while (!(held = (this.held.get(request) ?? []).find((h) => !h.gone))) {
      if (Date.now() > deadline) throw new Mismatch(`the page never asked the server for ${request}`);
      await sleep(50);
    }
    held.gone = true;
    const { route } = held;
    if ('server' in how) await route.continue();
    else if ('drop' in how) await route.abort('connectionreset');
    else if ('status' in how) await route.fulfill({ status: how.status, json: how.json });
    else if ('body' in how) {
      const request = route.request();
      await route.continue({ ...(how.url ? { url: how.url(new URL(request.url())) } : {}), postData: JSON.stringify(how.body(request.postDataJSON())) });
    } else if ('url' in how) await route.continue({ url: how.url(new URL(route.request().url())) });
    else {
      const response = await route.fetch();
      await route.fulfill({ response, json: how.edit(await response.json()) });
    }
  }

  cannot(reason: string): never {
    throw new Cannot(reason);
  }

  async shows(locator: Locator, what: string): Promise<void> {
    if (!(await locator.first().isVisible())) throw new Mismatch(`${what} is not shown`);
  }

  async lacks(locator: Locator, what: string): Promise<void> {
    if ((await locator.filter({ visible: true }).count()) > 0) throw new Mismatch(`${what} is shown`);
  }

  words(id: string, options?: { whole?: boolean }): RegExp {
    return words(this.lang, id, options);
  }

  text(id: string, values: Record<string, string | number> = {}): string {
    return message(this.lang, id).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  }

  /** Holds every request a binding names until a step answers it. */
  async hold(): Promise<void> {
    const names = Object.entries(this.binding.requests);
    const which = (request: Request) => names.find(([, matches]) => matches(new URL(request.url()), request.method(), this))?.[0];
    for (const glob of this.binding.urls ?? ['**/api/**']) {
      await this.page.route(glob, async (route, request) => {
        const name = which(request);
        if (name === undefined) await route.fallback();
        else this.held.set(name, [...(this.held.get(name) ?? []), { route, request, gone: false }]);
      });
    }
    // a request the page gave up (the machine left the state that asked) is not answered later
    this.page.on('requestfailed', (request) => {
      for (const list of this.held.values()) for (const h of list) if (h.request === request) h.gone = true;
    });
  }

  /** The page shows the state the chart is in after the step (or at the start): asked until it does. */
  async expectState(model: MachineModel, value: unknown, leaves: string[], rests: Resting): Promise<void> {
    const named = routeOf(model, value);
    const route = named && this.binding.route ? this.binding.route(this, named) : named;
    const checks = leaves.flatMap((leaf) => stateKeys(leaf).filter((k) => k in this.binding.states).map((k) => [k, this.binding.states[k]!] as const));
    const deadline = Date.now() + STEP_MS;
    for (;;) {
      try {
        if (this.errors.length) throw new Error(`the page reported errors:\n  ${this.errors.join('\n  ')}`);
        if (route && route in ROUTE_TABLE) {
          const path = new URL(this.page.url()).pathname;
          if (!routePattern(this.lang, route as ShopRouteName).test(path)) throw new Mismatch(`the address is ${path}, not the page "${route}" the state names`);
        }
        if (this.binding.everyState) {
          try {
            await this.binding.everyState(this, rests);
          } catch (error) {
            if (error instanceof Mismatch) throw new Mismatch(`${leaves.join(', ')}: ${error.message}`);
            throw error;
          }
        }
        for (const [key, check] of checks) {
          try {
            await check(this);
          } catch (error) {
            if (error instanceof Mismatch) throw new Mismatch(`${key}: ${error.message}`);
            throw error;
          }
        }
        return;
      } catch (error) {
        if (!(error instanceof Mismatch) || Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
  }

  /** A few lines of what the page shows, for a failure message. */
  async describePage(): Promise<string> {
    try {
      const h1 = (await this.page.locator('h1').first().textContent({ timeout: 1_000 }))?.trim();
      const alerts = await this.page.locator('[role="alert"], [role="status"]').filter({ visible: true }).allInnerTexts();
      return `the page at ${new URL(this.page.url()).pathname} shows the heading "${h1 ?? ''}"${alerts.length ? `, the notices ${alerts.map((a) => JSON.stringify(a.trim().slice(0, 120))).join(', ')}` : ''}`;
    } catch {
      return `the page is at ${this.page.url()}`;
    }
  }
}

/** Finds the event binding of a step (its transition label first, then its event name). */
function actionOf(binding: ReplayBinding, step: ReplayStep) {
  const key = eventKeys(step).find((k) => k in binding.events);
  if (key === undefined) throw new Error(`no binding for the event "${step.label ?? step.name}" (add it to tests/replay/bindings/${binding.machine}.ts)`);
  return binding.events[key]!;
}

/** Replays `plan` in a fresh context of `browser`; throws naming the path and the step on a difference. */
export async function replayWalk(
  browser: Browser,
  baseUrl: string,
  model: MachineModel,
  binding: ReplayBinding,
  plan: ReplayPlan,
  serverLog: () => string = () => '',
  outboxDir: () => string = () => '',
): Promise<WalkOutcome> {
  const pending = PENDING_SCENARIOS[plan.machine]?.[plan.name];
  if (pending) {
    // listed as not played, with its reason (./pending.ts): never counted as replayed
    return { replayed: 0, taken: [], stopped: { step: 0, event: 'start', reason: pending, transitions: plan.start.transitions, later: plan.steps.flatMap((s) => s.transitions) } };
  }
  // reduced motion (styles.css honours it): a spinner of a held request would otherwise be redrawn 60 times a second in software while the path waits
  const context = await browser.newContext({ baseURL: baseUrl, locale: binding.lang, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(STEP_MS);
  // REPLAY_TRACE=<dir> keeps a Playwright trace of every failing walk (REPLAY_TRACE_ONLY: a pattern of
  // the walks to trace, e.g. "app path (21|25)/"); open it with `npx playwright-core show-trace <file>`
  const traceDir = process.env.REPLAY_TRACE;
  const traced = traceDir !== undefined && new RegExp(process.env.REPLAY_TRACE_ONLY ?? '').test(`${plan.machine} path ${plan.number}/`);
  if (traced) await context.tracing.start({ screenshots: true, snapshots: true });
  let passed = false;
  const page = await context.newPage();
  const r = new PageReplay(page, binding, baseUrl, plan, serverLog, outboxDir);
  page.on('pageerror', (error) => r.errors.push(`uncaught: ${error.message}`));
  page.on('console', (m) => {
    // a failed response is logged by Chromium too; the path asked for it (a 500, a dropped connection)
    if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) r.errors.push(`console.error: ${m.text()}`);
  });
  const taken: string[] = [];
  const where = (step: ReplayStep | null) =>
    step ? `step ${step.n} "${step.words}" → ${step.to}` : `the start (${plan.start.words}${plan.situation ? `; ${plan.situation}` : ''})`;
  try {
    try {
      await binding.prepare?.(r);
      await r.hold();
      await binding.start(r);
      await r.expectState(model, plan.start.value, plan.start.leaves, plan.start.rests);
    } catch (error) {
      if (error instanceof Cannot) {
        const later = plan.steps.flatMap((s) => s.transitions);
        passed = true;
        return { replayed: 0, taken, stopped: { step: 0, event: 'start', reason: error.message, transitions: plan.start.transitions, later } };
      }
      throw await failure(r, plan, where(null), error);
    }
    taken.push(...plan.start.transitions);
    for (const step of plan.steps) {
      r.step = step;
      try {
        await actionOf(binding, step)(r, step);
        await r.expectState(model, step.value, step.leaves, step.rests);
      } catch (error) {
        if (error instanceof Cannot) {
          const later = plan.steps.filter((s) => s.n > step.n).flatMap((s) => s.transitions);
          passed = true;
          return { replayed: step.n - 1, taken, stopped: { step: step.n, event: step.label ?? step.name, reason: error.message, transitions: step.transitions, later } };
        }
        throw await failure(r, plan, where(step), error);
      }
      taken.push(...step.transitions);
    }
    passed = true;
    return { replayed: plan.steps.length, taken };
  } finally {
    if (traced) await context.tracing.stop(passed ? {} : { path: `${traceDir}/${plan.machine}-path-${String(plan.number)}-${String(Date.now())}.zip` });
    await context.close();
  }
}

async function failure(r: PageReplay, plan: ReplayPlan, where: string, error: unknown): Promise<Error> {
  const why = error instanceof Error ? error.message : String(error);
  const kind = error instanceof Mismatch ? 'the page differs from the chart' : 'the replay failed';
  return new Error(`${plan.machine} path ${plan.number}/${plan.total} (${plan.name}), ${where}: ${kind}: ${why}\n${await r.describePage()}`, { cause: error });
}
