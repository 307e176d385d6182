import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FaceDetail } from '../src/face/analyze';
import { makePack, type MakePackOptions, type PackProgress } from '../src/make/pack';
import { planPortrait } from '../src/make/portrait';
import type { Job, JobResult } from '../src/pool/jobs';
import type { JobRunner } from '../src/pool/pool';
import { resolveSettings } from '../src/settings';
import { plain } from './helpers/images';

// The pack's orchestration with stand-in workers: which combinations are made, replaced, delivered
// and cleaned up. The real models run in pack.test.ts.

const face: FaceDetail = {
  box: { x: 400, y: 300, width: 300, height: 300, score: 0.95 },
  mesh: [],
  regions: {
    oval: [
      [450, 280],
      [650, 280],
      [680, 450],
      [550, 620],
      [420, 450],
    ],
    keep: [],
  },
  eyes: [
    [490, 420],
    [610, 420],
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
};

/** A distinct print per render number (far apart under printDistance); `same` repeats one. */
const printOf = (n: number) => Array.from({ length: 720 }, (_, i) => (i % (n + 2) === 0 ? 5 : 0));

/**
 * A stand-in runner: approves every photo, and gives each render the likeness `likeness(n)` and the
 * print `print(n)`.
 */
class FakeRunner implements JobRunner {
  readonly size = 2;
  renders: string[] = [];
  constructor(
    private likeness: (n: number) => number,
    private onRender?: (n: number) => void,
    private print: (n: number) => number[] = printOf,
    private judge: (n: number) => number = () => 0.3,
  ) {}
  async run<J extends Job>(job: J): Promise<JobResult<J>> {
    await new Promise((r) => setTimeout(r, 2));
    if (job.kind === 'prepare') {
      const { layout } = planPortrait(face, 1100, 1400, 1280);
      return {
        verdict: { reasons: [], data: {} },
        width: 1100,
        height: 1400,
        face,
        faces: 1,
        layout,
        judge: [0.1],
      } as unknown as JobResult<J>;
    }
    if (job.kind === 'matte') return { geometry: job.geometry, coverage: 0.4 } as unknown as JobResult<J>;
    if (job.kind === 'render') {
      const n = this.renders.length;
      this.renders.push(
        `${job.portrait.rgbPath}:${job.light.id}:${job.crop.x.toFixed(1)}:${job.crop.height.toFixed(1)}`,
      );
      this.onRender?.(n);
      await writeFile(job.outPath, `jpeg ${n}`);
      await writeFile(job.thumbPath, `thumb ${n}`);
      const judge = { mean: this.judge(n), max: this.judge(n) };
      return {
        likeness: this.likeness(n),
        sourceLikeness: 1,
        print: this.print(n),
        judge,
      } as unknown as JobResult<J>;
    }
    return { priority: 0 } as unknown as JobResult<J>;
  }
  async close() {}
}

let out: string;
let photo: Buffer;
beforeEach(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'headshots-flow-'));
  photo = await plain(1100, 1400);
});
afterEach(() => rm(out, { recursive: true, force: true }));

const settings = resolveSettings();
const run = (o: Partial<MakePackOptions>, runner: FakeRunner) =>
  makePack(
    { photos: [photo, photo], styles: ['corporate-grey'], count: 5, outDir: out, ...o },
    runner,
    () => runner,
    settings,
  );

