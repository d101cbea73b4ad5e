import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY, freshPhone } from '../support/env';
import { expect, test } from '../support/fixtures';
import { readCode } from '../support/outbox';
import { expectHome, openSignIn, sendCode, signInWithPassword, stored } from '../support/pages';

test('registers with a code and lands on home without a property', async ({ page }) => {
  const phone = freshPhone();
  await openSignIn(page);
  await page.getByTestId('go-register').click();
  const form = page.getByTestId('register-form');
  await form.getByTestId('name').fill('端到端用户');
  await form.getByTestId('phone').fill(phone);
  const since = Date.now() - 1000;
  await sendCode(page, 'register-form');
  await form.getByTestId('code').fill(await readCode(phone, 'code.register', since));
  await form.getByTestId('password').fill('Register123');
  await form.getByTestId('register-submit').click();

  await expectHome(page);
  await expect(page.getByTestId('home-page')).toContainText('端到端用户');
  await expect(page.getByTestId('no-property')).toBeVisible();
  expect(await stored(page, 'userInfo')).toMatchObject({ phoneNum: phone, name: '端到端用户', propertyList: [] });
  expect(await stored(page, 'selectedPropertyPno')).toBeNull();
});

test('signs in with a password and selects the first property', async ({ page }) => {
  await openSignIn(page);
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);

  await expectHome(page);
  await expect(page.getByTestId('property-name')).toHaveText(DEMO_PROPERTY);
  await expect(page.getByTestId('property-switcher')).toContainText(DEMO_PROPERTY);
  expect(await stored(page, 'userInfo')).toMatchObject({ phoneNum: DEMO_OWNER.phone, token: expect.any(String) });
  expect(await stored(page, 'selectedProperty')).toMatchObject({ name: DEMO_PROPERTY });
});

test('signs in with a code', async ({ page }, testInfo) => {
  // A registered phone that no other test asks a code for. Codes are limited to one per phone per minute, so a
  // retry (or --repeat-each) takes the other seeded account.
  const accounts = [
    { account: DEMO_MEMBER, role: '成员' },
    { account: DEMO_OWNER, role: '所有者' },
  ];
  const { account, role } = accounts[(testInfo.retry + testInfo.repeatEachIndex) % accounts.length];
  await openSignIn(page);
  await page.getByTestId('tab-code').click();
  const form = page.getByTestId('code-sign-in-form');
  await form.getByTestId('phone').fill(account.phone);
  const since = Date.now() - 1000;
  await sendCode(page, 'code-sign-in-form');
  await form.getByTestId('code').fill(await readCode(account.phone, 'code.signIn', since));
  await form.getByTestId('code-sign-in-submit').click();

  await expectHome(page);
  await expect(page.getByTestId('home-page')).toContainText(account.name);
  await expect(page.getByTestId('property-name')).toHaveText(DEMO_PROPERTY);
  await expect(page.getByTestId('property-role')).toHaveText(role);
});

test('checks the fields as they change and shows the password on request', async ({ page }) => {
  await openSignIn(page);
  const form = page.getByTestId('password-sign-in-form');
  const account = form.getByTestId('account');
  await form.getByTestId('sign-in-submit').click();
  await expect(form.getByTestId('error-account')).toHaveText('请输入手机号或邮箱');
  await expect(form.getByTestId('error-password')).toBeVisible();
  await expect(account).toHaveAttribute('aria-invalid', 'true');
  await expect(account).toHaveAccessibleDescription('请输入手机号或邮箱');
  await account.fill('abc');
  await expect(form.getByTestId('error-account')).toContainText('非法输入');
  await account.fill(DEMO_OWNER.phone);
  await expect(form.getByTestId('error-account')).toHaveCount(0);
  await expect(account).not.toHaveAttribute('aria-invalid', 'true');

  const password = form.getByTestId('password');
  await password.fill('Secret123');
  await expect(form.getByTestId('error-password')).toHaveCount(0);
  await expect(password).toHaveAttribute('type', 'password');
  const toggle = form.getByRole('button', { name: '显示密码' });
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveValue('Secret123');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'password');
  await expect(page).toHaveURL('/');
});
