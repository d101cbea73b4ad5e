import { expect, test } from '../support/fixtures';

const cases = [
  { path: '/no/such/page', message: '页面未找到：/no/such/page', home: '返回首页', signIn: /^\/$/ },
  { path: '/en/no/such/page', message: 'Page Not Found: /en/no/such/page', home: 'Back to home', signIn: /^\/en\/?$/ },
];

for (const { path, message, home, signIn } of cases) {
  test(`an unknown path shows the 404 page: ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('error-page')).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-message')).toHaveText(message);
    await expect(page.getByTestId('error-home-link')).toContainText(home);

    // Home, in the same language; signed out, that is the sign-in page.
    await page.getByTestId('error-home-link').click();
    await expect(page.getByTestId('auth-card')).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(signIn);
  });
}
