import { DEMO_OWNER } from '../support/env';
import { expect, test } from '../support/fixtures';
import { expectHome, openSignIn, signInWithPassword, stored } from '../support/pages';

test('a session-expiry answer clears the stored user and returns to /', async ({ page }) => {
  await openSignIn(page);
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expectHome(page);
  const { token } = (await stored(page, 'userInfo')) as { token: string };

  // Revoke the token behind the page's back, as an idle timeout or a sign-out elsewhere would.
  const logout = await page.request.post('/api/a/logout', { headers: { token }, data: {} });
  expect(await logout.json()).toMatchObject({ status: 0 });

  // The next call the page makes answers 100110050401.
  await page.getByTestId('menu-account.property').click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('auth-card')).toBeVisible();
  expect(await stored(page, 'userInfo')).toBeNull();
  expect(await stored(page, 'selectedPropertyPno')).toBeNull();

  // Console pages stay closed: they send a signed-out visitor back to /.
  await page.goto('/home');
  await expect(page).toHaveURL('/');
});
