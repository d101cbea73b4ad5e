import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe-core violations on `page` (or inside `include`, a CSS selector), one line each: rule,
 * impact and the elements. Every rule of axe's default set runs, as `new AxeBuilder({ page }).analyze()` does; two
 * settings only make it cheaper (a third of the time on the console's pages, the same violations):
 * - `axe.run` in the page (legacy mode) instead of a partial run per frame finished in a second, blank page: the
 *   console has no frames, and the blank page cost a page and a second copy of axe per check;
 * - `resultTypes: ['violations']`: axe describes every element of the passed and inapplicable results too (a CSS
 *   selector each), and those are not read here.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
