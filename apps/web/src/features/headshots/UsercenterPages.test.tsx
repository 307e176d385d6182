import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { HeadshotMsg, type HeadshotPack, type HeadshotResult } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../shared/providers';
import { contractResponse, errorResponse, fixture } from '../../shared/test/api-test-kit';
import { makeTestUser } from '../../shared/test/account-fixtures';
import { useAuthStore } from '../auth';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { HeadshotDetailPage } from './HeadshotDetailPage';
import { UsercenterListPage } from './UsercenterListPage';
import { makePack } from './headshots-test-kit';

function result(n: number): HeadshotResult {
  return fixture('headshotResult', {
    id: `result-000${n}`,
    index: n,
    url: `/storage/r${n}.jpg`,
    thumb_url: `/storage/r${n}.webp`,
    download_url: `/storage/r${n}.jpg?download=1`,
    name: `headshot-00${n}.jpg`,
    style: 'corporate-grey',
    backdrop: 'paper',
    framing: 'classic',
    grade: 'neutral',
    likeness: 0.82,
  });
}

let packs: HeadshotPack[];
let calls: Call[];
let shareMine: boolean;

beforeEach(() => {
  packs = [makePack()];
  shareMine = false;
  calls = fakeFetch(({ method, url }) => {
    if (method === 'GET' && url.startsWith('/v1/headshots/packs/pack-0001/zip'))
      return contractResponse('headshotZipData', {
        url: '/v1/headshots/zip/tok123',
        name: 'headshots.zip',
        expire: '2026-11-22T11:00:00Z',
      });
    if (method === 'GET' && url.startsWith('/v1/headshots/packs/pack-0001'))
      return contractResponse('headshotPackDetailData', {
        pack: packs[0]!,
        results: [result(1), result(2)],
        shares: [],
        url_expire: '2026-11-22T11:00:00Z',
      });
    if (method === 'GET' && url.startsWith('/v1/headshots/packs'))
      return contractResponse('headshotPacksData', { rows: packs });
    if (method === 'POST' && url === '/v1/headshots/delete-all') {
      const deleted = packs.length;
      packs = [];
      return contractResponse('headshotDeleteAllData', { packs: deleted, results: 50, photos: 5 });
    }
    if (method === 'GET' && url.startsWith('/v1/headshots/shares/share-live-01'))
      return contractResponse('headshotShareView', {
        id: 'share-live-01',
        created_at: '2026-11-22T10:10:00.000Z',
        count: 2,
        results: [result(1), result(2)].map(({ likeness: _likeness, ...rest }) => rest),
        zip_url: '/v1/headshots/zip/share-tok',
        url_expire: '2026-11-22T11:00:00Z',
        mine: shareMine,
      });
    if (method === 'POST' && url === '/v1/headshots/packs/pack-0001/shares')
      return contractResponse('headshotShareData', {
        share: {
          id: 'share-new-01',
          url: 'https://hs.example/headshots/usercenter/share?id=share-new-01',
          revoked: false,
          created_at: '2026-11-22T10:20:00.000Z',
        },
      });
    if (method === 'POST' && url === '/v1/headshots/shares/share-live-01/revoke')
      return contractResponse('headshotShareData', {
        share: {
          id: 'share-live-01',
          url: 'https://hs.example/headshots/usercenter/share?id=share-live-01',
          revoked: true,
          created_at: '2026-11-22T10:10:00.000Z',
        },
      });
    if (method === 'GET' && url.startsWith('/v1/headshots/shares/share-gone-01'))
      return errorResponse(40004, HeadshotMsg.shareRevoked);
  });
  useAuthStore.setState({ token: 'tok', user: makeTestUser({ email: 'ana@example.test' }), openLogin: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAuthStore.setState({ token: null, user: null, openLogin: null });
});

function renderAt(path: string) {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/headshots/usercenter" element={<UsercenterListPage />} />
          <Route path="/headshots/usercenter/detail" element={<HeadshotDetailPage mode="detail" />} />
          <Route path="/headshots/usercenter/share" element={<HeadshotDetailPage mode="share" />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('user center (§2)', () => {
  it('greets, lists the packs with their deletion date, and deletes all only after a permanent-deletion confirmation', async () => {
    renderAt('/headshots/usercenter');
    expect((await screen.findByTestId('greeting')).textContent).toBe('Hello, ana');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByTestId('get-started').getAttribute('href')).toBe('/headshots/upload');
    expect((await screen.findByTestId('pack-status')).textContent).toBe('Ready');
    const list = screen.getByTestId('pack-list');
    // The plan by name (never its copy key), and the date as what it is while the pack is kept.
    expect(within(list).getByText('Basic: 50 headshots')).toBeTruthy();
    expect(within(list).getByText(/^Available until 2026-12-2\d \d\d:\d\d$/)).toBeTruthy();
    expect(list.textContent).not.toContain('headshots.plan');
    expect(list.textContent).not.toContain('Deleted on');

    await userEvent.click(screen.getByTestId('delete-all'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/deleted for good\. This cannot be undone\./)).toBeTruthy();
    expect(calls.some((c) => c.url === '/v1/headshots/delete-all')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await screen.findByTestId('packs-empty');
    const sent = calls.find((c) => c.url === '/v1/headshots/delete-all');
    expect(JSON.parse(sent!.body!)).toEqual({ confirm: true });
  });
});

describe('pack detail and share (§2)', () => {
  it('detail: back button, zip of all or of the selected results', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/headshots/usercenter/detail?id=pack-0001');
    expect(await screen.findByTestId('back')).toBeTruthy();
    await screen.findByTestId('result-grid');
    await userEvent.click(screen.getByTestId('download-all'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.url.includes('/zip'))[0]!.url).not.toContain('ids=');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select headshot 2' }));
    await userEvent.click(screen.getByTestId('download-selected'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.url.includes('/zip'))[1]!.url).toContain('ids=result-0002');
    expect(screen.getByText('Available until', { exact: false })).toBeTruthy();
  });

  it('detail: no share box; making a public link copies it and the owner stays on the page', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAt('/headshots/usercenter/detail?id=pack-0001');
    await screen.findByTestId('result-grid');
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    await userEvent.click(screen.getByTestId('create-share'));
    const made = await screen.findByTestId('share-made');
    expect(made.textContent).toContain('Link copied:');
    expect(writeText).toHaveBeenCalledWith('https://hs.example/headshots/usercenter/share?id=share-new-01');
    // Still the owner's page, back button and all.
    expect(screen.getByTestId('pack-detail')).toBeTruthy();
    expect(screen.getByTestId('back')).toBeTruthy();
    expect(screen.queryByTestId('shared-pack')).toBeNull();
  });

  it('detail: a thumbnail opens the result large, with previous and next', async () => {
    renderAt('/headshots/usercenter/detail?id=pack-0001');
    await screen.findByTestId('result-grid');
    await userEvent.click(screen.getByRole('button', { name: 'Enlarge headshot 1' }));
    const viewer = await screen.findByTestId('result-viewer');
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/storage/r1.jpg');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Next' }));
    expect(within(screen.getByTestId('result-viewer')).getByRole('img').getAttribute('src')).toBe(
      '/storage/r2.jpg',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('result-viewer')).toBeNull());
  });

  it('the free trial is titled as a trial, not as a Basic pack', async () => {
    packs = [makePack({ kind: 'trial', count: 1, delivered: 1 })];
    renderAt('/headshots/usercenter');
    const list = await screen.findByTestId('pack-list');
    await waitFor(() => expect(within(list).getByText('Free trial headshot')).toBeTruthy());
    expect(list.textContent).not.toContain('Basic');
  });

  it('share: signed out, no back button, sharing actions and the zip', async () => {
    useAuthStore.setState({ token: null, user: null });
    renderAt('/headshots/usercenter/share?id=share-live-01');
    await screen.findByTestId('shared-pack');
    expect(screen.queryByTestId('back')).toBeNull();
    expect(screen.getByTestId('copy-link')).toBeTruthy();
    expect(screen.getByTestId('share-download-all').getAttribute('href')).toBe('/v1/headshots/zip/share-tok');
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByTestId('revoke-link')).toBeNull();
  });

  it('share: its owner can turn the link off there', async () => {
    shareMine = true;
    renderAt('/headshots/usercenter/share?id=share-live-01');
    await userEvent.click(await screen.findByTestId('revoke-link'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url === '/v1/headshots/shares/share-live-01/revoke'),
      ).toBe(true),
    );
  });

  it('share: a link turned off says so', async () => {
    useAuthStore.setState({ token: null, user: null });
    renderAt('/headshots/usercenter/share?id=share-gone-01');
    expect((await screen.findByTestId('share-gone')).textContent).toContain(
      'This link was turned off by its owner. The headshots are no longer shared.',
    );
  });
});
