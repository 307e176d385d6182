import { expect, test, type Page } from '@playwright/test';
import { app, failOnCspViolations, REPORT_TOKEN } from './support';

/** Answers the visitor's A/B plans as the account service would for plan 2 of `on`, 1 otherwise. */
async function plans(page: Page, on: string[]) {
  await page.route('**/vapi/v1/common/ab-test?*', (route) => {
    const code = new URL(route.request().url()).searchParams.get('test_code')!;
    return route.fulfill({
      json: { code: 0, data: { test_code: code, plan: on.includes(code) ? 2 : 1 }, msg: 'ok' },
    });
  });
}

test.describe('A/B tests of §9 (plan 2)', () => {
  failOnCspViolations();

  test('banner_test and ad_banner: the promotional banner and the ad slot on the covers pages, sent with analytics', async ({
    page,
  }) => {
    await plans(page, ['banner_test', 'ad_banner']);
    await page.goto(app('/'));
    const banner = page.getByTestId('promo-banner');
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('ad-slot')).toBeVisible();
    await page.goto(app('/covers/new'));
    await expect(banner).toBeVisible();

    // The banner opens the promotion page (a server page under the app's base path).
    await banner.getByRole('link', { name: 'Claim your present' }).click();
    await page.waitForURL(/\/promotion\.html\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your login present');
    // The click went out with the visitor's plan: the plan report counts it for plan 2.
    await expect
      .poll(async () => {
        const res = await page.request.get('/v1/ab-test/report?test_code=banner_test', {
          headers: { 'x-report-token': REPORT_TOKEN },
        });
        const plans = (await res.json()).data.plans as { plan: number; converted: number }[];
        return plans.find((p) => p.plan === 2)?.converted ?? 0;
      })
      .toBeGreaterThanOrEqual(1);
  });

  test('purchase_test: English pricing in the comparison layout; dlp_app: the app prompt on the studio entry page', async ({
    page,
  }) => {
    await plans(page, ['purchase_test', 'dlp_app']);
    await page.goto(app('/pricing'));
    await expect(page.getByTestId('plan-table')).toHaveCount(2);
    await expect(page.getByTestId('plan-table').first().locator('tr').first()).toHaveAttribute(
      'data-testid',
      'plan-member-yearly',
    );
    await page.goto(app('/de/pricing'));
    await expect(page.getByTestId('plan-credits-100')).toBeVisible();
    await expect(page.getByTestId('plan-table')).toHaveCount(0);

    await page.goto(app('/apps/entry'));
    const prompt = page.getByTestId('app-prompt');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Install the app' }).click();
    // Chromium under test offers no install dialog: the prompt says where its menu does it.
    await expect(prompt.getByRole('status')).toBeVisible();
  });
});
