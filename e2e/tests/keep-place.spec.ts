import { expect, test, type Page } from '@playwright/test';
import { app, BASE_PATH, balance, createAccount, failOnCspViolations, songWav } from './support';

/**
 * A song as a tagging program leaves it: a WAV with a RIFF INFO list naming its title and artist,
 * under the generic file name people's downloads so often have.
 */
function taggedSong(title: string, artist: string): Buffer {
  const wav = songWav(8, 16000);
  const field = (id: string, text: string) => {
    const value = Buffer.from(`${text}\0`, 'utf8');
    const body = value.length % 2 ? Buffer.concat([value, Buffer.alloc(1)]) : value;
    const head = Buffer.alloc(8);
    head.write(id, 0);
    head.writeUInt32LE(value.length, 4);
    return Buffer.concat([head, body]);
  };
  const info = Buffer.concat([Buffer.from('INFO'), field('INAM', title), field('IART', artist)]);
  const list = Buffer.alloc(8);
  list.write('LIST', 0);
  list.writeUInt32LE(info.length, 4);
  // RIFF header and fmt chunk, then the tags, then the data chunk.
  const out = Buffer.concat([wav.subarray(0, 36), list, info, wav.subarray(36)]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

/** Makes a cover from a file called song.wav and waits on its task page until it is ready. */
async function makeCover(page: Page, voice: string, title: string): Promise<string> {
  await page.goto(app('/covers/new'));
  await page.getByRole('radio', { name: new RegExp(voice) }).check();
  await page.getByTestId('song-input').setInputFiles({
    name: 'song.wav',
    mimeType: 'audio/wav',
    buffer: taggedSong(title, 'Ada Lane'),
  });
  await expect(page.getByRole('status').filter({ hasText: 'song.wav' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create cover' }).click();
  await page.waitForURL(/\/covers\/[A-Za-z0-9_-]{8,}$/);
  // Titled from the song's tags, never "song.wav".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ada Lane – ${title}`);
  // While it renders: the engine's step and the time left (or that it is still measuring).
  const ready = page.getByRole('status').filter({ hasText: 'Ready' });
  const stage = page.getByTestId('cover-stage');
  await expect(stage.or(ready)).toBeVisible({ timeout: 90_000 });
  if (await stage.isVisible()) {
    await expect(stage).toContainText(
      /(Reading the song|Separating the vocal from the music|Converting the voice|Mixing|Encoding the files) · /,
    );
  }
  await expect(ready).toBeVisible({ timeout: 90_000 });
  return page.url().split('/').pop()!;
}

const popup = (page: Page) => page.getByRole('dialog', { name: 'Download your cover' });

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(
    `keeping the user's place (${size.name} ${size.width}×${size.height})`,
    { tag: '@base-path' },
    () => {
      failOnCspViolations();
      test.use({ viewport: { width: size.width, height: size.height } });

      test('a download that needed a sign-in goes on after it; one that needed credits comes back after the purchase', async ({
        page,
        context,
      }) => {
        test.setTimeout(300_000);
        // Signed out: make a cover, ask for its WAV.
        const first = await makeCover(page, 'Velvet', 'Moon River');
        await page.getByRole('button', { name: 'Download full song (1 credit)' }).click();
        await popup(page).getByRole('radio', { name: /WAV/ }).check();
        await popup(page).getByRole('button', { name: 'Unlock for 1 credit and download' }).click();

        // The login dialog opens; the visitor signs up in it. The download may start as soon as the
        // account exists, so it is awaited from here.
        const firstDownload = page.waitForEvent('download', { timeout: 120_000 });
        const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
        await createAccount(frame, `keep-${size.name}-${Date.now()}@example.test`);
        await expect(page.getByTestId('login-dialog')).toBeHidden();

        // The same download goes on with the new account's gift credit (the popup's button was the
        // one confirmation), and the WAV arrives.
        expect((await firstDownload).suggestedFilename()).toMatch(/\.wav$/);
        await expect(page.getByTestId('credits-consume-dialog')).toHaveCount(0);
        expect(page.url()).toContain(`/covers/${first}`);
        await expect(page.getByRole('button', { name: 'Download again' })).toBeVisible();

        // A second cover at 0 credits: the credits-limit dialog, then a purchase.
        const second = await makeCover(page, 'Ember', 'Rain Song');
        await page.getByRole('button', { name: 'Download full song (1 credit)' }).click();
        await popup(page).getByRole('button', { name: 'Unlock for 1 credit and download' }).click();
        const buy = page.getByTestId('credits-limit-buy');
        await expect(buy).toBeVisible();
        const backOnCover = new RegExp(
          `${BASE_PATH}/covers/${second}\\?resume=download&format=mp3&order_id=\\d+&status=paid`,
        );

        if (size.width < 766) {
          // Phones: the light pricing dialog in place; the checkout brings this tab back to the cover.
          await buy.click();
          await page.getByTestId('pricing-dialog-light').getByTestId('buy-credits-500').click();
          await page.waitForURL(/\/v1\/billing\/sandbox\/\d+\?t=/);
          await page.getByTestId('sandbox-confirm').click();
          await page.waitForURL(backOnCover);
          await expect(page.getByTestId('checkout-result')).toHaveAttribute('data-status', 'paid');
        } else {
          // Wide screens: pricing in a new window (§2), whose checkout lands on the cover too; the
          // first window hears of the purchase and offers the download again.
          const opened = context.waitForEvent('page');
          await buy.click();
          const pricing = await opened;
          await pricing.waitForURL(new RegExp(`${BASE_PATH}/pricing\\?return=`));
          await pricing.getByTestId('buy-credits-100').click();
          await pricing.waitForURL(/\/v1\/billing\/sandbox\/\d+\?t=/);
          await pricing.getByTestId('sandbox-confirm').click();
          await pricing.waitForURL(backOnCover);
          await expect(pricing.getByTestId('checkout-result')).toHaveAttribute('data-status', 'paid');
          await expect(popup(pricing)).toBeVisible();
          await pricing.close();
          await page.bringToFront();
        }

        // Back on the cover with more credits: the download is offered again and goes through.
        await expect(balance(page)).not.toHaveText('0');
        await expect(popup(page)).toBeVisible();
        expect(page.url()).toContain(`/covers/${second}`);
        const secondDownload = page.waitForEvent('download');
        await popup(page).getByRole('button', { name: 'Unlock for 1 credit and download' }).click();
        expect((await secondDownload).suggestedFilename()).toMatch(/\.mp3$/);
      });
    },
  );
}
