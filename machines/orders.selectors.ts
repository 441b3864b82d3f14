/**
 * What the "My orders" screens (src/app/screens/orders) read of the orders machine
 * (machines/orders.machine.ts): one view per state, typed by the machine's state paths (a state
 * added or renamed there does not compile until it has a view here, and ordersViewOf throws on a
 * state it does not know).
 */
import type { StateValue } from 'xstate';
import type { ordersMachine } from './orders.machine.js';
import { viewReader, type StatePath } from './state-paths.js';

export type OrderListStage = 'loading' | 'shown' | 'none' | 'failed';
export type OrderPageStage = 'loading' | 'shown' | 'notFound' | 'failed';
/** Where "send the confirmation again" stands on a shown order. */
export type ResendStage = 'idle' | 'sending' | 'sent' | 'tooSoon' | 'noAddress' | 'failed';

/** Where the list or the order page stands (null: the machine is at the other one, or leaving for the login). */
export interface OrdersView {
  readonly list: OrderListStage | null;
  readonly order: OrderPageStage | null;
  readonly resend: ResendStage | null;
}

const list = (stage: OrderListStage): OrdersView => ({ list: stage, order: null, resend: null });
const order = (stage: OrderPageStage, resend: ResendStage | null = null): OrdersView => ({ list: null, order: stage, resend });

/** Every state's view (one object each, so a selector returns the same value while the view stays). */
export const ORDERS_VIEWS = {
  // Starting and Checking list pass on at once (eventless): never shown
  Starting: list('loading'),
  'Order list.Checking list': list('loading'),
  'Order list.Loading orders': list('loading'),
  'Order list.Showing orders': list('shown'),
  'Order list.No orders yet': list('none'),
  'Order list.Orders failed': list('failed'),
  'Order page.Loading order': order('loading'),
  'Order page.Order not found': order('notFound'),
  'Order page.Order failed': order('failed'),
  'Order page.Showing order.Not sent again': order('shown', 'idle'),
  'Order page.Showing order.Sending confirmation': order('shown', 'sending'),
  'Order page.Showing order.Confirmation sent': order('shown', 'sent'),
  'Order page.Showing order.Too soon to send again': order('shown', 'tooSoon'),
  'Order page.Showing order.No address to send to': order('shown', 'noAddress'),
  'Order page.Showing order.Sending failed': order('shown', 'failed'),
  // the shell takes the visitor to login; until the page changes it says it is loading
  'Login needed': { list: 'loading', order: 'loading', resend: null },
} as const satisfies Record<StatePath<typeof ordersMachine>, OrdersView>;

/** The view of a snapshot; throws on a state without one. */
export const ordersViewOf = viewReader<OrdersView>('orders', ORDERS_VIEWS);
/** Where the list stands; null while the machine is at an order. */
export const orderListStageOf = (snapshot: { value: StateValue }): OrderListStage | null => ordersViewOf(snapshot).list;
/** Where the order page stands; null while the machine is at the list. */
export const orderPageStageOf = (snapshot: { value: StateValue }): OrderPageStage | null => ordersViewOf(snapshot).order;
/** Where "send the confirmation again" stands; null while no order is shown. */
export const resendStageOf = (snapshot: { value: StateValue }): ResendStage | null => ordersViewOf(snapshot).resend;
