import type { Locator, Page } from '@playwright/test';
import { seriousAxeViolations } from './axe';
import { expect } from './fixtures';

/** Checks the specs make of what a page shows: a dialog or drawer open, no sideways scroll, no serious axe fault. */

/**
 * What shows of an antd dialog or drawer: its test id is on the portal's root, which has no box of its own (so it
 * never counts as visible); its content does.
 */
export const shown = (root: Locator) => root.locator('.ant-modal-container, .ant-drawer-section').first();

/** The page's width is the viewport's: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'document width' })
    .toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/**
 * No serious axe fault on what the page shows with data in it (the page sweep sees these pages empty): the page, or
 * the open dialog or drawer.
 */
export async function expectAccessible(page: Page, include?: string) {
  // Not in the hover state of what was clicked last (a hovered link is lighter: the theme's hover colour).
  await page.mouse.move(0, 0);
  expect.soft(await seriousAxeViolations(page, include), 'serious or critical axe violations').toEqual([]);
}
