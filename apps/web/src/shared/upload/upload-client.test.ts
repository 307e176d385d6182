import { describe, expect, it, vi } from 'vitest';
import { CoverMsg, Msg, type StorageTokenParams } from '@ai-covers/contracts';
import { signedUploadHeaders, stringToSign } from './oss-sign';
import { requestUploadToken, uploadFile, UploadError, type UploadDeps } from './upload-client';
import { mediaTypeOf, probeDuration } from './media-info';
import { CancelError } from '../api/errors';
import { fixture } from '../test/api-test-kit';
// The server's verifier: the browser's signature must be the one the store recomputes.
import {
  hmacSha1,
  stringToSign as serverStringToSign,
} from '../../../../server/src/features/storage/signing/oss-signature';

const params: StorageTokenParams = fixture('storageTokenParams', {
  bucket_name: 'ai-covers',
  bucket_endpoint: 'http://localhost/storage',
  security_token: 'tok.sig',
  access_key_id: 'STS.abc',
  access_key_secret: 'secret-123',
  callback_body: 'storage_key=${object}',
  callback_body_type: 'application/x-www-form-urlencoded',
  callback_host: 'localhost',
  callback_url: 'http://localhost/v1/storage/callback',
  object_key: 'ai-covers/v1/20260101/ab/cd.mp3',
  max_size: 1000,
  expiration: '2026-01-01T00:00:00Z',
  driver: 'oss',
});
/** The store's answer to a finished upload: the callback's file record. */
const stored = (id: number) =>
  JSON.stringify({
    code: 0,
    data: fixture('uploadedFile', {
      id,
      storage_key: params.object_key,
      name: 'a.mp3',
      type: 'audio',
      size: 10,
      mime_type: 'audio/mpeg',
      etag: 'e',
      width: null,
      height: null,
      duration: 2.5,
      expire_at: null,
    }),
    msg: 'ok',
  });

