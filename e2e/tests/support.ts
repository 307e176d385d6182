import { expect, test, type FrameLocator, type Page } from '@playwright/test';

const PASSWORD = 'a long enough password';

/**
 * Where the app is served: '' at the site root, or the lab prefix (E2E_BASE_PATH=/lab/ai-covers,
 * §1). The API, the account provider and the sandbox checkout stay at the site root either way.
 */
export const BASE_PATH = process.env.E2E_BASE_PATH ?? '';

/** The A/B report's token the journeys' server runs with (playwright.config.ts). */
export const REPORT_TOKEN = 'e2e-report-token-0123456789';

/** A page of the app: `app('/pricing')` is /pricing at the root and /lab/ai-covers/pricing in the lab. */
export function app(path: string): string {
  return `${BASE_PATH}${path}`;
}

/**
 * Creates an account on the embedded provider through the login dialog (from `from`, a page with
 * the header) and returns the bearer header of the new session.
 */
export async function signUp(page: Page, from = '/pricing'): Promise<{ authorization: string }> {
  await page.goto(app(from));
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
  await createAccount(frame, `user-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`);
  await expect(page.getByTestId('login-dialog')).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem('ai-covers.token'));
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/**
 * On the provider's sign-in page (in the dialog's frame, a popup or the whole page): follows
 * 'Create account' and fills the form. It waits for the create-account page first: the sign-in
 * page has an Email field too, and filling it just before the navigation loses the typing.
 */
export async function createAccount(scope: Page | FrameLocator, email: string): Promise<void> {
  await scope.getByRole('link', { name: 'Create account' }).click();
  await expect(scope.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await scope.getByLabel('Email').fill(email);
  await scope.getByLabel('Password').fill(PASSWORD);
  await scope.getByRole('button', { name: 'Create account' }).click();
}

/** The header's live credit balance. */
export const balance = (page: Page) => page.getByTestId('credit-balance-value');

/**
 * A real 16-bit PCM WAV: a sung-like tone (harmonics, vibrato, a few notes) so the browser can read
 * its duration and the engine finds a voice to convert.
 */
export function songWav(seconds = 1.5, rate = 8000): Buffer {
  const samples = Math.floor(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  const notes = [220, 247, 262, 294, 262, 247];
  let phase = 0;
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const f0 =
      notes[Math.floor(t / 0.5) % notes.length]! * 2 ** ((15 * Math.sin(2 * Math.PI * 5.5 * t)) / 1200);
    phase += f0 / rate;
    let v = 0;
    for (let h = 1; h <= 6; h++) v += Math.sin(2 * Math.PI * h * phase) / h;
    data.writeInt16LE(Math.round(v * 6000), i * 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** Fails each test of the enclosing describe that logged a Content Security Policy violation. */
export function failOnCspViolations(): void {
  let violations: string[] = [];
  test.beforeEach(({ page }) => {
    violations = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  });
  test.afterEach(() => expect(violations).toEqual([]));
}
