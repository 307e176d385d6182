import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { CoverMsg } from '@ai-covers/contracts';
import { EngineError, listVoices, type CoverOptions } from '@ai-covers/engine';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import { visitor, type Headers } from '../../storage/storage.test-kit';
import { createRenderEnqueuer } from './render.queue';
import { reclaimDeadRuns, sweepCoverTasks } from './render.jobs';
import { deadOwners } from './render.lease';
import { createCoversRepo, type CoversRepo } from '../covers.repo';
import { coverTasks } from '../covers.schema';
import { createCoversService } from '../covers.service';
import { renderCoverTask } from './render.run';
import { newCoverTask, renderDeps, runRenderJob, songWav, uploadSong } from '../covers.test-kit';

const lease = { owner: `${os.hostname()}/${process.pid}/test`, ttlMs: 30_000, renewMs: 10_000 };
let ctx: TestContext;
let dataDir: string;
let repo: CoversRepo;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-jobs-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  repo = createCoversRepo(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, who: Headers) => ctx.app.inject({ method: 'GET', url, headers: who });
const remove = (who: Headers, taskId: string) =>
  ctx.app.inject({ method: 'POST', url: '/v1/task/delete', headers: who, payload: { task_id: taskId } });

/** A waiting task of `who` on a one-second song. */
const newTask = (who: Headers, name = 'song.wav') => newCoverTask(ctx, who, name);

/** An engine stand-in that waits until it is stopped, as the real one does between blocks. */
function untilStopped(before?: (o: CoverOptions) => Promise<void>) {
  return async (o: CoverOptions): Promise<never> => {
    await before?.(o);
    await new Promise<void>((resolve) => {
      if (o.signal?.aborted) resolve();
      o.signal?.addEventListener('abort', () => resolve());
    });
    throw new EngineError('CANCELLED', 'The job was cancelled.');
  };
}

