/**
 * The customers table: a row, its API shape, and the country a customer's goods are delivered to.
 * Used by the account routes and by checkout (shipping destination).
 */
import type { Queryable } from './db/index.js';
import { HttpError } from './api/http-error.js';
import { AUTH_ERRORS, type Customer } from '../api/schemas/accounts.js';

export interface CustomerRow {
  id: number;
  email: string;
  password_hash: string | null;
  password_salt: string | null;
  /** What the hash cost, {N, r, p} (auth.ts storedPasswordOf; null before issue 44 = N 2^14) */
  password_params: unknown;
  is_guest: boolean;
  salutation: string;
  fname: string;
  lname: string;
  company: string;
  phone: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  send_invoice: boolean;
  shipping: { name: string; street: string; zip: string; city: string; country: string } | null;
  /** Raised by every password change: tokens carrying an older version answer 401. */
  token_version: number;
}

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    email: row.email,
    salutation: row.salutation,
    fname: row.fname,
    lname: row.lname,
    company: row.company,
    phone: row.phone,
    isGuest: row.is_guest,
    country: row.country,
    send_invoice: row.send_invoice,
    addrBilling: { name: `${row.fname} ${row.lname}`.trim(), street: row.street, zip: row.zip, city: row.city, country: row.country },
    addrShipping: row.shipping ? { id: row.id, ...row.shipping } : null,
  };
}

export async function loadCustomer(q: Queryable, id: number): Promise<CustomerRow> {
  const [row] = await q.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
  if (!row) throw new HttpError(401, AUTH_ERRORS.TOKEN_INVALID, 'Your session has expired. Please log in again.');
  return row;
}

/** The country of deliveries of a customer: the shipping address's, else the billing one. */
export async function customerCountry(q: Queryable, id: number): Promise<string> {
  const row = await loadCustomer(q, id);
  return row.shipping?.country || row.country;
}
