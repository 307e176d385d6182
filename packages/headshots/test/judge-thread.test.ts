import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeDescriptor } from '../src/face/judge';
import { decodeRgb, downscale } from '../src/image/decode';
import { WorkerPool } from '../src/pool/pool';
import { DEFAULT_SETTINGS } from '../src/settings';
import { oneFace } from './helpers/images';
import { within } from './helpers/time';

// A pool's workers send the likeness judge's work to the pool's one judge thread (memory: the
// judge's WASM heap is paid once, not once per worker); the descriptor is the one computed here.

const pool = new WorkerPool(2);
let dir = '';
afterAll(async () => {
  await pool.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the judge thread', () => {
  it(
    'gives a worker the descriptor the judge computes in this thread',
    { timeout: within(90_000) },
    async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'headshots-judge-'));
      const bytes = await oneFace();
      const settings = DEFAULT_SETTINGS.check;
      const job = (i: number) =>
        pool.run({
          kind: 'prepare' as const,
          bytes,
          format: 'jpeg' as const,
          settings,
          outHeight: 1280,
          rgbPath: path.join(dir, `portrait-${i}.rgb`),
        });
      // Both workers at once: their requests queue on the one judge thread.
      const [a, b] = await Promise.all([job(0), job(1)]);
      const { img: small } = await downscale(await decodeRgb(bytes, 5000 * 5000), settings.detectMaxSide);
      const here = await judgeDescriptor(small.data, small.width, small.height);
      expect(here).toHaveLength(128);
      expect(a.judge).toEqual(here);
      expect(b.judge).toEqual(here);
      // Trimmed idle, the pool starts its threads again for the next job.
      await pool.trim();
      expect((await job(2)).judge).toEqual(here);
    },
  );
});
