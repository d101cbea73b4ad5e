import { DEMO_OWNER } from '../support/env';
import { expect, test } from '../support/fixtures';
import { expectHome, openSignIn, signInWithPassword, stored } from '../support/pages';

test('switching the language moves to /en URLs with English text and back', async ({ page }) => {
  await openSignIn(page);
  await expect(page.getByTestId('auth-card')).toContainText('密码登录');
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expectHome(page);
  const lang = page.getByTestId('language-switch');
  await expect(lang).toHaveText('English');

  await lang.click();
  await expectHome(page, 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('home-page')).toContainText(`Welcome, ${DEMO_OWNER.name}`);
  await expect(page.getByTestId('side-menu').getByTestId('menu-general.home')).toHaveText('Home');
  await expect(lang).toHaveText('中文');
  expect(await stored(page, 'language')).toBe('en');
  expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('en');

  // Links keep the prefix.
  await page.getByTestId('menu-account.property').click();
  await expect(page).toHaveURL('/en/Account/PropertyPage');
  await expect(page.getByTestId('property-page')).toContainText('My properties');

  // A reload stays in English.
  await page.reload();
  await expect(page.getByTestId('property-page')).toContainText('My properties');

  await lang.click();
  await expect(page).toHaveURL('/Account/PropertyPage');
  await expect(page.getByTestId('property-page')).toContainText('我的物业');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('the sign-in page switches language too', async ({ page }) => {
  await openSignIn(page);
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/en\/?$/);
  await expect(page.getByTestId('auth-card')).toContainText('Sign in');
  await expect(page.getByTestId('sign-in-submit')).toHaveText('Sign in');
});
