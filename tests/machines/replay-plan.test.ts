/**
 * The plans the browser replays follow (tests/replay/plan.ts) are the model test's walks, step by
 * step, and take every transition the model test takes; a missing binding is named; a transition
 * no replay takes gets the reason of the step that stopped short of it.
 */
import { describe, expect, it } from 'vitest';
import { machineEdges } from '../../src/tools/machine-graph.js';
import { modelWalks } from './model.js';
import { eventTicketingModel } from './eventTicketing.model.js';
import { eventKeys, replayPlans, stateKeys, unbound } from '../replay/plan.js';
import { reasonsNotTaken } from '../replay/results.js';

describe('browser replay plans', async () => {
  const plans = await replayPlans(eventTicketingModel);

  it('are the walks of the model test, in its order and by its names', () => {
    expect(plans.map((p) => p.name)).toEqual(modelWalks(eventTicketingModel).map((w) => w.name));
    expect(plans.map((p) => p.number)).toEqual(plans.map((_, i) => i + 1));
  });

  it('take, start and steps together, every transition of the chart', () => {
    const edges = machineEdges(eventTicketingModel.machine).map((e) => e.name);
    const taken = new Set(plans.flatMap((p) => [...p.start.transitions, ...p.steps.flatMap((s) => s.transitions)]));
    expect(edges.filter((e) => !taken.has(e))).toEqual([]);
    expect([...taken].filter((t) => !edges.includes(t))).toEqual([]);
  });

  it('give each step its event, its transition label, its words and the leaves it rests in', () => {
    const sold = plans.flatMap((p) => p.steps).find((s) => s.label === 'SELECT_DATE [isDaySoldOut]');
    expect(sold).toMatchObject({ name: 'SELECT_DATE', words: 'Choose the sold-out day 13 June 2026', to: 'Day sold out' });
    // the walk tries the sold-out day while the next month loads (issue 45: the month shown keeps its days meanwhile)
    expect(sold?.leaves).toEqual(['Ticket page.Booking.Calendar.Loading month', 'Ticket page.Booking.Selection.Day sold out']);
    expect(eventKeys(sold!)).toEqual(['SELECT_DATE [isDaySoldOut]', 'SELECT_DATE']);
    expect(stateKeys('Ticket page.Booking.Calendar.Shown')).toEqual(['Ticket page', 'Ticket page.Booking', 'Ticket page.Booking.Calendar', 'Ticket page.Booking.Calendar.Shown']);
  });

  it('name every event and state a binding lacks, with the first path and step that need it', () => {
    const events = Object.fromEntries(plans.flatMap((p) => p.steps).flatMap((s) => eventKeys(s)).map((k) => [k, true]));
    const states = { 'Event list': true, 'Ticket page': true };
    expect(unbound(plans, { events, states })).toEqual([]);
    const { 'BUY_MORE': _buyMore, ...withoutBuyMore } = events;
    void _buyMore;
    expect(unbound(plans, { events: withoutBuyMore, states })).toEqual([expect.stringMatching(/^event "BUY_MORE" \(first in path \d+, step 9\)$/)]);
    const missing = unbound(plans, { events, states: { 'Event list': true } });
    expect(missing[0]).toBe('state "Ticket page.Loading lifetime" (first in path 1)');
    expect(missing.every((m) => m.startsWith('state "Ticket page.'))).toBe(true);
  });

  it('say why a transition is not taken: the step that would take it, else the stop before it', () => {
    const stops = [{ plan: 'path 3', step: 2, reason: 'the radio is disabled', transitions: ['A --X--> B'], later: ['B --Y--> C'] }];
    expect(reasonsNotTaken(['A --X--> B', 'B --Y--> C', 'C --Z--> D', 'D --W--> E'], new Set(['D --W--> E']), stops)).toEqual([
      { transition: 'A --X--> B', reason: 'the radio is disabled' },
      { transition: 'B --Y--> C', reason: 'path 3 stops before it, at step 2: the radio is disabled' },
      { transition: 'C --Z--> D', reason: 'no replayed path takes it' },
    ]);
  });
});
