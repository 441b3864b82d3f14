/**
 * The shape of statecharts/coverage.md, written by `npm run paths` (./paths.ts) and read back by
 * the model test (tests/machines/describe-model.ts), which fails when the report does not list
 * the paths it runs or does not give the figure its gate measures.
 *
 * Framework-free, and independent of the machines: only the report's lines.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const reportFile = fileURLToPath(new URL('../../statecharts/coverage.md', import.meta.url));

/** Column headers of the report's table, in order. */
export const COLUMNS = ['machine', 'states', 'transitions', 'paths', 'model test', 'in the browser'] as const;

/** The table row of one machine. */
export function reportRow(cells: Record<(typeof COLUMNS)[number], string>): string {
  return `| ${COLUMNS.map((c) => cells[c].replace(/\|/g, '\\|')).join(' | ')} |`;
}

/** One entry of a machine's path list: the name the model test gives the path or scenario. */
export function pathLine(index: number, name: string): string {
  return `${index}. ${name}`;
}

/** The heading under which a machine's paths are listed. */
export const PATHS_HEADING = '### Paths the model test runs';

export interface ReportedMachine {
  /** the names of the listed paths, in order */
  paths: string[];
  /** the "model test" cell of the machine's row, e.g. `100 % (47/47)` */
  modelTest: string;
}

/** What statecharts/coverage.md says of one machine; null when it has no section for it. */
export function reportedPaths(machine: string, markdown = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : ''): ReportedMachine | null {
  const start = markdown.indexOf(`\n## ${machine}\n`);
  if (start < 0) return null;
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const list = section.slice(Math.max(0, section.indexOf(PATHS_HEADING)));
  const paths = [...list.matchAll(/^\d+\. (.*)$/gm)].map((m) => m[1]!);
  const row = markdown.split('\n').find((line) => line.startsWith(`| ${machine} |`));
  const cells = row ? row.slice(2, -2).split(' | ') : [];
  return { paths, modelTest: cells[COLUMNS.indexOf('model test')] ?? '' };
}
