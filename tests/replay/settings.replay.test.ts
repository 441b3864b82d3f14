/**
 * The account settings chart replayed in Chromium: every walk of its path set (the model test's
 * own paths and scenarios) against the shared e2e server, each event a visitor's action and each
 * state checked on the page (tests/replay/bindings/settings.ts).
 */
import { settingsModel } from '../machines/settings.model.js';
import { settingsBinding } from './bindings/settings.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(settingsModel, settingsBinding, await replayPlans(settingsModel));
