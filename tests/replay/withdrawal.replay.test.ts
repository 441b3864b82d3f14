/**
 * The withdrawal chart (issue 46) replayed in Chromium: every walk of its path set against the
 * shared e2e server, each state checked on the withdrawal page (tests/replay/bindings/withdrawal.ts).
 */
import { withdrawalModel } from '../machines/withdrawal.model.js';
import { withdrawalBinding } from './bindings/withdrawal.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(withdrawalModel, withdrawalBinding, await replayPlans(withdrawalModel));
