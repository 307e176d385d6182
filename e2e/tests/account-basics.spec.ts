import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { app, BASE_PATH, createAccount, failOnCspViolations } from './support';

const NEW_PASSWORD = 'a brand new password';

/**
 * The server of these journeys writes account mail as .eml files into `<DATA_DIR>/outbox`, its
 * DATA_DIR a fresh `ai-covers-e2e-*` folder in the temp directory (scripts/e2e-server.mjs). The
 * journeys' addresses are unique, so the newest mail to one of them is the one just sent.
 */
function outboxMails(to: string): string[] {
  const mails: { at: number; text: string }[] = [];
  for (const dir of fs.readdirSync(os.tmpdir())) {
    if (!dir.startsWith('ai-covers-e2e-')) continue;
    const outbox = path.join(os.tmpdir(), dir, 'outbox');
    let files: string[];
    try {
      files = fs.readdirSync(outbox);
    } catch {
      continue;
    }
    for (const file of files) {
      const full = path.join(outbox, file);
      let raw: string;
      try {
        raw = fs.readFileSync(full, 'utf8');
      } catch {
        continue;
      }
      if (raw.includes(`\nTo: ${to}\n`))
        mails.push({ at: fs.statSync(full).mtimeMs, text: quotedPrintable(raw) });
    }
  }
  return mails.sort((a, b) => a.at - b.at).map((m) => m.text);
}

/** Undoes quoted-printable (the English account mail is ASCII apart from its encoding). */
function quotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The link to /accounts/<page> in the newest mail to `to` (waits for the mail). */
async function mailedLink(to: string, page: 'verify' | 'reset', notToken?: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const links = outboxMails(to)
          .map((m) => new RegExp(`https?://\\S+/accounts/${page}\\?\\S+`).exec(m)?.[0])
          .filter((l): l is string => Boolean(l) && (!notToken || !l!.includes(notToken)));
        link = links[links.length - 1] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;

function header(page: Page) {
  return page.getByRole('banner');
}

/** Opens the login dialog from the header; the provider's page is in its frame. */
async function openSignIn(page: Page): Promise<FrameLocator> {
  await header(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  return page.frameLocator('[data-testid="login-dialog"] iframe');
}

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

for (const size of SIZES) {
  test.describe(`account basics (${size.name})`, () => {
    test.use({ viewport: size.viewport });
    failOnCspViolations();

    test('forgot password: ask for a link, set a new password from the mail, sign in with it', async ({
      page,
      browser,
    }) => {
      const email = uniqueEmail('reset');
      // An account signed in on another device: the reset signs it out there too.
      const other = await browser.newContext({ viewport: size.viewport });
      const otherPage = await other.newPage();
      await otherPage.goto(app('/pricing'));
      await createAccount(await openSignIn(otherPage), email);
      await expect(otherPage.getByTestId('login-dialog')).toBeHidden();
      const oldToken = await otherPage.evaluate(() => localStorage.getItem('ai-covers.token'));
      expect(oldToken).toBeTruthy();

      await page.goto(app('/covers'));
      const frame = await openSignIn(page);
      await frame.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(frame.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await frame.getByLabel('Email').fill(email);
      await frame.getByRole('button', { name: 'Send the link' }).click();
      await expect(frame.getByRole('status')).toContainText(`If an account exists for ${email}`);
      // The way back to the sign-in form.
      await frame.getByRole('link', { name: 'Back to sign in' }).click();
      await expect(frame.getByRole('button', { name: 'Sign in' })).toBeVisible();

      const link = await mailedLink(email, 'reset');
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      // The sign-up rules hold here too.
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Save the password' }).click();
      await expect(page.getByRole('alert')).toHaveText('The password needs at least 8 characters.');
      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Save the password' }).click();
      await expect(page.getByText('Your password is changed')).toBeVisible();
      await expectFits(page);

      // The other device's session ended (§8: the API asks for a new sign-in).
      const info = await page.request.get('/v1/user/info', {
        headers: { authorization: `Bearer ${oldToken}` },
      });
      expect((await info.json()).code).toBe(490010);
      await other.close();

      // Back to the product page the sign-in started on, and in with the new password.
      await page.getByRole('link', { name: 'Back to AI Covers' }).click();
      await expect(page).toHaveURL(new RegExp(`:\\d+${BASE_PATH}/covers$`));
      const again = await openSignIn(page);
      await again.getByLabel('Email').fill(email);
      await again.getByLabel('Password').fill(NEW_PASSWORD);
      await again.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('login-dialog')).toBeHidden();
      await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();

      // The link worked once: opened again it says so and offers to ask for a new one.
      await page.goto(link);
      await expect(page.getByText('This link is invalid, has expired or was already used.')).toBeVisible();
      await page.getByRole('link', { name: 'Ask for a new link' }).click();
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    });

    test('the verify page leads back to the page the sign-up started on', async ({ page }) => {
      const email = uniqueEmail('verify');
      await page.goto(app('/pricing'));
      await createAccount(await openSignIn(page), email);
      await expect(page.getByTestId('login-dialog')).toBeHidden();

      const link = await mailedLink(email, 'verify');
      await page.goto(link);
      await expect(page.getByText('Your email address is verified.')).toBeVisible();
      await expectFits(page);
      await page.getByRole('link', { name: 'Back to AI Covers' }).click();
      await expect(page).toHaveURL(new RegExp(`:\\d+${BASE_PATH}/pricing$`));
      await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();

      // A used link says so and still has both ways on.
      await page.goto(link);
      await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to AI Covers' })).toBeVisible();
      await page.getByRole('link', { name: 'Your account' }).click();
      await expect(page.getByText('Email verified')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to AI Covers' })).toBeVisible();
    });
  });
}

/** Nothing on the page is wider than the screen. */
async function expectFits(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}
