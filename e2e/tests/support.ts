import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'a long enough password';

/**
 * Creates an account on the embedded provider through the login dialog (from `from`, a page with
 * the header) and returns the bearer header of the new session.
 */
export async function signUp(page: Page, from = '/pricing'): Promise<{ authorization: string }> {
  await page.goto(from);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
  await frame.getByRole('link', { name: 'Create account' }).click();
  await frame
    .getByLabel('Email')
    .fill(`user-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`);
  await frame.getByLabel('Password').fill(PASSWORD);
  await frame.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('login-dialog')).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem('ai-covers.token'));
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${token}` };
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
