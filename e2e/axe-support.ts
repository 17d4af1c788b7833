/** One axe pass over the page, for the accessibility specs. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Each violation axe finds on the page (or only within `include`, a selector), as "rule: help (up to
 * three of its targets)"; empty when none.
 */
export async function axe(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}
