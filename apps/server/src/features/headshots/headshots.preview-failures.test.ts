import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { HeadshotMsg, Msg } from '@ai-covers/contracts';
import { HeadshotsError, type Headshots, type KeptPortrait, type PreviewImage } from '@ai-covers/headshots';
import type { AppError } from '../../platform/http/app-error';
import type { FilesService } from '../storage/files/files.service';
import type { HeadshotsRepo } from './headshots.repo';
import { createKeptPortraits } from './headshots.kept';
import { createBackdropPreviews } from './headshots.preview';

// How the backdrop preview answers when the pipeline fails, with a stand-in pipeline (the real
// one is in headshots.preview.test.ts): each failure is logged with its cause and answered for what
// it is, and the next preview after a failure renders as if none had happened.

/** What the stand-in pipeline is asked to render: the photo's local path and the style. */
type Make = (o: { photo: string; style: string }) => Promise<PreviewImage>;

/**
 * A pipeline whose previews do what `make` says; `result` makes a real JPEG. Nothing is kept
 * beside the photo here (headshots.preview-kept.test.ts is about that).
 */
const keyOf = (id: string) => `k/${id}.jpg`;

function setup(make: Make, capacity: number | null = 6, limitMs?: number) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const preparePortrait = vi.fn(async (input: string) => ({ input }) as unknown as KeptPortrait);
  const renderPreview = vi.fn(async (portrait: KeptPortrait, style: string) =>
    make({ photo: (portrait as unknown as { input: string }).input, style }),
  );
  const pipeline = {
    preparePortrait,
    renderPreview,
    packPortrait: async () => Buffer.alloc(0),
    unpackPortrait: async () => null,
  } as unknown as Headshots;
  const previews = createBackdropPreviews({
    repo: {
      findPhoto: async (_user: number, id: string) => ({
        id,
        storageKey: keyOf(id),
        status: 'approved',
        capacity,
      }),
    } as unknown as HeadshotsRepo,
    kept: createKeptPortraits({
      repo: { photoById: async (id: string) => ({ id, storageKey: keyOf(id) }) } as never,
      files: {
        localFile: async () => '/photo.jpg',
        readBeside: async () => null,
        keepBeside: async () => undefined,
      } as unknown as FilesService,
      pipeline: () => pipeline,
      log: log as never,
    }),
    pipeline: () => pipeline,
    styleIds: () => ['navy-studio', 'office-bokeh'],
    log: log as never,
    waitMs: 10_000,
    limitMs,
  });
  return { previews, log, preparePortrait, renderPreview };
}

async function result(): Promise<PreviewImage> {
  const jpeg = await sharp({ create: { width: 480, height: 600, channels: 3, background: '#336' } })
    .jpeg()
    .toBuffer();
  return { jpeg, width: 480, height: 600, framing: 'head-shoulders' };
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
      if (o.photo === '/photo.jpg' && o.style === 'navy-studio')
        throw new HeadshotsError('NOT_ENOUGH_COMBINATIONS', 'These photos give 0 distinct results', {
          combinations: 0,
        });
      return result();
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
    const { previews, log } = setup(async () => {
      if (fail) throw new Error('sharp: Input buffer contains unsupported image format');
      return result();
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
    const { previews, log } = setup(async () => {
      if (fail) throw new HeadshotsError('CANCELLED', 'The job was cancelled.');
      return result();
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

  it('a photo the pipeline declines on a second look is answered as not approved, and logged', async () => {
    const { previews, log } = setup(async () => {
      throw new HeadshotsError('NO_USABLE_PHOTOS', 'The photo did not pass the checks.');
    });
    expect(await refusal(previews.preview(1, 'p1', 'navy-studio'))).toEqual({
      status: 400,
      msg: HeadshotMsg.photoNotApproved,
    });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'NO_USABLE_PHOTOS' }),
      expect.stringContaining('second look'),
    );
  });

  it('a photo whose check found no framing is refused at once, without a render', async () => {
    const { previews, preparePortrait, renderPreview } = setup(result, 0);
    expect(await refusal(previews.preview(1, 'p1', 'navy-studio'))).toEqual({
      status: 400,
      msg: HeadshotMsg.photoNoFraming,
    });
    expect(preparePortrait).not.toHaveBeenCalled();
    expect(renderPreview).not.toHaveBeenCalled();
  });

  it('a render that never ends is given up at its limit and does not hold the previews after it', async () => {
    let hang = true;
    const { previews } = setup(() => (hang ? new Promise(() => undefined) : result()), 6, 300);
    // More than the few that may wait: each is given up in turn, none is left holding a place.
    const first = await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) => refusal(previews.preview(1, id, 'navy-studio'))),
    );
    expect(first).toEqual(Array(4).fill({ status: 503, msg: HeadshotMsg.previewBusy }));
    hang = false;
    expect(await previews.preview(1, 'a', 'navy-studio')).toMatchObject({ ready: true, cached: false });
  });
});
