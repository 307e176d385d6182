import { expect, test, type Page } from '@playwright/test';
import { app, signUp } from './support';

// Every page at the narrowest and widest common phone widths, signed out and signed in: nothing
// may be wider than the screen (no sideways scrolling, nothing cut off).
const PAGES = [
  '/',
  '/covers',
  '/covers/new',
  '/pricing',
  '/account',
  '/account/credits',
  '/credit',
  '/headshots/usercenter',
  '/headshots',
  '/ja/account/credits',
  '/de/pricing',
];
const WIDTHS = [360, 430];

async function overflowOf(page: Page): Promise<{ scroll: number; inner: number; widest: string }> {
  return page.evaluate(() => {
    const inner = window.innerWidth;
    let widest = '';
    // The culprit: an element past the right edge whose ancestors do not clip it.
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > inner + 1 && r.width > 0 && !clipped(el)) {
        widest = `${el.tagName.toLowerCase()}.${(el.className || '').toString().slice(0, 40)} right=${Math.round(r.right)}`;
        break;
      }
    }
    return { scroll: document.documentElement.scrollWidth, inner, widest };
  });
}

async function checkAll(page: Page) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PAGES) {
      await page.goto(app(path));
      await expect(page.getByRole('banner')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { scroll, inner, widest } = await overflowOf(page);
      expect(scroll, `${path} at ${width} px: ${widest}`).toBeLessThanOrEqual(inner);
    }
  }
}

test('no page scrolls sideways on a phone, signed out', async ({ page }) => {
  test.setTimeout(180_000);
  await checkAll(page);
});

test('no page scrolls sideways on a phone, signed in', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await checkAll(page);
});
