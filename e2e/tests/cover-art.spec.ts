import { expect, test, type Page } from '@playwright/test';
import { app, failOnCspViolations, signUp, songWav } from './support';

/** Makes a cover through the create page and waits on its task page until it is ready. */
async function makeCover(page: Page, voice: string, song: string): Promise<void> {
  await page.goto(app('/covers/new'));
  await page.getByRole('radio', { name: new RegExp(voice) }).check();
  await page
    .getByTestId('song-input')
    .setInputFiles({ name: song, mimeType: 'audio/wav', buffer: songWav(4, 16000) });
  await expect(page.getByRole('status').filter({ hasText: song })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create cover' }).click();
  await page.waitForURL(/\/covers\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 90_000 });
}

/** True when the page scrolls sideways (it must not, on phones). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('Cover art', () => {
  failOnCspViolations();

  test('finish a cover, crop to 2:3, undo, redo, export PNG, make the share video, and play the share link signed out', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await signUp(page, '/covers');
    await makeCover(page, 'Velvet', 'Art song.wav');

    await page.getByRole('button', { name: 'Edit cover art' }).click();
    const editor = page.getByTestId('cover-art-editor');
    await expect(editor).toBeVisible();
    const size = page.getByTestId('crop-size');
    // Generated art is 2048 px square; the editor opens on the 1:1 album crop streaming services take.
    await expect(size).toHaveText('2048 × 2048 px of 2048 × 2048 px');
    await page.getByRole('radio', { name: '2:3 poster' }).check();
    await expect(size).toHaveText('1365 × 2048 px of 2048 × 2048 px');
    await page.getByRole('radio', { name: '1:1 album' }).check();
    await expect(size).toHaveText('2048 × 2048 px of 2048 × 2048 px');
    await page.getByRole('radio', { name: '2:3 poster' }).check();
    await expect(size).toHaveText('1365 × 2048 px of 2048 × 2048 px');

    // Undo and redo, by button and by keyboard shortcut.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(size).toHaveText('2048 × 2048 px of 2048 × 2048 px');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(size).toHaveText('1365 × 2048 px of 2048 × 2048 px');
    await page.getByTestId('crop-box').focus();
    await page.keyboard.press('Control+z');
    await expect(size).toHaveText('2048 × 2048 px of 2048 × 2048 px');
    await page.keyboard.press('Control+Shift+z');
    await expect(size).toHaveText('1365 × 2048 px of 2048 × 2048 px');

    // The crop box moves with the arrow keys, in whole pixels, and undo brings it back.
    const box = page.getByTestId('crop-box');
    await expect(box).toHaveAttribute('aria-label', /at 342, 0\./);
    await page.keyboard.press('ArrowLeft');
    await expect(box).toHaveAttribute('aria-label', /at 332, 0\./);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(box).toHaveAttribute('aria-label', /at 342, 0\./);

    // Export PNG (with its layered PSD) and download the image.
    await page.getByRole('button', { name: 'Export image and PSD' }).click();
    const exported = page.getByTestId('art-export');
    await expect(exported).toContainText('1365 × 2048 px', { timeout: 60_000 });
    const download = page.waitForEvent('download');
    await exported.getByRole('link', { name: 'Download PNG' }).click();
    expect((await download).suggestedFilename()).toBe('Art song (cover art).png');
    await expect(exported.getByRole('link', { name: 'Download layered PSD' })).toHaveAttribute(
      'href',
      /\.psd/,
    );

    // The share video: made by the worker, followed with its progress, then playable.
    await page.getByRole('button', { name: 'Make share video' }).click();
    const video = page.getByTestId('art-video');
    await expect(video).toBeVisible({ timeout: 120_000 });
    await expect(video.getByRole('link', { name: 'Download MP4 (1080 × 1080)' })).toBeVisible();

    // A share link, opened in a fresh signed-out context on a phone.
    await page.getByRole('button', { name: 'Create share link' }).click();
    const link = page.getByTestId('share-link').first();
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/\/s\/[A-Za-z0-9_-]{8,}$/);

    const visitor = await browser.newContext({ viewport: { width: 375, height: 740 } });
    try {
      const shared = await visitor.newPage();
      await shared.goto(href);
      await expect(shared.getByRole('heading', { name: 'Art song' })).toBeVisible();
      // The head names the artwork for link previews.
      await expect(shared.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        /\/v1\/share\/.+\/artwork\.jpg$/,
      );
      await expect(shared.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        'Art song (Velvet cover)',
      );
      await expect(shared.locator('meta[name="twitter:card"]')).toHaveAttribute(
        'content',
        'summary_large_image',
      );
      // The share has its video: it is the one picture and the one player (artwork as its poster).
      const player = shared.getByTestId('share-video');
      await expect(player).toBeVisible();
      await expect(player).toHaveAttribute('poster', /\/v1\/share\/.+\/artwork\.jpg$/);
      await expect(shared.locator('img, audio')).toHaveCount(0);
      // Play it (a click first: browsers play sound after a gesture).
      await shared.getByRole('heading', { name: 'Art song' }).click();
      await player.evaluate((v: HTMLVideoElement) => v.play());
      await expect
        .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(await scrollsSideways(shared)).toBe(false);
      await expect(shared.getByRole('link', { name: 'Make your own cover' })).toHaveAttribute(
        'href',
        /\/covers\/new$/,
      );

      // Revoked: the page says it is gone.
      await page.getByRole('button', { name: 'Revoke' }).first().click();
      await expect(page.getByTestId('share-link')).toHaveCount(0);
      await shared.reload();
      await expect(shared.getByRole('heading', { name: 'This share is gone' })).toBeVisible();
    } finally {
      await visitor.close();
    }

    // The editor works at phone width without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(editor).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
  });
});
