/**
 * The model-based helper itself, on a fixture machine with invokes, delays, guards, an
 * eventless choice, nested, final and parallel states. Besides walking the fixture, these tests
 * show that the helper can fail: a transition no path takes is named, a real actor that
 * disagrees with an assertion fails its path, and a service result for a service that is not
 * running is refused.
 */
import { describe, expect, it } from 'vitest';
import { describeModel } from './describe-model.js';
import {
  coverageMessage,
  coverageOf,
  describePath,
  measure,
  modelWalks,
  runPath,
  simplePaths,
  shortestStatePaths,
  transitionPaths,
  defineModel,
} from './model.js';
import { bookingModel } from './fixtures/booking.model.js';
import { plainPath, plainText } from '../charts/steps.js';
import { reportedPaths } from '../charts/report.js';

describeModel(bookingModel, {
  'Flow.Choosing date': (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.can({ type: 'SELECT_DATE', date: '2025-06-03' })).toBe(true);
  },
  'Flow.Museum closed': (s, run) => {
    expect(run.event).toMatchObject({ type: 'SELECT_DATE', date: '2025-06-02' });
    expect(s.hasTag('loading')).toBe(false);
  },
  'Flow.Loading slots': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(run.invocations.at(-1)).toMatchObject({ src: 'loadSlots', input: { date: '2025-06-03' } });
  },
  'Flow.Sold out': (s) => expect(s.context.slots).toEqual([]),
  'Flow.Slots failed': (s) => expect(s.can({ type: 'RETRY' })).toBe(true),
  'Flow.Choosing time': (s) => expect(s.context.slots).toEqual(['10:00', '11:00']),
  'Flow.Reserving.Holding': (s, run) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(run.invocations.at(-1)).toMatchObject({ id: 'reservation', input: { date: '2025-06-03', time: '10:00' } });
  },
  'Flow.Reservation failed': (s, run) => {
    // either the hold timed out (10 s of simulated time) or the retry failed again
    const timedOut = run.event.type.startsWith('xstate.after.');
    if (timedOut) expect(run.now).toBeGreaterThanOrEqual(10_000);
    else expect(s.context.attempts).toBe(1);
  },
  'Flow.Confirmed': (s, run) => {
    expect(s.status).toBe('active'); // the help region keeps the machine running
    expect(run.actionCalls.map((c) => c.action)).toEqual(['navigateToConfirmation']);
  },
  'Help.Hidden': (s) => expect(s.matches({ Help: 'Shown' })).toBe(false),
  'Help.Shown': (s) => expect(s.matches({ Help: 'Shown' })).toBe(true),
});

