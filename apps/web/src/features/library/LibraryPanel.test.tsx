import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LibraryFile } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../shared/providers';
import '../../shared/i18n/i18n';
import { contractResponse, errorResponse, fixture } from '../../shared/test/api-test-kit';
import { useNoticeStore } from '../../shared/api/notice-store';
import { LibraryPanel } from './LibraryPanel';

const file = (id: number, name: string, type: LibraryFile['type']): LibraryFile =>
  fixture('libraryFile', {
    id,
    name,
    type,
    ext: name.split('.').pop()!,
    size: 1572864,
    mime_type: 'audio/mpeg',
    width: null,
    height: null,
    duration: type === 'audio' ? 65 : null,
    created_at: '2026-11-20 10:00',
    expire_at: null,
    can_rename: true,
    url: `/storage/ai-covers/k/${id}`,
    storage_key: `ai-covers/k/${id}`,
    thumb_url: null,
  });

describe('<LibraryPanel>', () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${input}`);
        if (input.startsWith('/v1/library/files')) {
          const type = new URL(input, 'http://x').searchParams.get('type');
          const rows = [file(1, 'song.mp3', 'audio'), file(2, 'cover.png', 'image')].filter(
            (f) => type === 'all' || f.type === type,
          );
          return contractResponse('libraryListData', { rows, total: rows.length, page: 1, page_size: 20 });
        }
        if (input === '/v1/library/rename') return errorResponse(1, 'Duplicate name');
        if (input.startsWith('/v1/library/export/1'))
          return contractResponse('libraryExportData', {
            url: '/storage/ai-covers/k/1?sig=x',
            name: 'song.mp3',
          });
        return errorResponse(40004, 'The file does not exist.');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useNoticeStore.setState({ notices: [] });
  });

  const renderPanel = () =>
    render(
      <Providers client={createQueryClient()}>
        <LibraryPanel />
      </Providers>,
    );

  it('lists files with size in MB (2 decimals) and filters by the Audio tab', async () => {
    renderPanel();
    expect(await screen.findByText('song.mp3')).toBeTruthy();
    expect(screen.getByText('cover.png')).toBeTruthy();
    expect(screen.getByText('1.50 MB · 00:01:05')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Audio' }));
    await waitFor(() => expect(screen.queryByText('cover.png')).toBeNull());
    expect(screen.getByText('song.mp3')).toBeTruthy();
    expect(calls.some((c) => c.includes('type=audio'))).toBe(true);
  });

  it("shows 'Duplicate name' in the rename dialog", async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename song.mp3' }));
    const dialog = screen.getByRole('dialog');
    const input = within(dialog).getByLabelText('New name');
    await userEvent.clear(input);
    await userEvent.type(input, 'other song.mp3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Duplicate name')).toBeTruthy();
  });

  it("counts the extension a rename keeps and refuses another type's extension before sending", async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename song.mp3' }));
    const dialog = screen.getByRole('dialog');
    const input = within(dialog).getByLabelText('New name');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    // 97 characters are stored as 101 with the '.mp3' the rename adds.
    fireEvent.change(input, { target: { value: 'x'.repeat(97) } });
    expect(within(dialog).getByText('101/100')).toBeTruthy();
    expect(
      within(dialog).getByText('The name must be at most 100 characters, extension included.'),
    ).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'x'.repeat(96) } });
    expect(within(dialog).getByText('100/100')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.change(input, { target: { value: 'song.png' } });
    expect(
      within(dialog).getByText("A file keeps its type: the new name cannot end in another type's extension."),
    ).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('exports a file through a browser download of its signed link', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Export song.mp3' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: '/storage/ai-covers/k/1?sig=x', download: 'song.mp3' }]),
    );
  });

  it('tells the visitor when the file to export is gone', async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Export cover.png' }));
    await waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => n.key)).toEqual(['errors.fileMissing']),
    );
  });

  it('sends the date range with the time-zone offset', async () => {
    renderPanel();
    await screen.findByText('song.mp3');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(calls.some((c) => c.includes('start=2026-11-01') && c.includes('tz='))).toBe(true),
    );
  });
});