describe('pack flow', () => {
  it('delivers the count, numbered, each from a different combination, progress rising to 1', async () => {
    const runner = new FakeRunner(() => 0.9);
    const progress: PackProgress[] = [];
    const pack = await run({ onProgress: (p) => progress.push(p) }, runner);
    expect(pack.files.map((f) => path.basename(f.path))).toEqual(
      [1, 2, 3, 4, 5].map((n) => `headshot-00${n}.jpg`),
    );
    expect(new Set(pack.files.map((f) => JSON.stringify([f.photo, f.style, f.variant]))).size).toBe(5);
    expect((await readdir(out)).sort()).toEqual(
      [...pack.files.map((f) => path.basename(f.path)), 'thumbs'].sort(),
    );
    expect(await readdir(path.join(out, 'thumbs'))).toHaveLength(5);
    const fr = progress.map((p) => p.fraction);
    expect(fr.every((f, i) => i === 0 || f >= fr[i - 1]!)).toBe(true);
    expect(fr.at(-1)).toBe(1);
    expect(pack.shortfall).toBe(0);
  });

  it('replaces results under the likeness threshold with other combinations', async () => {
    const runner = new FakeRunner((n) => (n % 2 === 0 ? 0.2 : 0.8));
    const pack = await run({}, runner);
    expect(pack.files).toHaveLength(5);
    expect(pack.files.every((f) => f.likeness >= settings.make.likenessThreshold)).toBe(true);
    expect(pack.rejected.length).toBeGreaterThanOrEqual(4);
    expect(new Set(runner.renders).size).toBe(runner.renders.length);
    // Rejected files are gone; only the delivered ones (and the thumbs folder) remain.
    expect(await readdir(out)).toHaveLength(6);
  });

  it('drops a result that is a near-duplicate of a delivered one and makes another', async () => {
    // Every third render repeats the first render's picture.
    const runner = new FakeRunner(
      () => 0.9,
      undefined,
      (n) => printOf(n % 3 === 2 ? 0 : n),
    );
    const pack = await run({ count: 5 }, runner);
    expect(pack.files).toHaveLength(5);
    const dups = pack.rejected.filter((r) => r.reason === 'near-duplicate');
    expect(dups.length).toBeGreaterThanOrEqual(1);
    expect(runner.renders.length).toBe(5 + pack.rejected.length);
  });

  it('a result the independent judge does not see as the person is not delivered', async () => {
    const runner = new FakeRunner(
      () => 0.9,
      undefined,
      printOf,
      (n) => (n === 1 ? 0.75 : n === 3 ? Infinity : 0.3),
    );
    const pack = await run({ count: 4 }, runner);
    expect(pack.files).toHaveLength(4);
    expect(pack.files.every((f) => f.judgeDistance < 0.6)).toBe(true);
    expect(pack.rejected.filter((r) => r.reason === 'judge').map((r) => r.judgeDistance)).toEqual([
      0.75,
      null,
    ]);
  });

  it('results carry their true size and never more than 1.25 output pixels per photo pixel', async () => {
    const pack = await run({ count: 5 }, new FakeRunner(() => 0.9));
    for (const f of pack.files) {
      expect(f.upscale).toBeLessThanOrEqual(1.25);
      expect(f.width).toBeGreaterThanOrEqual(settings.make.minSide);
      expect(f.height).toBeLessThanOrEqual(settings.make.height);
    }
  });

  it('reports a shortfall when every combination is used up', async () => {
    const runner = new FakeRunner(() => 0.1);
    const pack = await run({ count: 3 }, runner);
    expect(pack.files).toHaveLength(0);
    expect(pack.shortfall).toBe(3);
    expect(runner.renders.length).toBe(pack.combinations);
    expect(await readdir(path.join(out, 'thumbs'))).toHaveLength(0);
  });

  it('refuses a count the photos and styles cannot give distinctly, before rendering', async () => {
    const runner = new FakeRunner(() => 0.9);
    await expect(run({ count: 500 }, runner)).rejects.toMatchObject({ code: 'NOT_ENOUGH_COMBINATIONS' });
    expect(runner.renders).toHaveLength(0);
  });

  it('an abort mid-pack removes every file it wrote', async () => {
    const ac = new AbortController();
    const runner = new FakeRunner(
      () => 0.9,
      (n) => n === 2 && ac.abort(),
    );
    await expect(run({ count: 5, signal: ac.signal }, runner)).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await readdir(out)).toEqual([]);
  });

  it('skips declined photos and fails when none is usable', async () => {
    const runner = new FakeRunner(() => 0.9);
    const pack = await run({ photos: [Buffer.from('not an image'), photo], count: 2 }, runner);
    expect(pack.declined).toEqual([{ photo: 0, reasons: ['FORMAT_NOT_SUPPORTED'] }]);
    expect(pack.files.every((f) => f.photo === 1)).toBe(true);
    const again = run({ photos: [Buffer.from('nope')], outDir: path.join(out, 'second') }, runner);
    await expect(again).rejects.toMatchObject({ code: 'NO_USABLE_PHOTOS' });
  });

  it.each([
    [{ styles: ['no-such-style'] }, 'UNKNOWN_STYLE'],
    [{ count: 0 }, 'BAD_OPTION'],
    [{ count: 2.5 }, 'BAD_OPTION'],
    [{ photos: [] }, 'BAD_OPTION'],
    [{ styles: [] }, 'BAD_OPTION'],
    [{ photos: Array.from({ length: 21 }, () => Buffer.from('x')) }, 'BAD_OPTION'],
  ])('refuses bad options %j', async (o, code) => {
    await expect(run(o as Partial<MakePackOptions>, new FakeRunner(() => 1))).rejects.toMatchObject({ code });
  });

  it('an output folder that cannot be created is OUTPUT_FAILED', async () => {
    const file = path.join(out, 'a-file');
    await writeFile(file, 'x');
    await expect(run({ outDir: path.join(file, 'pack') }, new FakeRunner(() => 1))).rejects.toMatchObject({
      code: 'OUTPUT_FAILED',
    });
  });

  it('never writes into a folder that already holds a pack', async () => {
    await writeFile(path.join(out, 'headshot-001.jpg'), 'an earlier result');
    await expect(run({}, new FakeRunner(() => 1))).rejects.toMatchObject({ code: 'BAD_OPTION' });
    expect(await readdir(out)).toContain('headshot-001.jpg');
  });
});
