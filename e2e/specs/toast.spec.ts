import { freshPhone } from '../support/env';
import { expect, test } from '../support/fixtures';
import { openSignIn, signInWithPassword } from '../support/pages';

test('identical warnings merge into one toast with a counter', async ({ page }) => {
  // An unknown account: its failures lock nobody out.
  const phone = freshPhone();
  await openSignIn(page);
  const toasts = page.getByTestId('toast');

  await signInWithPassword(page, phone, 'Wrong12345');
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toHaveAttribute('data-type', 'warning');
  await expect(toasts.getByTestId('toast-count')).toHaveCount(0);
  const text = (await toasts.getByTestId('toast-text').textContent()) ?? '';
  expect(text.trim()).not.toBe('');

  const submit = page.getByTestId('sign-in-submit');
  await expect(submit).not.toHaveAttribute('aria-busy', 'true');
  await submit.click();
  await expect(toasts.getByTestId('toast-count')).toHaveText('2');
  await expect(toasts).toHaveCount(1);
  await expect(toasts.getByTestId('toast-text')).toHaveText(text);

  // 3000 ms after the last repeat it goes.
  await expect(toasts).toHaveCount(0, { timeout: 5000 });
  await expect(page).toHaveURL('/');
});
