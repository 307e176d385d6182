import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArtShare, CoverArt } from '@ai-covers/contracts';
import { contractResponse, fixture } from '../../shared/test/api-test-kit';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { renderRoute } from '../../shared/test/render-route';
import { useAuthStore } from '../auth';
import { CoverShareButton } from './CoverShareDialog';
import { quickShareDesign } from './quick-export';

const exported = fixture('artExport', {
  id: 'export-0001',
  format: 'jpeg',
  resolution: 'high',
  width: 2048,
  height: 2048,
  name: 'Midnight Drive (cover art).jpg',
  url: '/storage/ai-covers/art.jpg?Signature=c',
  psd_url: '/storage/ai-covers/art.psd?Signature=d',
  created_at: '2026-11-27 10:00',
});
const baseArt = fixture('coverArt', {
  task_id: 'task-0001',
  source: 'generated',
  style: 'aurora',
  width: 2048,
  height: 2048,
  background_url: '/storage/ai-covers/bg.png?Signature=a',
  avatar_url: '/storage/ai-covers/avatar.png?Signature=b',
  title: 'Ada Lane – Midnight Drive',
  subtitle: 'Velvet',
  design: null,
  exports: [exported],
  videos: [
    {
      id: 'video-0001',
      task_id: 'task-0001',
      export_id: 'export-0001',
      format: 'square',
      width: 1080,
      height: 1080,
      status: 3,
      progress: 1,
      error: null,
      duration: 30,
      url: '/storage/ai-covers/v.mp4?Signature=e',
      created_at: '2026-11-27 10:01',
    },
  ],
  shares: [],
});

let art: CoverArt;
let calls: Call[];
beforeEach(() => {
  art = baseArt;
  useAuthStore.setState({ token: 'tok', openLogin: vi.fn() });
  calls = fakeFetch((call) => {
    if (call.url.startsWith('/v1/cover-art/task-0001?')) return contractResponse('coverArt', art);
    if (call.method === 'POST' && call.url === '/v1/cover-art/task-0001/shares') {
      const share: ArtShare = {
        id: 'share-0001',
        path: '/s/share-0001',
        export_id: 'export-0001',
        video_id: 'video-0001',
        revoked: false,
        created_at: '2026-11-27 10:02',
      };
      art = { ...art, shares: [share] };
      return contractResponse('artShare', share);
    }
    if (call.method === 'POST' && call.url === '/v1/cover-art/shares/revoke') {
      art = { ...art, shares: art.shares.map((s) => ({ ...s, revoked: true })) };
      return contractResponse('artRevokeData', { share_id: 'share-0001', revoked: true });
    }
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url);

describe('Share on a finished cover', () => {
  it('makes the link in one click, copies and revokes it, and saves the video under the title', async () => {
    // user-event's clipboard stands in for the browser's.
    const user = userEvent.setup();
    renderRoute(
      '/covers/:taskId',
      '/covers/task-0001',
      <CoverShareButton taskId="task-0001" title="Ada Lane – Midnight Drive" />,
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share your cover' });
    const link = await within(dialog).findByTestId('share-link');
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/s/share-0001`);
    // The share carries the finished video; no export was needed (there was one).
    const sent = JSON.parse(calls.find((c) => c.url.endsWith('/shares'))!.body ?? '{}');
    expect(sent).toEqual({ export_id: 'export-0001', video_id: 'video-0001' });
    expect(posts()).toEqual(['/v1/cover-art/task-0001/shares']);

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/s/share-0001`);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    const video = within(dialog).getByTestId('share-video-download');
    expect(video.getAttribute('download')).toBe('Ada Lane – Midnight Drive (share video).mp4');

    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(dialog).queryByTestId('share-link')).toBeNull());
    // Revoked: no new link behind the owner's back, one click makes another.
    expect(within(dialog).getByRole('button', { name: 'Create share link' })).toBeTruthy();
    expect(posts().filter((p) => p.endsWith('/shares'))).toHaveLength(1);
  });

  it('signed out, it asks for the sign-in and sends nothing', async () => {
    const openLogin = vi.fn();
    useAuthStore.setState({ token: null, openLogin });
    const user = userEvent.setup();
    renderRoute('/covers/:taskId', '/covers/task-0001', <CoverShareButton taskId="task-0001" title="Song" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('button', { name: 'Sign in to share' }));
    expect(openLogin).toHaveBeenCalled();
    expect(posts()).toEqual([]);
  });
});

describe('quickShareDesign', () => {
  it('a never-exported cover shares the square with its title and voice', () => {
    expect(quickShareDesign({ ...baseArt, exports: [] })).toEqual({
      preset: 'album',
      crop: { x: 0, y: 0, width: 2048, height: 2048 },
      title: 'Ada Lane – Midnight Drive',
      subtitle: 'Velvet',
      placement: 'bottom',
    });
  });

  it("keeps the editor's saved design; a title without letters gives way to the voice", () => {
    const saved = {
      preset: 'poster' as const,
      crop: { x: 342, y: 0, width: 1365, height: 2048 },
      title: 'Mine',
      subtitle: '',
      placement: 'top' as const,
    };
    expect(quickShareDesign({ ...baseArt, design: saved })).toEqual(saved);
    expect(quickShareDesign({ ...baseArt, title: '🎵🎶' })).toMatchObject({ title: 'Velvet', subtitle: '' });
  });
});
