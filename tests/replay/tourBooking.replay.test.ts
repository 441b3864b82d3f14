/**
 * The tour booking chart replayed in Chromium: every walk of its path set (the model test's own
 * paths and scenarios) against the shared e2e server, each event a visitor's action and each
 * state checked on the page (tests/replay/bindings/tourBooking.ts).
 */
import { tourBookingModel } from '../machines/tourBooking.model.js';
import { tourBookingBinding } from './bindings/tourBooking.js';
import { describeReplay } from './describe-replay.js';
import { replayPlans } from './plan.js';

describeReplay(tourBookingModel, tourBookingBinding, await replayPlans(tourBookingModel));
