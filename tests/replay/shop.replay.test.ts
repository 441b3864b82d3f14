/**
 * The shop chart replayed in Chromium: every walk of its path set (the model test's own paths and
 * scenarios) against the shared e2e server, each event a visitor's action and each state checked
 * on the page (tests/replay/bindings/shop.ts).
 */
import { shopModel } from '../machines/shop.model.js';
import { shopBinding } from './bindings/shop.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(shopModel, shopBinding, await replayPlans(shopModel));