describe('the render job', () => {
  it(
    'a song without a singer (a held tone) fails with its reason, and no download is offered',
    async () => {
      const guest = visitor();
      const wav = songWav(3, { sampleRate: 22050 });
      // Replace the melody by a steady 440 Hz sine: an audio file, but nobody sings.
      for (let i = 0; i < (wav.length - 44) / 4; i++) {
        const v = Math.round(0.3 * Math.sin((2 * Math.PI * 440 * i) / 22050) * 32767);
        wav.writeInt16LE(v, 44 + i * 4);
        wav.writeInt16LE(v, 46 + i * 4);
      }
      const key = await uploadSong(ctx, guest, 'tone.wav', wav);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/v1/vsas/create',
        headers: guest,
        payload: { voice_id: 'velvet', file_key: key },
      });
      const taskId = created.json().data.task_id as string;
      expect(await runRenderJob(ctx, taskId)).toBe('failed');
      const task = (await get(`/v1/vsas/result/${taskId}`, guest)).json().data;
      expect(task).toMatchObject({ status: 4, error: CoverMsg.noVocal, preview_url: null });
    },
    within(120_000),
  );

  it('a task deleted while running is closed; its job drops the result and stops', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    const outcome = await runRenderJob(ctx, taskId, {
      progressIntervalMs: 0,
      createCover: untilStopped(async (o) => {
        const closed = await remove(guest, taskId);
        expect(closed.json().data).toEqual({ task_id: taskId, outcome: 'closed' });
        o.onProgress?.(0.5, 'convert');
      }),
    });
    expect(outcome).toBe('discarded');
    const task = (await get(`/v1/vsas/result/${taskId}`, guest)).json().data;
    expect(task).toMatchObject({ status: 5, preview_url: null });
    // A closed task is deleted for good the second time.
    expect((await remove(guest, taskId)).json().data.outcome).toBe('deleted');
    expect((await remove(guest, taskId)).json().code).toBe(490618);
  });

  it('stops at the timeout: status 6 with its message, and it can be retried', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    expect(await runRenderJob(ctx, taskId, { timeoutMs: 50, createCover: untilStopped() })).toBe('timeout');
    expect((await get(`/v1/vsas/result/${taskId}`, guest)).json().data).toMatchObject({
      status: 6,
      error: CoverMsg.timedOut,
    });
    const retried = (await get(`/v1/vsas/retry/${taskId}`, guest)).json();
    expect(retried.data).toMatchObject({ status: 1, error: null });
    expect((await repo.findById(taskId))?.jobId).toBeTruthy();
  });

  it.each([
    ['an unexpected error', new Error('disk on fire')],
    ['an internal engine error', new EngineError('INTERNAL', 'Internal engine error: x is undefined')],
  ])('%s fails the task with a plain message, logged for operators', async (_name, thrown) => {
    const guest = visitor();
    const taskId = await newTask(guest);
    const logged: unknown[] = [];
    const outcome = await runRenderJob(ctx, taskId, {
      createCover: () => Promise.reject(thrown),
      log: { info: () => {}, error: (obj) => logged.push(obj) },
    });
    expect(outcome).toBe('failed');
    expect((await get(`/v1/vsas/result/${taskId}`, guest)).json().data).toMatchObject({
      status: 4,
      error: CoverMsg.engineFailed,
    });
    expect(logged).toHaveLength(1);
  });

  it('writes progress upward only, at most once per interval, below 1 until done', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    const seen: number[] = [];
    const shown: Array<{ stage: string | null; eta_seconds: number | null }> = [];
    // Each report, and the progress the task should then hold (a lower report changes nothing; the
    // end stays below 1 until the result is stored).
    const steps = [
      [0.2, 'separate', 0.2],
      [0.1, 'separate', 0.2],
      [0.6, 'convert', 0.6],
      [1, 'encode', 0.99],
    ] as const;
    await runRenderJob(ctx, taskId, {
      progressIntervalMs: 0,
      createCover: async (o) => {
        for (const [p, stage, expected] of steps) {
          o.onProgress?.(p, stage);
          // Let the write land (up to 5 s on a loaded machine), then look at what the task says.
          let progress = -1;
          for (let waited = 0; waited < 5_000 && progress !== expected; waited += 30) {
            await new Promise((r) => setTimeout(r, 30));
            progress = (await repo.findById(taskId))!.progress;
          }
          seen.push(progress);
          const { stage: now, eta_seconds } = (await get(`/v1/vsas/result/${taskId}`, guest)).json().data;
          shown.push({ stage: now, eta_seconds });
        }
        throw new EngineError('SILENT', 'The audio is silent (or too quiet to process: below -60 dBFS).');
      },
    });
    expect(seen).toEqual([0.2, 0.2, 0.6, 0.99]);
    // The step the engine reported is what the task page shows; a lower report changes nothing.
    expect(shown.map((s) => s.stage)).toEqual(['separate', 'separate', 'convert', 'encode']);
    // Not 2 s into the run yet: too early to promise a time.
    expect(shown.every((s) => s.eta_seconds === null)).toBe(true);
    // Ended: no step any more.
    expect((await get(`/v1/vsas/result/${taskId}`, guest)).json().data).toMatchObject({
      status: 4,
      stage: null,
      eta_seconds: null,
    });
  });

  it('a deleted waiting task is skipped; a song deleted from the library fails the task', async () => {
    const guest = visitor();
    const gone = await newTask(guest);
    const jobId = (await repo.findById(gone))!.jobId!;
    expect((await remove(guest, gone)).json().data.outcome).toBe('deleted');
    expect(await renderCoverTask(renderDeps(ctx), gone, jobId)).toBe('skipped');

    const orphan = await newTask(guest, 'deleted.wav');
    const files = (await get('/v1/library/files', guest)).json().data.rows;
    const song = files.find((f: { name: string }) => f.name === 'deleted.wav');
    await ctx.app.inject({
      method: 'POST',
      url: '/v1/library/delete',
      headers: guest,
      payload: { ids: [song.id] },
    });
    expect(await runRenderJob(ctx, orphan)).toBe('failed');
    expect((await get(`/v1/vsas/result/${orphan}`, guest)).json().data).toMatchObject({
      status: 4,
      error: 'The file does not exist.',
    });
  });
});

