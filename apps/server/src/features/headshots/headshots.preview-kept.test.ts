import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createHeadshots, type Headshots, type KeptPortrait } from '@ai-covers/headshots';
import type { FilesService } from '../storage/files/files.service';
import type { HeadshotsRepo } from './headshots.repo';
import { createKeptPortraits } from './headshots.kept';
import { keptPortrait as portrait } from './headshots.test-kit';
import { createBackdropPreviews } from './headshots.preview';

// The portrait a photo's first preview makes is kept beside the photo and every later backdrop is
// rendered from it: the matte is made once per photo. Kept bytes that are missing, damaged or
// cannot be read or written only cost the matte again, never a failed preview. The pipeline's
// costly steps are stand-ins; the kept bytes go through its real format.

const real = createHeadshots();
afterAll(() => real.close());

const keyOf = (id: string) => `headshots/in/${id}.jpg`;

function setup(files: Partial<FilesService> = {}) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const kept = new Map<string, Buffer>();
  const preparePortrait = vi.fn(async () => portrait());
  const renderPreview = vi.fn(async (_p: KeptPortrait, style: string) => ({
    jpeg: await sharp({ create: { width: 480, height: 600, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer(),
    width: 480,
    height: 600,
    framing: 'head-shoulders' as const,
    style,
  }));
  const pipeline = {
    preparePortrait,
    renderPreview,
    packPortrait: (p: KeptPortrait) => real.packPortrait(p),
    unpackPortrait: (b: Uint8Array) => real.unpackPortrait(b),
  } as unknown as Headshots;
  const previews = createBackdropPreviews({
    repo: {
      findPhoto: async (_user: number, id: string) => ({
        id,
        storageKey: keyOf(id),
        status: 'approved',
        capacity: 6,
      }),
    } as unknown as HeadshotsRepo,
    kept: createKeptPortraits({
      repo: { photoById: async (id: string) => ({ id, storageKey: keyOf(id) }) } as never,
      files: {
        localFile: async () => '/photo.jpg',
        readBeside: async (key: string) => kept.get(key) ?? null,
        keepBeside: async (key: string, bytes: Buffer) => void kept.set(key, bytes),
        dropBeside: async (key: string) => void kept.delete(key),
        ...files,
      } as unknown as FilesService,
      pipeline: () => pipeline,
      log: log as never,
    }),
    pipeline: () => pipeline,
    styleIds: () => ['navy-studio', 'office-bokeh', 'outdoor-park'],
    log: log as never,
  });
  return { previews, log, kept, preparePortrait, renderPreview };
}

describe('the kept portrait of a backdrop preview', () => {
  it('is made by the first preview of a photo and kept; other backdrops are rendered from it', async () => {
    const { previews, kept, preparePortrait, renderPreview } = setup();
    expect(await previews.preview(1, 'p1', 'navy-studio')).toMatchObject({ ready: true, width: 480 });
    expect([...kept.keys()]).toEqual(['headshots/in/p1.jpg']);
    expect(await previews.preview(1, 'p1', 'office-bokeh')).toMatchObject({ ready: true, cached: false });
    expect(await previews.preview(1, 'p1', 'outdoor-park')).toMatchObject({ ready: true, cached: false });
    // One matte for three backdrops; each render got the portrait back from the kept bytes.
    expect(preparePortrait).toHaveBeenCalledTimes(1);
    expect(renderPreview).toHaveBeenCalledTimes(3);
    const second = renderPreview.mock.calls[1]![0];
    expect(second).toMatchObject({ width: 40, height: 50, scale: 0.5 });
    expect(Buffer.from(second.matte).equals(Buffer.from(portrait().matte))).toBe(true);
    // Another photo has its own.
    await previews.preview(1, 'p2', 'navy-studio');
    expect(preparePortrait).toHaveBeenCalledTimes(2);
  });

  it('damaged kept bytes are made again and replaced, never answered as a failure', async () => {
    const { previews, kept, log, preparePortrait } = setup();
    const good = await real.packPortrait(portrait());
    const damaged = [
      Buffer.from('not a portrait at all'),
      good.subarray(0, good.length - 40),
      Buffer.concat([good.subarray(0, 30), Buffer.alloc(200, 7), good.subarray(230)]),
      Buffer.alloc(0),
    ];
    for (const [i, bytes] of damaged.entries()) {
      kept.set(`headshots/in/d${i}.jpg`, bytes);
      expect(await previews.preview(1, `d${i}`, 'navy-studio')).toMatchObject({ ready: true });
      expect(await real.unpackPortrait(kept.get(`headshots/in/d${i}.jpg`)!)).not.toBeNull();
    }
    expect(preparePortrait).toHaveBeenCalledTimes(damaged.length);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ storageKey: 'headshots/in/d0.jpg' }),
      expect.stringContaining('unusable'),
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a store that cannot read or keep the portrait costs the matte again, not the preview', async () => {
    const { previews, log, preparePortrait } = setup({
      readBeside: async () => {
        throw new Error('EIO: read failed');
      },
      keepBeside: async () => {
        throw new Error('ENOSPC: no space left on device');
      },
    });
    expect(await previews.preview(1, 'p1', 'navy-studio')).toMatchObject({ ready: true });
    expect(await previews.preview(1, 'p1', 'office-bokeh')).toMatchObject({ ready: true });
    expect(preparePortrait).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ storageKey: 'headshots/in/p1.jpg' }),
      expect.stringContaining('could not be kept'),
    );
    expect(log.error).not.toHaveBeenCalled();
  });
});
