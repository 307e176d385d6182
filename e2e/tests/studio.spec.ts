import http from 'node:http';
import { expect, test } from '@playwright/test';
import { app, balance, failOnCspViolations, signUp, songWav } from './support';

/** The port playwright.config.ts allows with SONG_LINK_ALLOW_HOSTS (the app's port + 5). */
const songServerPort = Number(process.env.E2E_PORT ?? 8181) + 5;

/** A file host on the loopback: the song behind the pasted link. */
let songServer: http.Server;
const song = songWav(6, 16000);

test.beforeAll(async () => {
  songServer = http.createServer((req, res) => {
    if (req.url === '/music/Linked song.wav' || req.url === '/music/Linked%20song.wav') {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': song.length });
      res.end(req.method === 'HEAD' ? undefined : song);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => songServer.listen(songServerPort, '127.0.0.1', resolve));
});
test.afterAll(() => {
  songServer?.close();
});

test.describe('Covers studio', () => {
  failOnCspViolations();

  test('a song from a link, a voice, the cover, a remix with less vocal, then the stems zip bought in the download popup', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signUp(page, '/covers');
    await expect(balance(page)).toHaveText('1');
    await page.goto(app('/covers/new'));
    await page.getByRole('radio', { name: /Velvet/ }).check();
    const link = `http://127.0.0.1:${songServerPort}/music/Linked%20song.wav`;
    await page.getByRole('textbox', { name: /Or paste a direct link/ }).fill(link);
    await page.getByRole('button', { name: 'Check link' }).click();
    await expect(page.getByText(/This link leads to a song/)).toBeVisible();
    await page.getByRole('button', { name: 'Create cover' }).click();
    await page.waitForURL(/\/covers\/[A-Za-z0-9_-]{8,}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 120_000 });
    // Titled by the link's file name, without its extension.
    await expect(page.getByRole('heading', { name: 'Linked song', exact: true })).toBeVisible();
    const player = page.locator('audio[controls]');
    const firstPreview = await player.getAttribute('src');

    // Less vocal: the remix replaces the preview in seconds, and the new one plays.
    await page.getByRole('slider', { name: 'Vocal level' }).fill('0.3');
    await page.getByRole('button', { name: 'Remix' }).click();
    await expect(page.getByText(/Remixed: the preview and every download/)).toBeVisible({ timeout: 60_000 });
    await expect(player).not.toHaveAttribute('src', firstPreview ?? '');
    await player.evaluate(async (el: HTMLAudioElement) => {
      el.muted = true;
      await el.play();
    });
    await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0.2);
    // Stopped before its end: a preview heard to the end offers the feedback dialog, which is not
    // what this journey is about.
    await player.evaluate((el: HTMLAudioElement) => el.pause());

    // The download popup: stems zip, unlocked with the one credit.
    await page.getByRole('button', { name: 'Download full song (1 credit)' }).click();
    const popup = page.getByRole('dialog', { name: 'Download your cover' });
    await popup.getByRole('radio', { name: /Stems in one zip/ }).check();
    const download = page.waitForEvent('download');
    // One confirmation per payment: the popup's button charges and downloads.
    await popup.getByRole('button', { name: 'Unlock for 1 credit and download' }).click();
    expect((await download).suggestedFilename()).toBe('Linked song (Velvet cover) stems.zip');
    await expect(page.getByTestId('credits-consume-dialog')).toHaveCount(0);
    await expect(balance(page)).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Download again' })).toBeVisible();
  });
});
