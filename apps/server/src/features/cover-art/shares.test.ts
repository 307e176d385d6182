// Share videos and public shares, on a cover the engine really made. The full cover is sold for a
// credit: every new address here is tried as someone who wants it for free would.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { COVER_ART_LIMITS, CoverArtMsg } from '@ai-covers/contracts';
import { buildApp } from '../../app';
import { loadSettings } from '../../config';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { jobs } from '../../jobs';
import { startQueue } from '../../platform/queue/queue';
import { renderDeps, runRenderJob, songWav, uploadSong } from '../covers/covers.test-kit';
import { visitor } from '../storage/storage.test-kit';
import { createCoverArtRepo } from './cover-art.repo';
import { exportBody, fetchBytes } from './cover-art.test-kit';
import { renderShareVideo, type VideoJobDeps } from './share-video.job';

let ctx: TestContext;
let dataDir: string;
let user: Awaited<ReturnType<typeof signInTestUser>>;
let other: Awaited<ReturnType<typeof signInTestUser>>;
let taskId: string;
let exportId: string;
let result: { storageKey: string };
let preview: { storageKey: string };
const square = { width: COVER_ART_LIMITS.generatedSize, height: COVER_ART_LIMITS.generatedSize };
const readKeys: string[] = [];

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });

/** Every URL inside a response body. */
const urlsIn = (body: unknown) =>
  [...JSON.stringify(body).matchAll(/"(\/(?:storage|v1)\/[^"]+|https?:\/\/[^"]+)"/g)].map((m) => m[1]!);

/** What the worker gives the job, with the reads of stored files recorded. */
function jobDeps(overrides: Partial<VideoJobDeps> = {}): VideoJobDeps {
  const files = ctx.features.storage.files;
  return {
    repo: createCoverArtRepo(ctx.database.db),
    covers: ctx.features.covers.service,
    files: {
      ...files,
      localFile: (file, dir) => {
        readKeys.push(file.storageKey);
        return files.localFile(file, dir);
      },
    },
    log: { info: () => {}, error: () => {} },
    progressIntervalMs: 0,
    ...overrides,
  };
}

async function runVideoJob(videoId: string, overrides: Partial<VideoJobDeps> = {}) {
  const row = await createCoverArtRepo(ctx.database.db).findVideo(videoId);
  expect(row?.jobId).toBeTruthy();
  return renderShareVideo(jobDeps(overrides), videoId, row!.jobId!);
}

function ffprobe(file: string) {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    file,
  ]);
  return JSON.parse(out.toString()) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { duration: string };
  };
}

