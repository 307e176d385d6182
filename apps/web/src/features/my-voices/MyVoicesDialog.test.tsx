import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MY_VOICE_CONSENT, MyVoiceMsg, TaskStatus, type MyVoice } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../shared/providers';
import { contractResponse, errorResponse, fixture } from '../../shared/test/api-test-kit';
import { fakeFetch, FakeStoragePut, type Call } from '../../shared/test/fake-network';
import { useAuthStore } from '../auth';
import { buildCategoryMenu } from '../categories';
import { MyVoicesDialog } from './MyVoicesDialog';
import { MyVoicesButton, MY_VOICES_CATEGORY_ID, withMyVoices } from './my-voices-menu';
import '../../shared/i18n/i18n';

const voice = (overrides: Partial<MyVoice>): MyVoice =>
  fixture('myVoiceData', {
    voice_id: 'my-0123456789ab',
    name: 'Me singing',
    status: TaskStatus.done,
    progress: 1,
    error: null,
    retryable: false,
    consent_version: MY_VOICE_CONSENT.version,
    consent_at: '2026-11-23T03:00:00.000Z',
    created_at: '2026-11-23T03:00:00.000Z',
    sample_seconds: 42,
    sample_url: null,
    range: 'A2–E4',
    ...overrides,
  });

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
    object_key: 'ai-covers/v1/20261123/ab/me.wav',
    max_size: 50_000_000,
    expiration: '2026-11-23T04:00:00Z',
    driver: 's3',
    upload_url: 'http://localhost/storage/put/me',
  },
});
const uploaded = fixture('uploadedFile', {
  id: 9,
  storage_key: 'ai-covers/v1/20261123/ab/me.wav',
  name: 'me.wav',
  type: 'audio',
  size: 1_000_044,
  mime_type: 'audio/wav',
  etag: 'e',
  width: null,
  height: null,
  duration: 45,
  expire_at: null,
});

let list: MyVoice[];
let createAnswer: () => Response;
let calls: Call[];
const createObjectURL = URL.createObjectURL;

