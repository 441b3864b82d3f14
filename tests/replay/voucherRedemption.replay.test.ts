/**
 * The voucher redemption chart replayed in Chromium: every walk of its path set (the model test's
 * own paths and scenario) against the shared e2e server, each event a visitor's action and each
 * state checked on the cart's code entry (tests/replay/bindings/voucherRedemption.ts).
 */
import { voucherRedemptionModel } from '../machines/voucherRedemption.model.js';
import { voucherRedemptionBinding } from './bindings/voucherRedemption.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(voucherRedemptionModel, voucherRedemptionBinding, await replayPlans(voucherRedemptionModel));
