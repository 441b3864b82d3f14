/**
 * The app shell chart replayed in Chromium: every walk of its path set (the model test's own paths
 * and scenarios) against the shared e2e server, its boot requests held until each path answers
 * them, each event a visitor's action or the server's answer and each state checked on the page
 * (tests/replay/bindings/app.ts).
 */
import { appModel } from '../machines/app.model.js';
import { appBinding } from './bindings/app.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(appModel, appBinding, await replayPlans(appModel));
