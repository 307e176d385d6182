import { expect, test, type Page } from '@playwright/test';
import { app, balance, failOnCspViolations, signUp, songWav } from './support';

// A new user's first hour, at a phone size and a desktop size: counts read right ("1 credit",
// "100 credits"), a charge names the song and voice it paid for, and the library shows what the
// user uploaded only (no cover renders or previews, no refused upload).

/** The header's badge: the number and its noun, and its label for screen readers. */
async function expectBadge(page: Page, count: number, noun: string) {
  const badge = page.getByTestId('credit-balance');
  await expect(balance(page)).toHaveText(String(count));
  await expect(badge).toHaveText(`◆${count}${noun}`);
  await expect(badge).toHaveAttribute('aria-label', `Balance: ${count} ${noun}`);
}

/** Makes a cover of `song` with the Velvet voice and waits until it is ready. */
async function makeCover(page: Page, song: string) {
  await page.goto(app('/covers/new'));
  await page.getByRole('radio', { name: /Velvet/ }).check();
  await page.getByTestId('song-input').setInputFiles({
    name: song,
    mimeType: 'audio/wav',
    buffer: songWav(4, 16000),
  });
  await expect(page.getByRole('status').filter({ hasText: song })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create cover' }).click();
  await page.waitForURL(/\/covers\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 90_000 });
}

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

for (const size of SIZES) {
  test.describe(`copy and details (${size.name} ${size.viewport.width}×${size.viewport.height})`, () => {
    failOnCspViolations();
    test.use({ viewport: size.viewport });

    test('credit counts, a charge naming song and voice, a library of uploads only', async ({ page }) => {
      test.setTimeout(240_000);
      await signUp(page);
      // The 1-credit gift of a new account, in the singular.
      await expectBadge(page, 1, 'credit');

      // A refused upload (text named .mp3) is refused at once and leaves nothing in the library.
      await page.goto(app('/account'));
      const library = page.getByRole('region', { name: 'Cloud files' });
      const chooser = page.waitForEvent('filechooser');
      await library.getByRole('button', { name: 'Upload file' }).click();
      await (
        await chooser
      ).setFiles({
        name: 'notes.mp3',
        mimeType: 'audio/mpeg',
        buffer: Buffer.from('These are lyrics, not a song.'.repeat(20)),
      });
      await expect(library.getByText('The file is not a song', { exact: false })).toBeVisible();

      // A cover, downloaded with the one credit.
      const song = `Rain ${size.name}.wav`;
      await makeCover(page, song);
      await expect(page.getByText('Preview (30 seconds)')).toBeVisible();
      await page.getByRole('button', { name: 'Download full song (1 credit)' }).click();
      // The popup's button is the one confirmation of the payment (no "Use 1 credit" dialog).
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unlock for 1 credit and download' }).click();
      expect((await download).suggestedFilename()).toBe(`Rain ${size.name} (Velvet cover).mp3`);
      await expect(page.getByTestId('credits-consume-dialog')).toHaveCount(0);
      await expectBadge(page, 0, 'credits');

      // Several credits, in the plural.
      await page.goto(app('/pricing'));
      await page.getByTestId('buy-credits-100').click();
      await page.waitForURL(/\/v1\/billing\/sandbox\//);
      await page.getByTestId('sandbox-confirm').click();
      await page.waitForURL(/status=paid/);
      await expectBadge(page, 100, 'credits');

      // The charge names what it paid for: the song and the voice, not a task id.
      await page.goto(app('/account/credits'));
      const records = page.getByTestId('consumption-records');
      await expect(records.getByTestId('consumption-details')).toHaveText([
        `Credits · “Rain ${size.name}” sung by Velvet`,
      ]);
      await expect(page.getByTestId('acquisition-records')).toContainText('100 credits');

      // The library lists the uploaded song only: no refused upload, no render, no preview.
      await page.goto(app('/account'));
      await expect(library.getByTestId('library-file')).toHaveCount(1);
      await expect(library.getByTestId('library-file')).toContainText(song);
      await expect(library).not.toContainText('notes.mp3');
      await expect(library).not.toContainText('cover)');
    });
  });
}
