import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:3312', locale: 'zh-CN' });
const page = await ctx.newPage();
await page.goto('/');
const form = page.getByTestId('password-sign-in-form');
await form.getByTestId('account').fill('13800000001');
await form.getByTestId('password').fill('Demo1234');
await form.getByTestId('sign-in-submit').click();
await page.getByTestId('home-page').waitFor();
for (const r of ['/Account/EditTitleDialog', '/Account/EditUserSetDialog', '/fota/AddFotaTaskDialog']) {
  await page.goto(r); await page.getByRole('dialog').first().waitFor(); await page.waitForLoadState('networkidle');
  for (const inc of [undefined, '[role=dialog]', undefined, '[role=dialog]']) {
    const b = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
    if (inc) b.include(inc);
    const s = performance.now(); const res = await b.analyze();
    console.log(r, inc ?? 'all', Math.round(performance.now() - s), 'ms', res.violations.map(v=>v.id).join(','));
  }
}
await browser.close();
