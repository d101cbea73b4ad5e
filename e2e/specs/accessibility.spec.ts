import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { accountFor, openRoute } from '../support/open-route';
import { type Lang, localized } from '../support/pages';
import { routeFiles } from '../support/routes';

/**
 * axe-core on every page of today (every route file), in both languages, as the user who may open it: no serious
 * or critical violation (WCAG 2 A/AA rules and axe's best practices), e.g. `color-contrast` or
 * `label-content-name-mismatch`.
 */
for (const lang of ['zh-cn', 'en'] as const satisfies Lang[]) {
  test.describe(`axe (${lang})`, () => {
    for (const route of routeFiles()) {
      test.describe(route.file, () => {
        const who = accountFor(route);
        if (who === 'operator') test.use({ storageState: ({ operatorState }, use) => use(operatorState) });
        if (who === 'owner') test.use({ storageState: ({ ownerState }, use) => use(ownerState) });

        test(localized(route.url, lang), async ({ page }) => {
          await openRoute(page, route, lang);
          const result = await new AxeBuilder({ page }).analyze();
          const serious = result.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          expect(serious, 'serious or critical axe violations').toEqual([]);
        });
      });
    }
  });
}
