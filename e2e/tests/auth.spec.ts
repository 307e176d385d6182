import { expect, test, type Page } from '@playwright/test';
import { app, BASE_PATH, createAccount, failOnCspViolations, signUp } from './support';

const PASSWORD = 'a long enough password';

function header(page: Page) {
  return page.getByRole('banner');
}

test.describe('sign-in', () => {
  failOnCspViolations();

  test(
    'create an account on the embedded provider from the login dialog, stay signed in, sign out',
    { tag: '@base-path' },
    async ({ page }) => {
      const email = `e2e-${Date.now()}@example.test`;
      await page.goto(app('/headshots'));
      await header(page).getByRole('button', { name: 'Sign in' }).click();

      // The provider's own page in the dialog's frame (§2: at most 400 px wide, 604 px high).
      const dialog = page.getByTestId('login-dialog');
      await expect(dialog).toBeVisible();
      const frameElement = dialog.locator('iframe');
      await expect(frameElement).toHaveCSS('height', '604px');
      const box = await frameElement.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(400);
      const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
      await createAccount(frame, email);

      // Back on the same page, signed in: the dialog closes and the header shows the account.
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`:\\d+${BASE_PATH}/headshots$`));
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
      // The old token no longer works server-side: a dead session asks for a new sign-in (§8).
      const info = await page.request.get('/v1/user/info', { headers: { authorization: `Bearer ${token}` } });
      expect((await info.json()).code).toBe(490010);

      // Signing in again asks for the password (the provider session ended too).
      await header(page).getByRole('button', { name: 'Sign in' }).click();
      await frame.getByLabel('Email').fill(email);
      await frame.getByLabel('Password').fill(PASSWORD);
      await frame.getByRole('button', { name: 'Sign in' }).click();
      await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    },
  );

  test('a session ended elsewhere (490010) drops the token and reopens login once, which signs in again', async ({
    page,
  }) => {
    const { authorization } = await signUp(page, '/covers');
    const old = authorization.slice('Bearer '.length);
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    // Our session ends on the server (another tab signed out of this tool); the provider's own
    // session lives on, and this page still holds the dead token.
    expect((await (await page.request.get('/v1/logout', { headers: { authorization } })).json()).code).toBe(
      0,
    );
    const logins: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/v1/login') logins.push(r.url());
    });
    // The account page's calls (the file library, the wallet) meet 490010 together.
    await header(page).getByRole('link', { name: 'Account' }).click();
    // The token is dropped and the login dialog opens; the provider still knows the visitor, so
    // it answers at once and the page is signed in again, with a new token.
    await expect.poll(() => logins.length).toBe(1);
    await expect(page.getByTestId('login-dialog')).toBeHidden();
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    const fresh = await page.evaluate(() => localStorage.getItem('ai-covers.token'));
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect((await page.context().cookies()).find((c) => c.name === 'token')?.value).toBe(fresh);
    // Once: the other calls that failed with the old token open nothing more.
    await page.waitForTimeout(1500);
    expect(logins).toHaveLength(1);
    await expect(page.getByTestId('login-dialog')).toBeHidden();
  });

  test('a wrong password shows the provider error inside the dialog and signs nobody in', async ({
    page,
  }) => {
    await page.goto(app('/'));
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
    await frame.getByLabel('Email').fill('nobody@example.test');
    await frame.getByLabel('Password').fill('wrong password');
    await frame.getByRole('button', { name: 'Sign in' }).click();
    await expect(frame.getByRole('alert')).toHaveText('Wrong email or password.');
    expect(await page.evaluate(() => localStorage.getItem('ai-covers.token'))).toBeNull();
  });

  test('the user center opens the login dialog after 1200 ms for a signed-out visitor', async ({ page }) => {
    await page.goto(app('/headshots/usercenter'));
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
    await page.goto(app('/'));
    // The plan has reached the page once it is recorded for the visitor: the guard is installed in
    // the same render (waiting for the answer alone could click before it).
    await page.waitForFunction(() => localStorage.getItem('ai-covers.ab')?.includes('"login_test":2'));
    await page.getByRole('navigation').getByRole('link', { name: 'Pricing' }).click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test(
    'a recent second-way login signs in by redirect and lands back on the same page',
    { tag: '@base-path' },
    async ({ page }) => {
      await page.goto(app('/pricing'));
      await page.evaluate(() => localStorage.setItem('ai-covers.second_way_login', String(Date.now())));
      await header(page).getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/accounts\/interaction\//);
      await createAccount(page, `e2e-redirect-${Date.now()}@example.test`);
      await page.waitForURL(new RegExp(`:\\d+${BASE_PATH}/pricing$`));
      await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
      // The code was used once and removed.
      expect(await page.evaluate(() => localStorage.getItem('ai-covers.login_code'))).toBeNull();
    },
  );

  test(
    'without third-party cookies the provider opens in a 500x650 popup that signs the page in',
    { tag: '@base-path' },
    async ({ page }) => {
      // The cookie-check frame reports "unsupported", as a browser blocking third-party cookies would.
      await page.route('**/accounts/assets/cookie-check.js', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: "window.parent.postMessage({type:'ai-covers:cookie-check',supported:false},'*');",
        }),
      );
      await page.goto(app('/'));
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        header(page).getByRole('button', { name: 'Sign in' }).click(),
      ]);
      await popup.waitForLoadState();
      expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([500, 650]);
      await popup.getByRole('link', { name: 'Create account' }).click();
      await expect(popup.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await popup.getByLabel('Email').fill(`e2e-popup-${Date.now()}@example.test`);
      await popup.getByLabel('Password').fill(PASSWORD);
      await Promise.all([
        popup.waitForEvent('close'),
        popup.getByRole('button', { name: 'Create account' }).click(),
      ]);
      await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
      await expect(page.getByTestId('login-dialog')).toBeHidden();
    },
  );

  test('a popup that lost its opener still signs the page in through the login channel', async ({ page }) => {
    await page.route('**/accounts/assets/cookie-check.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "window.parent.postMessage({type:'ai-covers:cookie-check',supported:false},'*');",
      }),
    );
    await page.goto(app('/'));
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
    await expect(popup.getByRole('heading', { name: 'Create your account' })).toBeVisible();
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
