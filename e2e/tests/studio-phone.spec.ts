import { expect, test, type Page } from '@playwright/test';
import { app, failOnCspViolations, signUp } from './support';

// The signed-in studio on phones: a header in one row with its menu, a voice picker that shows every
// voice on the page (no small scroll box inside it), and a credits dialog with every option the
// pricing page has and at most one "Most popular".
const WIDTHS = [360, 390, 430];

/** Voice radios that sit in a scroll box of their own (a box that scrolls, below the page). */
async function voicesInScrollBoxes(page: Page): Promise<number> {
  return page.evaluate(() => {
    let boxed = 0;
    for (const radio of Array.from(document.querySelectorAll('input[name="voice"]'))) {
      for (let el = radio.parentElement; el && el !== document.body; el = el.parentElement) {
        const { overflowY } = getComputedStyle(el);
        if ((overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight + 1) {
          boxed++;
          break;
        }
      }
    }
    return boxed;
  });
}

test.describe('Studio on a phone, signed in', () => {
  failOnCspViolations();

  test('header in one row with a menu, every voice on the page, every credit option with one "Most popular"', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUp(page, '/covers');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });

      // The header: one row (the bar is as tall as one line of it), the rest behind the menu.
      await page.goto(app('/covers/new'));
      const header = page.getByRole('banner');
      await expect(header.getByTestId('credit-balance')).toBeVisible();
      await expect(header.getByRole('link', { name: 'Account' })).toBeVisible();
      const height = (await header.boundingBox())!.height;
      expect(height, `header height at ${width} px`).toBeLessThanOrEqual(72);
      const menu = header.getByRole('button', { name: 'Menu' });
      await expect(header.getByRole('navigation')).toBeHidden();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(header.getByLabel('Language')).toBeVisible();
      await header.getByRole('navigation').getByRole('link', { name: 'My covers' }).click();
      await page.waitForURL(/\/covers$/);
      await expect(header.getByRole('navigation')).toBeHidden();

      // Every voice on the page: none inside a scroll box of its own.
      await page.goto(app('/covers/new'));
      const voices = page.getByRole('radio', { name: /./ }).and(page.locator('input[name="voice"]'));
      await expect(voices.first()).toBeVisible();
      expect(await voices.count()).toBeGreaterThan(4);
      expect(await voicesInScrollBoxes(page), `voices in a scroll box at ${width} px`).toBe(0);
      await voices.last().scrollIntoViewIfNeeded();
      await expect(voices.last()).toBeInViewport();

      // The credits dialog: every option of the pricing page, one "Most popular" at most.
      await page.goto(app('/credit'));
      await page.getByTestId('get-credit-now').click();
      const dialog = page.getByTestId('pricing-dialog-light');
      await expect(dialog).toBeVisible();
      for (const sku of ['credits-100', 'credits-500', 'member-monthly'])
        await expect(dialog.getByTestId(`plan-${sku}`)).toBeAttached();
      expect(await dialog.getByText('Most popular', { exact: true }).count()).toBeLessThanOrEqual(1);
      await page.keyboard.press('Escape');
    }
  });
});
