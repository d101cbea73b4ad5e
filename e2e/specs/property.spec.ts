import { DEMO_OWNER, DEMO_PROPERTY, PARTNER_PROPERTY } from '../support/env';
import { expect, test } from '../support/fixtures';
import { expectHome, openSignIn, signInWithPassword, stored, switchProperty } from '../support/pages';

test('switching the property changes the menu', async ({ page }) => {
  await openSignIn(page);
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expectHome(page);
  const menu = page.getByTestId('side-menu');
  // The owner of 演示物业 manages it; in 合作物业 they are a plain member.
  await expect(menu.getByTestId('menu-general.home')).toBeVisible();
  await expect(menu.getByTestId('menu-account.property')).toBeVisible();

  await switchProperty(page, PARTNER_PROPERTY);
  await expect(page.getByTestId('property-name')).toHaveText(PARTNER_PROPERTY);
  await expect(menu.getByTestId('menu-account.property')).toHaveCount(0);
  await expect(menu.getByTestId('menu-general.home')).toBeVisible();
  expect(await stored(page, 'selectedProperty')).toMatchObject({ name: PARTNER_PROPERTY });

  await switchProperty(page, DEMO_PROPERTY);
  await expect(page.getByTestId('property-name')).toHaveText(DEMO_PROPERTY);
  await expect(menu.getByTestId('menu-account.property')).toBeVisible();
});
