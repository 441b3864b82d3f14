/**
 * The "My orders" chart replayed in Chromium: every walk of its path set against the shared e2e
 * server, each state checked on the list or the order page (tests/replay/bindings/orders.ts).
 */
import { ordersModel } from '../machines/orders.model.js';
import { ordersBinding } from './bindings/orders.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(ordersModel, ordersBinding, await replayPlans(ordersModel));
