/**
 * Server rendering for the static handler (issue 25, SERVER_RENDERING=true): a catalogue page
 * goes out with its content, rendered by the app's own shell (src/app/server-render.tsx) whose
 * API requests go to this server over loopback (in proxy mode the same routes forward them to
 * SHOP_API_URL). A render that fails or is not at rest within its bound is logged with the request
 * id and the page goes out as the shell (the app boots as without rendering).
 */
import { renderPage } from '../app/server-render.js';
import { serializeRenderState } from '../app/render-state.js';

/** How long a render may take before the page goes out as the shell. */
export const RENDER_TIME_BOUND_MS = 1_500;

export interface RenderedPage {
  /** what goes into #root */
  html: string;
  /** the JSON of the `#shop-render` element */
  state: string;
}

export type PageRenderer = (request: { href: string; requestId?: string | undefined; noticeAccepted?: boolean }) => Promise<RenderedPage | undefined>;

export interface RendererOptions {
  /** where this server's API answers (known once it listens), e.g. http://127.0.0.1:8080/api */
  apiBase: () => string | undefined;
  timeBoundMs?: number;
  warn?: (fields: { reqId: string | undefined; path: string; err?: unknown }, message: string) => void;
}

export function createPageRenderer(options: RendererOptions): PageRenderer {
  const timeBoundMs = options.timeBoundMs ?? RENDER_TIME_BOUND_MS;
  const warn = options.warn ?? (() => undefined);
  return async ({ href, requestId, noticeAccepted }) => {
    const apiBase = options.apiBase();
    if (!apiBase) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeBoundMs + 100);
    try {
      const answer = await renderPage({
        href,
        apiBase,
        timeBoundMs,
        noticeAccepted: noticeAccepted === true,
        // a request still open when the bound passes is aborted with it
        fetch: (input, init) => globalThis.fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal }),
      });
      if (!answer.rendered) {
        warn({ reqId: requestId, path: href }, `server rendering: ${answer.why}; the shell went out`);
        return undefined;
      }
      return { html: answer.html, state: serializeRenderState(answer.state) };
    } catch (error) {
      warn({ reqId: requestId, path: href, err: error }, 'server rendering failed; the shell went out');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