beforeEach(() => {
  list = [];
  createAnswer = () =>
    contractResponse('myVoiceData', voice({ status: TaskStatus.waiting, progress: 0, range: null }));
  calls = fakeFetch(({ method, url }) => {
    if (method === 'GET' && url.startsWith('/v1/my-voices'))
      return contractResponse('myVoicesData', { list });
    if (method === 'POST' && url === '/v1/my-voices') return createAnswer();
    if (method === 'POST' && url.endsWith('/delete')) {
      list = [];
      return contractResponse('myVoiceDeleteData', { voice_id: 'my-0123456789ab', deleted: true });
    }
    if (method === 'POST' && url.endsWith('/retry'))
      return contractResponse('myVoiceData', voice({ status: TaskStatus.waiting, progress: 0, range: null }));
    if (url.startsWith('/v1/storage/token')) return contractResponse('storageTokenData', token);
    if (method === 'POST' && url === '/v1/storage/confirm') return contractResponse('uploadedFile', uploaded);
  });
  FakeStoragePut.urls = [];
  vi.stubGlobal('XMLHttpRequest', FakeStoragePut);
  Object.defineProperty(URL, 'createObjectURL', { value: undefined, configurable: true });
  useAuthStore.setState({ token: 'signed-in' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
  useAuthStore.setState({ token: null, openLogin: null });
});

const renderDialog = () =>
  render(
    <Providers client={createQueryClient()}>
      <MyVoicesDialog open onClose={() => {}} />
    </Providers>,
  );
// A WAV by its first bytes: the browser's pre-check reads them before uploading.
const wav = () => {
  const bytes = new Uint8Array(1_000_044);
  bytes.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  bytes.set(
    [...'WAVEfmt '].map((c) => c.charCodeAt(0)),
    8,
  );
  return new File([bytes], 'me.wav', { type: 'audio/wav' });
};

describe('My voices dialog', { timeout: 30_000 }, () => {
  it('shows each voice with its training progress, its range when ready, and why it failed', async () => {
    list = [
      voice({
        voice_id: 'my-00000000000a',
        name: 'Training one',
        status: TaskStatus.running,
        progress: 0.42,
        range: null,
      }),
      voice({ voice_id: 'my-00000000000b', name: 'Ready one' }),
      voice({
        voice_id: 'my-00000000000c',
        name: 'Quiet one',
        status: TaskStatus.failed,
        error: MyVoiceMsg.silent,
        range: null,
        progress: 0,
      }),
    ];
    renderDialog();
    const items = await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('status').textContent).toBe('Training… 42 %');
    expect(within(items[0]!).getByRole('progressbar')).toBeTruthy();
    expect(within(items[1]!).getByRole('status').textContent).toBe('Ready · range A2–E4');
    expect(within(items[2]!).getByRole('status').textContent).toBe(MyVoiceMsg.silent);
    // The recording's fault: retrying the same recording cannot help.
    expect(within(items[2]!).queryByRole('button', { name: 'Try again' })).toBeNull();
    // One training at a time: no form while a voice trains.
    expect(screen.queryByRole('form', { name: 'New voice' })).toBeNull();
  });

  it('retries a voice whose training failed for another reason', async () => {
    list = [
      voice({
        status: TaskStatus.failed,
        error: MyVoiceMsg.failed,
        retryable: true,
        range: null,
        progress: 0,
      }),
    ];
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/v1/my-voices/my-0123456789ab/retry')).toBe(true),
    );
  });

  it('deletes a voice after a confirmation', async () => {
    list = [voice({})];
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Delete Me singing' }, { timeout: 5000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Me singing?' });
    expect(calls.some((c) => c.url.endsWith('/delete'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem')).toBeNull());
    expect(
      calls.filter((c) => c.method === 'POST' && c.url === '/v1/my-voices/my-0123456789ab/delete'),
    ).toHaveLength(1);
  });

  it('asks for a name, a recording and the consent before anything is uploaded', async () => {
    const user = userEvent.setup();
    renderDialog();
    const submit = await screen.findByRole('button', { name: 'Train voice' }, { timeout: 5000 });
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Give the voice a name.');
    await user.type(screen.getByLabelText('Name of the voice'), 'Me');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Record your voice first.');
    await user.click(screen.getByRole('radio', { name: 'Upload a file' }));
    fireEvent.change(screen.getByLabelText('Audio file'), { target: { files: [wav()] } });
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe(
      'Confirm that the voice is yours or that you have permission to use it.',
    );
    expect(calls.some((c) => c.url.startsWith('/v1/storage/token'))).toBe(false);
    expect(calls.some((c) => c.method === 'POST' && c.url === '/v1/my-voices')).toBe(false);
  });

  it('uploads the file, then asks for the training with the consent; a refusal is shown', async () => {
    const user = userEvent.setup();
    createAnswer = () => errorResponse(1, MyVoiceMsg.tooShort);
    renderDialog();
    await user.type(await screen.findByLabelText('Name of the voice', {}, { timeout: 5000 }), 'Me');
    await user.click(screen.getByRole('radio', { name: 'Upload a file' }));
    fireEvent.change(screen.getByLabelText('Audio file'), { target: { files: [wav()] } });
    await user.click(screen.getByRole('checkbox', { name: MY_VOICE_CONSENT.text }));
    await user.click(screen.getByRole('button', { name: 'Train voice' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MyVoiceMsg.tooShort));
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/v1/my-voices')!;
    expect(JSON.parse(sent.body!)).toEqual({ name: 'Me', sample_key: uploaded.storage_key, consent: true });

    createAnswer = () =>
      contractResponse('myVoiceData', voice({ status: TaskStatus.waiting, progress: 0, range: null }));
    list = [voice({ status: TaskStatus.waiting, progress: 0, range: null })];
    await user.click(screen.getByRole('button', { name: 'Train voice' }));
    expect(await screen.findByText('Waiting to train…')).toBeTruthy();
  });

  it('says so when the microphone is blocked', async () => {
    vi.stubGlobal('MediaRecorder', class {});
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      configurable: true,
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Start recording' }, { timeout: 5000 }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/microphone is blocked/);
  });
});

describe('My voices in the voice menu', () => {
  it('adds ready voices to All and to a "My voices" entry; nothing for none', () => {
    const entries = buildCategoryMenu({
      module: 'ai-covers',
      lang: 'en',
      list: [{ id: 'pop', name: 'Pop', items: [{ id: 'aurora', name: 'Aurora' }] }],
    });
    expect(withMyVoices(entries, [], 'My voices')).toBe(entries);
    const training = voice({
      voice_id: 'my-00000000000a',
      status: TaskStatus.running,
      progress: 0.5,
      range: null,
    });
    const menu = withMyVoices(entries, [voice({}), training], 'My voices');
    expect(menu.map((e) => e.id)).toEqual(['__all__', 'pop', MY_VOICES_CATEGORY_ID]);
    expect(menu[0]!.items.map((i) => i.id)).toEqual(['aurora', 'my-0123456789ab']);
    expect(menu[2]).toMatchObject({
      name: 'My voices',
      items: [{ id: 'my-0123456789ab', name: 'Me singing' }],
    });
  });

  it('asks a visitor to sign in first', async () => {
    const openLogin = vi.fn();
    useAuthStore.setState({ token: null, openLogin });
    render(
      <Providers client={createQueryClient()}>
        <MyVoicesButton />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Your own voice…' }));
    expect(openLogin).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/v1/my-voices'))).toBe(false);
  });
});
