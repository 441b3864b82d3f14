/**
 * Stryker reporter for `npm run mutation`: appends each tested mutant to
 * reports/mutation/<machine>.partial.jsonl as it is tested, so that a run stopped halfway still
 * shows what it found (the full reports are written only at the end).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

class PartialReporter {
  constructor() {
    this.file = `reports/mutation/${process.env.MUTATION_REPORT ?? 'machine'}.partial.jsonl`;
    writeFileSync(this.file, '');
  }
  onMutantTested(result) {
    const { id, status, mutatorName, replacement, location, fileName } = result;
    appendFileSync(this.file, `${JSON.stringify({ id, status, mutatorName, replacement, location, fileName })}\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'partial', PartialReporter)];
