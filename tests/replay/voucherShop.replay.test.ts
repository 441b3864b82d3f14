/**
 * The voucher shop chart replayed in Chromium: every walk of its path set (the model test's own
 * paths and scenarios) against the shared e2e server, each event a visitor's action and each
 * state checked on the page (tests/replay/bindings/voucherShop.ts).
 */
import { voucherShopModel } from '../machines/voucherShop.model.js';
import { voucherShopBinding } from './bindings/voucherShop.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(voucherShopModel, voucherShopBinding, await replayPlans(voucherShopModel));
