import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers, createQueryClient } from '../../shared/providers';
import { contractResponse } from '../../shared/test/api-test-kit';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { BackdropMenu } from './BackdropMenu';

const categories = [
  { name: 'Studio', resources: [{ id: 'navy-studio', name: 'Navy studio', url: null }] },
  { name: 'Office', resources: [{ id: 'office-bokeh', name: 'Office bokeh', url: null }] },
];
let calls: Call[];
let pendingAnswers: number;

beforeEach(() => {
  pendingAnswers = 0;
  calls = fakeFetch(({ method, url, body }) => {
    if (method === 'POST' && url === '/v1/headshots/photos/photo-0001/backdrop-preview') {
      const { style } = JSON.parse(body ?? '{}') as { style: string };
      if (pendingAnswers > 0) {
        pendingAnswers--;
        return contractResponse('headshotBackdropPreviewData', {
          style,
          ready: false,
          image: null,
          width: null,
          height: null,
          cached: false,
          ms: 20000,
        });
      }
      return contractResponse('headshotBackdropPreviewData', {
        style,
        ready: true,
        image: `data:image/webp;base64,${btoa(style)}`,
        width: 480,
        height: 600,
        cached: false,
        ms: 4200,
      });
    }
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMenu(photo: { id: string; url: string | null } | null) {
  render(
    <Providers client={createQueryClient()}>
      <BackdropMenu categories={categories} photo={photo} />
    </Providers>,
  );
}

describe('the backdrop menu', () => {
  it('shows each tile with its example, and renders my own photo on the tile I choose', async () => {
    renderMenu({ id: 'photo-0001', url: '/storage/me.jpg' });
    const tile = screen.getByTestId('backdrop-tile-office-bokeh');
    expect(tile.querySelector('img')?.getAttribute('src')).toMatch(/office-bokeh\.webp/);
    await userEvent.click(tile);
    const preview = await screen.findByTestId('backdrop-preview');
    expect(preview.getAttribute('src')).toBe(`data:image/webp;base64,${btoa('office-bokeh')}`);
    expect(preview.getAttribute('alt')).toBe('Your photo on Office bokeh');
    // Before shows my photo as it is; the same tile again asks nothing more.
    await userEvent.click(screen.getByRole('button', { name: 'Show before' }));
    expect(screen.queryByTestId('backdrop-preview')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show after' }));
    await screen.findByTestId('backdrop-preview');
    expect(calls.filter((c) => c.url.endsWith('/backdrop-preview'))).toHaveLength(1);
  });

  it('says the render goes on, and asks again until it is ready', async () => {
    pendingAnswers = 1;
    renderMenu({ id: 'photo-0001', url: '/storage/me.jpg' });
    await userEvent.click(screen.getByTestId('backdrop-tile-navy-studio'));
    await screen.findByTestId('backdrop-rendering');
    await screen.findByTestId('backdrop-preview', undefined, { timeout: 6000 });
    expect(calls.filter((c) => c.url.endsWith('/backdrop-preview'))).toHaveLength(2);
  });

  it('without an approved photo shows the example and says when mine will show', async () => {
    renderMenu(null);
    await userEvent.click(screen.getByTestId('backdrop-tile-navy-studio'));
    expect(screen.getByText(/once one of your photos is approved/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
