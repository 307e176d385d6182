import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { HeadshotMsg, Msg } from '@ai-covers/contracts';
import { HeadshotsError, type Headshots, type MakePackOptions } from '@ai-covers/headshots';
import type { AppError } from '../../platform/http/app-error';
import type { FilesService } from '../storage/files/files.service';
import type { HeadshotsRepo } from './headshots.repo';
import { createBackdropPreviews } from './headshots.preview';

// How the backdrop preview answers when the pipeline fails, with a stand-in pipeline (the real
// one is in headshots.preview.test.ts): each failure is logged with its cause and answered for what
// it is, and the next preview after a failure renders as if none had happened.

type Make = (o: MakePackOptions) => Promise<unknown>;

/** A pipeline whose one-result packs do what `make` says; `result` writes a real JPEG. */
function setup(make: Make, capacity: number | null = 6, limitMs?: number) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const makePack = vi.fn(make);
  const previews = createBackdropPreviews({
    repo: {
      findPhoto: async (_user: number, id: string) => ({
        id,
        storageKey: `k/${id}.jpg`,
        status: 'approved',
        capacity,
      }),
    } as unknown as HeadshotsRepo,
    files: { localFile: async () => '/photo.jpg' } as unknown as FilesService,
    pipeline: () => ({ makePack }) as unknown as Headshots,
    styleIds: () => ['navy-studio', 'office-bokeh'],
    log: log as never,
    waitMs: 10_000,
    limitMs,
  });
  return { previews, log, makePack };
}

async function result(o: MakePackOptions) {
  await mkdir(o.outDir, { recursive: true });
  const file = path.join(o.outDir, 'headshot-001.jpg');
  const jpeg = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#336' } })
    .jpeg()
    .toBuffer();
  await writeFile(file, jpeg);
  return { files: [{ path: file }] };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: AppError) => ({ status: e.status, msg: e.message }),
  );

describe('the backdrop preview when the pipeline fails', () => {
  it('a photo that gives no framing is said as such (not busy) and logged; another photo still renders', async () => {
    const { previews, log } = setup(async (o) => {
      if (o.photos[0] === '/photo.jpg' && o.styles[0] === 'navy-studio')
        throw new HeadshotsError('NOT_ENOUGH_COMBINATIONS', 'These photos give 0 distinct results', {
          combinations: 0,
        });
      return result(o);
    });
    expect(await refusal(previews.preview(1, 'p1', 'navy-studio'))).toEqual({
      status: 400,
      msg: HeadshotMsg.photoNoFraming,
    });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'NOT_ENOUGH_COMBINATIONS',
        style: 'navy-studio',
        storageKey: 'k/p1.jpg',
      }),
      expect.stringContaining('no framing'),
    );
    // Nothing of the failure stays: the next render goes through.
    const next = await previews.preview(1, 'p1', 'office-bokeh');
    expect(next).toMatchObject({ ready: true, cached: false, width: 480 });
  });

  it('an unexpected failure is logged with its stack and answered as a failure, never as busy', async () => {
    let fail = true;
    const { previews, log } = setup(async (o) => {
      if (fail) throw new Error('sharp: Input buffer contains unsupported image format');
      return result(o);
    });
    const answer = await refusal(previews.preview(1, 'p1', 'navy-studio'));
    expect(answer).toEqual({ status: 503, msg: Msg.generic });
    expect(answer.msg).not.toBe(HeadshotMsg.previewBusy);
    const [cause] = log.error.mock.calls[0]!;
    expect((cause as { err: Error }).err.stack).toContain('unsupported image format');
    fail = false;
    expect(await previews.preview(1, 'p1', 'navy-studio')).toMatchObject({ ready: true, cached: false });
  });

  it("the render's own time limit is busy, and the same photo and style render when asked again", async () => {
    let fail = true;
    const { previews, log } = setup(async (o) => {
      if (fail) throw new HeadshotsError('CANCELLED', 'The job was cancelled.');
      return result(o);
    });
    expect(await refusal(previews.preview(1, 'p1', 'navy-studio'))).toEqual({
      status: 503,
      msg: HeadshotMsg.previewBusy,
    });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ code: 'CANCELLED' }), expect.any(String));
    fail = false;
    expect(await previews.preview(1, 'p1', 'navy-studio')).toMatchObject({ ready: true, cached: false });
    expect(await previews.preview(1, 'p1', 'navy-studio')).toMatchObject({ ready: true, cached: true });
  });

  it('a photo whose check found no framing is refused at once, without a render', async () => {
    const { previews, makePack } = setup(result, 0);
    expect(await refusal(previews.preview(1, 'p1', 'navy-studio'))).toEqual({
      status: 400,
      msg: HeadshotMsg.photoNoFraming,
    });
    expect(makePack).not.toHaveBeenCalled();
  });

  it('a render that never ends is given up at its limit and does not hold the previews after it', async () => {
    let hang = true;
    const { previews } = setup((o) => (hang ? new Promise(() => undefined) : result(o)), 6, 300);
    // More than the few that may wait: each is given up in turn, none is left holding a place.
    const first = await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) => refusal(previews.preview(1, id, 'navy-studio'))),
    );
    expect(first).toEqual(Array(4).fill({ status: 503, msg: HeadshotMsg.previewBusy }));
    hang = false;
    expect(await previews.preview(1, 'a', 'navy-studio')).toMatchObject({ ready: true, cached: false });
  });
});
