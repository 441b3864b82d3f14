/**
 * The checkout chart replayed in Chromium: every walk of its path set (the model test's own paths
 * and scenarios) against the shared e2e server and its simulated payment provider, each event a
 * visitor's action and each state checked on the page (tests/replay/bindings/checkout.ts).
 */
import { checkoutModel } from '../machines/checkout.model.js';
import { checkoutBinding } from './bindings/checkout.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(checkoutModel, checkoutBinding, await replayPlans(checkoutModel));
