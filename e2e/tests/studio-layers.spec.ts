import { expect, test, type Locator, type Page } from '@playwright/test';
import { app, failOnCspViolations, signUp, songWav } from './support';

// Every dialog of the studio opened over a cover page whose waveform and player have played: the
// dialog's title must be what the browser finds at its own position (nothing the page draws, the
// waveform's played part included, may come over a dialog). At a laptop's and a phone's size.
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

/**
 * Presses a button without scrolling it into view (a click by Playwright would scroll, and move the
 * waveform away from where the test put it).
 */
const press = (button: Locator) => button.evaluate((el: HTMLElement) => el.click());

/** The studio's dialogs on a finished cover: how each opens, and its title. */
const DIALOGS: { title: string; open: (page: Page) => Promise<void> }[] = [
  {
    title: 'Download your cover',
    open: (page) => press(page.getByRole('button', { name: /^Download full song/ })),
  },
  { title: 'How did we do?', open: (page) => press(page.getByRole('button', { name: 'Rate this cover' })) },
  {
    title: 'Share your cover',
    open: (page) => press(page.getByRole('button', { name: 'Share', exact: true })),
  },
  {
    title: 'Delete this cover?',
    open: (page) => press(page.getByRole('button', { name: 'Delete', exact: true })),
  },
];

async function makeCover(page: Page): Promise<void> {
  await page.goto(app('/covers/new'));
  await page.getByRole('radio', { name: /Velvet/ }).check();
  await page.getByTestId('song-input').setInputFiles({
    name: 'Layer song.wav',
    mimeType: 'audio/wav',
    buffer: songWav(6, 16000),
  });
  await expect(page.getByRole('status').filter({ hasText: 'Layer song' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create cover' }).click();
  await page.waitForURL(/\/covers\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 90_000 });
}

/** Plays the preview to its end (muted): the waveform draws its played part over its whole width. */
async function playToEnd(page: Page): Promise<void> {
  const player = page.locator('audio[controls]');
  await player.evaluate(async (el: HTMLAudioElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => player.evaluate((el: HTMLAudioElement) => el.ended), { timeout: 30_000 })
    .toBe(true);
}

/** The centre of the dialog's title, in the viewport. */
async function titleCentre(title: Locator): Promise<number> {
  return title.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top + r.height / 2;
  });
}

/**
 * wavesurfer's played part and cursor let clicks through (pointer-events: none), so hit testing
 * would not see them even where they are painted over a dialog: make every layer inside the
 * waveform hit-testable, so that what `elementFromPoint` finds is what is painted on top.
 */
async function makeWaveformHitTestable(page: Page): Promise<void> {
  await page.getByTestId('waveform').evaluate((box) => {
    for (const el of [box, ...Array.from(box.querySelectorAll('*'))]) {
      const root = (el as HTMLElement).shadowRoot;
      if (!root || root.querySelector('style[data-hit-test]')) continue;
      const style = document.createElement('style');
      style.dataset.hitTest = '';
      style.textContent = '* { pointer-events: auto !important; }';
      root.append(style);
    }
  });
}

/** True when the browser finds the title itself (or a part of it) at the title's centre. */
async function titleOnTop(title: Locator): Promise<boolean> {
  return title.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

test.describe('Studio dialogs over a played waveform', () => {
  failOnCspViolations();

  test('each dialog title is topmost at its own position, at 1366 and 390 px', async ({ page }) => {
    test.setTimeout(240_000);
    await signUp(page, '/covers');
    await makeCover(page);
    // Room to scroll the waveform under any point of the screen.
    await page.evaluate(() => {
      document.body.style.paddingBottom = '2000px';
    });
    await playToEnd(page);
    await makeWaveformHitTestable(page);
    // The preview heard to its end offers the feedback dialog by itself: it is one of those checked.
    const offered = page.getByRole('dialog', { name: 'How did we do?' });
    await expect(offered).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(offered).toBeHidden();

    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const { title: name, open } of DIALOGS) {
        // Where this dialog puts its title, then the waveform moved right under that spot.
        await open(page);
        const dialog = page.getByRole('dialog', { name });
        const title = dialog.getByRole('heading', { name });
        await expect(title).toBeVisible();
        const y = await titleCentre(title);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await page.getByTestId('waveform').evaluate((el, target) => {
          const r = el.getBoundingClientRect();
          window.scrollBy(0, r.top + r.height / 2 - target);
        }, y);

        await open(page);
        await expect(title).toBeVisible();
        expect(await titleOnTop(title), `"${name}" at ${size.width} px`).toBe(true);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
  });
});
