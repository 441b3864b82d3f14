import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { ShopContext } from '../../machines/shop.machine.js';
import { describeModel } from './describe-model.js';
import type { RunContext } from './model.js';
import { BOOKS, PASS_GROUP, book, list, pass, poster, shopModel } from './shop.model.js';

const ctx = (s: AnyMachineSnapshot) => s.context as ShopContext;
const page = (s: AnyMachineSnapshot): string | null | undefined => {
  let route: string | null | undefined;
  for (const meta of Object.values(s.getMeta()) as ({ route?: string | null } | undefined)[]) if (meta?.route !== undefined) route = meta.route;
  return route;
};
const calls = (run: RunContext, action: string) => run.actionCalls.filter((c) => c.action === action);
const step = (run: RunContext, action: string) => run.stepCalls.filter((c) => c.action === action);

describeModel(shopModel, {
  '*': (s, run) => {
    // only ADD_TO_CART with complete owners and stock puts anything into the cart
    if (run.event.type !== 'ADD_TO_CART') expect(step(run, 'addToCart')).toEqual([]);
  },
  'Loading list': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(run.invocations.at(-1)).toMatchObject({ src: 'loadList', input: { section: ctx(s).section } });
    expect(page(s)).toBeUndefined();
  },
  'List failed': (s) => {
    expect(s.can({ type: 'RETRY' })).toBe(true);
    // the list of this section was not loaded
    expect(ctx(s).listSection).not.toBe(ctx(s).section);
  },
  'List.All articles': (s, run) => {
    if (run.event.type === 'CART_CHANGED') expect(ctx(s).cartLines).toEqual((run.event as unknown as { lines: unknown[] }).lines);
    expect(page(s)).toBe('merchandise');
    expect(ctx(s)).toMatchObject({ section: 'merchandise', category: null, listSection: 'merchandise', articles: list.articles });
  },
  'List.One category': (s) => {
    expect(page(s)).toBe('mechandiseCategory');
    expect(ctx(s).section).toBe('merchandise');
    expect([BOOKS, 32]).toContain(ctx(s).category);
    expect(ctx(s).articles).toEqual(list.articles);
  },
  'List.Annual passes': (s, run) => {
    expect(page(s)).toBe('passes');
    // the passes list has the category filter too (§2 "as on the merchandise list", issue 22 item 10)
    expect(ctx(s)).toMatchObject({ section: 'passes', listSection: 'passes' });
    const asked = (run.event as { type: string; category?: number | null }).type === 'OPEN_LIST' ? ((run.event as { category?: number | null }).category ?? null) : undefined;
    if (asked !== undefined) expect(ctx(s).category).toBe(asked);
    expect([null, PASS_GROUP]).toContain(ctx(s).category);
  },
  'Loading article': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).article).toBeNull();
    expect(run.invocations.at(-1)).toMatchObject({ src: 'loadArticle', input: { id: ctx(s).articleId } });
  },
  'Article not found': (s, run) => {
    expect(page(s)).toBe('product');
    expect((run.event as { error?: { status?: number } }).error?.status).toBe(404);
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'Article failed': (s) => {
    expect(page(s)).toBe('product');
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Article.In stock.Choosing': (s, run) => {
    const c = ctx(s);
    expect(page(s)).toBe('product');
    expect(c.article).not.toBeNull();
    // within stock: the book has 5, passes at most 10 per line
    expect(c.quantity).toBeGreaterThanOrEqual(1);
    // what the cart holds already counts against the stock
    const left = c.article?.id === book.id ? 5 - c.inCart : 10;
    expect(c.quantity).toBeLessThanOrEqual(left);
    const typed = (run.event as { value?: unknown }).value;
    if (run.event.type === 'SET_QUANTITY' && c.article?.id === book.id) expect(c.quantity).toBe(typed === 99 ? left : typed === 'two' ? 1 : Number(typed));
    if (run.event.type === 'CART_CHANGED') {
      expect(c.inCart).toBe((run.event as unknown as { lines: { count: number }[] }).lines.reduce((n, l) => n + l.count, 0));
      // the chosen quantity stays as chosen while it fits what is left, else it is what is left (at least 1)
      expect(c.quantity).toBe(Math.max(1, Math.min(ctx(run.previous!).quantity, left)));
    }
    // a changed quantity takes the confirmation of an earlier add away
    if (run.event.type === 'SET_QUANTITY') expect(c.added).toBeNull();
    // one owner entry per pass (more kept when the quantity was lowered); none for merchandise
    if (c.article?.id === pass.id) expect(c.owners.length).toBeGreaterThanOrEqual(c.quantity);
    else expect(c.owners).toEqual([]);
  },
  'Article.Out of stock': (s, run) => {
    const c = ctx(s);
    // §5: stock ≤ 0 (the poster) or all of it in the cart (the book) sets the quantity to 0, and nothing is added
    if (c.article?.id === poster.id) {
      expect(calls(run, 'addToCart')).toEqual([]);
      expect(c.added).toBeNull();
    } else {
      expect(c.article?.id).toBe(book.id);
      expect(c.inCart).toBeGreaterThanOrEqual(5);
    }
    expect(c.quantity).toBe(0);
    expect(step(run, 'addToCart')).toEqual([]);
  },
  'Article.In stock.Owners missing': (s, run) => {
    const c = ctx(s);
    expect(c.article?.id).toBe(pass.id);
    // the refused ADD_TO_CART names what is missing; typing into an entry takes its errors away
    if (run.event.type === 'ADD_TO_CART') expect(Object.keys(c.ownerErrors).length).toBeGreaterThan(0);
    if (run.event.type === 'SET_OWNER') expect(c.ownerErrors[(run.event as unknown as { index: number }).index]).toBeUndefined();
    // only a refused add comes here (typing stays); a changed quantity goes back to choosing
    expect(['ADD_TO_CART', 'SET_OWNER']).toContain(run.event.type);
    for (const [index, errors] of Object.entries(c.ownerErrors)) {
      const owner = c.owners[Number(index)]!;
      if (owner.first === '') expect(errors.first).toBe('shop.owner.nameMissing');
      if (owner.last === '') expect(errors.last).toBe('shop.owner.nameMissing');
      if (owner.send_to_custom_addr && owner.address === '') expect(errors.address).toBe('shop.owner.addressMissing');
    }
    expect(step(run, 'addToCart')).toEqual([]);
  },
  'Article.In stock.Added': (s, run) => {
    const c = ctx(s);
    const added = step(run, 'addToCart');
    if (run.event.type === 'ADD_TO_CART') {
      expect(added).toHaveLength(1);
      const [line] = added[0]!.params as { type: string; id: number; count: number; totalPrice: number; owners?: { first: string; last: string; address: string; send_to_custom_addr: boolean }[] }[];
      expect(line).toMatchObject({ id: c.article?.id, count: c.quantity, totalPrice: (c.article?.price ?? 0) * c.quantity });
      if (c.article?.id === pass.id) {
        expect(line?.type).toBe('annualPass');
        // the cart line names exactly one owner per pass
        expect(line?.owners).toHaveLength(c.quantity);
        for (const o of line?.owners ?? []) expect(o.first && o.last).toBeTruthy();
      } else {
        expect(line?.type).toBe('merchandise');
      }
    }
    expect(c.added).toEqual({ name: c.article?.name, count: c.quantity });
  },
});
