/**
 * The signature of the payment provider's notices (issue 41), in the shape real providers use:
 * the header `X-Provider-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with a
 * secret both sides hold (PROVIDER_WEBHOOK_SECRET, or generated into DATA_DIR). Each delivery is
 * signed anew, so a retry hours later carries a fresh time; a notice older than the tolerance is
 * refused, so a notice someone recorded cannot be sent again much later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-provider-signature';

/** How far the signature's time may lie from the shop's clock (either way). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

function mac(secret: Uint8Array, seconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
}

/** The header value for `body` sent at `at`. */
export function signNotice(secret: Uint8Array, body: string, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  return `t=${seconds},v1=${mac(secret, seconds, body)}`;
}

/** True when `header` is a signature of `body` by `secret`, made within the tolerance of `now`. */
export function verifyNotice(secret: Uint8Array, body: string, header: string | undefined, now: Date): boolean {
  if (!header || header.length > 500) return false;
  const parts = new Map(header.split(',').map((part) => {
    const eq = part.indexOf('=');
    return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
  }));
  const t = parts.get('t') ?? '';
  const given = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  const seconds = Number(t);
  if (Math.abs(now.getTime() - seconds * 1000) > SIGNATURE_TOLERANCE_MS) return false;
  return timingSafeEqual(Buffer.from(mac(secret, seconds, body), 'hex'), Buffer.from(given, 'hex'));
}
