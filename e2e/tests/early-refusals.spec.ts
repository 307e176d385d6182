import { expect, test, type Page } from '@playwright/test';
import { app, failOnCspViolations, songWav } from './support';

// Files that cannot make a cover are refused before any byte is sent (the browser reads their
// first bytes and length); a song without a lead vocal is refused before anything is charged.

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
];

/** A plain tone: a real, readable WAV with no singing voice in it. */
function toneWav(seconds: number, rate = 16000): Buffer {
  const wav = songWav(seconds, rate);
  for (let i = 0; i < (wav.length - 44) / 2; i++) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return wav;
}

/** Counts the upload calls the page makes (a refused file must make none). */
function countUploads(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (/\/v1\/storage\/(token|confirm)/.test(request.url())) calls += 1;
  });
  return () => calls;
}

for (const size of SIZES) {
  test.describe(`early refusals (${size.name})`, () => {
    failOnCspViolations();
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a text file named .mp3, an empty file and an 11-minute song are refused in the browser with the limit in the words', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const uploads = countUploads(page);
      await page.goto(app('/covers/new'));
      const input = page.getByTestId('song-input');

      await input.setInputFiles({
        name: 'notes.mp3',
        mimeType: 'audio/mpeg',
        buffer: Buffer.from('la la la'),
      });
      await expect(page.getByText('The file is not a song: upload an audio file')).toBeVisible();

      await input.setInputFiles({ name: 'empty.mp3', mimeType: 'audio/mpeg', buffer: Buffer.alloc(0) });
      await expect(page.getByText('The file is empty (0 bytes): choose another one.')).toBeVisible();

      // 11 minutes at a low rate: a small file whose length the browser reads from its header.
      await input.setInputFiles({ name: 'long.wav', mimeType: 'audio/wav', buffer: songWav(660, 3000) });
      await expect(page.getByText('Songs can be at most 10 minutes long.')).toBeVisible({ timeout: 20_000 });

      // Nothing was sent, nothing is offered to retry, and no cover can be made of it.
      expect(uploads()).toBe(0);
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Create cover' }).click();
      await expect(page).toHaveURL(/\/covers\/new$/);
      expect(uploads()).toBe(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(size.width);
    });

    test('a song with no lead vocal fails before any charge, says why and offers no retry', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await page.goto(app('/covers/new'));
      await page.getByRole('radio', { name: /Velvet/ }).check();
      await page.getByTestId('song-input').setInputFiles({
        name: 'Organ drone.wav',
        mimeType: 'audio/wav',
        buffer: toneWav(8),
      });
      await expect(page.getByRole('status').filter({ hasText: 'Organ drone.wav' })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await page.getByRole('button', { name: 'Create cover' }).click();
      await page.waitForURL(/\/covers\/[A-Za-z0-9_-]{8,}$/);
      await expect(page.getByText('No singing voice was found in this song')).toBeVisible({
        timeout: 90_000,
      });
      await expect(page.getByText('Nothing was charged.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await expect(page.locator('audio[controls]')).toHaveCount(0);
    });
  });
}
