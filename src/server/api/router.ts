/**
 * A small router for `/api/{lang}/…`. Patterns use `:name` segments; a segment may also hold
 * literal text around a parameter, e.g. `range/:start;:end`.
 */
import type { IncomingMessage } from 'node:http';
import type { Language } from '../../api/languages.js';
import type { Db } from '../db/index.js';
import type { ServerServices } from '../services.js';
import { HttpError } from './http-error.js';

export interface RequestContext {
  lang: Language;
  method: string;
  path: string;
  params: Record<string, string>;
  /** Query string; a repeated key keeps its last value. */
  query: Record<string, string>;
  /** Parsed JSON body (undefined for GET or an empty body). */
  body: unknown;
  db: Db;
  services: ServerServices;
  req: IncomingMessage;
  /** Origin the visitor used, e.g. `http://localhost:8080`, for links the server builds. */
  origin: string;
}

export type Handler = (ctx: RequestContext) => Promise<unknown> | unknown;

interface Route {
  method: string;
  pattern: string;
  regex: RegExp;
  names: string[];
  handler: Handler;
}

export class Router {
  private routes: Route[] = [];

  get(pattern: string, handler: Handler): void {
    this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: Handler): void {
    this.add('POST', pattern, handler);
  }

  add(method: string, pattern: string, handler: Handler): void {
    const names: string[] = [];
    const source = pattern
      .replace(/^\/+|\/+$/g, '')
      .split('/')
      .map((segment) =>
        segment.replace(/:([A-Za-z_][A-Za-z0-9_]*)|([^:]+)/g, (_m, name: string | undefined, literal: string | undefined) => {
          if (name) {
            names.push(name);
            return '([^/;]+)';
          }
          return (literal ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        }),
      )
      .join('/');
    this.routes.push({ method, pattern, regex: new RegExp(`^${source}/?$`), names, handler });
  }

  /** Finds the route; `methodMismatch` tells a 405 from a 404. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string>; pattern: string } | { methodMismatch: boolean } {
    const clean = path.replace(/^\/+/, '');
    let methodMismatch = false;
    for (const route of this.routes) {
      const m = route.regex.exec(clean);
      if (!m) continue;
      if (route.method !== method) {
        methodMismatch = true;
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        try {
          params[name] = decodeURIComponent(m[i + 1] ?? '');
        } catch {
          // '%zz' and other broken escapes: the caller's mistake, not ours (found by tests/server/fuzz.test.ts)
          throw new HttpError(400, 'INVALID_PATH', `The path segment '${m[i + 1] ?? ''}' is not valid URL encoding.`);
        }
      });
      return { handler: route.handler, params, pattern: route.pattern };
    }
    return { methodMismatch };
  }

  list(): { method: string; pattern: string }[] {
    return this.routes.map(({ method, pattern }) => ({ method, pattern }));
  }
}
