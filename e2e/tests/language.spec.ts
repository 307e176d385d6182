import { expect, test } from '@playwright/test';
import { app } from './support';

const EN_TITLE = 'Any song, sung by another voice.';
const DE_TITLE = 'Jeder Song, gesungen von einer anderen Stimme.';

test.describe('language', { tag: '@base-path' }, () => {
  test('switching to Deutsch shows German copy, survives reload, and /de/ opens German', async ({
    page,
    browser,
  }) => {
    await page.goto(app('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByLabel('Language').selectOption('de');
    await expect(page).toHaveURL(/\/de\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DE_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('button', { name: 'Anmelden' }).or(page.getByRole('link', { name: 'Anmelden' })),
    ).toBeVisible();
    await expect(page.getByText('Sign in', { exact: true })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DE_TITLE);
    await expect(page.getByLabel('Sprache')).toHaveValue('de');

    // A new visitor with no stored preference lands on German straight from the URL.
    const fresh = await browser.newContext({ locale: 'en-US' });
    const other = await fresh.newPage();
    await other.goto(app('/de/'));
    await expect(other.getByRole('heading', { level: 1 })).toHaveText(DE_TITLE);
    await fresh.close();
  });

  test('the lang query, br and zh follow the rules of the spec', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(app('/?lang=de'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DE_TITLE);
    await page.goto(app('/zh/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto(app('/br/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await context.close();
  });

  test('an unmatched path goes back to the root, keeping the language', async ({ page }) => {
    await page.goto(app('/de/no/such/page'));
    await expect(page).toHaveURL(/\/de\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DE_TITLE);
  });
});
