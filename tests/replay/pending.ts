/**
 * Scenarios of the model tests that the browser replays do not play yet, each with its reason.
 * They were added to the model tests for mutants nobody chose (Stryker, issue 24, branch
 * stryker-small) after the replay bindings were written; their transitions are all taken by
 * other paths in the browser, so the browser figures do not change, but each is a path a tester
 * cannot yet run against the real shop. The report lists them as stopped at the start with this
 * reason (tests/replay/results, statecharts/coverage.md). Binding one means removing it here.
 */
const BINDING_PENDING = 'not replayed in the browser yet: a model scenario added for Stryker whose events the binding does not play yet';

export const PENDING_SCENARIOS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  auth: {
    'scenario: a server that requires a password: registration refuses it unrepeated, the guest form asks for none; the default country is preselected': `${BINDING_PENDING} (a back end that requires a password)`,
    'scenario: registration refused by the server without field errors: its message, else the unexpected error; a default country the server does not offer is not preselected': `${BINDING_PENDING} (a 422 without field errors)`,
    'scenario: a link leaves each form without the errors of the refused form it came from (guest registration on); a second recovery link is checked with its own token': `${BINDING_PENDING} (a second recovery link)`,
  },
};
