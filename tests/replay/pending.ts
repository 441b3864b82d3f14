/**
 * Scenarios of the model tests that the browser replays do not play yet, each with its reason.
 * They were added to the model tests for mutants nobody chose (Stryker, issue 24, branch
 * stryker-small) after the replay bindings were written; their transitions are all taken by
 * other paths in the browser, so the browser figures do not change, but each is a path a tester
 * cannot yet run against the real shop. The report lists them as stopped at the start with this
 * reason (tests/replay/results, statecharts/coverage.md). Binding one means removing it here.
 */
export const BINDING_PENDING = 'not replayed in the browser yet: a model scenario added for Stryker whose events the binding does not play yet';

export const PENDING_SCENARIOS: Readonly<Record<string, Readonly<Record<string, string>>>> = {};
