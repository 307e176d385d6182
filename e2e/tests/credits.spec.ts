import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'a long enough password';

/** Creates an account on the embedded provider through the login dialog; returns the bearer header. */
async function signUp(page: Page): Promise<{ authorization: string }> {
  await page.goto('/pricing');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
  await frame.getByRole('link', { name: 'Create account' }).click();
  await frame
    .getByLabel('Email')
    .fill(`credits-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`);
  await frame.getByLabel('Password').fill(PASSWORD);
  await frame.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('login-dialog')).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem('ai-covers.token'));
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/** The paid action of a cover: download costs one credit (`GET /v1/deduct`, §7). */
async function downloadCover(page: Page, auth: { authorization: string }, taskId: string) {
  const res = await page.request.get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, { headers: auth });
  return (await res.json()) as {
    code: number;
    msg: string;
    data: { consumed: number; balance: number } | null;
  };
}

const balance = (page: Page) => page.getByTestId('credit-balance-value');

test.describe('credits wallet', () => {
  let violations: string[] = [];
  test.beforeEach(({ page }) => {
    violations = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  });
  test.afterEach(() => expect(violations).toEqual([]));

  test('0 credits → refused → pricing → sandbox checkout → header balance → the download is charged and recorded', async ({
    page,
  }) => {
    const auth = await signUp(page);
    // A new account's gift (§6), when granted, is spent first so the journey starts at 0 credits.
    await expect(balance(page)).toBeVisible();
    if ((await balance(page).textContent()) !== '0') {
      expect((await downloadCover(page, auth, `gift-${Date.now()}`)).code).toBe(0);
      await page.reload();
    }
    await expect(balance(page)).toHaveText('0');

    const task = `song-${Date.now()}`;
    const refused = await downloadCover(page, auth, task);
    expect(refused).toMatchObject({ code: 490026, msg: 'Not enough credits for download' });

    // Pricing: 'most popular' tag, buy now → the sandbox checkout page on our own site.
    await expect(page.getByTestId('plan-credits-500')).toContainText('Most popular');
    await page.getByTestId('buy-credits-100').click();
    await page.waitForURL(/\/v1\/billing\/sandbox\/\d+\?t=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('100 credits');
    await page.getByTestId('sandbox-confirm').click();

    // Back on pricing: the order is paid and the header shows the new balance.
    await page.waitForURL(/\/pricing\?order_id=\d+&status=paid/);
    await expect(page.getByTestId('checkout-result')).toHaveAttribute('data-status', 'paid');
    await expect(balance(page)).toHaveText('100');

    // The download that was refused now succeeds, once.
    expect((await downloadCover(page, auth, task)).data).toMatchObject({ consumed: 1, balance: 99 });
    expect((await downloadCover(page, auth, task)).data).toMatchObject({ consumed: 0, balance: 99 });

    await page.goto('/account/credits');
    await expect(page.getByTestId('credits-center-balance')).toHaveText('99');
    await expect(page.getByTestId('consumption-records')).toContainText(task);
    await expect(page.getByTestId('acquisition-records')).toContainText('100 credits');
    await expect(balance(page)).toHaveText('99');
  });

  test('a declined checkout charges nothing; a monthly membership shows in the Memberships tab', async ({
    page,
  }) => {
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

    await page.goto('/account/credits');
    await page.getByRole('tab', { name: 'Memberships' }).click();
    await expect(page.getByTestId('membership-list')).toContainText('month');
    await expect(page.getByTestId('order-list')).toContainText('Cancelled');
    await expect(page.getByTestId('order-list')).toContainText('Paid');
  });

  test('phones get the light pricing dialog from the credit page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/credit');
    await expect(page.getByTestId('credit-costs')).toContainText('Vocal remover');
    await page.getByTestId('get-credit-now').click();
    const dialog = page.getByTestId('pricing-dialog-light');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Upgrade to process more files and get faster.');
  });
});