describe('the sweep', () => {
  it(
    'a live render renews its lease past the lease time; a render whose task was reclaimed stops',
    async () => {
      const guest = visitor();
      const taskId = await newTask(guest, 'renewed.wav');
      const enqueue = createRenderEnqueuer({ queue: ctx.queue, repo });
      const short = { owner: `${os.hostname()}/${process.pid}/short`, ttlMs: 1000, renewMs: 200 };
      // Lease checks as often as a busy fleet would make them, all through a render 3 times the lease.
      const checks = setInterval(() => void reclaimDeadRuns({ repo, enqueue }), 250);
      const outcome = await runRenderJob(ctx, taskId, {
        lease: short,
        createCover: async (o) => {
          await new Promise((r) => setTimeout(r, 3000));
          if (o.signal?.aborted) throw new EngineError('CANCELLED', 'The job was cancelled.');
          throw new EngineError('SILENT', 'The audio is silent.');
        },
      });
      clearInterval(checks);
      // Still its own run at the end: the song's fault was recorded, nothing was reclaimed.
      expect(outcome).toBe('failed');
      expect(await repo.findById(taskId)).toMatchObject({ status: 4, error: CoverMsg.songSilent, lapses: 0 });

      // A worker that cannot renew (frozen, cut off) loses the task; once it renews again it stops.
      const other = await newTask(guest, 'frozen.wav');
      const frozen = { ...short, renewMs: 2500 };
      const lost = runRenderJob(ctx, other, {
        lease: frozen,
        createCover: untilStopped(async () => {
          await new Promise((r) => setTimeout(r, 1300));
          expect(await reclaimDeadRuns({ repo, enqueue })).toEqual({ requeued: 1, failed: 0 });
        }),
      });
      expect(await lost).toBe('discarded');
      expect(await repo.findById(other)).toMatchObject({
        status: 1,
        error: CoverMsg.serverStopped,
        lapses: 1,
      });
    },
    within(60_000),
  );

  it('a shutdown hands a running cover back: waiting, no job, and the sweep sends it again', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    const shutdown = new AbortController();
    const outcome = runRenderJob(ctx, taskId, {
      shutdown: shutdown.signal,
      // Abort once the render is under way, as a SIGTERM would.
      createCover: untilStopped(async () => {
        shutdown.abort();
      }),
    });
    expect(await outcome).toBe('released');
    const task = await repo.findById(taskId);
    expect(task).toMatchObject({ status: 1, progress: 0, jobId: null, startedAt: null, error: null });
    // The next process's sweep (a minute later) sends it again; nobody had to press Retry.
    const enqueue = createRenderEnqueuer({ queue: ctx.queue, repo });
    const swept = await sweepCoverTasks({ repo, enqueue, now: () => Date.now() + 120_000 });
    expect(swept.resent).toBeGreaterThanOrEqual(1);
    expect((await repo.findById(taskId))?.jobId).toBeTruthy();
  });

  it('times out runs past the timeout that still hold their lease, and sends jobs never sent', async () => {
    const guest = visitor();
    const running = await newTask(guest);
    const unsent = await newTask(guest, 'b.wav');
    const fresh = await newTask(guest, 'c.wav');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await repo.claim(running, 'stuck-worker-job', hourAgo, lease);
    await ctx.database.db
      .update(coverTasks)
      .set({ jobId: null, updatedAt: hourAgo })
      .where(eq(coverTasks.id, unsent));
    await ctx.database.db.update(coverTasks).set({ jobId: null }).where(eq(coverTasks.id, fresh));

    const enqueue = createRenderEnqueuer({ queue: ctx.queue, repo });
    const result = await sweepCoverTasks({ repo, enqueue, timeoutMs: 60_000 });
    expect(result).toEqual({ reclaimed: 0, timedOut: 1, resent: 1 });
    expect(await repo.findById(running)).toMatchObject({ status: 6, error: CoverMsg.timedOut });
    const resent = await repo.findById(unsent);
    expect(resent?.jobId).toBeTruthy();
    expect((await ctx.queue.boss.getJobById('covers.render', resent!.jobId!))?.data).toEqual({
      task_id: unsent,
    });
    // Sent less than a minute ago may still be on its way: left alone.
    expect((await repo.findById(fresh))?.jobId).toBeNull();
    // The stuck worker's job, should it come back, can no longer touch the task.
    expect(await repo.reportProgress(running, 'stuck-worker-job', 0.5)).toBe(false);
  });

  it('sends a run whose worker died back to the queue, and fails it with a retry offer the second time', async () => {
    const guest = visitor();
    const taskId = await newTask(guest, 'crash.wav');
    const enqueue = createRenderEnqueuer({ queue: ctx.queue, repo });
    const lapse = () =>
      ctx.database.db
        .update(coverTasks)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(coverTasks.id, taskId));

    // A live lease is left alone, whatever the age of the run.
    await repo.claim(taskId, 'worker-a-job', new Date(), lease);
    expect((await sweepCoverTasks({ repo, enqueue })).reclaimed).toBe(0);
    expect(await repo.renewLease(taskId, 'worker-a-job', 30_000)).toBe(true);

    // Worker A dies: its lease lapses and the task waits again, with a new job, saying why.
    await lapse();
    expect(await reclaimDeadRuns({ repo, enqueue })).toEqual({ requeued: 1, failed: 0 });
    const requeued = await repo.findById(taskId);
    expect(requeued).toMatchObject({ status: 1, progress: 0, error: CoverMsg.serverStopped, lapses: 1 });
    expect(requeued?.jobId).toBeTruthy();
    expect(requeued?.jobId).not.toBe('worker-a-job');
    // A's job can no longer write, nor keep the task by renewing.
    expect(await repo.renewLease(taskId, 'worker-a-job', 30_000)).toBe(false);

    // Worker B dies too: the task fails (not "took too long"), frees its slot and can be retried.
    await repo.claim(taskId, requeued!.jobId!, new Date(), lease);
    await lapse();
    expect(await reclaimDeadRuns({ repo, enqueue })).toEqual({ requeued: 0, failed: 1 });
    const failed = (await get(`/v1/vsas/result/${taskId}`, guest)).json().data;
    expect(failed).toMatchObject({ status: 4, error: CoverMsg.serverStoppedAgain });
    const retried = await get(`/v1/vsas/retry/${taskId}`, guest);
    expect(retried.json()).toMatchObject({ code: 0, data: { status: 1 } });
    expect(await repo.findById(taskId)).toMatchObject({ lapses: 0, error: null });
  });

  it("reclaims at once the runs of this machine's dead processes, never a live one's", async () => {
    const guest = visitor();
    const dead = await newTask(guest, 'dead.wav');
    const live = await newTask(guest, 'live.wav');
    const host = os.hostname();
    // A pid no process has (beyond pid_max), and this very process under another lease name.
    await repo.claim(dead, 'dead-job', new Date(), { ...lease, owner: `${host}/99999999/aaaa` });
    await repo.claim(live, 'live-job', new Date(), { ...lease, owner: `${host}/${process.ppid}/bbbb` });
    const self = `${host}/${process.pid}/cccc`;
    const owners = deadOwners(await repo.runningLeaseOwners(), self);
    expect(owners).toContain(`${host}/99999999/aaaa`);
    expect(owners).not.toContain(`${host}/${process.ppid}/bbbb`);
    expect(deadOwners([`${host}/${process.pid}/dddd`, `other-host/1/eeee`], self)).toEqual([
      `${host}/${process.pid}/dddd`,
    ]);
    const enqueue = createRenderEnqueuer({ queue: ctx.queue, repo });
    expect(await reclaimDeadRuns({ repo, enqueue, owners })).toEqual({ requeued: 1, failed: 0 });
    expect(await repo.findById(dead)).toMatchObject({ status: 1, error: CoverMsg.serverStopped });
    expect(await repo.findById(live)).toMatchObject({ status: 2 });
  });
});

