/**
 * The event ticketing chart replayed in Chromium: every walk of its path set (the model test's
 * own paths and scenarios) against the shared e2e server, each event a visitor's action and each
 * state checked on the page (tests/replay/bindings/eventTicketing.ts).
 */
import { eventTicketingModel } from '../machines/eventTicketing.model.js';
import { eventTicketingBinding } from './bindings/eventTicketing.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(eventTicketingModel, eventTicketingBinding, await replayPlans(eventTicketingModel));
