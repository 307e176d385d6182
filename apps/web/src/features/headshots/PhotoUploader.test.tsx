import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HeadshotPhoto } from '@ai-covers/contracts';
import { Providers, createQueryClient } from '../../shared/providers';
import { contractResponse, fixture } from '../../shared/test/api-test-kit';
import { fakeFetch, FakeStoragePut, type Call } from '../../shared/test/fake-network';
import { PhotoUploader } from './PhotoUploader';
import { useHeadshotPhotos } from './headshots-api';
import { goodPhoto, imageHeader, makePhoto, photoFile, photosCapacity } from './headshots-test-kit';

const token = fixture('storageTokenData', {
  path: 'headshots/',
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
    object_key: 'headshots/v1/20261122/ab/me.jpg',
    max_size: 20_000_000,
    expiration: '2026-11-22T11:00:00Z',
    driver: 's3',
    upload_url: 'http://localhost/storage/put/me',
  },
});
const uploaded = fixture('uploadedFile', {
  id: 41,
  storage_key: 'headshots/v1/20261122/ab/me.jpg',
  name: 'me.jpg',
  type: 'image',
  size: 300_000,
  mime_type: 'image/jpeg',
  etag: 'e',
  width: 1024,
  height: 1280,
  duration: null,
  expire_at: null,
});

let photos: HeadshotPhoto[];
let calls: Call[];
const createObjectURL = URL.createObjectURL;

function photosAnswer() {
  const count = (s: HeadshotPhoto['status']) => photos.filter((p) => p.status === s).length;
  return contractResponse('headshotPhotosData', {
    photos,
    approved: count('approved'),
    declined: count('declined'),
    checking: count('checking'),
    max_photos: 20,
    ...photosCapacity(photos),
  });
}

beforeEach(() => {
  photos = [];
  let next = 100;
  calls = fakeFetch(({ method, url, body }) => {
    if (url.startsWith('/v1/headshots/photos') && method === 'GET') return photosAnswer();
    if (url.startsWith('/v1/storage/token')) return contractResponse('storageTokenData', token);
    if (method === 'POST' && url === '/v1/storage/confirm') return contractResponse('uploadedFile', uploaded);
    if (method === 'POST' && url === '/v1/headshots/photos/remove-declined') {
      const deleted = photos.filter((p) => p.status === 'declined').length;
      photos = photos.filter((p) => p.status !== 'declined');
      return contractResponse('headshotDeclinedRemoveData', { deleted });
    }
    if (method === 'POST' && url === '/v1/headshots/photos') {
      const sent = JSON.parse(body ?? '{}') as { replace_id?: string };
      const photo = makePhoto({ id: `photo-0${next++}`, status: 'approved' });
      photos = [...photos.filter((p) => p.id !== sent.replace_id), photo];
      return contractResponse('headshotPhotoData', { photo });
    }
  });
  FakeStoragePut.urls = [];
  vi.stubGlobal('XMLHttpRequest', FakeStoragePut);
  // jsdom decodes no images: without object URLs the upload skips its size probe.
  Object.defineProperty(URL, 'createObjectURL', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
});

function Harness({ agreedAtStart = true }: { agreedAtStart?: boolean }) {
  const query = useHeadshotPhotos(true);
  const [agreed, setAgreed] = useState(agreedAtStart);
  return <PhotoUploader data={query.data} agreed={agreed} onAgree={() => setAgreed(true)} />;
}

function renderUploader(agreedAtStart = true) {
  return render(
    <Providers client={createQueryClient()}>
      <Harness agreedAtStart={agreedAtStart} />
    </Providers>,
  );
}

const photoPosts = () => calls.filter((c) => c.method === 'POST' && c.url === '/v1/headshots/photos');
const choose = (files: File[], testId = 'photo-input') =>
  fireEvent.change(screen.getByTestId(testId), { target: { files } });

describe('the upload requirements popup (§2, §5)', () => {
  it('must be agreed to, terms and privacy included, before the file picker opens', async () => {
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    renderUploader(false);
    await userEvent.click(await screen.findByTestId('add-photos'));
    const dialog = await screen.findByTestId('requirements-dialog');
    expect(within(dialog).getByText('Terms')).toBeTruthy();
    expect(within(dialog).getByText('Privacy')).toBeTruthy();
    expect(picker).not.toHaveBeenCalled();
    const accept = within(dialog).getByRole('button', { name: 'Agree and choose photos' });
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByTestId('requirements-agree'));
    await userEvent.click(accept);
    expect(picker).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('requirements-dialog')).toBeNull());
    // Agreed once: the next click goes straight to the picker.
    await userEvent.click(screen.getByTestId('add-photos'));
    expect(picker).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('requirements-dialog')).toBeNull();
  });
});

