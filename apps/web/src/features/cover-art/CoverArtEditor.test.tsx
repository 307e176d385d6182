import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractResponse, fixture } from '../../shared/test/api-test-kit';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { renderRoute } from '../../shared/test/render-route';
import { CoverArtEditor } from './CoverArtEditor';

const art = fixture('coverArt', {
  task_id: 'task-0001',
  source: 'generated',
  style: 'aurora',
  width: 2048,
  height: 2048,
  background_url: '/storage/ai-covers/bg.png?Signature=a',
  avatar_url: '/storage/ai-covers/avatar.png?Signature=b',
  title: 'Midnight Drive',
  subtitle: 'Velvet',
  design: null,
  exports: [],
  videos: [],
  shares: [],
});

let calls: Call[];
beforeEach(() => {
  calls = fakeFetch((call) =>
    call.url.startsWith('/v1/cover-art/task-0001?') ? contractResponse('coverArt', art) : undefined,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const size = () => screen.getByTestId('crop-size').textContent;
async function openEditor() {
  renderRoute('/covers/:taskId', '/covers/task-0001', <CoverArtEditor taskId="task-0001" />);
  await screen.findByTestId('cover-art-editor');
}

describe('cover art editor', () => {
  it(
    'opens on the 1:1 album square; presets change the crop; undo and redo step back and forth',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      await openEditor();
      expect(size()).toBe('2048 × 2048 px of 2048 × 2048 px');
      expect((screen.getByRole('radio', { name: '1:1 album' }) as HTMLInputElement).checked).toBe(true);
      const undo = screen.getByRole('button', { name: 'Undo' });
      const redo = screen.getByRole('button', { name: 'Redo' });
      expect((undo as HTMLButtonElement).disabled).toBe(true);
      expect((redo as HTMLButtonElement).disabled).toBe(true);

      await user.click(screen.getByRole('radio', { name: '16:9 video' }));
      expect(size()).toBe('2048 × 1152 px of 2048 × 2048 px');
      await user.click(screen.getByRole('radio', { name: '9:16 story' }));
      expect(size()).toBe('1152 × 2048 px of 2048 × 2048 px');
      await user.click(undo);
      expect(size()).toBe('2048 × 1152 px of 2048 × 2048 px');
      expect((screen.getByRole('radio', { name: '16:9 video' }) as HTMLInputElement).checked).toBe(true);
      await user.click(undo);
      expect(size()).toBe('2048 × 2048 px of 2048 × 2048 px');
      expect((undo as HTMLButtonElement).disabled).toBe(true);
      await user.click(redo);
      expect(size()).toBe('2048 × 1152 px of 2048 × 2048 px');
    },
  );

  it(
    'keyboard: Ctrl+Z and Ctrl+Shift+Z undo and redo; arrows move the crop box in whole pixels',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      await openEditor();
      await user.click(screen.getByRole('radio', { name: '2:3 poster' }));
      const box = screen.getByTestId('crop-box');
      box.focus();
      await user.keyboard('{Control>}z{/Control}');
      expect(size()).toBe('2048 × 2048 px of 2048 × 2048 px');
      await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      expect(size()).toBe('1365 × 2048 px of 2048 × 2048 px');

      await user.click(screen.getByRole('radio', { name: '2:3 poster' }));
      box.focus();
      await user.keyboard('{ArrowLeft}');
      expect(box.getAttribute('aria-label')).toContain('at 332, 0.');
      await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
      expect(box.getAttribute('aria-label')).toContain('at 432, 0.');
    },
  );

  it(
    'typed sizes are whole pixels at the locked ratio; free crops size one side',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      await openEditor();
      await user.click(screen.getByRole('radio', { name: '2:3 poster' }));
      const width = screen.getByLabelText('Width (px)');
      await user.clear(width);
      await user.type(width, '1000{Enter}');
      await waitFor(() => expect(size()).toBe('1000 × 1500 px of 2048 × 2048 px'));
      await user.click(screen.getByRole('radio', { name: 'Free crop' }));
      const height = screen.getByLabelText('Height (px)');
      await user.clear(height);
      await user.type(height, '700{Enter}');
      await waitFor(() => expect(size()).toBe('2048 × 700 px of 2048 × 2048 px'));
    },
  );

  it('a title of only emoji is named and stops the export', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Text' }));
    const title = screen.getByLabelText('Title text');
    await user.clear(title);
    await user.type(title, '🎵🎶');
    await user.tab();
    expect(await screen.findByText('The title needs at least one letter or number.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export image and PSD' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // Undo brings the title back.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Title text') as HTMLInputElement).value).toBe('Midnight Drive'),
    );
    expect((screen.getByRole('button', { name: 'Export image and PSD' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a signed-out owner is asked to sign in before sharing', { timeout: 20_000 }, async () => {
    await openEditor();
    expect(screen.getByRole('button', { name: 'Sign in to share' })).toBeTruthy();
  });
});