describe('waiting for changes (subscribe)', () => {
  it('answers at once without a known state, and when the task moves', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    const now = await get(`/v1/vsas/subscribe/${taskId}`, guest);
    expect(now.json().data).toMatchObject({ status: 1 });

    const started = Date.now();
    const waiting = get(`/v1/vsas/subscribe/${taskId}?status=1&progress=0&_t=1`, guest);
    setTimeout(() => void repo.claim(taskId, (Date.now() + 1).toString(), new Date(), lease), 700);
    const moved = await waiting;
    expect(moved.json().data).toMatchObject({ status: 2, progress: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops waiting when the caller goes away', async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    const covers = createCoversService({
      repo,
      files: ctx.features.storage.files,
      enqueue: async () => true,
      voices: listVoices,
      subscribe: { maxWaitMs: 10_000, pollMs: 50 },
    });
    const gone = new AbortController();
    setTimeout(() => gone.abort(), 200);
    const started = Date.now();
    const owner = { userId: null, visitorId: guest['x-visitor-id']! };
    const task = await covers.subscribe(owner, taskId, { status: 1, progress: 0 }, gone.signal);
    expect(task.status).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('sign-in', () => {
  it("a visitor's covers become the account's, which can then pay for them once done", async () => {
    const guest = visitor();
    const taskId = await newTask(guest);
    const user = await signInTestUser(ctx);
    await ctx.features.credits.service.grantSignupGift(user.userId);
    const early = await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, user.auth);
    expect(early.json().code).toBe(490618);
    expect(await repo.claimVisitorTasks(guest['x-visitor-id']!, user.userId)).toBe(1);
    expect((await get(`/v1/vsas/result/${taskId}`, guest)).json().code).toBe(490618);
    expect((await get('/v1/vsas/list', user.auth)).json().data.rows[0].task_id).toBe(taskId);
    // Now the account's own task: the charge gets past ownership and waits for a result.
    const waiting = await get(`/v1/deduct?kind=ai-covers&task_id=${taskId}`, user.auth);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ code: 1, msg: 'task_id: the task has no result to pay for yet' });
    expect((await get('/v1/credits/account', user.auth)).json().data).toMatchObject({ balance: 1 });
  });
});

describe('the worker', () => {
  it(
    'picks queued covers up on its own and finishes them',
    async () => {
      // Earlier tests called the handler directly and left their jobs queued: only this one should run.
      await ctx.queue.boss.purgeQueue('covers.render');
      await ctx.features.covers.startJobs(ctx.queue, ctx.app.log);
      const guest = visitor();
      const taskId = await newTask(guest, 'queued.wav');
      let task = (await get(`/v1/vsas/result/${taskId}`, guest)).json().data;
      for (let i = 0; i < 120 && task.status < 3; i++) {
        task = (
          await get(`/v1/vsas/subscribe/${taskId}?status=${task.status}&progress=${task.progress}`, guest)
        ).json().data;
      }
      expect(task).toMatchObject({ status: 3, progress: 1, error: null });
      expect((await ctx.app.inject({ method: 'GET', url: task.preview_url })).statusCode).toBe(200);
    },
    within(180_000),
  );
});
