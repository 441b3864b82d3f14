/**
 * The one HTTP layer of the shop. Every call of spec §7 goes through `createHttp`:
 * one ofetch instance (base `/api/{lang}`, JSON, abort signal, timeout, no retries),
 * every response checked by its valibot schema, every failure turned into an ApiError.
 */
import { ofetch, FetchError } from 'ofetch';
import * as v from 'valibot';

/** Status 0 means the request never got an HTTP answer (network failure, timeout, bad response). */
export interface ApiErrorShape {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string[]>;
}

export class ApiError extends Error implements ApiErrorShape {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]>;
  /** The raw `data` of an error body, for the few calls of §8 whose error carries more (e.g. `available`). */
  readonly details: unknown;
  constructor(shape: ApiErrorShape, details?: unknown) {
    // the message is the server's words only: '' when it said none, and the shop says its own (§8); logs name the code
    super(shape.message);
    this.name = `ApiError ${shape.code}`;
    this.status = shape.status;
    this.code = shape.code;
    this.fields = shape.fields;
    this.details = details;
  }
  toJSON(): ApiErrorShape {
    return { status: this.status, code: this.code, message: this.message, fields: this.fields };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Error body every endpoint of the reference server answers with (docs/api.md). */
export const ErrorBodySchema = v.object({
  error: v.string(),
  message: v.optional(v.string(), ''),
  fields: v.optional(v.record(v.string(), v.array(v.string())), {}),
  data: v.optional(v.unknown()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** Success envelope: `{"data": …}`. */
export function envelope<const S extends v.GenericSchema>(schema: S) {
  return v.object({ data: schema });
}

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT = 'TIMEOUT';
export const INVALID_RESPONSE = 'INVALID_RESPONSE';
export const ABORTED = 'ABORTED';
/** How long a request may wait for the server's answer before it fails with TIMEOUT. */
export const REQUEST_TIMEOUT_MS = 15_000;

export type Method = 'GET' | 'POST';

export interface RequestOptions<S extends v.GenericSchema> {
  /** Schema of `data` in the success envelope. */
  schema: S;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface HttpOptions {
  /** Base of the API without the language, e.g. `/api` in the browser or `http://127.0.0.1:8080/api` in tests. */
  baseURL: string;
  /** Current interface language; read on every request so a language switch needs no new client. */
  lang: () => string;
  timeoutMs?: number;
  /** Called once for every failed request before the caller sees the error (the app's HTTP error policy, §8). */
  onError?: (error: ApiError) => void;
  /** Injected fetch (tests). */
  fetch?: typeof globalThis.fetch;
}

export interface Http {
  request<S extends v.GenericSchema>(method: Method, path: string, options: RequestOptions<S>): Promise<v.InferOutput<S>>;
}

function fieldsFromIssues(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const flat = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]);
  const out: Record<string, string[]> = {};
  if (flat.root) out._ = [...flat.root];
  for (const [key, messages] of Object.entries(flat.nested ?? {})) {
    if (messages) out[key] = [...messages];
  }
  return out;
}

/** The code of a request that got no answer, by the name of what ended it (ofetch's cause, or the error itself). */
const NO_ANSWER: Record<string, string> = { TimeoutError: TIMEOUT, AbortError: ABORTED };

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  let ended = error as { name?: string } | null;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    if (status !== 0) {
      const body = v.safeParse(ErrorBodySchema, error.data);
      if (body.success) {
        return new ApiError({ status, code: body.output.error, message: body.output.message, fields: body.output.fields }, body.output.data);
      }
      return new ApiError({ status, code: `HTTP_${status}`, message: '', fields: {} });
    }
    ended = error.cause as { name?: string } | null;
  }
  // no server spoke: no words to show (the shop says what happened by the code, §8)
  return new ApiError({ status: 0, code: NO_ANSWER[ended?.name ?? ''] ?? NETWORK_ERROR, message: '', fields: {} });
}

export function createHttp(options: HttpOptions): Http {
  // ofetch takes the fetch implementation as a global option (second argument), not a default.
  const $fetch = ofetch.create({ retry: 0 }, options.fetch ? { fetch: options.fetch } : {});
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return {
    async request(method, path, { schema, query, body, signal }) {
      const url = `${options.baseURL.replace(/\/$/, '')}/${encodeURIComponent(options.lang())}/${path.replace(/^\//, '')}`;
      let raw: unknown;
      // ofetch's own `timeout` applies only to a request without a signal, and every journey passes
      // its actor's: the time limit aborts the request itself, as a TimeoutError; the caller's
      // cancel aborts it too (ABORTED)
      const limit = new AbortController();
      const timer = setTimeout(() => limit.abort(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), timeoutMs);
      const cancel = () => limit.abort(signal?.reason);
      if (signal?.aborted) cancel();
      signal?.addEventListener('abort', cancel);
      try {
        raw = await $fetch(url, {
          method,
          query,
          ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
          signal: limit.signal,
          headers: { accept: 'application/json' },
          responseType: 'json',
        });
      } catch (error) {
        const apiError = toApiError(error);
        if (apiError.code !== ABORTED) options.onError?.(apiError);
        throw apiError;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
      }
      const parsed = v.safeParse(envelope(schema), raw);
      if (!parsed.success) {
        const apiError = new ApiError({ status: 0, code: INVALID_RESPONSE, message: '', fields: fieldsFromIssues(parsed.issues) });
        options.onError?.(apiError);
        throw apiError;
      }
      return parsed.output.data;
    },
  };
}

export { fieldsFromIssues };
