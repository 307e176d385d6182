import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { contractResponse, errorResponse } from '../../shared/test/api-test-kit';
import { fakeFetch } from '../../shared/test/fake-network';
import { renderRoute } from '../../shared/test/render-route';
import { SharePage } from './SharePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('share page', () => {
  it('shows the artwork, the watermarked preview and the way to make your own', async () => {
    fakeFetch((call) =>
      call.url.startsWith('/v1/share/abcdefgh1234?')
        ? contractResponse('shareView', {
            id: 'abcdefgh1234',
            title: 'Midnight Drive',
            voice_name: 'Velvet',
            artwork_url: '/v1/share/abcdefgh1234/artwork.jpg',
            artwork_width: 1200,
            artwork_height: 1200,
            audio_url: '/storage/ai-covers/preview.mp3?Signature=x',
            video_url: null,
            video_width: null,
            video_height: null,
          })
        : undefined,
    );
    renderRoute('/s/:shareId', '/s/abcdefgh1234', <SharePage />);
    expect(await screen.findByRole('heading', { name: 'Midnight Drive' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Cover art of Midnight Drive' }).getAttribute('src')).toBe(
      '/v1/share/abcdefgh1234/artwork.jpg',
    );
    expect(screen.getByTestId('share-audio').getAttribute('src')).toContain('preview.mp3');
    expect(screen.getByText('Sung by Velvet, made with AI Covers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make your own cover' }).getAttribute('href')).toBe(
      '/covers/new',
    );
  });

  it('with a share video: one picture and one player (the video, the artwork as its poster)', async () => {
    fakeFetch((call) =>
      call.url.startsWith('/v1/share/abcdefgh1234?')
        ? contractResponse('shareView', {
            id: 'abcdefgh1234',
            title: 'Ada Lane – Midnight Drive',
            voice_name: 'Velvet',
            artwork_url: '/v1/share/abcdefgh1234/artwork.jpg',
            artwork_width: 1200,
            artwork_height: 1200,
            audio_url: '/storage/ai-covers/preview.mp3?Signature=x',
            video_url: '/storage/ai-covers/share.mp4?Signature=y',
            video_width: 1080,
            video_height: 1080,
          })
        : undefined,
    );
    renderRoute('/s/:shareId', '/s/abcdefgh1234', <SharePage />);
    expect(await screen.findByRole('heading', { name: 'Ada Lane – Midnight Drive' })).toBeTruthy();
    expect(document.querySelectorAll('video, audio')).toHaveLength(1);
    expect(screen.queryByRole('img')).toBeNull();
    const video = screen.getByTestId('share-video');
    expect(video.getAttribute('poster')).toBe('/v1/share/abcdefgh1234/artwork.jpg');
  });

  it('a revoked or unknown share says it is gone', async () => {
    fakeFetch(() => errorResponse(40004, 'This share is no longer available.'));
    renderRoute('/s/:shareId', '/s/revoked12345', <SharePage />);
    expect(await screen.findByRole('heading', { name: 'This share is gone' })).toBeTruthy();
    expect(screen.getByText('This share is no longer available.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
