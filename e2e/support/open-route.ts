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
 * Opens a route in a language and waits until it has drawn what it loads (`waitUntilDrawn`). `inApp`: when the page
 * already shows the console in that language, the route is opened as a click on a link would open it (the router
 * follows a history entry; no page load), after a request for the URL itself has answered HTTP 200; otherwise, and
 * by default, the URL is loaded.
 */
export async function openRoute(page: Page, route: RouteFile, lang: Lang, options: { inApp?: boolean } = {}) {
  const url = localized(route.url, lang);
  if (options.inApp && (await showsConsoleIn(page, lang))) {
    const response = await page.request.get(url);
    expect(response.status(), `HTTP status of ${url}`).toBe(200);
    await page.evaluate((target) => {
      const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
      const key = Math.random().toString(36).slice(2);
      history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', target);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, url);
  } else {
    const response = await page.goto(url);
    expect(response?.status(), `HTTP status of ${url}`).toBe(200);
  }
  // The router has loaded this URL (apps/web/src/shared/runtime/route-marker.ts), not still the last one.
  const path = new URL(url, 'http://x').pathname.replace(/(.)\/$/, '$1');
  await expect(page.locator(`html[data-route="${path}"], html[data-route="${path}/"]`)).toHaveCount(1);
  await expect(landmark(page, route)).toBeVisible();
  await waitUntilDrawn(page);
}

/** Whether the page shows a document of the console (loaded over HTTP, its root drawn) in `lang`. */
async function showsConsoleIn(page: Page, lang: Lang): Promise<boolean> {
  if (!page.url().startsWith('http')) return false;
  return page
    .evaluate(
      (wanted) => document.documentElement.lang === wanted && document.querySelector('#root > *') !== null,
      lang === 'en' ? 'en' : 'zh-CN',
    )
    .catch(() => false);
}

/**
 * Waits until the page has loaded what it shows: no menu or page skeleton, no spinning loader, no faded (loading)
 * table, and no API call in flight (the console marks `<html data-api-busy>` while one is,
 * apps/web/src/shared/api/in-flight.ts), still none after the page has drawn two more frames (a call that the
 * answer of another starts begins when its component renders).
 */
export async function waitUntilDrawn(page: Page): Promise<void> {
  const settled = async () => {
    await expect(page.getByTestId('side-menu-loading')).toHaveCount(0);
    await expect(page.getByTestId('page-loading')).toHaveCount(0);
    await expect(page.locator('html[data-api-busy]')).toHaveCount(0);
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
    await expect(page.locator('.ant-table-wrapper .ant-spin-blur')).toHaveCount(0);
  };
  await settled();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled();
}

/**
 * The storage state a route is visited with: signed out (the sign-in page, and the public pages outside the
 * console's layouts, such as a download page), the operator, or the demo owner.
 */
export function accountFor(route: RouteFile): 'none' | 'operator' | 'owner' {
  if (route.layout === '_back') return 'operator';
  if (route.layout === '_index' || route.layout === null) return 'none';
  return 'owner';
}
