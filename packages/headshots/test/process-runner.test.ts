import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatteJob } from '../src/pool/jobs';
import { matteProcessEnv, ProcessRunner } from '../src/pool/process-runner';

// The matting process: started per pack and killed on abort. That a second pack in the same
// process can matte again (onnxruntime's binding loads once per process) is tested in pack.test.ts.

let dir: string;
let job: MatteJob;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'headshots-matte-'));
  const width = 160;
  const height = 200;
  // A grey "person" shape on a light background is enough for the model to run.
  const rgb = Buffer.alloc(width * height * 3, 230);
  for (let y = 40; y < height; y++)
    for (let x = 50; x < 110; x++) rgb.fill(60, (y * width + x) * 3, (y * width + x) * 3 + 3);
  await writeFile(path.join(dir, 'p.rgb'), rgb);
  job = {
    kind: 'matte',
    rgbPath: path.join(dir, 'p.rgb'),
    mattePath: path.join(dir, 'p.matte'),
    width,
    height,
    geometry: {
      eyeX: 80,
      eyeY: 70,
      faceHeight: 50,
      hairTop: 40,
      valid: { x: 0, y: 0, width, height },
      headTouchesTop: false,
      facing: 0,
    },
    face: {
      eyes: [
        [70, 70],
        [90, 70],
      ],
      oval: [],
      keep: [],
      box: { x: 55, y: 45, width: 50, height: 50 },
    },
    maxSide: 1024,
    model: 'medium',
  };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('matting process', () => {
  it('an abort kills the process at once', { timeout: 20_000 }, async () => {
    const runner = new ProcessRunner();
    const ac = new AbortController();
    const started = performance.now();
    setTimeout(() => ac.abort(), 300);
    await expect(runner.run(job, { signal: ac.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(performance.now() - started).toBeLessThan(3000);
    await runner.close();
  });

  it('a closed runner refuses work', async () => {
    const runner = new ProcessRunner();
    await runner.close();
    await expect(runner.run(job)).rejects.toMatchObject({ code: 'WORKER_FAILED' });
  });
});

describe('the matting process environment', () => {
  it("caps glibc's malloc arenas at two unless the caller chose a value, and keeps the rest", () => {
    expect(matteProcessEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '2' });
    expect(matteProcessEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });
});
