/**
 * The route table of `/api/{lang}/…`: every endpoint once, with its method and pattern. app.ts
 * registers each as a Hono route; tests (fuzz) read the list. Patterns use `:name` segments; a
 * segment may hold several parameters separated by `;`, e.g. `range/:start;:end`.
 */
import type { Language } from '../../api/languages.js';
import type { Db } from '../db/index.js';
import type { ServerServices } from '../services.js';

export interface RequestContext {
  lang: Language;
  method: string;
  path: string;
  params: Record<string, string>;
  /** Query string; a repeated key keeps its last value. */
  query: Record<string, string>;
  /** Parsed JSON body (undefined for GET or an empty body). */
  body: unknown;
  /** The body as sent ('' for GET): what a signature is computed over (payment notices, issue 41). */
  rawBody: string;
  /** A request header, by name (case-insensitive). */
  header(name: string): string | undefined;
  db: Db;
  services: ServerServices;
  /** Origin the visitor used, e.g. `http://localhost:8080`, for links the server builds. */
  origin: string;
}

/** A handler's answer that is a file (PDF tickets, calendar), not JSON: sent as an attachment, never stored by a cache. */
export class FileAnswer {
  constructor(
    readonly body: Uint8Array | string,
    readonly contentType: string,
    readonly filename: string,
  ) {}
}

export type Handler = (ctx: RequestContext) => Promise<unknown> | unknown;

export interface Route {
  method: 'GET' | 'POST';
  pattern: string;
  handler: Handler;
}

export class Router {
  readonly routes: Route[] = [];

  get(pattern: string, handler: Handler): void {
    this.routes.push({ method: 'GET', pattern, handler });
  }

  post(pattern: string, handler: Handler): void {
    this.routes.push({ method: 'POST', pattern, handler });
  }

  list(): { method: string; pattern: string }[] {
    return this.routes.map(({ method, pattern }) => ({ method, pattern }));
  }
}
