/** One axe pass over the page, for the accessibility specs. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Each violation axe finds on the page, as "rule: help (up to three of its targets)"; empty when none. */
export async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}
