import { expect, test, type Page } from '@playwright/test';
import { app, BASE_PATH, balance, failOnCspViolations, signUp, songWav } from './support';

/** Makes a cover through the create page and waits on its task page until it is ready. */
async function makeCover(page: Page, voice: string, song: string): Promise<string> {
  await page.goto(app('/covers/new'));
  await page.getByRole('radio', { name: new RegExp(voice) }).check();
  await page.getByTestId('song-input').setInputFiles({
    name: song,
    mimeType: 'audio/wav',
    buffer: songWav(6, 16000),
  });
  // The upload finished when the status row shows the size and no progress bar.
  await expect(page.getByRole('status').filter({ hasText: song })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create cover' }).click();
  await page.waitForURL(/\/covers\/[A-Za-z0-9_-]{8,}$/);
  const taskId = page.url().split('/').pop()!;
  // The worker renders it with the engine: waiting → making → ready, followed live.
  await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('audio[controls]')).toHaveAttribute('src', /.+/);
  return taskId;
}

test.describe('AI Covers', () => {
  failOnCspViolations();

  test(
    'a cover is made, previewed and downloaded; at 0 credits the download leads through the credits-limit dialog, pricing and checkout, then succeeds and is recorded',
    { tag: '@base-path' },
    async ({ page, context }) => {
      test.setTimeout(240_000);
      await signUp(page, '/covers');
      // A new account has the 1-credit gift (§6): the first download spends it.
      await expect(balance(page)).toHaveText('1');
      await makeCover(page, 'Velvet', 'First song.wav');
      const firstDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download full song (1 credit)' }).click();
      // The download popup: MP3 320k is chosen unless another format is picked. Its button is the
      // one confirmation of the payment: no "Use 1 credit" dialog follows.
      await page.getByRole('button', { name: 'Unlock for 1 credit and download' }).click();
      expect((await firstDownload).suggestedFilename()).toBe('First song (Velvet cover).mp3');
      await expect(page.getByTestId('credits-consume-dialog')).toHaveCount(0);
      await expect(balance(page)).toHaveText('0');
      // Paid once: downloading it again is free.
      await expect(page.getByRole('button', { name: 'Download again' })).toBeVisible();

      // A second cover at 0 credits: the download opens the credits-limit dialog instead.
      const second = await makeCover(page, 'Ember', 'Second song.wav');
      await page.getByRole('button', { name: 'Download full song (1 credit)' }).click();
      await page.getByRole('button', { name: 'Unlock for 1 credit and download' }).click();
      const limit = page.getByTestId('credits-limit-buy');
      await expect(limit).toBeVisible();

      // Buy: pricing opens in a new window (§2, wide screens), then the sandbox checkout.
      const pricingOpened = context.waitForEvent('page');
      await limit.click();
      const pricing = await pricingOpened;
      await pricing.waitForURL(new RegExp(`:\\d+${BASE_PATH}/pricing\\?return=`));
      await pricing.getByTestId('buy-credits-100').click();
      await pricing.waitForURL(/:\d+\/v1\/billing\/sandbox\/\d+\?t=/);
      await pricing.getByTestId('sandbox-confirm').click();
      // The checkout is an API page at the site root; it returns to the cover under the app's base path.
      await pricing.waitForURL(
        new RegExp(
          `:\\d+${BASE_PATH}/covers/${second}\\?resume=download&format=mp3&order_id=\\d+&status=paid`,
        ),
      );
      await expect(pricing.getByTestId('checkout-result')).toHaveAttribute('data-status', 'paid');
      await pricing.close();

      // Back on the cover: the pricing window told this one about the purchase, so the header shows
      // the new balance, and the download goes through with no question (a paying account now).
      await page.bringToFront();
      await expect(balance(page)).toHaveText('100');
      const secondDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unlock for 1 credit and download' }).click();
      expect((await secondDownload).suggestedFilename()).toBe('Second song (Ember cover).mp3');
      await expect(balance(page)).toHaveText('99');

      // Both downloads are consumption records; My covers lists both covers.
      await page.goto(app('/account/credits'));
      await expect(page.getByTestId('credits-center-balance')).toHaveText('99');
      // Each names the song and voice it paid for.
      await expect(page.getByTestId('consumption-records')).toContainText('“First song” sung by Velvet');
      await expect(page.getByTestId('consumption-records')).toContainText('“Second song” sung by Ember');
      await page.goto(app('/covers'));
      await expect(page.getByRole('link', { name: 'First song', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Second song', exact: true })).toBeVisible();
    },
  );

  test('a visitor can make a cover and hear the preview; downloading asks them to sign in', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await makeCover(page, 'Nimbus', 'Guest song.wav');
    await page.getByRole('button', { name: 'Download full song (1 credit)' }).click();
    await page.getByRole('button', { name: 'Unlock for 1 credit and download' }).click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
  });
});