describe('signed upload headers (§7)', () => {
  it('sign exactly what the store verifies', async () => {
    const headers = await signedUploadHeaders(params, params.object_key, 'audio/mpeg', {
      'x:file_name': 'Größe ✓.mp3',
    });
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const resource = `/ai-covers/${params.object_key}`;
    expect(stringToSign('PUT', headers, resource)).toBe(serverStringToSign('PUT', lower, resource));
    const expected = hmacSha1(params.access_key_secret, serverStringToSign('PUT', lower, resource));
    expect(headers.Authorization).toBe(`OSS STS.abc:${expected}`);
    expect(headers['x-oss-security-token']).toBe('tok.sig');
    expect(headers['x-oss-user-agent']).toMatch(/^ai-covers-upload\//);
    expect(
      JSON.parse(
        new TextDecoder().decode(
          Uint8Array.from(atob(headers['x-oss-callback-var']!), (c) => c.charCodeAt(0)),
        ),
      ),
    ).toEqual({
      'x:file_name': 'Größe ✓.mp3',
    });
  });
});

const deps = (overrides: Partial<UploadDeps> = {}): UploadDeps => ({
  getToken: vi.fn(async () => ({ path: 'p/', params })),
  confirm: vi.fn(),
  track: vi.fn(),
  put: vi.fn(async () => ({
    status: 200,
    text: stored(7),
  })),
  readInfo: vi.fn(async (f: File) => ({
    fullName: f.name,
    name: 'a',
    size: f.size,
    ext: 'mp3',
    type: 'audio' as const,
    width: null,
    height: null,
    duration: 2.5,
  })),
  ...overrides,
});

describe('uploadFile', () => {
  // An MP3 by its first bytes (an ID3 tag), as the browser's pre-check reads them.
  const file = new File([Uint8Array.of(0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0)], 'a.mp3', { type: '' });

  it('sends the MIME type from the extension and reports progress', async () => {
    const d = deps();
    const progress: number[] = [];
    const result = await uploadFile(file, { onProgress: (p) => progress.push(p) }, d);
    expect(result.id).toBe(7);
    const [url, headers] = vi.mocked(d.put).mock.calls[0]!;
    expect(url).toBe(`http://localhost/storage/ai-covers/${params.object_key}`);
    expect(headers['Content-Type']).toBe('audio/mpeg');
    expect(progress).toEqual([0, 1]);
  });

  it("sends 'Upload_token_failed' and throws 'get token error' when the token fails", async () => {
    const d = deps({
      getToken: vi.fn(async () => Promise.reject(new Error('Network connection failed. Please try again.'))),
    });
    await expect(requestUploadToken('ai-covers', 'mp3', d)).rejects.toThrow('get token error');
    expect(d.track).toHaveBeenCalledWith(
      'Upload_token_failed',
      expect.objectContaining({ kind: 'ai-covers' }),
    );
  });

  it('retries network failures with a fresh credential, not refusals', async () => {
    const flaky = deps({
      put: vi
        .fn()
        .mockRejectedValueOnce(new UploadError(Msg.uploadOss, true))
        .mockResolvedValue({ status: 200, text: stored(1) }),
    });
    expect((await uploadFile(file, {}, flaky)).id).toBe(1);
    expect(flaky.getToken).toHaveBeenCalledTimes(2);

    const refused = deps({
      put: vi.fn(async () => ({
        status: 403,
        text: '{"code":40001,"data":null,"msg":"The request signature does not match"}',
      })),
    });
    await expect(uploadFile(file, {}, refused)).rejects.toMatchObject({
      message: Msg.uploadOss,
      detail: 'The request signature does not match',
    });
    expect(refused.put).toHaveBeenCalledTimes(1);
  });

  it('cancel stops the upload without retrying', async () => {
    const controller = new AbortController();
    const d = deps({
      put: vi.fn(
        (_url: string, _headers: Record<string, string>, _body: Blob, options: { signal?: AbortSignal }) =>
          new Promise<{ status: number; text: string }>((_resolve, reject) => {
            options.signal?.addEventListener('abort', () => reject(new CancelError()));
          }),
      ),
    });
    const pending = uploadFile(file, { signal: controller.signal }, d);
    await vi.waitFor(() => expect(d.put).toHaveBeenCalled());
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelError);
    expect(d.put).toHaveBeenCalledTimes(1);
  });

  it('refuses a file over the credential limit before sending it, with the limit in the words', async () => {
    const d = deps();
    const big = new File([Uint8Array.of(0x49, 0x44, 0x33), new Uint8Array(2000)], 'big.mp3');
    await expect(uploadFile(big, {}, d)).rejects.toMatchObject({
      retryable: false,
      message: 'File is larger than the limit of 1000 bytes',
    });
    expect(d.put).not.toHaveBeenCalled();
  });

  it.each([
    ['an empty file', new File([], 'empty.mp3'), 2.5, CoverMsg.emptyFile],
    [
      'a PNG renamed .mp3',
      new File([Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0, 0)], 'pic.mp3'),
      2.5,
      CoverMsg.notAudio,
    ],
    ['text named .mp3', new File(['just words'], 'words.mp3'), null, CoverMsg.notAudio],
    ['a song of 11 minutes', file, 660, CoverMsg.tooLong],
  ])('refuses %s in the browser, before asking for a credential', async (_what, f, duration, msg) => {
    const d = deps({
      readInfo: vi.fn(async (x: File) => ({
        fullName: x.name,
        name: 'a',
        size: x.size,
        ext: 'mp3',
        type: 'audio' as const,
        width: null,
        height: null,
        duration,
      })),
    });
    await expect(uploadFile(f, {}, d)).rejects.toMatchObject({ message: msg, retryable: false });
    expect(d.getToken).not.toHaveBeenCalled();
  });

  it("shows the store's refusal of the file in its words and does not retry it", async () => {
    const d = deps({
      put: vi.fn(async () => ({
        status: 400,
        text: JSON.stringify({ code: 1, data: null, msg: CoverMsg.tooLong }),
      })),
    });
    await expect(uploadFile(file, {}, d)).rejects.toMatchObject({
      message: CoverMsg.tooLong,
      retryable: false,
    });
    expect(d.put).toHaveBeenCalledTimes(1);
  });
});

describe('media info', () => {
  it.each([
    [{ name: 'a.MP3', type: '' }, 'audio'],
    [{ name: 'a.png', type: 'image/png' }, 'image'],
    [{ name: 'clip.webm', type: 'video/webm' }, 'video'],
    [{ name: 'notes.xyz', type: '' }, 'file'],
  ])('type of %o is %s', (file, type) => {
    expect(mediaTypeOf(file)).toBe(type);
  });

  it('probes an infinite duration by seeking past the end (§5)', async () => {
    const element = new EventTarget() as HTMLMediaElement & { duration: number };
    let duration = Infinity;
    Object.defineProperty(element, 'duration', { get: () => duration });
    let current = 0;
    Object.defineProperty(element, 'currentTime', {
      get: () => current,
      set: (v: number) => {
        current = v;
        if (v > 1e100) {
          duration = 12.5;
          setTimeout(() => element.dispatchEvent(new Event('durationchange')), 5);
        }
      },
    });
    expect(await probeDuration(element)).toBe(12.5);
    expect(current).toBe(0);
  });
});
