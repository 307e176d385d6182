import { expect, test } from '@playwright/test';
import { app, failOnCspViolations, signUp, songWav } from './support';

test.describe('cloud file library', () => {
  failOnCspViolations();

  test('upload an audio file, find it under Audio, rename it, delete it', async ({ page }) => {
    // Uploading is for accounts: signed out, the account page offers sign-in instead.
    await signUp(page);
    await page.goto(app('/account'));
    const library = page.getByRole('region', { name: 'Cloud files' });
    await expect(library).toBeVisible();

    // Upload through the signed storage upload: the file chooser behind the Upload button.
    const chooser = page.waitForEvent('filechooser');
    await library.getByRole('button', { name: 'Upload file' }).click();
    await (await chooser).setFiles({ name: 'My tone.wav', mimeType: 'audio/wav', buffer: songWav() });
    await expect(library.getByText('Uploaded')).toBeVisible();
    await expect(library.getByText('My tone.wav · 0.02 MB')).toBeVisible();

    // It is listed under Audio (with its duration read in the browser), not under Image.
    await library.getByRole('tab', { name: 'Image' }).click();
    await expect(library.getByText('No files here yet.')).toBeVisible();
    await library.getByRole('tab', { name: 'Audio' }).click();
    const row = library.getByTestId('library-file').filter({ hasText: 'My tone.wav' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('0.02 MB · 00:00:01');

    // The stored bytes play back through a signed URL.
    const exported = await page.evaluate(async () => {
      const authorization = `Bearer ${localStorage.getItem('ai-covers.token')}`;
      const list = await fetch('/v1/library/files?type=audio', { headers: { authorization } }).then((r) =>
        r.json(),
      );
      const audio = await fetch(list.data.rows[0].url, { headers: { range: 'bytes=0-3' } });
      return { status: audio.status, text: await audio.text() };
    });
    expect(exported).toEqual({ status: 206, text: 'RIFF' });

    // Rename: too long is refused in the dialog, a good name is saved.
    await row.getByRole('button', { name: 'Rename My tone.wav' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename' });
    const input = dialog.getByLabel('New name');
    await input.fill('x'.repeat(101));
    await expect(
      dialog.getByText('The name must be at most 100 characters, extension included.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await input.fill('Evening tone.wav');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const renamed = library.getByTestId('library-file').filter({ hasText: 'Evening tone.wav' });
    await expect(renamed).toBeVisible();

    // Delete with confirmation: 'Delete successful', and the list is empty again.
    await renamed.getByRole('button', { name: 'Delete Evening tone.wav' }).click();
    await page.getByRole('dialog', { name: 'Delete file' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Delete successful')).toBeVisible();
    await expect(library.getByTestId('library-file')).toHaveCount(0);
    await library.getByRole('tab', { name: 'All' }).click();
    await expect(library.getByText('No files here yet.')).toBeVisible();
  });

  test('the library speaks the page language', async ({ page }) => {
    await signUp(page);
    await page.goto(app('/de/account'));
    const library = page.getByRole('region', { name: 'Cloud-Dateien' });
    await expect(library.getByRole('tab', { name: 'Tondateien' })).toBeVisible();
    await expect(library.getByRole('button', { name: 'Datei hochladen' })).toBeVisible();
    await expect(library.getByText('Hier sind noch keine Dateien.')).toBeVisible();
  });
});