describe('adding photos (§5)', () => {
  it('uploads what fits under 20 and refuses the rest with the §8 message', async () => {
    photos = Array.from({ length: 18 }, (_, i) => makePhoto({ id: `photo-${1000 + i}` }));
    renderUploader();
    await screen.findByText('18 approved · 18/20');
    choose([goodPhoto('a.jpg'), goodPhoto('b.jpg'), goodPhoto('c.jpg')]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Image upload limit exceeded (max 20 images).',
    );
    await screen.findByText('20 approved · 20/20');
    expect(photoPosts()).toHaveLength(2);
  });

  it('declines in the browser what is too large or not an image, with width × height, and uploads nothing', async () => {
    renderUploader();
    choose([
      photoFile(imageHeader('jpeg', 6000, 6000), 'huge.jpg'),
      photoFile(new TextEncoder().encode('not an image'), 'notes.png', 'image/png'),
      photoFile(imageHeader('png', 300, 400), 'tiny.png', 'image/png'),
    ]);
    const declined = await screen.findByTestId('declined-list');
    await within(declined).findByText('Maximum resolution exceeded: 6000 × 6000 (at most 5000 × 5000).');
    await within(declined).findByText('Format not supported');
    await within(declined).findByText('Minimum resolution not reached: 300 × 400 (at least 512 × 512).');
    expect(calls.some((c) => c.url.startsWith('/v1/storage/token'))).toBe(false);
    expect(photoPosts()).toHaveLength(0);
  });

  it('lists the server’s declines with their reasons and replaces one in place', async () => {
    photos = [
      makePhoto({ id: 'photo-good-1' }),
      makePhoto({
        id: 'photo-bad-01',
        name: 'group.jpg',
        status: 'declined',
        reasons: ['MULTIPLE_FACES'],
        messages: ['More than one face was found. Use a photo of you alone.'],
        data: { faces: 2 },
      }),
    ];
    renderUploader();
    const declined = await screen.findByTestId('declined-list');
    expect(
      within(declined).getByText('More than one face was found. Use a photo of you alone.'),
    ).toBeTruthy();
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(within(declined).getByRole('button', { name: 'Replace' }));
    choose([goodPhoto('solo.jpg')], 'replace-input');
    await waitFor(() => expect(photoPosts()).toHaveLength(1));
    expect(JSON.parse(photoPosts()[0]!.body!)).toEqual({ file_id: 41, replace_id: 'photo-bad-01' });
    await screen.findByText('No declined photos.');
    expect(screen.getByText('2 approved · 2/20')).toBeTruthy();
  });

  it('removes every declined photo in one action, and says they are left out meanwhile', async () => {
    const bad = (n: number) =>
      makePhoto({
        id: `photo-bad-0${n}`,
        name: `dark-${n}.jpg`,
        status: 'declined',
        reasons: ['TOO_DARK'],
        messages: ['Your face is too dark. Use a photo taken in better light.'],
        data: {},
      });
    photos = [makePhoto({ id: 'photo-good-1' }), bad(1), bad(2), bad(3)];
    renderUploader();
    await screen.findByTestId('declined-list');
    expect(screen.getByText(/Declined photos are left out of your pack/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove all 3 declined' }));
    await screen.findByText('No declined photos.');
    expect(calls.filter((c) => c.url === '/v1/headshots/photos/remove-declined')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByText('1 approved · 1/20')).toBeTruthy();
  });

  it('shows a photo as checking until the server’s check finishes', async () => {
    photos = [makePhoto({ id: 'photo-wait-1', status: 'checking', url: null })];
    renderUploader();
    await screen.findByText('Checking photos: 1 left…');
    photos = [makePhoto({ id: 'photo-wait-1', status: 'approved' })];
    await screen.findByText('1 approved · 1/20', undefined, { timeout: 6000 });
    expect(screen.queryByText('Checking photos: 1 left…')).toBeNull();
  });
});
