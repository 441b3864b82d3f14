/**
 * The order review chart replayed in Chromium: every walk of its path set against the shared e2e
 * server, each state checked on the order review page (tests/replay/bindings/orderReview.ts).
 */
import { orderReviewModel } from '../machines/orderReview.model.js';
import { orderReviewBinding } from './bindings/orderReview.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(orderReviewModel, orderReviewBinding, await replayPlans(orderReviewModel));
