import { expect, test } from '../support/fixtures';
import { accountFor, openRoute } from '../support/open-route';
import { type Lang, localized } from '../support/pages';
import { routeFiles } from '../support/routes';

/**
 * On a phone (390×844) no page of today scrolls sideways, in either language, and the head keeps its bell and user
 * menu on screen; the side menu is a drawer that the toggle opens.
 */
test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ['zh-cn', 'en'] as const satisfies Lang[]) {
  test.describe(`390 px (${lang})`, () => {
    for (const route of routeFiles()) {
      test.describe(route.file, () => {
        const who = accountFor(route);
        if (who === 'operator') test.use({ storageState: ({ operatorState }, use) => use(operatorState) });
        if (who === 'owner') test.use({ storageState: ({ ownerState }, use) => use(ownerState) });

        test(localized(route.url, lang), async ({ page }) => {
          await openRoute(page, route, lang);
          // Polled: a dialog's opening animation is wider for a moment; a page that stays wider fails.
          await expect
            .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
              message: 'document width at 390 px',
            })
            .toBeLessThanOrEqual(390);
          if (who === 'none') return;
          for (const id of ['unread-badge', 'user-menu', 'menu-toggle']) {
            const box = await page.getByTestId(id).boundingBox();
            expect(box, id).not.toBeNull();
            expect((box?.x ?? 0) + (box?.width ?? 0), `${id} on screen`).toBeLessThanOrEqual(390);
          }
          // A dialog route's dialog covers its page (the toggle cannot be clicked): the drawer is checked on pages.
          if ((await page.getByRole('dialog').count()) > 0) return;
          await expect(page.getByTestId('side-menu')).toBeHidden();
          await page.getByTestId('menu-toggle').click();
          await expect(page.getByTestId('side-menu')).toBeVisible();
        });
      });
    }
  });
}
