import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import { app, failOnCspViolations, signUp, songWav } from './support';

/**
 * Chromium's fake microphone plays this file instead of its default beep: a sung-like tone (a few
 * notes with vibrato and harmonics), looped while the page records. The default beep is short tone
 * bursts (loud in about 11 % of the time): 32 s of it held 2.6 s of voiced sound for the engine's
 * pitch tracker, under the 8 s training needs, so its training fails, rightly, with 'Too little
 * voice was found'. A beep is not singing or speech; the journey sings instead.
 */
const micFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mic-')), 'singing.wav');
fs.writeFileSync(micFile, songWav(20, 16000));

const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${micFile}`,
    ],
  },
  permissions: ['microphone'],
});

test.describe('Your own voice', () => {
  failOnCspViolations();

  test('a voice is recorded with the microphone, trained with progress, used for a cover, then deleted', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signUp(page, '/covers');
    await page.goto(app('/covers/new'));
    await page.getByRole('button', { name: 'Your own voice…' }).click();
    const dialog = page.getByRole('dialog', { name: 'My voices' });
    await dialog.getByLabel('Name of the voice').fill('My studio voice');

    // 30 s at least: the page counts the time and says how much is left.
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    await expect(dialog.getByText(/s more to go/)).toBeVisible();
    await expect(dialog.getByRole('timer')).toHaveText('0:32', { timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await expect(dialog.getByText(/^Recorded 0:3\d$/)).toBeVisible();

    // Without the consent nothing is sent.
    await dialog.getByRole('button', { name: 'Train voice' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Confirm that the voice is yours or that you have permission to use it.',
    );
    await dialog.getByRole('checkbox', { name: /This is my own voice/ }).check();
    await dialog.getByRole('button', { name: 'Train voice' }).click();

    // Training runs as a task on the worker: waiting, training with a percentage, ready.
    const row = dialog.getByRole('listitem').filter({ hasText: 'My studio voice' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByRole('status')).toHaveText(/^Ready · range [A-G]#?\d–[A-G]#?\d$/, {
      timeout: 120_000,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The voice is in the menu ("My voices" category) and makes a cover like a built-in one.
    await page.getByRole('tab', { name: 'My voices' }).click();
    await page.getByRole('radio', { name: /My studio voice/ }).check();
    await page.getByTestId('song-input').setInputFiles({
      name: 'Cover me.wav',
      mimeType: 'audio/wav',
      buffer: songWav(6, 16000),
    });
    await expect(page.getByRole('status').filter({ hasText: 'Cover me.wav' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create cover' }).click();
    await page.waitForURL(/\/covers\/[A-Za-z0-9_-]{8,}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 120_000 });
    await expect(page.locator('audio[controls]')).toHaveAttribute('src', /.+/);
    await expect(page.getByRole('heading', { name: 'Cover me', exact: true })).toBeVisible();
    await expect(page.getByText(/My studio voice/).first()).toBeVisible();

    // Deleting the voice takes it off the menu.
    await page.goto(app('/covers/new'));
    await page.getByRole('button', { name: 'Your own voice…' }).click();
    await dialog.getByRole('button', { name: 'Delete My studio voice' }).click();
    await page
      .getByRole('dialog', { name: 'Delete My studio voice?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(dialog.getByRole('listitem')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('radio', { name: /My studio voice/ })).toHaveCount(0);
  });
});
