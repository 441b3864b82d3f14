/**
 * The rules of the withdrawal journey's forms (issue 46), shared by machines/withdrawal.machine.ts
 * and its screen: how an order is identified (booking number and the e-mail address of the
 * purchase), which lines may be chosen (only `open` ones) and why the others may not, the name and
 * the address of the acknowledgement, how the server's 422 field errors become messages in the
 * visitor's language, and the date and time a statement was received. Pure. The rules of the right
 * itself (kinds, periods) are the server's (src/domain/withdrawal.ts); this module only reads a
 * line's standing as the server answered it.
 */
import * as v from 'valibot';
import { WITHDRAWAL_NAME_MAX_LENGTH, type WithdrawalLine, type WithdrawalLookup, type WithdrawalOrder } from '../api/schemas/withdrawal.js';
import type { FieldErrors, FormMessage } from './account-forms.js';

/** The fields of the journey: the order's identification, then the statement's name and address. */
export const WITHDRAWAL_FIELDS = ['orderId', 'email', 'name', 'ackEmail'] as const;
export type WithdrawalField = (typeof WITHDRAWAL_FIELDS)[number];
export type WithdrawalValues = Record<WithdrawalField, string>;

export const EMPTY_WITHDRAWAL_VALUES: WithdrawalValues = { orderId: '', email: '', name: '', ackEmail: '' };

/** A booking number as the contract takes it: up to 32 letters and digits (the shop's own are 12) (WithdrawalLookupSchema). */
const BookingNumber = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9]{1,32}$/));
/** An e-mail address as the contract takes it (WithdrawalLookupSchema, WithdrawRequestSchema). */
const Email = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email());

const hasAny = (errors: FieldErrors) => Object.values(errors).some((list) => list !== undefined && list.length > 0);

/**
 * What the identification form refuses: a booking number that is not digits, a missing or
 * malformed e-mail address. A logged-in customer may leave the address empty (the server opens
 * the order by its owner's login), but an address typed must be one.
 */
export function identificationErrors(values: Pick<WithdrawalValues, 'orderId' | 'email'>, loggedIn: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (values.orderId.trim() === '') errors.orderId = [{ id: 'withdrawal.error.orderIdMissing' }];
  else if (!v.is(BookingNumber, values.orderId)) errors.orderId = [{ id: 'withdrawal.error.orderIdInvalid' }];
  if (values.email.trim() === '') {
    if (!loggedIn) errors.email = [{ id: 'withdrawal.error.emailMissing' }];
  } else if (!v.is(Email, values.email)) errors.email = [{ id: 'withdrawal.error.emailInvalid' }];
  return errors;
}

/** Whether the identification form refuses what was typed. */
export function identificationInvalid(values: Pick<WithdrawalValues, 'orderId' | 'email'>, loggedIn: boolean): boolean {
  return hasAny(identificationErrors(values, loggedIn));
}

/** What the acknowledgement's form refuses: no name, a name too long, no or a malformed address. */
export function statementErrors(values: Pick<WithdrawalValues, 'name' | 'ackEmail'>): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim() === '') errors.name = [{ id: 'withdrawal.error.nameMissing' }];
  else if (values.name.trim().length > WITHDRAWAL_NAME_MAX_LENGTH) errors.name = [{ id: 'withdrawal.error.nameTooLong', values: { max: String(WITHDRAWAL_NAME_MAX_LENGTH) } }];
  if (values.ackEmail.trim() === '') errors.ackEmail = [{ id: 'withdrawal.error.emailMissing' }];
  else if (!v.is(Email, values.ackEmail)) errors.ackEmail = [{ id: 'withdrawal.error.emailInvalid' }];
  return errors;
}

export function statementInvalid(values: Pick<WithdrawalValues, 'name' | 'ackEmail'>): boolean {
  return hasAny(statementErrors(values));
}

/** The lines a statement may name now: those the server answered `open`. */
export function openLines(order: Pick<WithdrawalOrder, 'lines'> | null): number[] {
  return (order?.lines ?? []).filter((line) => line.status === 'open').map((line) => line.line);
}

/** Whether the order has a line that may be withdrawn now. */
export function hasOpenLine(order: Pick<WithdrawalOrder, 'lines'> | null): boolean {
  return openLines(order).length > 0;
}

/** The chosen lines that are still open (after the order was found again), in the order's order. */
export function stillOpen(chosen: readonly number[], order: Pick<WithdrawalOrder, 'lines'> | null): number[] {
  return openLines(order).filter((line) => chosen.includes(line));
}

