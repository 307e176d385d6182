import { expect, test } from '@playwright/test';
import { app, balance, failOnCspViolations, signUp } from './support';

// The paid-action journey (0 credits → credits-limit dialog → checkout → download) is in covers.spec.ts.
test.describe('credits wallet', () => {
  failOnCspViolations();

  test(
    'a declined checkout charges nothing; a monthly membership shows in the Memberships tab',
    { tag: '@base-path' },
    async ({ page }) => {
      await signUp(page);
      const start = await balance(page).textContent();

      await page.getByTestId('buy-member-monthly').click();
      await page.waitForURL(/\/v1\/billing\/sandbox\//);
      await page.getByTestId('sandbox-decline').click();
      await page.waitForURL(/status=canceled/);
      await expect(page.getByTestId('checkout-result')).toHaveAttribute('data-status', 'canceled');
      await expect(balance(page)).toHaveText(start ?? '0');

      await page.getByTestId('buy-member-monthly').click();
      await page.waitForURL(/\/v1\/billing\/sandbox\//);
      await page.getByTestId('sandbox-confirm').click();
      await page.waitForURL(/status=paid/);

      await page.goto(app('/account/credits'));
      await page.getByRole('tab', { name: 'Memberships' }).click();
      await expect(page.getByTestId('membership-list')).toContainText('month');
      await expect(page.getByTestId('order-list')).toContainText('Cancelled');
      await expect(page.getByTestId('order-list')).toContainText('Paid');
    },
  );

  test('phones get the light pricing dialog from the credit page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(app('/credit'));
    await expect(page.getByTestId('credit-costs')).toContainText('Vocal remover');
    await page.getByTestId('get-credit-now').click();
    const dialog = page.getByTestId('pricing-dialog-light');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Upgrade to process more files and get faster.');
  });
});
