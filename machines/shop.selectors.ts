/**
 * What the shop screens read of the shop machine (machines/shop.machine.ts): one view per state,
 * typed by the machine's state paths (a state added or renamed there does not compile until it
 * has a view here, and shopViewOf throws on a state it does not know).
 */
import type { StateValue } from 'xstate';
import type { shopMachine } from './shop.machine.js';
import { viewReader, type StatePath } from './state-paths.js';

export type ListStage = 'loading' | 'failed' | 'shown';
export type ArticleStage = 'loading' | 'notFound' | 'failed' | 'choosing' | 'outOfStock' | 'ownersMissing' | 'added';

/** Where the list or the article page stands (null: the machine is at the other one). */
export interface ShopView {
  readonly list: ListStage | null;
  readonly article: ArticleStage | null;
}

const list = (stage: ListStage): ShopView => ({ list: stage, article: null });
const article = (stage: ArticleStage): ShopView => ({ list: null, article: stage });

/** Every state's view (one object each, so a selector returns the same value while the view stays). */
export const SHOP_VIEWS = {
  // Starting and the checks pass on at once (eventless): never shown
  Starting: list('loading'),
  'Checking the list': list('loading'),
  'Loading list': list('loading'),
  'List failed': list('failed'),
  'List.Choosing the view': list('shown'),
  'List.All articles': list('shown'),
  'List.One category': list('shown'),
  'List.Annual passes': list('shown'),
  'Loading article': article('loading'),
  'Article not found': article('notFound'),
  'Article failed': article('failed'),
  'Article.Checking stock': article('choosing'),
  'Article.In stock.Choosing': article('choosing'),
  'Article.Out of stock': article('outOfStock'),
  'Article.In stock.Owners missing': article('ownersMissing'),
  'Article.In stock.Added': article('added'),
} as const satisfies Record<StatePath<typeof shopMachine>, ShopView>;

/** The view of a snapshot; throws on a state without one. */
export const shopViewOf = viewReader<ShopView>('shop', SHOP_VIEWS);
/** Where the article page stands; null while the machine is at a list. */
export const articleStageOf = (snapshot: { value: StateValue }): ArticleStage | null => shopViewOf(snapshot).article;
/** Where the list stands; null while the machine is at an article. */
export const listStageOf = (snapshot: { value: StateValue }): ListStage | null => shopViewOf(snapshot).list;
