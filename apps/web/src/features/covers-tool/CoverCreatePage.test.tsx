import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoverMsg, type LibraryFile } from '@ai-covers/contracts';
import { useAuthStore } from '../auth';
import { CoverCreatePage } from './CoverCreatePage';
import { contractResponse, errorResponse, fixture } from '../../shared/test/api-test-kit';
import { fakeFetch, FakeStoragePut, type Call } from '../../shared/test/fake-network';
import { makeTask, voiceCategories } from './covers-test-kit';
import { renderRoute } from '../../shared/test/render-route';

const token = fixture('storageTokenData', {
  path: 'ai-covers/',
  params: {
    bucket_name: 'ai-covers',
    bucket_endpoint: 'http://localhost/storage',
    security_token: 'tok.sig',
    access_key_id: 'STS.a',
    access_key_secret: 's',
    callback_body: '',
    callback_body_type: 'application/x-www-form-urlencoded',
    callback_host: 'localhost',
    callback_url: 'http://localhost/v1/storage/callback',
    object_key: 'ai-covers/v1/20261120/ab/song.mp3',
    max_size: 50_000_000,
    expiration: '2026-11-20T11:00:00Z',
    driver: 's3',
    upload_url: 'http://localhost/storage/put/song',
  },
});
const uploaded = fixture('uploadedFile', {
  id: 7,
  storage_key: 'ai-covers/v1/20261120/ab/song.mp3',
  name: 'My Song.mp3',
  type: 'audio',
  size: 3_145_728,
  mime_type: 'audio/mpeg',
  etag: 'e',
  width: null,
  height: null,
  duration: 180,
  expire_at: null,
});

let createAnswer: () => Response;
let linkAnswer: (url: string) => Response;
let calls: Call[];
let libraryRows: LibraryFile[];
const createObjectURL = URL.createObjectURL;

