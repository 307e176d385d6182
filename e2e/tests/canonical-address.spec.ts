import { expect, test } from '@playwright/test';
import { app, createAccount } from './support';
import { baseURL } from '../playwright.config';

// With the default PUBLIC_URL (localhost), a newcomer may open the printed port at 127.0.0.1:
// sign-in must work there too (the page moves to the address sign-in lives on).
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
];

for (const size of SIZES) {
  test.describe(`${size.name} size`, { tag: '@base-path' }, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    for (const host of ['localhost', '127.0.0.1']) signInAt(host);
  });
}

function signInAt(host: string) {
  test(`sign-in works when the app is opened at ${host}`, async ({ page }) => {
    const url = new URL(baseURL);
    url.hostname = host;
    await page.goto(`${url.origin}${app('/pricing')}`);
    await expect(page).toHaveURL(new RegExp(`^${baseURL.replace(/[.]/g, '\\.')}`));
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
    await createAccount(frame, `addr-${host}-${Date.now()}@example.test`);
    await expect(page.getByTestId('login-dialog')).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
  });
}
