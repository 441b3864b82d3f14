import * as v from 'valibot';
import { fieldsFromIssues } from '../../api/http.js';

/** An error answer of the reference API: `{"error": CODE, "message": …, "fields": {…}}` with an HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
    /** Extra machine-readable detail, sent as `data` (e.g. `{available: 3}` on overbooking). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const RATE_LIMITED = 'TOO_MANY_REQUESTS';

/** A 429 with the seconds until the window ends (sent as Retry-After and as data.retryAfter). */
export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, RATE_LIMITED, 'Too many attempts. Please wait a minute and try again.', {}, { retryAfter: retryAfterSeconds });
  }
}

/** Validates request input with a schema of src/api; bad input answers 422 with per-field errors. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    throw new HttpError(422, 'VALIDATION_FAILED', 'The request is not valid.', fieldsFromIssues(result.issues));
  }
  return result.output;
}

export const notFound = (what = 'Not found') => new HttpError(404, 'NOT_FOUND', what);
