// Two render workers on one Postgres queue (docs/scaling.md): each task is rendered by exactly one
// of them. Both are whole apps as `npm run worker` builds them (their own database pool, their own
// pg-boss, the render job, storage), in one test process so the renders can be counted. The
// engine is a quick stand-in that encodes the song as the cover: what is under test is who renders
// what, and the real engine takes minutes per song on a busy CI machine.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { within } from '../../../test/time-limits';
import {
  dspEngine,
  mediaToolPath,
  type CoverOptions,
  type CoverResult,
  type Engine,
} from '@ai-covers/engine';
import { buildApp } from '../../../app';
import { loadSettings } from '../../../config';
import { jobs } from '../../../jobs';
import { openDatabase, type Database } from '../../../platform/db/client';
import { startQueue } from '../../../platform/queue/queue';
import { signInTestUser, type TestContext } from '../../../test/context';
import { postgresUnreachable, scratchDatabase, SPLIT_ADMIN_URL } from '../../../test/postgres-admin';
import { startWorker } from '../../../worker';
import { createCoversRepo } from '../covers.repo';
import { songWav, uploadSong } from '../covers.test-kit';

const TASKS = 4;
const run = promisify(execFile);

/** Encodes `input` to `output` (its format from the extension, or `format`). */
async function encode(input: string, output: string, format?: 'wav' | 'mp3'): Promise<void> {
  const codec =
    (format ?? path.extname(output).slice(1)) === 'wav' ? ['-c:a', 'pcm_s16le', '-f', 'wav'] : ['-f', 'mp3'];
  await fs.promises.mkdir(path.dirname(output), { recursive: true });
  await run(mediaToolPath('ffmpeg'), ['-v', 'error', '-y', '-i', input, ...codec, output]);
}

/** The stand-in cover: every output, the preview and the stems are the song itself, encoded. */
async function quickCover(o: CoverOptions): Promise<CoverResult> {
  for (const out of o.outputs) await encode(o.input, out.path, out.format);
  const preview = o.preview?.path ?? `${o.outputs[0]!.path}.preview.mp3`;
  await encode(o.input, preview, 'mp3');
  const stems = o.stemsDir
    ? {
        vocals: path.join(o.stemsDir, 'vocals.wav'),
        instrumental: path.join(o.stemsDir, 'instrumental.wav'),
        originalVocals: path.join(o.stemsDir, 'original-vocals.wav'),
      }
    : undefined;
  if (stems) for (const stem of Object.values(stems)) await encode(o.input, stem, 'wav');
  return {
    engine: 'two-workers-test',
    voiceId: typeof o.voice === 'string' ? o.voice : 'profile',
    durationSec: 1,
    sampleRate: 44_100,
    outputs: o.outputs.map((out) => ({ path: out.path, format: out.format ?? 'mp3', durationSec: 1 })),
    preview: { path: preview, durationSec: 1 },
    ...(stems ? { stems } : {}),
    key: { semitones: 0, auto: false, instrumentSemitones: 0 },
    songVocal: undefined,
    formantWarp: 1,
    loudness: { integratedLufs: -14, truePeakDbtp: -1 },
    workers: 0,
    timingsMs: {},
  };
}
const SECRET = new TextEncoder().encode('test-secret-0123456789-abcdefghijklmnop');

const unreachable = await postgresUnreachable();
if (unreachable)
  process.stdout.write(
    `skipping the two-worker test: Postgres at ${SPLIT_ADMIN_URL} unreachable (${unreachable})\n`,
  );

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-two-workers-'));
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One worker process's app: its own pool and queue on the shared database and object store. */
async function openProcess(url: string, engine: Engine): Promise<TestContext & { database: Database }> {
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
  });
  const database = await openDatabase({ url });
  const queue = await startQueue({ raw: database.raw, jobs, schema: 'pgboss', pollingIntervalSeconds: 0.5 });
  const { app, features } = await buildApp({
    settings,
    database,
    queue,
    logger: false,
    secret: SECRET,
    engine,
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await queue.stop();
    await database.close();
  };
  closers.push(close);
  return { settings, database, queue, app, features, close, drop: async () => {} };
}

describe('two render workers share one queue on Postgres', () => {
  it.skipIf(unreachable !== null)(
    'every task is rendered once, and both workers take a share',
    async () => {
      const database = await scratchDatabase('two_workers');
      closers.push(database.drop);
      const rendered: Record<'a' | 'b', number> = { a: 0, b: 0 };
      // Counted: a task rendered twice would show as one render too many.
      const counted = (name: 'a' | 'b'): Engine => ({
        ...dspEngine,
        createCover: async (options) => {
          rendered[name]++;
          // Long enough that the other worker polls the queue while this one renders.
          await new Promise((r) => setTimeout(r, 300));
          return quickCover(options);
        },
      });
      const a = await openProcess(database.url, counted('a'));
      const b = await openProcess(database.url, counted('b'));

      const workerA = await startWorker({ queue: a.queue, log: a.app.log, features: a.features });
      closers.push(async () => workerA.stop());
      // The second worker stands for another machine: in one test process both share a pid, and a
      // worker starting on the same host and pid would take the first one's runs for those of its
      // own dead predecessor (a restarted container) and send them back (decision 044).
      const host = vi.spyOn(os, 'hostname').mockReturnValue('second-machine');
      const workerB = await startWorker({ queue: b.queue, log: b.app.log, features: b.features });
      host.mockRestore();
      closers.push(async () => workerB.stop());

      // The tasks are queued once both workers poll, so both compete for the same jobs (a worker
      // starting while the other renders would sweep the other's scratch folder as a dead
      // predecessor's: in one test process they share a pid). One account each: an account has one
      // cover in the making at a time.
      const ids: string[] = [];
      for (let i = 0; i < TASKS; i++) {
        const user = await signInTestUser(a);
        const key = await uploadSong(a, user.auth, `song-${i}.wav`, songWav(1));
        const res = await a.app.inject({
          method: 'POST',
          url: '/v1/vsas/create',
          headers: user.auth,
          payload: { voice_id: 'velvet', file_key: key },
        });
        expect(res.json()).toMatchObject({ code: 0 });
        ids.push(res.json().data.task_id as string);
      }
      const repo = createCoversRepo(a.database.db);
      const deadline = Date.now() + 150_000;
      let outcomes: Array<[number, string | null]> = [];
      while (Date.now() < deadline) {
        const rows = await Promise.all(ids.map((id) => repo.findById(id)));
        outcomes = rows.map((row) => [row!.status, row!.error]);
        if (outcomes.every(([status]) => status >= 3)) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(outcomes).toEqual(ids.map(() => [3, null]));
      expect(rendered.a + rendered.b).toBe(TASKS);
      expect(rendered.a).toBeGreaterThan(0);
      expect(rendered.b).toBeGreaterThan(0);
    },
    within(240_000),
  );
});
