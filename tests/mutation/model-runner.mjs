/**
 * Stryker test runner for `npm run mutation`: Stryker's vitest runner, with two blind spots of
 * it closed so that a mutant counts as killed exactly when `vitest run` of the model test fails.
 *
 * 1. A mutant that makes the model test file fail to load or to collect its tests (the machine
 *    throws while it is set up, the path set cannot be built) leaves vitest with no test at all:
 *    the vitest runner sees no failed test and reports "survived". Here a file that failed is a
 *    failure.
 * 2. Stryker runs only the tests that covered a mutant, picked by name. The model tests are named
 *    after the machine's paths (state and event names), so a mutant that renames a state or
 *    changes a path leaves the picked names unmatched and nothing runs. And the checks that look
 *    at all walks together (the reviewed record of every step, transition coverage, every state
 *    asserted, both answers of every guard) cover no mutant, so they are never picked: a mutant
 *    of code that runs only on some steps (an action's body) was judged by those walks' own
 *    assertions alone, and one that the reviewed record catches (the context of a step changes)
 *    was reported "survived" although `vitest run` of the model test fails. Here, whenever a run
 *    picked by name kills nothing, the whole model test runs again, unfiltered, and its result
 *    counts (only the mutants that would survive pay for it).
 */
import { PluginKind, commonTokens, declareFactoryPlugin } from '@stryker-mutator/api/plugin';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const vitestFactory = vitestPlugins.find((p) => p.kind === PluginKind.TestRunner && p.name === 'vitest').factory;

class ModelTestRunner {
  /** @param {any} inner Stryker's VitestTestRunner */
  constructor(inner) {
    this.inner = inner;
  }
  capabilities() {
    return this.inner.capabilities();
  }
  init() {
    return this.inner.init();
  }
  dryRun(options) {
    return this.inner.dryRun(options);
  }
  dispose() {
    return this.inner.dispose();
  }
  /** Files of the last run that failed outside any test (load or collection errors). */
  failedFiles() {
    return this.inner.ctx.state
      .getFiles()
      .filter((file) => file.result?.state === 'fail' && (file.result.errors?.length ?? 0) > 0)
      .map((file) => ({ name: file.name, message: String(file.result.errors[0]?.message ?? 'failed') }));
  }
  async judge(result) {
    if (result.status !== 'survived') return result;
    const failed = this.failedFiles();
    if (failed.length === 0) return result;
    return {
      status: 'killed',
      failureMessage: `${failed[0].name} failed outside a test: ${failed[0].message}`,
      killedBy: [],
      nrOfTests: result.nrOfTests,
    };
  }
  async mutantRun(options) {
    const first = await this.judge(await this.inner.mutantRun(options));
    const picked = options.testFilter?.length ?? 0;
    if (first.status === 'survived' && picked > 0) {
      return this.judge(await this.inner.mutantRun({ ...options, testFilter: undefined }));
    }
    return first;
  }
}

function createModelTestRunner(injector) {
  return new ModelTestRunner(injector.injectFunction(vitestFactory));
}
createModelTestRunner.inject = [commonTokens.injector];

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'vitest-model', createModelTestRunner)];