beforeEach(() => {
  createAnswer = () => contractResponse('coverCreateData', { task_id: 'task-0001', task: makeTask() });
  linkAnswer = (url) =>
    url.includes(encodeURIComponent('https://files.example/page'))
      ? contractResponse('coverUriCheckData', { ok: false, reason: CoverMsg.linkPage })
      : contractResponse('coverUriCheckData', { ok: true, reason: null });
  libraryRows = [];
  useAuthStore.setState({ token: null });
  calls = fakeFetch(({ method, url }) => {
    if (url.startsWith('/v1/common/category')) return contractResponse('categoryData', voiceCategories);
    if (url.startsWith('/v1/library/files'))
      return contractResponse('libraryListData', {
        rows: libraryRows,
        total: libraryRows.length,
        page: 1,
        page_size: 50,
      });
    if (url.startsWith('/v1/storage/token')) return contractResponse('storageTokenData', token);
    if (method === 'POST' && url === '/v1/storage/confirm') return contractResponse('uploadedFile', uploaded);
    if (method === 'POST' && url === '/v1/vsas/create') return createAnswer();
    if (url.startsWith('/v1/vsas/uri/check')) return linkAnswer(url);
  });
  FakeStoragePut.urls = [];
  vi.stubGlobal('XMLHttpRequest', FakeStoragePut);
  // jsdom cannot decode media: without object URLs the browser-side probe skips straight to the
  // file's name and type instead of waiting out its 10 s timeout.
  Object.defineProperty(URL, 'createObjectURL', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
});

const alertText = () => screen.getByTestId('create-problem').textContent;
const songRefusal = () => screen.getByTestId('song-refusal').textContent;
const songInput = () => screen.getByTestId('song-input');
const pick = (file: File) => fireEvent.change(songInput(), { target: { files: [file] } });
// An MP3 by its first bytes (an ID3 tag): the browser's pre-check reads them before uploading.
const mp3 = () =>
  new File([Uint8Array.of(0x49, 0x44, 0x33), new Uint8Array(3_145_725)], 'My Song.mp3', {
    type: 'audio/mpeg',
  });

// The page holds three upload fields and the voice list: a loaded machine needs more than 5 s.
describe('create page (covers/new)', { timeout: 30_000 }, () => {
  it('asks for a voice, then a song, and refuses a file that is not audio before any upload', async () => {
    const user = userEvent.setup();
    renderRoute('/covers/new', '/covers/new', <CoverCreatePage />);
    // The first test of the file also waits for the contract schemas' chunk to load cold.
    await screen.findByRole('radio', { name: /Aurora/ }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Create cover' }));
    expect(alertText()).toBe('Pick a voice first.');

    await user.click(screen.getByRole('radio', { name: /Aurora/ }));
    expect(alertText()).toBe('');
    await user.click(screen.getByRole('button', { name: 'Create cover' }));
    expect(alertText()).toBe('Upload a song first.');

    // Refused in the song's card, where the visitor is looking, and named.
    pick(new File(['%PDF'], 'lyrics.pdf', { type: 'application/pdf' }));
    expect(songRefusal()).toBe(
      'Format not supported: “lyrics.pdf” is not an audio file. Choose an MP3, WAV, M4A, FLAC or OGG file.',
    );
    expect(calls.some((c) => c.url.startsWith('/v1/storage/token'))).toBe(false);
    expect(calls.some((c) => c.url === '/v1/vsas/create')).toBe(false);
  });

  it('uploads the song, then posts voice, file key, key and backing and opens the task page', async () => {
    const user = userEvent.setup();
    renderRoute('/covers/new', '/covers/new?voice=aurora', <CoverCreatePage />);
    // ?voice= preselects the voice.
    expect(((await screen.findByRole('radio', { name: /Aurora/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Play the sample of Aurora' })).toBeTruthy();

    pick(mp3());
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(screen.getByText('My Song.mp3 · 3.00 MB')).toBeTruthy();
    expect(FakeStoragePut.urls).toEqual(['http://localhost/storage/put/song']);

    await user.selectOptions(screen.getByLabelText('Key'), '-3');
    await user.click(screen.getByRole('radio', { name: /Mute/ }));
    await user.click(screen.getByRole('button', { name: 'Create cover' }));

    expect((await screen.findByTestId('where')).textContent).toBe('task task-0001');
    const create = calls.find((c) => c.url === '/v1/vsas/create');
    expect(JSON.parse(create?.body ?? 'null')).toEqual({
      kind: 'ai-covers',
      voice_id: 'aurora',
      file_key: 'ai-covers/v1/20261120/ab/song.mp3',
      key: -3,
      backing: 'mute',
    });
  });

  it("shows the server's message in the alert region when the task is refused", async () => {
    createAnswer = () => errorResponse(1, CoverMsg.tooManyActive);
    const user = userEvent.setup();
    renderRoute('/covers/new', '/covers/new?voice=basalt', <CoverCreatePage />);
    await screen.findByRole('radio', { name: /Basalt/ });
    pick(mp3());
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Create cover' }));
    await waitFor(() => expect(alertText()).toBe(CoverMsg.tooManyActive));
    const body = JSON.parse(calls.find((c) => c.url === '/v1/vsas/create')?.body ?? 'null');
    expect(body).toMatchObject({ voice_id: 'basalt', key: 'auto', backing: 'keep' });
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('makes a cover from a pasted link: checks it, names why a page will not do, sends external_uri', async () => {
    const user = userEvent.setup();
    renderRoute('/covers/new', '/covers/new?voice=aurora', <CoverCreatePage />);
    const field = await screen.findByRole('textbox', { name: /Or paste a direct link/ });
    await user.type(field, 'https://files.example/page');
    await user.click(screen.getByRole('button', { name: 'Check link' }));
    expect(await screen.findByText(CoverMsg.linkPage)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'https://files.example/song.mp3');
    await user.click(screen.getByRole('button', { name: 'Check link' }));
    expect(await screen.findByText(/This link leads to a song/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create cover' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/vsas/create')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.url === '/v1/vsas/create')!.body!);
    expect(body).toMatchObject({ voice_id: 'aurora', external_uri: 'https://files.example/song.mp3' });
    expect(body.file_key).toBeUndefined();
  }, 20_000);

  it('takes a song already in the library again: no new upload, its key is the file_key', async () => {
    useAuthStore.setState({ token: 'tok' });
    libraryRows = [
      fixture('libraryFile', {
        id: 41,
        name: 'Old Song.mp3',
        type: 'audio',
        ext: 'mp3',
        size: 2_000_000,
        mime_type: 'audio/mpeg',
        width: null,
        height: null,
        duration: 125,
        created_at: '2026-11-20 10:00',
        expire_at: null,
        can_rename: true,
        url: '/storage/ai-covers/old.mp3?Signature=x',
        storage_key: 'ai-covers/v1/20261101/cd/old.mp3',
        thumb_url: null,
      }),
    ];
    const user = userEvent.setup();
    renderRoute('/covers/new', '/covers/new?voice=aurora', <CoverCreatePage />);
    await user.click(await screen.findByRole('button', { name: 'From your files' }));
    await user.click(await screen.findByRole('button', { name: /Old Song\.mp3/ }));
    expect(screen.getByText('Song: Old Song.mp3 (from your files)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create cover' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/vsas/create')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.url === '/v1/vsas/create')!.body!);
    expect(body).toMatchObject({ voice_id: 'aurora', file_key: 'ai-covers/v1/20261101/cd/old.mp3' });
    expect(calls.some((c) => c.url.startsWith('/v1/storage/token'))).toBe(false);
  }, 20_000);

  it('plays the picked song from its card: the waveform sits beside a play button', async () => {
    renderRoute('/covers/new', '/covers/new?voice=aurora', <CoverCreatePage />);
    await screen.findByRole('radio', { name: /Aurora/ });
    pick(mp3());
    const card = screen.getByRole('group', { name: /Upload a song/ });
    expect(within(card).getByTestId('waveform')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Play My Song.mp3' })).toBeTruthy();
    // The song link is a field of the same card.
    expect(within(card).getByRole('textbox', { name: /Or paste a direct link/ })).toBeTruthy();
    // The upload ends within this test (its last call must not land in the next one).
    expect(await screen.findByText('Uploaded')).toBeTruthy();
  }, 20_000);

  it('makes a cover from own stems: both uploads go up and the body names them', async () => {
    const user = userEvent.setup();
    renderRoute('/covers/new', '/covers/new?voice=aurora', <CoverCreatePage />);
    await screen.findByText('Or use your own stems (vocal and instrumental apart)');
    fireEvent.change(screen.getByTestId('stem-vocal-input'), { target: { files: [mp3()] } });
    fireEvent.change(screen.getByTestId('stem-instrumental-input'), { target: { files: [mp3()] } });
    await waitFor(() => expect(calls.filter((c) => c.url === '/v1/storage/confirm')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Create cover' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/vsas/create')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.url === '/v1/vsas/create')!.body!);
    expect(body).toMatchObject({
      vocal_key: uploaded.storage_key,
      instrumental_key: uploaded.storage_key,
    });
    expect(body.file_key).toBeUndefined();
  }, 20_000);
});
