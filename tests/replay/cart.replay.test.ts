/**
 * The cart chart replayed in Chromium: every walk of its path set (the model test's own paths and
 * scenarios) against the shared e2e server, each event a visitor's action and each state checked
 * on the cart page (tests/replay/bindings/cart.ts).
 */
import { cartModel } from '../machines/cart.model.js';
import { cartBinding } from './bindings/cart.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(cartModel, cartBinding, await replayPlans(cartModel));
