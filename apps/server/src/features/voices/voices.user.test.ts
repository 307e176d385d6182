import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoverMsg, MY_VOICE_CONSENT, Msg, MyVoiceMsg, TaskStatus } from '@ai-covers/contracts';
import { EngineError } from '@ai-covers/engine';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { renderDeps, runRenderJob, songWav, uploadSong } from '../covers/covers.test-kit';
import { visitor, type Headers } from '../storage/storage.test-kit';
import { createUserVoicesRepo } from './voices.user.repo';
import { trainUserVoiceTask, type TrainingDeps } from './voices.training';
import { cliTrainer } from './voices.trainer';
import { sweepVoices } from './voices.jobs';

let ctx: TestContext;
let dataDir: string;
let owner: Awaited<ReturnType<typeof signInTestUser>>;
let other: Awaited<ReturnType<typeof signInTestUser>>;

const get = (url: string, who: Headers) => ctx.app.inject({ method: 'GET', url, headers: who });
const post = (url: string, who: Headers, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: who, payload });
const repo = () => createUserVoicesRepo(ctx.database.db);
const quiet = { info: () => {}, error: () => {} };
const trainingDeps = (): TrainingDeps => ({
  repo: repo(),
  files: ctx.features.storage.files,
  train: cliTrainer,
  log: quiet,
});
/** Runs the queued training job of a voice, as the worker would (its job id is on the row). */
async function runTraining(voiceId: string, deps: Partial<TrainingDeps> = {}) {
  const row = await repo().findById(voiceId);
  expect(row?.jobId).toBeTruthy();
  return trainUserVoiceTask({ ...trainingDeps(), ...deps }, voiceId, row!.jobId!);
}
const stored = (key: string) => fs.existsSync(ctx.features.storage.store.localPath!(key));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'my-voices-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  owner = await signInTestUser(ctx);
  other = await signInTestUser(ctx);
  await ctx.features.credits.service.grantSignupGift(owner.userId);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('My voices: refusals before anything is made', () => {
  it('a visitor is asked to sign in on every call', async () => {
    const who = visitor();
    for (const res of [
      await get('/v1/my-voices', who),
      await post('/v1/my-voices', who, { name: 'Me', sample_key: 'x', consent: true }),
      await get('/v1/my-voices/my-0123456789ab', who),
      await post('/v1/my-voices/my-0123456789ab/retry', who),
      await post('/v1/my-voices/my-0123456789ab/delete', who),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 40001, msg: Msg.notLoggedIn });
    }
  });

  it('without consent, or with it false, nothing is made', async () => {
    const key = await uploadSong(ctx, owner.auth, 'me.wav', songWav(31));
    for (const body of [
      { name: 'Me', sample_key: key },
      { name: 'Me', sample_key: key, consent: false },
    ]) {
      const res = await post('/v1/my-voices', owner.auth, body);
      expect(res.json()).toMatchObject({ code: 1, msg: expect.stringContaining(MyVoiceMsg.consentRequired) });
    }
    expect((await get('/v1/my-voices', owner.auth)).json().data.list).toEqual([]);
  });

  it('a recording under 30 s, a picture, or another account’s file is refused', async () => {
    const short = await uploadSong(ctx, owner.auth, 'short.wav', songWav(12));
    const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const image = await uploadSong(ctx, owner.auth, 'me.png', picture, 'image/png');
    const theirs = await uploadSong(ctx, other.auth, 'theirs.wav', songWav(31));
    const tries: [string, object][] = [
      [short, { code: 1, msg: MyVoiceMsg.tooShort }],
      [image, { code: 1, msg: MyVoiceMsg.notAudio }],
      [theirs, { code: 40004, msg: Msg.fileMissing }],
    ];
    for (const [key, answer] of tries) {
      const res = await post('/v1/my-voices', owner.auth, { name: 'Me', sample_key: key, consent: true });
      expect(res.json()).toMatchObject(answer);
    }
    expect(await repo().listOwned(owner.userId)).toEqual([]);
  });

  it('a nameless voice is refused', async () => {
    const res = await post('/v1/my-voices', owner.auth, { name: '  ', sample_key: 'k', consent: true });
    expect(res.json()).toMatchObject({ code: 1, msg: expect.stringContaining(MyVoiceMsg.nameRequired) });
  });
});

