import type { Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { DEMO_PROPERTY, PARTNER_PROPERTY } from '../support/env';
import { accountFor, openRoute } from '../support/open-route';
import { type Lang, localized } from '../support/pages';
import { routeFiles } from '../support/routes';
import { expect, test } from '../support/worker-pages';

/**
 * Every route file under apps/web/src/routes, in both languages, opened once as the user who may open it (signed out
 * for sign-in pages, the operator for the back office, the demo owner elsewhere), and checked for everything a page
 * owes its reader:
 * - it renders in its layout at its own URL with HTTP 200, without the error page or a console error (the
 *   `consoleErrors` fixture), with `<html lang>` of its language;
 * - in Chinese, loaded at its URL (a link from outside, a reload), axe-core finds no serious or critical violation
 *   (WCAG 2 A/AA and best practices; on a dialog's route, in the dialog: its page is checked on its own route);
 * - in English, opened inside the console as a link opens it (no page load: the page is the worker's English
 *   console of the last visit), the console's own texts and the tab title are English (user data aside), and at a
 *   phone's 390×844 it does not scroll sideways, the head keeps its bell and user menu on screen, and the side menu
 *   is a drawer that the toggle opens (English texts are the longer ones).
 * Both languages render the same elements from the same components, so each check runs in one: axe was half of a
 * visit's time, a page load most of the rest. One visit serves all its checks, so the suite grows by one test per
 * route and language, not four. Each visit is a test of its own, on a page its worker keeps per account
 * (support/worker-pages.ts: a new browser context per visit cost about as much as the visit) on the document the last
 * visit left (`keepDocument`; the visits only read), reset to the desktop viewport.
 */
const routes = routeFiles();

// The visits are independent reads, and the longest file of the suite: both workers share them (a file runs in one
// worker otherwise, and this one alone took most of the suite's time on CI).
test.describe.configure({ mode: 'parallel' });

test('the route list is not empty', () => {
  expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/', '/home']));
});

/** Han characters: what an English page must not show outside user data. */
const HAN = /\p{Script=Han}/u;

/** What the console's own texts are found in (not user data; see `consoleTexts`). */
const CONSOLE_TEXT = [
  '[data-testid="side-menu"]',
  '[data-testid="breadcrumbs"]',
  '[data-testid="language-switch"]',
  '.ant-card-head-title',
  'th',
  // Not the user menu (the user's name), pickers (property names) or count buttons (numbers).
  'button:not([data-testid*="-count-"]):not([aria-haspopup])',
  'label',
  '.ant-empty-description',
  '[data-testid="error-page"]',
  '[data-testid^="news-type-"]',
  '[data-testid^="news-unread-"]',
  'h1, h2, h3, h4',
].join(', ');

/**
 * The texts of a page that are the console's, not user data: the head's controls, the menu, breadcrumbs, headings,
 * table heads, buttons, labels, empty states and the error page. User data (names, property names and other values
 * people typed) is marked `translate="no"` where it is shown, as HTML means it, and is left out here.
 */
async function consoleTexts(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const textOf = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node instanceof Element && node.closest('[translate="no"]')) return '';
      return Array.from(node.childNodes, textOf).join('');
    };
    return Array.from(document.querySelectorAll(selector), textOf).filter((text) => text.trim() !== '');
  }, CONSOLE_TEXT);
}

async function expectEnglish(page: Page) {
  // A text in Chinese only; English that quotes a Chinese name ("Members of 演示物业") is fine.
  const chinese = (await consoleTexts(page)).filter((text) => HAN.test(text) && !/[A-Za-z]{2,}/.test(text));
  // The language switch names Chinese in Chinese on purpose; property names on buttons are user data.
  const userData = new Set(['中文', DEMO_PROPERTY, PARTNER_PROPERTY]);
  expect
    .soft(
      chinese.filter((text) => !userData.has(text.trim())),
      'console texts in Chinese under /en',
    )
    .toEqual([]);
  expect.soft(await page.title(), 'tab title in English').not.toMatch(HAN);
}

/**
 * axe over the page, or over its dialog on a dialog's route: the page behind the dialog is checked on its own route
 * (a dialog's route is its page's with the dialog open), and the dialog alone costs axe half as much.
 */
async function expectNoSeriousAxeFault(page: Page) {
  const dialog = (await page.getByRole('dialog').count()) > 0 ? '[role="dialog"]' : undefined;
  expect.soft(await seriousAxeViolations(page, dialog), 'serious or critical axe violations').toEqual([]);
}

async function expectPhoneLayout(page: Page, signedIn: boolean) {
  await page.setViewportSize({ width: 390, height: 844 });
  // Polled: a dialog's opening animation and the layout's switch to the drawer take a moment; a page that stays
  // wider fails.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'document width at 390 px' })
    .toBeLessThanOrEqual(390);
  if (!signedIn) return;
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
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
}

for (const lang of ['zh-cn', 'en'] as const satisfies Lang[]) {
  test.describe(`every page (${lang})`, () => {
    for (const route of routes) {
      test.describe(route.file, () => {
        const who = accountFor(route);
        test.use({ pageAccount: who, keepDocument: true });

        test(localized(route.url, lang), async ({ page }) => {
          // Several checks in one visit: it gets three times a test's time (axe alone took 40 s on a loaded machine).
          test.slow();
          const url = localized(route.url, lang);
          await openRoute(page, route, lang, { inApp: lang === 'en' });
          await expect(page.getByTestId('error-page')).toHaveCount(0);
          expect(new URL(page.url()).pathname.replace(/(.)\/$/, '$1'), 'stays at its URL').toBe(url);
          await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
          if (lang === 'zh-cn') {
            await expectNoSeriousAxeFault(page);
          } else {
            await expectEnglish(page);
            await expectPhoneLayout(page, who !== 'none');
          }
        });
      });
    }
  });
}
