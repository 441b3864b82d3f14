/**
 * What the order review screen reads of the order review machine (machines/orderReview.machine.ts):
 * one view per state, typed by the machine's state names (a state added or renamed there does not
 * compile until it has a view here).
 */
import type { orderReviewMachine } from './orderReview.machine.js';
import { viewReader, type StatePath } from './state-paths.js';

export type OrderReviewView = 'loading' | 'available' | 'notAvailable' | 'failed';

export const ORDER_REVIEW_VIEWS = {
  'Loading order': 'loading',
  'Order available': 'available',
  'Order not available': 'notAvailable',
  'Order failed': 'failed',
} as const satisfies Record<StatePath<typeof orderReviewMachine>, OrderReviewView>;

/** The view of a snapshot; throws on a state without one. */
export const orderReviewViewOf = viewReader<OrderReviewView>('orderReview', ORDER_REVIEW_VIEWS);
