/**
 * Rules of the shop section (spec §2 merchandise and passes, §3 merchandise and pass owners, §5
 * annual pass quantity; issue 11): stock in words, the quantity within stock, owner entries that
 * follow the quantity without losing what was typed, and the cart line an article becomes.
 * Pure; used by machines/shop.machine.ts and the shop screens.
 */
import type { AnnualPassLine, MerchandiseLine } from './cart-lines.js';
import { PRODUCT_KIND_ANNUAL_PASS, parseCount } from './limits.js';


/** An article as the catalogue answers it (merchandise/select, merchandise?article). */
export interface ShopArticle {
  id: number;
  name: string;
  price: number;
  vat_value: number;
  /** null: not limited */
  stock: number | null;
  custom_groups: readonly { id: number; name: string }[];
  product_kind_ref: number;
  description?: string;
  /** image path under /static, null when none */
  image?: string | null;
}

/** At most this many pieces of one article per line (a pass has one owner entry per piece). */
export const MAX_PER_LINE = 10;
/** From this stock down the page says "only N left". */
export const FEW_LEFT = 5;

export const isPass = (article: Pick<ShopArticle, 'product_kind_ref'>): boolean => article.product_kind_ref === PRODUCT_KIND_ANNUAL_PASS;

/** §5: stock 0 or less is out of stock (the quantity becomes 0). */
export const isOutOfStock = (article: Pick<ShopArticle, 'stock'>): boolean => article.stock !== null && article.stock <= 0;

/** What is left to put into the cart: the stock minus what the cart already holds of it (null: not limited). */
export function availableStock(stock: number | null, inCart: number): number | null {
  return stock === null ? null : stock - Math.max(0, inCart);
}

/** Pieces of one article the cart holds (merchandise or passes, over all its lines). */
export function countInCart(lines: readonly { type: string; id?: number; count?: number }[], id: number): number {
  return lines.reduce((sum, line) => sum + ((line.type === 'merchandise' || line.type === 'annualPass') && line.id === id ? (line.count ?? 0) : 0), 0);
}

/** The availability in words: a catalogue key and its values. */
export function stockWords(stock: number | null): { id: 'shop.stock.out' | 'shop.stock.few' | 'shop.stock.available'; values?: { count: number } } {
  if (stock !== null && stock <= 0) return { id: 'shop.stock.out' };
  if (stock !== null && stock <= FEW_LEFT) return { id: 'shop.stock.few', values: { count: stock } };
  return { id: 'shop.stock.available' };
}

/** The most that can go into the cart at once: the stock (when limited), at most MAX_PER_LINE; 0 when out of stock. */
export function maxQuantity(stock: number | null): number {
  if (stock === null) return MAX_PER_LINE;
  return Math.max(0, Math.min(stock, MAX_PER_LINE));
}

/** The quantity a visitor typed, within 1 … maxQuantity; §5: 0 when out of stock. Non-numeric input counts as 0 → 1. */
export function clampQuantity(value: unknown, stock: number | null): number {
  const max = maxQuantity(stock);
  if (max === 0) return 0;
  return Math.min(max, Math.max(1, parseCount(value)));
}

/** The quantity an article page starts with: 1, or 0 when out of stock. */
export const initialQuantity = (stock: number | null): number => (maxQuantity(stock) === 0 ? 0 : 1);

/** One owner entry of an annual pass (§3: name (title, first, last), address, send_to_custom_addr). */
export interface OwnerEntry {
  title: string;
  first: string;
  last: string;
  address: string;
  send_to_custom_addr: boolean;
}

export const EMPTY_OWNER: OwnerEntry = { title: '', first: '', last: '', address: '', send_to_custom_addr: false };
export type OwnerField = keyof OwnerEntry;

/**
 * §5: the owner entries follow the quantity. The list only grows: entries beyond the quantity are
 * kept (hidden), so lowering and raising the quantity again loses nothing typed.
 */
export function resizeOwners(owners: readonly OwnerEntry[], count: number): OwnerEntry[] {
  const out = [...owners];
  while (out.length < count) out.push({ ...EMPTY_OWNER });
  return out;
}

/** The owner entries that count: one per pass. */
export const activeOwners = (owners: readonly OwnerEntry[], count: number): OwnerEntry[] => owners.slice(0, count);

/** Errors per owner entry (index → field → catalogue key): first and last name; the address when sent elsewhere. */
export type OwnerErrors = Record<number, Partial<Record<OwnerField, string>>>;

export function ownerErrors(owners: readonly OwnerEntry[], count: number): OwnerErrors {
  const errors: OwnerErrors = {};
  activeOwners(owners, count).forEach((owner, index) => {
    const own: Partial<Record<OwnerField, string>> = {};
    if (owner.first.trim() === '') own.first = 'shop.owner.nameMissing';
    if (owner.last.trim() === '') own.last = 'shop.owner.nameMissing';
    if (owner.send_to_custom_addr && owner.address.trim() === '') own.address = 'shop.owner.addressMissing';
    if (Object.keys(own).length > 0) errors[index] = own;
  });
  return errors;
}

export const ownersComplete = (owners: readonly OwnerEntry[], count: number): boolean => Object.keys(ownerErrors(owners, count)).length === 0;

/** The cart line of an article (merchandise) or of passes with their owners. */
export function articleLine(article: ShopArticle, quantity: number, owners: readonly OwnerEntry[] = []): MerchandiseLine | AnnualPassLine {
  const base = { id: article.id, name: article.name, price: article.price, totalPrice: article.price * quantity, count: quantity, vat_value: article.vat_value };
  if (!isPass(article)) return { type: 'merchandise', ...base };
  const named = activeOwners(owners, quantity).map((o) => ({
    title: o.title.trim(),
    first: o.first.trim(),
    last: o.last.trim(),
    address: o.send_to_custom_addr ? o.address.trim() : '',
    send_to_custom_addr: o.send_to_custom_addr,
  }));
  return { type: 'annualPass', ...base, owners: named };
}

/** The articles of one category (null: all), in the catalogue's order. */
export function articlesInCategory<T extends Pick<ShopArticle, 'custom_groups'>>(articles: readonly T[], category: number | null): T[] {
  return category === null ? [...articles] : articles.filter((a) => a.custom_groups.some((g) => g.id === category));
}