describe('My voices: train, use in a cover, delete', () => {
  let voiceId: string;

  it('makes a waiting voice with the consent stored; a second one waits its turn; no credit taken', async () => {
    const before = await ctx.features.credits.service.balance(owner.userId);
    const key = await uploadSong(ctx, owner.auth, 'my singing.wav', songWav(35));
    const res = await post('/v1/my-voices', owner.auth, { name: 'My voice', sample_key: key, consent: true });
    expect(res.statusCode).toBe(200);
    const voice = res.json().data;
    expect(voice).toMatchObject({
      name: 'My voice',
      status: TaskStatus.waiting,
      consent_version: MY_VOICE_CONSENT.version,
      sample_seconds: 35,
    });
    expect(voice.voice_id).toMatch(/^my-[a-f0-9]{12}$/);
    expect(Date.now() - Date.parse(voice.consent_at)).toBeLessThan(60_000);
    const row = await repo().findById(voice.voice_id);
    expect(row).toMatchObject({ userId: owner.userId, consentVersion: MY_VOICE_CONSENT.version });
    voiceId = voice.voice_id;

    const again = await post('/v1/my-voices', owner.auth, { name: 'Second', sample_key: key, consent: true });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 1, msg: MyVoiceMsg.busy });
    expect(await ctx.features.credits.service.balance(owner.userId)).toEqual(before);
  });

  it('is not ready for covers while it trains', async () => {
    const song = await uploadSong(ctx, owner.auth, 'song.wav', songWav(6));
    const res = await post('/v1/vsas/create', owner.auth, { voice_id: voiceId, file_key: song });
    expect(res.json()).toMatchObject({ code: 1, msg: CoverMsg.unknownVoice });
  });

  it('trains with progress into a ready voice whose profile is never in the library', async () => {
    const seen: number[] = [];
    const outcome = await runTraining(voiceId, {
      train: (run) => cliTrainer({ ...run, onProgress: (p) => (seen.push(p), run.onProgress(p)) }),
      progressIntervalMs: 0,
    });
    expect(outcome).toBe('done');
    expect(seen.at(-1)).toBe(1);
    const voice = (await get(`/v1/my-voices/${voiceId}`, owner.auth)).json().data;
    expect(voice).toMatchObject({ status: TaskStatus.done, progress: 1, error: null });
    expect(voice.range).toMatch(/^[A-G]#?\d–[A-G]#?\d$/);
    expect(voice.sample_url).toBeTruthy();
    const row = await repo().findById(voiceId);
    const library = (await get('/v1/library/list?type=all&page=1&page_size=100', owner.auth)).json();
    expect(JSON.stringify(library)).not.toContain(row!.profileKey!);
  });

  it('another account is told the voice does not exist, and cannot use it', async () => {
    for (const res of [
      await get(`/v1/my-voices/${voiceId}`, other.auth),
      await post(`/v1/my-voices/${voiceId}/retry`, other.auth),
      await post(`/v1/my-voices/${voiceId}/delete`, other.auth),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 40004, msg: MyVoiceMsg.noVoice });
    }
    // Same answer as for an id that never existed.
    expect((await get('/v1/my-voices/my-000000000000', other.auth)).json()).toMatchObject({
      code: 40004,
      msg: MyVoiceMsg.noVoice,
    });
    expect((await get('/v1/my-voices', other.auth)).json().data.list).toEqual([]);
    const song = await uploadSong(ctx, other.auth, 'their song.wav', songWav(6));
    const res = await post('/v1/vsas/create', other.auth, { voice_id: voiceId, file_key: song });
    expect(res.json()).toMatchObject({ code: 1, msg: CoverMsg.unknownVoice });
  });

  it('a ready voice refuses a retry', async () => {
    const res = await post(`/v1/my-voices/${voiceId}/retry`, owner.auth);
    expect(res.json()).toMatchObject({ code: 1, msg: MyVoiceMsg.retryNotFailed });
  });

  let coverId: string;
  it('makes a cover in the voice', async () => {
    const song = await uploadSong(ctx, owner.auth, 'cover me.wav', songWav(6));
    const res = await post('/v1/vsas/create', owner.auth, { voice_id: voiceId, file_key: song });
    expect(res.json()).toMatchObject({ code: 0 });
    coverId = res.json().data.task_id;
    const outcome = await runRenderJob(ctx, coverId, {
      createCover: ctx.features.voices.coverEngine.createCover,
    });
    expect(outcome).toBe('done');
    expect((await get(`/v1/vsas/result/${coverId}`, owner.auth)).json().data).toMatchObject({
      status: TaskStatus.done,
      voice_id: voiceId,
    });
  });

  it('deleting takes the voice, its recording and its profile; new covers are refused, made ones stay', async () => {
    const row = (await repo().findById(voiceId))!;
    expect(stored(row.sampleKey) && stored(row.profileKey!)).toBe(true);
    const res = await post(`/v1/my-voices/${voiceId}/delete`, owner.auth);
    expect(res.json()).toMatchObject({ code: 0, data: { voice_id: voiceId, deleted: true } });
    expect(await repo().findById(voiceId)).toBeNull();
    expect(stored(row.sampleKey) || stored(row.profileKey!)).toBe(false);
    const files = ctx.features.storage.files;
    const ownerRef = { userId: owner.userId, visitorId: null };
    expect(await files.findOwnedFile(ownerRef, row.sampleFileId!)).toBeNull();
    const song = await uploadSong(ctx, owner.auth, 'after.wav', songWav(6));
    const again = await post('/v1/vsas/create', owner.auth, { voice_id: voiceId, file_key: song });
    expect(again.json()).toMatchObject({ code: 1, msg: CoverMsg.unknownVoice });
    expect((await get(`/v1/vsas/result/${coverId}`, owner.auth)).json().data.status).toBe(TaskStatus.done);
    // The made cover keeps the voice's name (its files and the wallet's records name it).
    const made = await ctx.features.covers.service.finishedCover(coverId);
    expect(made).toMatchObject({ voiceName: 'My voice' });
    expect(made!.preview!.name).toBe('cover me (My voice cover) preview.mp3');
    expect((await post(`/v1/my-voices/${voiceId}/delete`, owner.auth)).json()).toMatchObject({
      code: 40004,
      msg: MyVoiceMsg.noVoice,
    });
  });

  it('a cover waiting for a voice deleted meanwhile fails cleanly', async () => {
    const key = await uploadSong(ctx, owner.auth, 'again.wav', songWav(35));
    const made = (
      await post('/v1/my-voices', owner.auth, { name: 'Brief', sample_key: key, consent: true })
    ).json().data;
    expect(await runTraining(made.voice_id)).toBe('done');
    const song = await uploadSong(ctx, owner.auth, 'pending.wav', songWav(6));
    const task = (
      await post('/v1/vsas/create', owner.auth, { voice_id: made.voice_id, file_key: song })
    ).json().data.task_id;
    await post(`/v1/my-voices/${made.voice_id}/delete`, owner.auth);
    const outcome = await runRenderJob(ctx, task, {
      ...renderDeps(ctx),
      createCover: ctx.features.voices.coverEngine.createCover,
    });
    expect(outcome).toBe('failed');
    expect((await get(`/v1/vsas/result/${task}`, owner.auth)).json().data).toMatchObject({
      status: TaskStatus.failed,
      error: CoverMsg.unknownVoice,
    });
  });
});

