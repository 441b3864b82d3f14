import type { RateLimits } from './edge.js';
import type { ProviderApi } from './provider-books.js';
import type { MailSender } from './mail/outbox.js';
import type { TicketKey } from './tickets/codes.js';

/** What handlers need besides the database: clock, secrets, logging. Injected so tests control them. */
export interface ServerServices {
  /** Current time; tests move it to expire carts and vouchers. */
  now(): Date;
  jwtSecret: Uint8Array;
  log(message: string): void;
  /** Support address shown in the 500 message (§8). */
  supportEmail: string;
  /**
   * Where the shop is reached from outside (PUBLIC_URL, e.g. https://shop.museum.example): links
   * the server hands out (the recovery link, the provider page) start with it. Unset, they start
   * with the request's own host.
   */
  publicUrl?: string | undefined;
  /** TRUST_PROXY: take the X-Forwarded-Proto/-Host of a reverse proxy as the request's origin. */
  trustProxy?: boolean;
  /** ALLOWED_HOSTS: the host names the shop answers for besides PUBLIC_URL's; default DEFAULT_ALLOWED_HOSTS (edge.ts). */
  allowedHosts?: readonly string[] | undefined;
  /** How long a payment cart stays payable after initPayment (CART_TTL_SECONDS); default 20 minutes. */
  cartTtlMs?: number | undefined;
  /** FRAME_ANCESTORS: who may frame the shop (embedded mode); default 'self' (edge.ts). */
  frameAncestors?: readonly string[] | undefined;
  /**
   * The key the payment provider's notices are signed with (PROVIDER_WEBHOOK_SECRET, issue 41);
   * without it POST payment/notify refuses every notice.
   */
  webhookSecret?: Uint8Array | undefined;
  /** The payment provider's merchant calls (look a payment up, refund it); default the simulated one. */
  paymentProvider?: ProviderApi | undefined;
  /**
   * The mail sender (issue 42): a route stores its mail in the outbox table (mail/outbox.ts
   * `enqueueMail`) and kicks it to send soon. Without one the mails wait in the table.
   */
  mail?: Pick<MailSender, 'kick'> | undefined;
  /**
   * The Ed25519 key ticket codes are signed with (issue 42): TICKET_SIGNING_KEY, or the one kept in
   * DATA_DIR. Unset (tests), one is made for the process on first use (tickets/delivery.ts).
   */
  ticketKey?: TicketKey | undefined;
  /** How long a voucher bought stays valid, in months from the purchase (VOUCHER_VALIDITY_MONTHS); default 36. */
  voucherValidityMonths?: number | undefined;
  /** How long after a confirmation mail "send again" waits, in seconds (ORDER_RESEND_INTERVAL_SECONDS); default ORDER_RESEND_INTERVAL_SECONDS of the API. */
  resendIntervalSeconds?: number | undefined;
  /** Limits of login, password reset, voucher lookup, payments and registrations; default DEFAULT_RATE_LIMITS (edge.ts). */
  rateLimits?: RateLimits | undefined;
}
