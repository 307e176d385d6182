// Test helpers for the covers feature: songs made on the spot, uploads, and running a render job.
import { createCover, getVoice } from '@ai-covers/engine';
import { expect } from 'vitest';
import type { TestContext } from '../../test/context';
import { getToken, putObject, type Headers } from '../storage/storage.test-kit';
import { createCoversRepo } from './covers.repo';
import { createCoverAssetsRepo } from './covers.assets.repo';
import { coverTasks } from './covers.schema';
import { newTaskId } from './covers.view';
import { renderCoverTask, type RenderDeps } from './covers.render';

/**
 * A 16-bit stereo WAV: a sung-like harmonic tone with vibrato plus a little noise, slightly
 * different left and right. `silent` writes digital silence (the engine refuses it).
 */
export function songWav(seconds: number, options: { silent?: boolean; sampleRate?: number } = {}): Buffer {
  const rate = options.sampleRate ?? 22050;
  const frames = Math.round(seconds * rate);
  const bytes = frames * 4;
  const buf = Buffer.alloc(44 + bytes);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + bytes, 4);
  buf.write('WAVEfmt ', 8, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(2, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 4, 28);
  buf.writeUInt16LE(4, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(bytes, 40);
  if (options.silent) return buf;
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 4294967296 - 0.5;
  };
  let phase = 0;
  for (let i = 0; i < frames; i++) {
    const t = i / rate;
    // A melody of two notes (A3, C#4) with a 5 Hz vibrato, and a bass an octave below.
    const f0 = (t % 2 < 1 ? 220 : 277.18) * (1 + 0.01 * Math.sin(2 * Math.PI * 5 * t));
    phase += (2 * Math.PI * f0) / rate;
    let voice = 0;
    for (let h = 1; h <= 8; h++) voice += Math.sin(h * phase) / h;
    const bass = 0.3 * Math.sin(2 * Math.PI * 55 * t);
    const left = 0.25 * voice + 0.2 * bass + 0.03 * noise();
    const right = 0.25 * voice + 0.15 * bass + 0.03 * noise();
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, left)) * 32767), 44 + i * 4);
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, right)) * 32767), 46 + i * 4);
  }
  return buf;
}

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

const quiet = { info: () => {}, error: () => {} };

/** What the worker gives the render job, built on the test app's database and storage. */
export function renderDeps(ctx: TestContext, overrides: Partial<RenderDeps> = {}): RenderDeps {
  return {
    repo: createCoversRepo(ctx.database.db),
    files: ctx.features.storage.files,
    createCover,
    voiceName: (id) => getVoice(id)?.name ?? id,
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
  overrides: { status?: number } = {},
): Promise<string> {
  const status = overrides.status ?? 3;
  await ctx.database.db.insert(coverTasks).values({
    id,
    userId,
    sourceKey: 'seeded',
    songName: 'Seeded.wav',
    voiceId: 'velvet',
    backing: 'keep',
    status,
    progress: status === 3 ? 1 : 0.5,
  });
  return id;
}
