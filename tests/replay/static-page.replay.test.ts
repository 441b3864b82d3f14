/**
 * The static page chart replayed in Chromium: every walk of its path set against the shared e2e
 * server, each state checked on the page (tests/replay/bindings/static-page.ts).
 */
import { staticPageModel } from '../machines/static-page.model.js';
import { staticPageBinding } from './bindings/static-page.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(staticPageModel, staticPageBinding, await replayPlans(staticPageModel));
