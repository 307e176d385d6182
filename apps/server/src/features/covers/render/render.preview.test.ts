import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { createCover, EngineError, type CoverOptions, type CoverResult } from '@ai-covers/engine';
import { createTestContext, type TestContext } from '../../../test/context';
import { visitor, type Headers } from '../../storage/storage.test-kit';
import { createCoversRepo, type CoversRepo } from '../covers.repo';
import { coverTasks } from '../covers.schema';
import { newCoverTask, renderDeps, runRenderJob } from '../covers.test-kit';
import { renderCoverTask } from './render.run';

// The engine renders the preview's window before the rest of the song and says when it is written:
// the run stores it at once, so the task page plays it while the cover is still being made.

let ctx: TestContext;
let dataDir: string;
let repo: CoversRepo;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-preview-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  repo = createCoversRepo(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, who: Headers) => ctx.app.inject({ method: 'GET', url, headers: who });
const view = async (who: Headers, taskId: string) =>
  (await get(`/v1/vsas/result/${taskId}`, who)).json().data as {
    status: number;
    preview_url: string | null;
  };
/** The HTTP status of a signed URL's file: 200 while it is stored, 404 once it is deleted. */
const served = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
/** A signed URL of a stored file (what a page was handed). */
const urlOf = async (storageKey: string) =>
  (await ctx.features.storage.files.readUrl({ storageKey, name: 'preview.mp3' })).url;

/** A waiting task of `who` on a song of `seconds`. */
const newTask = (who: Headers, seconds = 1) => newCoverTask(ctx, who, 'song.wav', seconds);

/** Waits until the running task's view offers a preview, as the task page's reads would see it. */
async function previewWhileRunning(who: Headers, taskId: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const task = await view(who, taskId);
    expect(task.status).toBe(2);
    if (task.preview_url) return task.preview_url;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no preview while the render ran');
}

/** An engine stand-in that writes a preview, tells the run, then does `rest` (the rest of the song). */
function previewThen<T>(rest: (o: CoverOptions) => Promise<T>) {
  return async (o: CoverOptions): Promise<T> => {
    const file = o.preview!.path!;
    fs.writeFileSync(file, Buffer.from('ID3 a preview, not the song'));
    o.onPreview!({ path: file, durationSec: 30 });
    return rest(o);
  };
}

