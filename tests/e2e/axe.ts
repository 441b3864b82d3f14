/**
 * axe-core over the page as the visitor sees it now, with the WCAG 2.0/2.1/2.2 A and AA rules.
 * Returns the violations as readable lines (rule, impact, the first nodes' selectors), so a failing
 * expectation says what to fix: `expect(await axeViolations(page)).toEqual([])`.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  return result.violations.map((violation) => {
    const nodes = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
    return `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${nodes}`;
  });
}

/**
 * The same check, quicker for many screens (tests/e2e/axe-journeys.test.ts): axe-core is put into
 * every page of the context once (an init script) and asked for violations only, the same rules.
 */
export async function installAxe(context: BrowserContext): Promise<void> {
  const require = createRequire(import.meta.url);
  await context.addInitScript({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
}

export async function installedAxeViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, WCAG_AA_TAGS);
  return violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.join(' | ')}`);
}