/** A choice with `line` added (when `on`, and it is open) or taken out. */
export function toggleLine(chosen: readonly number[], order: Pick<WithdrawalOrder, 'lines'> | null, line: number, on: boolean): number[] {
  const open = openLines(order);
  const next = on ? [...chosen.filter((l) => l !== line), line] : chosen.filter((l) => l !== line);
  return open.filter((l) => next.includes(l));
}

/**
 * What a line's standing says to the visitor: nothing for an open line; the reason for one that
 * cannot be withdrawn (`dated`: "Dated admission: no right of withdrawal", `period_ended`: "Period
 * ended on {date}", …); the date for one already withdrawn.
 */
export function lineStatusMessage(line: Pick<WithdrawalLine, 'status' | 'reason' | 'period_ends' | 'withdrawn_at'>): FormMessage | null {
  if (line.status === 'open') return line.period_ends ? { id: 'withdrawal.status.openUntil', values: { date: line.period_ends } } : null;
  if (line.status === 'withdrawn') return { id: 'withdrawal.status.withdrawn', values: { date: line.withdrawn_at ?? '' } };
  switch (line.reason) {
    case 'dated':
      return { id: 'withdrawal.status.dated' };
    case 'period_ended':
      return { id: 'withdrawal.status.periodEnded', values: { date: line.period_ends ?? '' } };
    case 'used':
      return { id: 'withdrawal.status.used' };
    case 'payment':
      return { id: 'withdrawal.status.payment' };
    default:
      return { id: 'withdrawal.status.noRight' };
  }
}

/**
 * How the order is asked for (POST order/withdrawal): by the key of the link when there is one, by
 * the e-mail address typed when there is one; a logged-in customer's token goes with the request
 * (the client adds it), so the owner needs neither.
 */
export function lookupOf(orderId: string, key: string | null, email: string): WithdrawalLookup {
  // the shop writes its booking numbers in capitals; one typed in small letters is the same number
  const id = orderId.trim().toUpperCase();
  if (key) return { id, key };
  const address = email.trim();
  return address === '' ? { id } : { id, email: address };
}

/** The server's words of the contract's 422 (WithdrawRequestSchema) in the visitor's language; anything else: "not valid". */
const SERVER_MESSAGES: Record<string, string> = {
  'Your name is missing.': 'withdrawal.error.nameMissing',
  'This is not an e-mail address.': 'withdrawal.error.emailInvalid',
  'Choose at least one line.': 'withdrawal.error.noLineChosen',
  'A booking number is letters and digits.': 'withdrawal.error.orderIdInvalid',
};

/** The field of the journey a field of the request names (`ack_email` is the acknowledgement's address). */
const REQUEST_FIELDS: Record<string, WithdrawalField | 'lines'> = {
  name: 'name',
  ack_email: 'ackEmail',
  lines: 'lines',
  id: 'orderId',
  email: 'email',
};

/** A 422's field errors as messages of the journey's fields (and `lines`), never in the server's words. */
export function serverFieldErrors(fields: Readonly<Record<string, readonly string[]>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, list] of Object.entries(fields)) {
    const field = REQUEST_FIELDS[key.split('.')[0] ?? ''];
    if (!field) continue;
    const messages = list.map((text): FormMessage => ({ id: SERVER_MESSAGES[text] ?? 'withdrawal.error.fieldInvalid' }));
    errors[field] = [...(errors[field] ?? []), ...(messages.length > 0 ? messages : [{ id: 'withdrawal.error.fieldInvalid' }])];
  }
  return errors;
}

/** Whether a 422's fields name the lines (then the choice of lines is what the visitor must change). */
export function refusesLines(fields: Readonly<Record<string, readonly string[]>>): boolean {
  return Object.keys(fields).some((key) => key.split('.')[0] === 'lines');
}

/**
 * When a statement was received (ISO 8601 with the shop's offset, e.g. 2026-12-07T22:15:03+01:00)
 * as the date and the time the shop wrote: what the acknowledgement states.
 */
export function receivedMoment(iso: string): { date: string; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(iso);
  return match ? { date: match[1]!, time: match[2]! } : { date: iso.slice(0, 10), time: '' };
}

/** The request id of the `count`-th confirmation of a journey whose seed is `seed` (a UUID made when it started). */
export function requestIdOf(seed: string, count: number): string {
  return `${seed}-${count}`;
}
