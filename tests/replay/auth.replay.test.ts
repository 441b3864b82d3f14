/**
 * The login and recovery chart replayed in Chromium: every walk of its path set (the model test's
 * own paths and scenarios) against a server of its own with guest registration on, each event a
 * visitor's action and each state checked on the page (tests/replay/bindings/auth.ts).
 */
import { authModel } from '../machines/auth.model.js';
import { authBinding } from './bindings/auth.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(authModel, authBinding, await replayPlans(authModel));
