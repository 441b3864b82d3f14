/** What handlers need besides the database: clock, secrets, logging. Injected so tests control them. */
export interface ServerServices {
  /** Current time; tests move it to expire carts and vouchers. */
  now(): Date;
  jwtSecret: Uint8Array;
  log(message: string): void;
  /** Support address shown in the 500 message (§8). */
  supportEmail: string;
}
