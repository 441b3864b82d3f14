/**
 * What every machine shares: the default of a service or action the app must provide, and the
 * one way a machine reads a failed service (an ApiError of src/api, read structurally so that
 * machines never import the client).
 */
import { assertEvent, type EventObject } from 'xstate';

/** Default implementation of a service or side effect: the app or a test provides the real one. */
export function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

/** The error shape of src/api (ApiError): HTTP status (0 without an answer), code, message, 422 fields. */
export interface ErrorLike {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string[]>;
  /** the `data` of the error body, for the few errors that carry more (OVERBOOKED: `available`, `index`) */
  details?: unknown;
}

export function asErrorLike(error: unknown): ErrorLike {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Partial<Record<keyof ErrorLike, unknown>>;
  const fields: Record<string, string[]> = {};
  if (typeof e.fields === 'object' && e.fields !== null) {
    for (const [key, list] of Object.entries(e.fields as Record<string, unknown>)) {
      if (Array.isArray(list)) fields[key] = list.filter((m): m is string => typeof m === 'string');
    }
  }
  const details = (e as { details?: unknown }).details;
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    code: typeof e.code === 'string' ? e.code : '',
    message: typeof e.message === 'string' ? e.message : '',
    fields,
    ...(details !== undefined && details !== null ? { details } : {}),
  };
}

/** The error of a service's `xstate.error.actor.*` event (anything else reads as no answer). */
export function errorOf(event: { error?: unknown } | object): ErrorLike {
  return asErrorLike('error' in event ? event.error : undefined);
}

/**
 * The error of a service's failure, read by a guard of an `onError` branch: throws on any other
 * event, so a guard wired to another transition fails loudly instead of reading "no answer".
 */
export function failureOf(event: EventObject): ErrorLike {
  assertEvent(event, 'xstate.error.actor.*');
  return errorOf(event);
}

/** The HTTP status of a failed service; 0 when the server never answered. */
export function statusOf(event: { error?: unknown } | object): number {
  return errorOf(event).status;
}

/** The tags of a journey of forms (login, registration, settings): a page loads, a form is edited, its answer is awaited. */
export type FormJourneyTag = 'busy' | 'form' | 'loading';
