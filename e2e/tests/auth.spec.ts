import { expect, test, type Page } from '@playwright/test';
import { failOnCspViolations } from './support';

const PASSWORD = 'a long enough password';

function header(page: Page) {
  return page.getByRole('banner');
}

test.describe('sign-in', () => {
  failOnCspViolations();

  test('create an account on the embedded provider from the login dialog, stay signed in, sign out', async ({
    page,
  }) => {
    const email = `e2e-${Date.now()}@example.test`;
    await page.goto('/headshots');
    await header(page).getByRole('button', { name: 'Sign in' }).click();

    // The provider's own page in the dialog's frame (§2: at most 400 px wide, 604 px high).
    const dialog = page.getByTestId('login-dialog');
    await expect(dialog).toBeVisible();
    const frameElement = dialog.locator('iframe');
    await expect(frameElement).toHaveCSS('height', '604px');
    const box = await frameElement.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(400);
    const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
    await frame.getByRole('link', { name: 'Create account' }).click();
    await frame.getByLabel('Email').fill(email);
    await frame.getByLabel('Password').fill(PASSWORD);
    await frame.getByRole('button', { name: 'Create account' }).click();

    // Back on the same page, signed in: the dialog closes and the header shows the account.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/headshots$/);
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(page.getByTestId('credit-balance')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('ai-covers.token'));
    expect(token).toBeTruthy();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'token')?.value).toBe(token);
    expect(cookies.find((c) => c.name === 'ou')?.value).toBe(token);

    // Reload keeps the session: the cookie token is copied back to local storage on start.
    await page.reload();
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();

    // Sign out: the server ends the session, the provider's logout page brings us back here.
    await Promise.all([
      page.waitForURL(/\/accounts\/session\/end/),
      header(page).getByRole('button', { name: 'Sign out' }).click(),
    ]);
    await page.waitForURL(/\/headshots$/, { waitUntil: 'load' });
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('ai-covers.token'))).toBeNull();
    const after = await page.context().cookies();
    expect(after.find((c) => c.name === 'token')).toBeUndefined();
    // The old token no longer works server-side.
    const info = await page.request.get('/v1/user/info', { headers: { authorization: `Bearer ${token}` } });
    expect((await info.json()).code).toBe(40001);

    // Signing in again asks for the password (the provider session ended too).
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    await frame.getByLabel('Email').fill(email);
    await frame.getByLabel('Password').fill(PASSWORD);
    await frame.getByRole('button', { name: 'Sign in' }).click();
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
  });

  test('a wrong password shows the provider error inside the dialog and signs nobody in', async ({
    page,
  }) => {
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
    await frame.getByLabel('Email').fill('nobody@example.test');
    await frame.getByLabel('Password').fill('wrong password');
    await frame.getByRole('button', { name: 'Sign in' }).click();
    await expect(frame.getByRole('alert')).toHaveText('Wrong email or password.');
    expect(await page.evaluate(() => localStorage.getItem('ai-covers.token'))).toBeNull();
  });

  test('the user center opens the login dialog after 1200 ms for a signed-out visitor', async ({ page }) => {
    await page.goto('/headshots/usercenter');
    const started = Date.now();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  test('login A/B plan 2: a signed-out click outside the exempt areas is blocked and opens the login dialog', async ({
    page,
  }) => {
    await page.route('**/vapi/v1/common/ab-test?*', (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('test_code') !== 'login_test') return route.continue();
      return route.fulfill({ json: { code: 0, data: { test_code: 'login_test', plan: 2 }, msg: 'ok' } });
    });
    await page.goto('/');
    const planLoaded = page.waitForResponse((r) => r.url().includes('test_code=login_test'));
    await planLoaded;
    await page.getByRole('navigation').getByRole('link', { name: 'Pricing' }).click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a recent second-way login signs in by redirect and lands back on the same page', async ({ page }) => {
    await page.goto('/pricing');
    await page.evaluate(() => localStorage.setItem('ai-covers.second_way_login', String(Date.now())));
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/accounts\/interaction\//);
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByLabel('Email').fill(`e2e-redirect-${Date.now()}@example.test`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/pricing$/);
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    // The code was used once and removed.
    expect(await page.evaluate(() => localStorage.getItem('ai-covers.login_code'))).toBeNull();
  });

  test('without third-party cookies the provider opens in a 500x650 popup that signs the page in', async ({
    page,
  }) => {
    // The cookie-check frame reports "unsupported", as a browser blocking third-party cookies would.
    await page.route('**/accounts/assets/cookie-check.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "window.parent.postMessage({type:'ai-covers:cookie-check',supported:false},'*');",
      }),
    );
    await page.goto('/');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      header(page).getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([500, 650]);
    await popup.getByRole('link', { name: 'Create account' }).click();
    await popup.getByLabel('Email').fill(`e2e-popup-${Date.now()}@example.test`);
    await popup.getByLabel('Password').fill(PASSWORD);
    await Promise.all([
      popup.waitForEvent('close'),
      popup.getByRole('button', { name: 'Create account' }).click(),
    ]);
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(page.getByTestId('login-dialog')).toBeHidden();
  });

  test('a popup that lost its opener still signs the page in through the login channel', async ({ page }) => {
    await page.route('**/accounts/assets/cookie-check.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "window.parent.postMessage({type:'ai-covers:cookie-check',supported:false},'*');",
      }),
    );
    await page.goto('/');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      header(page).getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await popup.waitForLoadState();
    // As after a cross-origin provider under COOP: the popup no longer reaches its opener.
    await popup.evaluate(() => {
      window.opener = null;
    });
    await popup.getByRole('link', { name: 'Create account' }).click();
    await popup.evaluate(() => {
      window.opener = null;
    });
    await popup.getByLabel('Email').fill(`e2e-channel-${Date.now()}@example.test`);
    await popup.getByLabel('Password').fill(PASSWORD);
    await Promise.all([
      popup.waitForEvent('close'),
      popup.getByRole('button', { name: 'Create account' }).click(),
    ]);
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
  });
});
