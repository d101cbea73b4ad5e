import { expect, type Page } from '@playwright/test';
import { type Lang, localized } from './pages';
import type { RouteFile } from './routes';

/** What a route's layout draws once the page is there. */
export function landmark(page: Page, route: RouteFile) {
  if (route.layout === '_index') return page.getByTestId('auth-card');
  if (route.layout === '_back') return page.getByTestId('back-layout');
  if (route.layout === '_default') return page.getByTestId('content');
  return page.locator('#root > *').first();
}

/**
 * Opens a route in a language and waits until it has drawn what it loads: the layout, no menu or page skeleton,
 * no spinning loader and no faded (loading) table left.
 */
export async function openRoute(page: Page, route: RouteFile, lang: Lang): Promise<void> {
  const url = localized(route.url, lang);
  const response = await page.goto(url);
  expect(response?.status(), `HTTP status of ${url}`).toBe(200);
  await expect(landmark(page, route)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('side-menu-loading')).toHaveCount(0);
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await expect(page.locator('.ant-table-wrapper .ant-spin-blur')).toHaveCount(0);
}

/** The storage state a route is visited with: signed out, the operator, or the demo owner. */
export function accountFor(route: RouteFile): 'none' | 'operator' | 'owner' {
  if (route.layout === '_back') return 'operator';
  if (route.layout === '_index') return 'none';
  return 'owner';
}
