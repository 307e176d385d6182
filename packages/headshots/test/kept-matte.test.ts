import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaceDetail } from '../src/face/analyze';
import { packKept } from '../src/make/kept';
import { makePack } from '../src/make/pack';
import { planPortrait } from '../src/make/portrait';
import { preparePortrait } from '../src/make/preview';
import { keptMatte } from '../src/make/reuse';
import type { Job, JobResult } from '../src/pool/jobs';
import type { JobRunner } from '../src/pool/pool';
import { resolveSettings } from '../src/settings';
import { plain } from './helpers/images';

// A pack takes a photo's matte from the portrait its preview kept (decision 230) instead of matting
// the photo again, when the kept one was made under the same settings from the same cut. Stand-in
// face and matte jobs (they write what the real ones write).

const settings = resolveSettings();

/** A large face in a 2400×3000 photo: its portrait is over KEEP_MAX_SIDE, so it is kept smaller. */
const face = {
  box: { x: 800, y: 700, width: 800, height: 900, score: 0.95 },
  mesh: [],
  regions: {
    oval: [
      [900, 650],
      [1500, 650],
      [1600, 1100],
      [1200, 1620],
      [800, 1100],
    ],
    keep: [],
  },
  eyes: [
    [1040, 1050],
    [1360, 1050],
  ],
  yawDeg: 0,
  pitchDeg: 0,
  rollDeg: 0,
  eyeOpenness: 0.3,
  sharpness: 50,
  exposure: { mean: 130, crushed: 0, blown: 0 },
  blur: 0.2,
  looks: { eyeToSkin: 0.8, skinHue: 20, skinSat: 0.35, eyeContrast: 0.3 },
  embedding: [0.5],
} as unknown as FaceDetail;

/** The person in the middle, the rest background, at the portrait's own size. */
function maskOf(width: number, height: number): Buffer {
  const mask = Buffer.alloc(width * height);
  for (let y = Math.floor(height * 0.2); y < height; y++)
    mask.fill(255, y * width + Math.floor(width * 0.25), y * width + Math.floor(width * 0.75));
  return mask;
}

class Runner implements JobRunner {
  readonly size = 1;
  kinds: string[] = [];
  async run<J extends Job>(job: J): Promise<JobResult<J>> {
    this.kinds.push(job.kind);
    if (job.kind === 'prepare') {
      const { layout } = planPortrait(face, 2400, 3000, job.outHeight);
      await writeFile(job.rgbPath, Buffer.alloc(layout.width * layout.height * 3, 120));
      return {
        verdict: { reasons: [], data: {} },
        width: 2400,
        height: 3000,
        face,
        faces: 1,
        fingerprint: null,
        layout,
        judge: [0.1],
      } as unknown as JobResult<J>;
    }
    if (job.kind === 'matte') {
      await writeFile(job.mattePath, maskOf(job.width, job.height));
      return { geometry: job.geometry, coverage: 0.4 } as unknown as JobResult<J>;
    }
    return { geometry: null } as unknown as JobResult<J>;
  }
  async close() {}
}

const layout = planPortrait(face, 2400, 3000, settings.make.height).layout;

async function keptBytes(s = settings) {
  const photo = await plain(2400, 3000);
  const portrait = await preparePortrait(photo, new Runner(), () => new Runner(), s);
  return { photo, bytes: await packKept(portrait, s) };
}

describe("a pack and its photo's kept matte", () => {
  it('gives the matte at the pack portrait’s size, as the model made it', async () => {
    const { bytes } = await keptBytes();
    const mask = await keptMatte(bytes, layout, settings);
    expect(mask).not.toBeNull();
    expect(mask!.length).toBe(layout.width * layout.height);
    // Scaled down to keep and back up: the same mask but for the pixels along its edges.
    const original = maskOf(layout.width, layout.height);
    let off = 0;
    for (let i = 0; i < original.length; i++) if (Math.abs(original[i]! - mask![i]!) > 64) off++;
    expect(off / original.length).toBeLessThan(0.01);
  }, 60_000);

  it('is not used when made under other settings, from another cut, or damaged', async () => {
    const { bytes } = await keptBytes();
    const other = resolveSettings({ make: { matteModel: 'small' } });
    expect(await keptMatte(bytes, layout, other)).toBeNull();
    const moved = {
      ...layout,
      face: {
        ...layout.face,
        eyes: layout.face.eyes.map(([x, y]) => [x + 8, y]) as unknown as typeof layout.face.eyes,
      },
    };
    expect(await keptMatte(bytes, moved, settings)).toBeNull();
    expect(await keptMatte(bytes, { ...layout, width: layout.width + 10 }, settings)).toBeNull();
    expect(await keptMatte(bytes.subarray(0, bytes.length - 30), layout, settings)).toBeNull();
  }, 60_000);

  it('a pack with the kept matte never starts the matting process; without it, it does', async () => {
    const { photo, bytes } = await keptBytes();
    const run = async (kept?: (i: number) => Promise<Uint8Array | null>) => {
      const outDir = await mkdtemp(path.join(tmpdir(), 'kept-matte-test-'));
      const mattes: Runner[] = [];
      const stages: string[] = [];
      try {
        // More results than the photo can give: the pack stops after its mattes, before any render.
        await makePack(
          {
            photos: [photo],
            styles: ['navy-studio'],
            count: 1000,
            outDir,
            onProgress: (p) => stages.push(p.stage),
            ...(kept ? { kept } : {}),
          },
          new Runner(),
          () => {
            const m = new Runner();
            mattes.push(m);
            return m;
          },
          settings,
        ).then(
          () => expect.unreachable(),
          (e: { code?: string }) => expect(e.code).toBe('NOT_ENOUGH_COMBINATIONS'),
        );
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
      return { mattes: mattes.flatMap((m) => m.kinds), matted: stages.includes('matting') };
    };
    expect(await run(async () => bytes)).toEqual({ mattes: [], matted: true });
    expect(await run()).toEqual({ mattes: ['matte'], matted: true });
    // Kept bytes that do not fit, or a store that fails, cost the model, never the pack.
    expect(await run(async () => Buffer.from('not a portrait'))).toEqual({ mattes: ['matte'], matted: true });
    expect(
      await run(async () => {
        throw new Error('EIO');
      }),
    ).toEqual({ mattes: ['matte'], matted: true });
  }, 120_000);
});