describe('My voices: training that fails', () => {
  it('a silent recording fails with its reason; the person may delete it and try again', async () => {
    const user = await signInTestUser(ctx);
    const key = await uploadSong(ctx, user.auth, 'silence.wav', songWav(31, { silent: true }));
    const made = (
      await post('/v1/my-voices', user.auth, { name: 'Quiet', sample_key: key, consent: true })
    ).json();
    // The upload measures length and type, not loudness: the training finds the silence.
    expect(made.code).toBe(0);
    expect(await runTraining(made.data.voice_id)).toBe('failed');
    const voice = (await get(`/v1/my-voices/${made.data.voice_id}`, user.auth)).json().data;
    expect(voice).toMatchObject({ status: TaskStatus.failed, error: MyVoiceMsg.silent, retryable: false });
    expect((await post(`/v1/my-voices/${made.data.voice_id}/delete`, user.auth)).json().code).toBe(0);
    const key2 = await uploadSong(ctx, user.auth, 'singing.wav', songWav(31));
    const again = await post('/v1/my-voices', user.auth, { name: 'Loud', sample_key: key2, consent: true });
    expect(again.json().code).toBe(0);
  });

  it('an engine failure is retryable, and the retry trains again', async () => {
    const user = await signInTestUser(ctx);
    const key = await uploadSong(ctx, user.auth, 'me.wav', songWav(31));
    const made = (
      await post('/v1/my-voices', user.auth, { name: 'Flaky', sample_key: key, consent: true })
    ).json().data;
    const outcome = await runTraining(made.voice_id, {
      train: () => Promise.reject(new Error('worker crashed')),
    });
    expect(outcome).toBe('failed');
    const failed = (await get(`/v1/my-voices/${made.voice_id}`, user.auth)).json().data;
    expect(failed).toMatchObject({ status: TaskStatus.failed, error: MyVoiceMsg.failed, retryable: true });
    const retried = (await post(`/v1/my-voices/${made.voice_id}/retry`, user.auth)).json();
    expect(retried).toMatchObject({ code: 0, data: { status: TaskStatus.waiting, error: null } });
    expect(await runTraining(made.voice_id)).toBe('done');
  });

  it('music instead of a voice fails with its reason and no retry', async () => {
    const user = await signInTestUser(ctx);
    const key = await uploadSong(ctx, user.auth, 'a song.wav', songWav(31));
    const made = (
      await post('/v1/my-voices', user.auth, { name: 'Band', sample_key: key, consent: true })
    ).json().data;
    const outcome = await runTraining(made.voice_id, {
      train: () => Promise.reject(new EngineError('NOT_A_VOICE', 'This recording sounds like music.')),
    });
    expect(outcome).toBe('failed');
    const failed = (await get(`/v1/my-voices/${made.voice_id}`, user.auth)).json().data;
    expect(failed).toMatchObject({
      status: TaskStatus.failed,
      error: MyVoiceMsg.notAVoice,
      retryable: false,
    });
  });

  it('several people instead of one voice fail with their reason and no retry', async () => {
    const user = await signInTestUser(ctx);
    const key = await uploadSong(ctx, user.auth, 'two of us.wav', songWav(31));
    const made = (
      await post('/v1/my-voices', user.auth, { name: 'Duet', sample_key: key, consent: true })
    ).json().data;
    const outcome = await runTraining(made.voice_id, {
      train: () =>
        Promise.reject(new EngineError('SEVERAL_VOICES', 'This sounds like more than one person.')),
    });
    expect(outcome).toBe('failed');
    const failed = (await get(`/v1/my-voices/${made.voice_id}`, user.auth)).json().data;
    expect(failed).toMatchObject({
      status: TaskStatus.failed,
      error: MyVoiceMsg.severalVoices,
      retryable: false,
    });
  });

  it('a run stopped by shutdown goes back to waiting; a voice stranded by a dead worker is sent again', async () => {
    const user = await signInTestUser(ctx);
    const key = await uploadSong(ctx, user.auth, 'me.wav', songWav(31));
    const made = (
      await post('/v1/my-voices', user.auth, { name: 'Restart', sample_key: key, consent: true })
    ).json().data;
    const shutdown = new AbortController();
    shutdown.abort();
    expect(await runTraining(made.voice_id, { shutdown: shutdown.signal })).toBe('released');
    expect((await repo().findById(made.voice_id))?.status).toBe(TaskStatus.waiting);
    // A worker that died mid-run leaves the row training, untouched.
    await repo().claim(made.voice_id, 'dead-job');
    const sent: string[] = [];
    const swept = await sweepVoices({
      repo: repo(),
      enqueue: async (id) => (sent.push(id), true),
      staleMs: -1000,
    });
    expect(swept.resent).toBeGreaterThanOrEqual(1);
    expect(sent).toContain(made.voice_id);
    expect((await repo().findById(made.voice_id))?.status).toBe(TaskStatus.waiting);
  });
});
