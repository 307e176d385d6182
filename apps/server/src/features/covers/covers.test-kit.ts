// Test helpers for the covers feature: songs made on the spot, uploads, and running a render job.
import { createCover, getVoice } from '@ai-covers/engine';
import { songWav } from '../../test/song-wav';
import { expect } from 'vitest';
import type { TestContext } from '../../test/context';
import { getToken, putObject, type Headers } from '../storage/storage.test-kit';
import { createCoversRepo } from './covers.repo';
import { createCoverAssetsRepo } from './covers.assets.repo';
import { coverTasks } from './covers.schema';
import { newTaskId } from './covers.view';
import { renderCoverTask, type RenderDeps } from './render/render.run';
import { coverVoiceName } from './covers.view';

export { songWav };

/** Uploads a file as `who` the way the web app does; returns its storage key. */
export async function uploadSong(
  ctx: TestContext,
  who: Headers,
  name: string,
  body: Buffer,
  contentType = 'audio/wav',
  vars: Record<string, string> = {},
): Promise<string> {
  const ext = name.split('.').pop()!;
  const { params } = await getToken(ctx.app, who, `kind=ai-covers&ext=${ext}`);
  const res = await putObject(ctx.app, params, body, { contentType, vars: { 'x:file_name': name, ...vars } });
  expect(res.statusCode).toBe(200);
  return res.json().data.storage_key as string;
}

/** A waiting task of `who` on a song of `seconds` made on the spot, created through the API. */
export async function newCoverTask(
  ctx: TestContext,
  who: Headers,
  name = 'song.wav',
  seconds = 1,
): Promise<string> {
  const key = await uploadSong(ctx, who, name, songWav(seconds));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/vsas/create',
    headers: who,
    payload: { voice_id: 'velvet', file_key: key },
  });
  expect(res.json().code).toBe(0);
  return res.json().data.task_id as string;
}

const quiet = { info: () => {}, error: () => {} };

/** What the worker gives the render job, built on the test app's database and storage. */
export function renderDeps(ctx: TestContext, overrides: Partial<RenderDeps> = {}): RenderDeps {
  return {
    repo: createCoversRepo(ctx.database.db),
    files: ctx.features.storage.files,
    createCover,
    voiceName: (task) => coverVoiceName(task, (id) => getVoice(id)?.name),
    log: quiet,
    assets: createCoverAssetsRepo(ctx.database.db),
    ...overrides,
  };
}

/** Runs the queued render job of a task, as the worker would (its job id is on the task). */
export async function runRenderJob(ctx: TestContext, taskId: string, overrides: Partial<RenderDeps> = {}) {
  const task = await createCoversRepo(ctx.database.db).findById(taskId);
  expect(task?.jobId).toBeTruthy();
  return renderCoverTask(renderDeps(ctx, overrides), taskId, task!.jobId!);
}

/** True when the bytes are an MP3 (ID3 tag or an MPEG audio frame header). */
export function isMp3(bytes: Buffer): boolean {
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3') return true;
  return bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;
}

/**
 * A finished cover task of a user, written straight to the table (no song, no render): for tests
 * of features that only need a covers task to exist, such as charging its download.
 */
export async function seedCoverTask(
  ctx: TestContext,
  userId: number,
  id = newTaskId(),
  overrides: { status?: number; title?: string } = {},
): Promise<string> {
  const status = overrides.status ?? 3;
  await ctx.database.db.insert(coverTasks).values({
    id,
    userId,
    sourceKey: 'seeded',
    songName: 'Seeded.wav',
    title: overrides.title ?? null,
    voiceId: 'velvet',
    backing: 'keep',
    status,
    progress: status === 3 ? 1 : 0.5,
  });
  return id;
}
