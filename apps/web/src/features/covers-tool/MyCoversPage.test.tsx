import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { MyCoversPage } from './MyCoversPage';
import { contractResponse } from '../../shared/test/api-test-kit';
import { fakeFetch } from '../../shared/test/fake-network';
import { makeTask, voiceCategories } from './covers-test-kit';
import { renderRoute } from '../../shared/test/render-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(rows: ReturnType<typeof makeTask>[]) {
  return fakeFetch(({ url }) => {
    if (url.startsWith('/v1/common/category')) return contractResponse('categoryData', voiceCategories);
    if (url.startsWith('/v1/vsas/list'))
      return contractResponse('coverListData', { rows, total: rows.length, page: 1, page_size: 10000 });
  });
}

describe('my covers (covers)', () => {
  it('lists covers newest first with voice, date, status and a link to each task', async () => {
    const calls = serve([
      makeTask({
        task_id: 'task-old-01',
        song_name: 'Old.mp3',
        title: 'Old',
        created_at: '2026-11-01 08:00',
        status: 4,
      }),
      makeTask({
        task_id: 'task-new-01',
        song_name: 'song.mp3',
        title: 'Ada – New',
        created_at: '2026-11-20 10:00',
        status: 3,
      }),
    ]);
    renderRoute('/covers', '/covers', <MyCoversPage />);
    // Each cover by its title, never by a file name like 'song.mp3'.
    const link = await screen.findByRole('link', { name: 'Ada – New' });
    expect(link.getAttribute('href')).toBe('/covers/task-new-01');
    const rows = screen.getAllByTestId('cover-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Ada – New', 'Old']);
    expect(within(rows[0]!).getByText('Ready')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(await within(rows[0]!).findByText('Aurora')).toBeTruthy();
    const query = new URL(calls.find((c) => c.url.startsWith('/v1/vsas/list'))!.url, 'http://x').searchParams;
    expect([query.get('kind'), query.get('page'), query.get('page_size')]).toEqual([
      'ai-covers',
      '1',
      '10000',
    ]);
  });

  it('shows the empty state with a link to make the first cover', async () => {
    serve([]);
    renderRoute('/covers', '/covers', <MyCoversPage />);
    expect(await screen.findByText('You have not made a cover yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make a cover' }).getAttribute('href')).toBe('/covers/new');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