describe('the preview before the rest of the song', () => {
  it(
    'plays while the render runs, and the finished cover keeps that same file',
    async () => {
      const guest = visitor();
      const taskId = await newTask(guest, 3);
      let early: string | undefined;
      const outcome = await runRenderJob(ctx, taskId, {
        // The real engine on a short song; before the run records the cover, the task is read as
        // the task page reads it.
        createCover: async (o) => {
          // The engine renders the window first only where it is at most half the song: a shorter
          // preview lets a short song show it (a 30 s preview needs a song of a minute). The window
          // is rendered as a song of its own, so it keeps the engine's shortest song, one second.
          const made = await createCover({ ...o, preview: { ...o.preview!, seconds: 1.5 }, threads: 1 });
          early = await previewWhileRunning(guest, taskId);
          return made;
        },
      });
      expect(outcome).toBe('done');
      const done = await view(guest, taskId);
      expect(done.status).toBe(3);
      // One preview file: the one stored early (a URL signs anew, its path names the file).
      expect(done.preview_url!.split('?')[0]).toBe(early!.split('?')[0]);
      const played = await ctx.app.inject({ method: 'GET', url: early! });
      expect(played.statusCode).toBe(200);
      expect(played.rawPayload.length).toBeGreaterThan(1000);
      expect((await repo.findById(taskId))!.previewFileId).not.toBeNull();
    },
    within(120_000),
  );

  it('a render that fails after its preview deletes the preview: a failed cover keeps none', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    let fileId: number | null = null;
    let url = '';
    const outcome = await runRenderJob(ctx, taskId, {
      createCover: previewThen(async () => {
        url = await previewWhileRunning(guest, taskId);
        fileId = (await repo.findById(taskId))!.previewFileId;
        throw new EngineError('INTERNAL', 'Internal engine error: the mix ran out of blocks');
      }),
    });
    expect(outcome).toBe('failed');
    expect(await view(guest, taskId)).toMatchObject({ status: 4, preview_url: null });
    expect(fileId).not.toBeNull();
    // Its row is gone (the task's reference turned null with it), and so are its bytes.
    expect((await repo.findById(taskId))!.previewFileId).toBeNull();
    expect(await served(url)).toBe(404);
  });

  it('a running cover deleted after its preview loses the preview at once; the run stores nothing more', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    const outcome = await runRenderJob(ctx, taskId, {
      progressIntervalMs: 0,
      createCover: previewThen(async (o) => {
        const url = await previewWhileRunning(guest, taskId);
        const closed = await ctx.app.inject({
          method: 'POST',
          url: '/v1/task/delete',
          headers: guest,
          payload: { task_id: taskId },
        });
        expect(closed.json().data.outcome).toBe('closed');
        expect((await repo.findById(taskId))!.previewFileId).toBeNull();
        expect(await served(url)).toBe(404);
        // The run learns it at its next progress write, and stops.
        o.onProgress?.(0.5, 'convert');
        await new Promise<void>((resolve) => o.signal?.addEventListener('abort', () => resolve()));
        throw new EngineError('CANCELLED', 'The job was cancelled.');
      }),
    });
    expect(outcome).toBe('discarded');
    expect(await view(guest, taskId)).toMatchObject({ status: 5, preview_url: null });
  });

  it('a run handed back loses its preview; one a killed run left is replaced by the next run', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    let first: string | undefined;
    const shutdown = new AbortController();
    const released = await runRenderJob(ctx, taskId, {
      shutdown: shutdown.signal,
      createCover: previewThen(async () => {
        first = await previewWhileRunning(guest, taskId);
        shutdown.abort();
        throw new EngineError('CANCELLED', 'The job was cancelled.');
      }),
    });
    expect(released).toBe('released');
    expect((await repo.findById(taskId))!.previewFileId).toBeNull();
    expect(await served(first!)).toBe(404);

    // A worker killed outright deletes nothing: its preview stays on the task.
    const owner = { userId: null, visitorId: (await repo.findById(taskId))!.visitorId };
    const leftover = await ctx.features.storage.files.storeOutput(owner, {
      body: Readable.from([Buffer.from('ID3 the killed run')]),
      fileName: 'left preview.mp3',
      kind: 'ai-covers',
      action: 'cover',
    });
    const leftoverUrl = await urlOf(leftover.storage_key);
    expect(await served(leftoverUrl)).toBe(200);
    await ctx.database.db
      .update(coverTasks)
      .set({ previewFileId: leftover.id, previewKey: leftover.storage_key })
      .where(eq(coverTasks.id, taskId));
    const outcome = await renderCoverTask(
      renderDeps(ctx, {
        assets: undefined,
        createCover: previewThen(async (o) => {
          await previewWhileRunning(guest, taskId);
          fs.writeFileSync(o.outputs[0]!.path, Buffer.from('ID3 the whole cover'));
          return finished(o);
        }),
      }),
      taskId,
      'the-next-job',
    );
    expect(outcome).toBe('done');
    const row = (await repo.findById(taskId))!;
    expect(row.previewFileId).not.toBe(leftover.id);
    expect(await served(leftoverUrl)).toBe(404);
    expect(await served(await urlOf(row.previewKey!))).toBe(200);
  });
});

/** What the engine answers for a finished cover (the fields the run reads). */
function finished(o: CoverOptions): CoverResult {
  return {
    engine: 'test',
    voiceId: String(o.voice),
    durationSec: 1,
    sampleRate: 44100,
    outputs: [{ path: o.outputs[0]!.path, format: 'mp3', durationSec: 1 }],
    key: { semitones: 0, auto: true, instrumentSemitones: 0 },
    songVocal: undefined,
    formantWarp: 1,
    loudness: { integratedLufs: -14, truePeakDbtp: -1 },
    workers: 0,
    timingsMs: {},
  };
}
