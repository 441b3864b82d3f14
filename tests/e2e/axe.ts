/**
 * axe-core over the page as the visitor sees it now, with the WCAG 2.0/2.1/2.2 A and AA rules.
 * Returns the violations as readable lines (rule, impact, the first nodes' selectors), so a failing
 * expectation says what to fix: `expect(await axeViolations(page)).toEqual([])`.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  return result.violations.map((violation) => {
    const nodes = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
    return `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${nodes}`;
  });
}
