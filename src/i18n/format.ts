/**
 * Display formats of spec §1 and §9: prices are integers in minor units shown in CHF with the
 * configured currency symbol; dates d.m.Y; minutes abbreviated "min.".
 */

const THOUSANDS = '\u2019';

/**
 * A VAT rate with the same decimal point as the prices beside it (8.1, 2.6), in every language:
 * one decimal style per line (issue 16 item 14; Swiss francs are written with a point).
 */
export function formatRate(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}

/** 123450 → "CHF 1’234.50" (symbol from config). Negative amounts keep their sign in front. */
export function formatPrice(minorUnits: number, currencySymbol = 'CHF'): string {
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minorUnits));
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS);
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${sign}${currencySymbol} ${whole}.${cents}`;
}

/** A Date or an ISO date (YYYY-MM-DD…) → "dd.mm.yyyy". Invalid input gives an empty string. */
export function formatDate(value: Date | string): string {
  let y: number;
  let m: number;
  let d: number;
  if (typeof value === 'string') {
    const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value);
    if (!match) return '';
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    if (Number.isNaN(value.getTime())) return '';
    [y, m, d] = [value.getFullYear(), value.getMonth() + 1, value.getDate()];
  }
  return `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`;
}

/** 90 → "90 min." */
export function formatMinutes(minutes: number): string {
  return `${Math.round(minutes)} min.`;
}

/**
 * An instant (ISO 8601, e.g. a hold's end '2026-12-06T14:20:00Z') on the visitor's own clock,
 * hours and minutes, 24 hours as in Britain ("15:20", "00:05"): a hold's end is a deadline the
 * visitor keeps by their own watch, wherever they are (the museum's zone is for slots and days,
 * src/domain/museum-clock.ts). Invalid input gives an empty string.
 */
export function formatLocalTime(instant: string): string {
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? '' : at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}
