/**
 * What a server-rendered page carries for the browser (issue 25): the API answers the server's
 * render used, by method-less URL (`/api/de/event/select`), in the `type="application/json"`
 * element `#shop-render` (the CSP allows no inline script). The browser's shell asks its
 * services the same questions and gets these answers once each instead of going to the network,
 * so the app machine and the route's journey come to rest in the state the server rendered, and
 * React hydrates the same markup. Anything else (a request with a login, a second ask) goes out.
 */
import * as v from 'valibot';
import { LANGUAGES } from '../api/languages.js';
import type { Messages } from '../../machines/app.machine.js';
import type { MessageSource } from './services.js';

export const RENDER_STATE_ELEMENT_ID = 'shop-render';

export { NOTICE_ACCEPTED_COOKIE, noticeAcceptedIn } from './notice-cookie.js';

const RecordedAnswerSchema = v.object({
  /** path and search below the origin, e.g. /api/de/ticket/collect/event/101 */
  url: v.pipe(v.string(), v.startsWith('/api/'), v.maxLength(2048)),
  status: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(599)),
  body: v.string(),
});

/** A compiled message (src/i18n/esbuild-plugin.mjs): its AST, or plain text where a test gives text. */
const MessageSchema = v.union([v.string(), v.array(v.looseObject({ type: v.number() }))]);

const PageMessagesSchema = v.object({
  lang: v.picklist(LANGUAGES),
  /** the catalogue's parts the render loaded: `shell` and the page's journey parts (src/i18n/load.ts) */
  parts: v.array(v.pipe(v.string(), v.regex(/^[a-zA-Z]+$/))),
  /** their messages, in one object */
  values: v.record(v.string(), MessageSchema),
});
export type PageMessages = v.InferOutput<typeof PageMessagesSchema>;

export const RenderStateSchema = v.object({
  version: v.literal(1),
  /** the page the server rendered (path and search): a state for another address is not used */
  href: v.string(),
  /** the server rendered the cookie notice (the visitor had not accepted it): the first render in the browser does too */
  cookieNotice: v.boolean(),
  answers: v.array(RecordedAnswerSchema),
  /** the catalogue's messages the render used: the browser takes them from the page instead of loading their chunks */
  messages: v.optional(PageMessagesSchema),
  /**
   * A personal page (src/domain/routes.ts, not a catalogue page): the server rendered the shell and
   * the page's waiting state; the browser renders the page anew with its own state (src/app/hydrate.tsx)
   */
  personal: v.optional(v.literal(true)),
});
export type RenderState = v.InferOutput<typeof RenderStateSchema>;
export type RecordedAnswer = v.InferOutput<typeof RecordedAnswerSchema>;

/** The state as JSON safe inside a `<script type="application/json">` (no `</script>`, no `<!--`). */
export function serializeRenderState(state: RenderState): string {
  return jsonInScript(state);
}

/** Any value as JSON safe inside a `<script type="application/json">` (the server writes a state's address with it too). */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The state a page carries, or null when it has none or it does not fit (the app boots as without). */
export function parseRenderState(text: string | null | undefined, href: string): RenderState | null {
  if (!text) return null;
  try {
    const parsed = v.safeParse(RenderStateSchema, JSON.parse(text));
    return parsed.success && parsed.output.href === href ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The key of a request: its path and search below the origin. */
export function answerKey(input: RequestInfo | URL): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, 'http://render.invalid');
  return `${url.pathname}${url.search}`;
}

/**
 * A fresh task of the browser's: what follows runs after the browser had its turn (a paint, a
 * click). `scheduler.yield()` where the browser has it (its continuation comes first), else a timer.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A fetch that answers each recorded GET once from the page, without credentials only (a
 * request with a login is personal: the server never rendered it), and sends the rest to `fetch`.
 * Like an answer from the network, a recorded one comes in a task of its own: the app's start
 * from the page's answers is then several short tasks, not one long chain of promises that keeps
 * the page from answering a tap (Total Blocking Time, issue 25).
 */
export function replayingFetch(answers: readonly RecordedAnswer[], fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  const waiting = new Map<string, RecordedAnswer[]>();
  for (const answer of answers) {
    const list = waiting.get(answer.url) ?? [];
    list.push(answer);
    waiting.set(answer.url, list);
  }
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (method === 'GET' && !headers.has('authorization')) {
      const list = waiting.get(answerKey(input));
      const answer = list?.shift();
      if (answer) {
        await nextTask();
        return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json; charset=utf-8' } });
      }
    }
    return fetch(input, init);
  };
}

/**
 * Messages from the page where it has them (the language and every part asked for), else from
 * `chunks`. Like a recorded answer, they come in a task of their own.
 */
export function pageMessageSource(page: PageMessages | undefined, chunks: MessageSource): MessageSource {
  const fromPage = (lang: string, names: readonly string[]) => page !== undefined && page.lang === lang && names.every((name) => page.parts.includes(name));
  return {
    shell: async (lang) => {
      if (!fromPage(lang, ['shell'])) return chunks.shell(lang);
      await nextTask();
      return page!.values as Messages;
    },
    parts: async (lang, names) => {
      if (!fromPage(lang, names)) return chunks.parts(lang, names);
      await nextTask();
      return page!.values as Messages;
    },
  };
}

/** A message source that notes what it loaded, for the page (the server's render). */
export function recordingMessageSource(chunks: MessageSource): { source: MessageSource; recorded: () => PageMessages | undefined } {
  let lang: PageMessages['lang'] | undefined;
  const parts = new Set<string>();
  let values: Record<string, unknown> = {};
  const note = (language: PageMessages['lang'], names: readonly string[], messages: Messages) => {
    if (lang !== undefined && lang !== language) return;
    lang = language;
    for (const name of names) parts.add(name);
    values = { ...values, ...messages };
  };
  return {
    source: {
      shell: async (language) => {
        const messages = await chunks.shell(language);
        note(language, ['shell'], messages);
        return messages;
      },
      parts: async (language, names) => {
        const messages = await chunks.parts(language, names);
        note(language, names, messages);
        return messages;
      },
    },
    recorded: () => (lang === undefined || !parts.has('shell') ? undefined : { lang, parts: [...parts], values: values as PageMessages['values'] }),
  };
}
