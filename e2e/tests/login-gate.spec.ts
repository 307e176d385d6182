import { expect, test } from '@playwright/test';
import { app } from './support';

// login_test plan 2 (§5): a signed-out click opens sign-in, which now says why; hearing a voice
// sample is free and goes through.
for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    loginGate();
  });
}

function loginGate() {
  test('plan 2: the sign-in dialog says why, and voice samples play without it', async ({ page }) => {
    await page.route('**/vapi/v1/common/ab-test?*', (route) => {
      const code = new URL(route.request().url()).searchParams.get('test_code')!;
      return route.fulfill({
        json: { code: 0, data: { test_code: code, plan: code === 'login_test' ? 2 : 1 }, msg: 'ok' },
      });
    });
    await page.goto(app('/covers/new'));
    const sample = page.getByRole('button', { name: /^Play the sample of/ }).first();
    await expect(sample).toBeVisible();
    await sample.click();
    // The click reached the player (its clip was loaded), whether or not this browser can play it.
    await expect
      .poll(() =>
        page
          .locator('audio')
          .first()
          .evaluate((a: HTMLAudioElement) => a.src),
      )
      .not.toBe('');
    await expect(page.getByTestId('login-dialog')).toHaveCount(0);

    await page.getByRole('radio').first().click({ force: true });
    const dialog = page.getByTestId('login-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('login-reason')).toHaveText("Sign in to continue, it's free.");
  });
}