describe('model helper', () => {
  it('names every transition no path took', async () => {
    // Without service failures and without the Monday the model cannot reach those branches.
    const partial = defineModel({
      ...bookingModel,
      events: {
        SELECT_DATE: { date: '2025-06-03' },
        'done:loadSlots': { output: ['10:00'] },
        SELECT_TIME: { time: '10:00' },
        'done:reservation': { output: { ok: true } },
      },
      filterEvents: (_s, e) => !e.type.startsWith('xstate.error.'),
    });
    const paths = transitionPaths(partial);
    const taken = new Set<string>();
    for (const p of paths) for (const k of (await runPath(partial, p)).taken) taken.add(k);
    const coverage = coverageOf(partial, taken, paths.length);
    const names = coverage.missing.map((e) => e.name);
    expect(names).toContain('Flow › Choosing date --SELECT_DATE--> Flow › Museum closed');
    expect(names).toContain('Flow › Loading slots --error:loadSlots--> Flow › Slots failed');
    expect(names).toContain('Flow › Checking slots --always--> Flow › Sold out');
    expect(names).toContain(
      'Flow › Reserving › Holding --error:reservation[canRetry]--> Flow › Reserving › Holding',
    );
    expect(names).not.toContain('Flow › Choosing date --SELECT_DATE[isOpeningDay]--> Flow › Loading slots');
    expect(coverageMessage(coverage)).toMatch(/^booking: \d+\/\d+ transitions covered/);
  });

  it('fails a path when the real actor does not look like the assertion says', async () => {
    const path = transitionPaths(bookingModel).find((p) => p.steps.some((s) => s.state.matches({ Flow: 'Sold out' })));
    expect(path).toBeDefined();
    await expect(
      runPath(bookingModel, path!, { 'Flow.Sold out': (s) => expect(s.context.slots).toEqual(['10:00']) }),
    ).rejects.toThrow(/Sold out/);
  });

  it('refuses a service result when the service is not running', async () => {
    const [first] = transitionPaths(bookingModel);
    const bogus = {
      ...first!,
      steps: [first!.steps[0]!, { state: first!.steps[0]!.state, event: { type: 'xstate.done.actor.reservation', output: {} } }],
    };
    await expect(runPath(bookingModel, bogus)).rejects.toThrow(/service "reservation" is not running/);
  });

  it('describes paths in plain words and counts simple paths', () => {
    const words = transitionPaths(bookingModel).map((p) => describePath(bookingModel, p));
    for (const w of words) expect(w.startsWith('Choosing date + Hidden → ')).toBe(true);
    expect(words.join('\n')).toContain('SELECT_DATE {"date":"2025-06-02"} → Museum closed + Shown → after 1500ms → Choosing date + Shown');
    // by state value only, the booking flow has a countable number of simple paths
    const byValue = defineModel({ ...bookingModel, stateKey: (s) => s.value });
    const simple = simplePaths(byValue, 100_000);
    expect(simple.truncated).toBe(false);
    expect(simple.paths.length).toBeGreaterThan(shortestStatePaths(byValue).length);
    expect(simplePaths(bookingModel, 10)).toMatchObject({ truncated: true });
    expect(simplePaths(bookingModel, 10).paths).toHaveLength(10);
  });

  it('runs one path set: the generated paths, then the scenarios, named as the test names them', async () => {
    const withScenario = defineModel({
      ...bookingModel,
      scenarios: [{ name: 'a Monday, then the next day', events: [{ type: 'SELECT_DATE', date: '2025-06-02' }, { type: 'wait:1500' }, { type: 'SELECT_DATE', date: '2025-06-03' }] }],
    });
    const walks = modelWalks(withScenario);
    const paths = transitionPaths(withScenario);
    expect(walks.map((w) => w.name)).toEqual([
      ...paths.map((p, i) => `path ${i + 1}/${paths.length}: ${describePath(withScenario, p)}`),
      'scenario: a Monday, then the next day',
    ]);
    const { coverage, runs } = await measure(withScenario);
    expect([coverage.paths, coverage.scenarios]).toEqual([paths.length, 1]);
    expect(coverage.covered).toBe(coverage.transitions);
    // the scenario's steps as it ran, in plain words: the model's words where it has them, else the event
    const words = defineModel({ ...withScenario, eventDescriptions: { 'SELECT_DATE [isOpeningDay]': (e) => `Choose ${String(e.date)}, a day the museum opens` } });
    const scenario = plainPath(words, walks.at(-1)!, runs.at(-1)!, walks.length);
    expect(scenario.steps.map((st) => `${st.words} → ${st.to}`)).toEqual([
      'SELECT_DATE {"date":"2025-06-02"} → Museum closed',
      'Let 1.5 s pass → Choosing date',
      'Choose 2025-06-03, a day the museum opens → Loading slots',
    ]);
    expect(scenario.steps[2]).toMatchObject({ n: 3, event: 'SELECT_DATE', transition: 'SELECT_DATE [isOpeningDay]', payload: { date: '2025-06-03' } });
    expect(plainText(scenario, walks.length)).toBe(
      [
        `Path ${walks.length} of ${walks.length} (scenario: a Monday, then the next day)`,
        '   Start: Choosing date + Hidden',
        '  1. SELECT_DATE {"date":"2025-06-02"} → Museum closed',
        '  2. Let 1.5 s pass → Choosing date',
        '  3. Choose 2025-06-03, a day the museum opens → Loading slots',
      ].join('\n'),
    );
  });

  it('reads back what statecharts/coverage.md lists for a machine', () => {
    const md = [
      '| machine | states | transitions | paths | model test | in the browser |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      '| cart | 13 | 34 | 2 (1 generated, 1 scenario) | 97 % (33/34) | — |',
      '',
      '## cart',
      '',
      '### Paths the model test runs',
      '',
      '1. path 1/1: Ready → ADD → Ready',
      '2. scenario: two codes',
      '    Ready → ADD → Ready',
      '',
      '## checkout',
      '',
      '1. path 1/1: Editing → PAY → Cart is empty',
    ].join('\n');
    expect(reportedPaths('cart', md)).toEqual({ paths: ['path 1/1: Ready → ADD → Ready', 'scenario: two codes'], modelTest: '97 % (33/34)' });
    expect(reportedPaths('booking', md)).toBeNull();
  });
});