async function probeVideo(url: string) {
  const video = await fetchBytes(ctx.app, url);
  expect(video.status).toBe(200);
  const file = path.join(dataDir, `probe-${Date.now()}.mp4`);
  fs.writeFileSync(file, video.body);
  return ffprobe(file);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shares-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  user = await signInTestUser(ctx);
  other = await signInTestUser(ctx);
  const key = await uploadSong(ctx, user.auth, 'Night Song.wav', songWav(3));
  taskId = (await post('/v1/vsas/create', user.auth, { voice_id: 'velvet', file_key: key })).json().data
    .task_id;
  expect(await runRenderJob(ctx, taskId)).toBe('done');
  const task = await renderDeps(ctx).repo.findById(taskId);
  result = { storageKey: task!.resultKey! };
  preview = { storageKey: task!.previewKey! };
  const exported = await post(
    `/v1/cover-art/${taskId}/export`,
    user.auth,
    await exportBody(square, 'album', { resolution: 'low' }),
  );
  exportId = exported.json().data.id;
}, within(120_000));
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('share video', () => {
  let squareId: string;

  it(
    'a square video: 1080×1080 H.264 with the preview as AAC sound, as long as the preview',
    async () => {
      const res = await post(`/v1/cover-art/${taskId}/videos`, user.auth, {
        export_id: exportId,
        format: 'square',
      });
      expect(res.json()).toMatchObject({
        code: 0,
        data: { status: 1, width: 1080, height: 1080, url: null },
      });
      squareId = res.json().data.id;
      // One at a time per cover.
      const busy = await post(`/v1/cover-art/${taskId}/videos`, user.auth, {
        export_id: exportId,
        format: 'story',
      });
      expect(busy.json()).toMatchObject({ code: 1, msg: CoverArtMsg.videoBusy });

      const progress: number[] = [];
      const repo = createCoverArtRepo(ctx.database.db);
      const outcome = await runVideoJob(squareId, {
        repo: {
          ...repo,
          reportVideoProgress: async (id, job, p) => {
            progress.push(p);
            return repo.reportVideoProgress(id, job, p);
          },
        },
      });
      expect(outcome).toBe('done');
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every((p) => p >= 0 && p < 1)).toBe(true);

      const video = (await get(`/v1/cover-art/videos/${squareId}`, user.auth)).json().data;
      expect(video).toMatchObject({ status: 3, progress: 1 });
      // Saved under the cover's title (the export's), never under the storage id.
      const saved = await fetchBytes(ctx.app, video.url);
      expect(saved.headers['content-disposition']).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent('Midnight Drive (share video).mp4')}`,
      );
      const probe = await probeVideo(video.url);
      const v = probe.streams.find((s) => s.codec_type === 'video')!;
      const a = probe.streams.find((s) => s.codec_type === 'audio')!;
      expect([v.codec_name, v.width, v.height]).toEqual(['h264', 1080, 1080]);
      expect(a.codec_name).toBe('aac');
      expect(Number(probe.format.duration)).toBeGreaterThan(2.5);
      expect(Number(probe.format.duration)).toBeLessThan(3.6);
      // The sound came from the watermarked preview; the full cover was never read.
      expect(readKeys).toContain(preview.storageKey);
      expect(readKeys).not.toContain(result.storageKey);
    },
    within(120_000),
  );

  it(
    'a story video is 1080×1920',
    async () => {
      const res = await post(`/v1/cover-art/${taskId}/videos`, user.auth, {
        export_id: exportId,
        format: 'story',
      });
      const id = res.json().data.id;
      expect(await runVideoJob(id, { maxSeconds: 1 })).toBe('done');
      const video = (await get(`/v1/cover-art/videos/${id}`, user.auth)).json().data;
      const probe = await probeVideo(video.url);
      const v = probe.streams.find((s) => s.codec_type === 'video')!;
      expect([v.width, v.height]).toEqual([1080, 1920]);
      expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(true);
      expect(Number(probe.format.duration)).toBeLessThan(1.5);
    },
    within(120_000),
  );

  it("bad input: a missing export, a wrong format, someone else's video", async () => {
    const missing = await post(`/v1/cover-art/${taskId}/videos`, user.auth, {
      export_id: 'nope12345678',
      format: 'square',
    });
    expect(missing.json()).toMatchObject({ code: 40004, msg: CoverArtMsg.exportMissing });
    const format = await post(`/v1/cover-art/${taskId}/videos`, user.auth, {
      export_id: exportId,
      format: '4k',
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().msg).toContain('format must be one of square, story');
    const theirs = await get(`/v1/cover-art/videos/${squareId}`, other.auth);
    expect(theirs.json()).toMatchObject({ code: 40004, msg: CoverArtMsg.videoMissing });
    const foreign = await post(`/v1/cover-art/${taskId}/videos`, other.auth, {
      export_id: exportId,
      format: 'square',
    });
    expect(foreign.json()).toMatchObject({ code: 490618 });
  });

  describe('public share', () => {
    let shareId: string;

    it('visitors cannot share (a public link needs an account that can revoke it)', async () => {
      const res = await post(`/v1/cover-art/${taskId}/shares`, visitor(), { export_id: exportId });
      expect(res.json()).toMatchObject({ code: 40001 });
    });

    it('a signed-out visitor sees the artwork, the preview and the video; nothing else of the owner', async () => {
      const created = await post(`/v1/cover-art/${taskId}/shares`, user.auth, {
        export_id: exportId,
        video_id: squareId,
      });
      expect(created.json()).toMatchObject({ code: 0, data: { revoked: false, video_id: squareId } });
      shareId = created.json().data.id;
      expect(created.json().data.path).toBe(`/s/${shareId}`);

      const res = await get(`/v1/share/${shareId}`);
      expect(res.statusCode).toBe(200);
      const view = res.json().data;
      expect(Object.keys(view).sort()).toEqual(
        [
          'artwork_height',
          'artwork_url',
          'artwork_width',
          'audio_url',
          'id',
          'title',
          'video_height',
          'video_url',
          'video_width',
          'voice_name',
        ].sort(),
      );
      expect(view).toMatchObject({ title: 'Midnight Drive', voice_name: 'Velvet', artwork_width: 1080 });
      expect(JSON.stringify(view)).not.toMatch(/user|email|Night Song|task/i);
      const artwork = await fetchBytes(ctx.app, view.artwork_url);
      expect(artwork.status).toBe(200);
      expect(artwork.headers['content-type']).toContain('image/jpeg');
      expect((await fetchBytes(ctx.app, view.audio_url)).status).toBe(200);
      expect(view.audio_url).toContain(preview.storageKey);
      expect((await fetchBytes(ctx.app, `/v1/share/${shareId}/video.mp4`)).status).toBe(200);
    });

    it('no share address, list or export leads to the full cover', async () => {
      const answers = [
        await get(`/v1/share/${shareId}`),
        await get(`/v1/share/${shareId}/artwork.jpg`),
        await get(`/v1/share/${shareId}/video.mp4`),
        await get(`/v1/cover-art/${taskId}`, user.auth),
        await get(`/v1/cover-art/videos/${squareId}`, user.auth),
        await post(
          `/v1/cover-art/${taskId}/export`,
          user.auth,
          await exportBody(square, 'album', { resolution: 'low' }),
        ),
        await post(`/v1/cover-art/${taskId}/shares`, user.auth, { export_id: exportId }),
      ];
      for (const res of answers) {
        const where = [...urlsIn(res.body ? res.json() : {}), String(res.headers.location ?? '')];
        for (const url of where) expect(url).not.toContain(result.storageKey);
      }
      // The full cover cannot become the artwork either (it is an internal file).
      const upload = await post(`/v1/cover-art/${taskId}/upload`, user.auth, { file_key: result.storageKey });
      expect(upload.json()).toMatchObject({ code: 40004, msg: 'The file does not exist.' });
    });

    it('only the owner revokes; a revoked or unknown share says it is gone, everywhere', async () => {
      const theirs = await post('/v1/cover-art/shares/revoke', other.auth, { share_id: shareId });
      expect(theirs.json()).toMatchObject({ code: 40004, msg: CoverArtMsg.shareGone });
      expect((await get(`/v1/share/${shareId}`)).statusCode).toBe(200);

      const revoked = await post('/v1/cover-art/shares/revoke', user.auth, { share_id: shareId });
      expect(revoked.json()).toMatchObject({ code: 0, data: { share_id: shareId, revoked: true } });
      for (const id of [shareId, 'neverexisted1', '../../etc/passwd', 'x'.repeat(90)]) {
        for (const url of [
          `/v1/share/${encodeURIComponent(id)}`,
          `/v1/share/${encodeURIComponent(id)}/artwork.jpg`,
        ]) {
          const res = await get(url);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({ code: 40004, data: null, msg: CoverArtMsg.shareGone });
        }
      }
      // An id longer than any route parameter is refused before any lookup, with a clear message.
      const long = await get(`/v1/share/${'x'.repeat(150)}`);
      expect(long.json()).toMatchObject({ code: 1, data: null });
      const art = (await get(`/v1/cover-art/${taskId}`, user.auth)).json().data;
      expect(art.shares.find((s: { id: string }) => s.id === shareId).revoked).toBe(true);
    });
  });
});

describe('the share page head', () => {
  it('names the artwork in Open Graph and Twitter tags; a gone share gets a 404 page', async () => {
    const created = await post(`/v1/cover-art/${taskId}/shares`, user.auth, { export_id: exportId });
    const shareId = created.json().data.id;
    // An app that serves the web build (the page route exists only then), on the same database.
    const database = ctx.database;
    const queue = await startQueue({ raw: database.raw, jobs, schema: 'pgboss', pollingIntervalSeconds: 5 });
    const settings = loadSettings({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      BASE_PATH: '/lab/ai-covers',
      PUBLIC_URL: 'https://covers.example',
    });
    const indexHtml =
      '<!doctype html><html><head><title>AI Covers</title></head><body><div id="root"></div></body></html>';
    const { app } = await buildApp({
      settings,
      database,
      queue,
      logger: false,
      web: { dir: dataDir, indexHtml },
      secret: new TextEncoder().encode('test-secret-0123456789-abcdefghijklmnop'),
    });
    try {
      for (const url of [`/lab/ai-covers/s/${shareId}`, `/lab/ai-covers/de/s/${shareId}`]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        const html = res.body;
        expect(html).toContain('<title>Midnight Drive (Velvet cover)</title>');
        expect(html).toContain(
          `<meta property="og:image" content="https://covers.example/v1/share/${shareId}/artwork.jpg">`,
        );
        expect(html).toContain('<meta property="og:title" content="Midnight Drive (Velvet cover)">');
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
        expect(html).toContain(
          `<meta name="twitter:image" content="https://covers.example/v1/share/${shareId}/artwork.jpg">`,
        );
        expect(html).toContain('<div id="root"></div>');
        // Sent compressed to a browser that takes it, like the app's other pages.
        const br = await app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toMatch(/accept-encoding/i);
        expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(html);
      }
      await post('/v1/cover-art/shares/revoke', user.auth, { share_id: shareId });
      const gone = await app.inject({ method: 'GET', url: `/lab/ai-covers/s/${shareId}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).not.toContain('og:image');
      expect(gone.body).toContain('<div id="root"></div>');
    } finally {
      await app.close();
      await queue.stop();
    }
  });
});
