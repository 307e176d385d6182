import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FaceDetail } from '../src/face/analyze';
import { KEEP_MAX_SIDE, packKept, unpackKept, type KeptPortrait } from '../src/make/kept';
import { planPortrait } from '../src/make/portrait';
import { preparePortrait, renderPreview } from '../src/make/preview';
import { handleJob } from '../src/pool/handlers';
import type { Job, JobResult } from '../src/pool/jobs';
import type { JobRunner } from '../src/pool/pool';
import { resolveSettings } from '../src/settings';
import { plain } from './helpers/images';

// The backdrop preview's two halves: the portrait made once per photo (check, cut, matte), and
// each backdrop rendered from it at the size shown. Stand-in face and matte jobs; the preview's
// render is the real one, run on this thread.

const settings = resolveSettings();

/** A large face in a 2400×3000 photo: its portrait is over KEEP_MAX_SIDE and is kept smaller. */
const face: FaceDetail = {
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
    keep: [
      [
        [1000, 1000],
        [1100, 980],
        [1100, 1040],
      ],
    ],
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
};

/** Stand-in face and matte jobs (they write what the real ones write); previews run for real. */
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
        judge: null,
      } as unknown as JobResult<J>;
    }
    if (job.kind === 'matte') {
      // The person in the middle, the rest background.
      const mask = Buffer.alloc(job.width * job.height);
      for (let y = Math.floor(job.height * 0.2); y < job.height; y++)
        mask.fill(
          255,
          y * job.width + Math.floor(job.width * 0.25),
          y * job.width + Math.floor(job.width * 0.75),
        );
      await writeFile(job.mattePath, mask);
      return { geometry: job.geometry, coverage: 0.4 } as unknown as JobResult<J>;
    }
    return (await handleJob(job)) as JobResult<J>;
  }
  async close() {}
}

async function prepared() {
  const pool = new Runner();
  const matte = new Runner();
  const photo = await plain(2400, 3000);
  const portrait = await preparePortrait(photo, pool, () => matte, settings);
  return { pool, matte, portrait };
}

describe('the backdrop preview', () => {
  it('makes the portrait once (one face job without the judge, one matte), kept at most KEEP_MAX_SIDE', async () => {
    const { pool, matte, portrait } = await prepared();
    expect(pool.kinds).toEqual(['prepare']);
    expect(matte.kinds).toEqual(['ping', 'matte']);
    expect(Math.max(portrait.width, portrait.height)).toBe(KEEP_MAX_SIDE);
    expect(portrait.rgb.length).toBe(portrait.width * portrait.height * 3);
    expect(portrait.matte.length).toBe(portrait.width * portrait.height);
  }, 60_000);

  it('renders every backdrop from the kept portrait at the width asked, with no matte', async () => {
    const { portrait } = await prepared();
    const pool = new Runner();
    for (const style of ['navy-studio', 'office-bokeh']) {
      const made = await renderPreview(portrait, style, 480, pool, settings);
      expect(made.width).toBe(480);
      expect(await sharp(made.jpeg).metadata()).toMatchObject({
        format: 'jpeg',
        width: 480,
        height: made.height,
      });
    }
    expect(pool.kinds).toEqual(['preview', 'preview']);
  }, 60_000);

  it('a portrait that gives no framing is NOT_ENOUGH_COMBINATIONS, as in a pack', async () => {
    const { portrait } = await prepared();
    const cut: KeptPortrait = {
      ...portrait,
      geometry: { ...portrait.geometry, valid: { x: 0, y: 0, width: 10, height: 10 } },
    };
    await expect(renderPreview(cut, 'navy-studio', 480, new Runner(), settings)).rejects.toMatchObject({
      code: 'NOT_ENOUGH_COMBINATIONS',
    });
  }, 60_000);
});

describe('a kept portrait', () => {
  it('reads back as it was written', async () => {
    const { portrait } = await prepared();
    const back = await unpackKept(await packKept(portrait, settings), settings);
    expect(back).not.toBeNull();
    expect({ ...back!, rgb: null, matte: null }).toEqual({ ...portrait, rgb: null, matte: null });
    expect(Buffer.from(back!.rgb).equals(Buffer.from(portrait.rgb))).toBe(true);
    expect(Buffer.from(back!.matte).equals(Buffer.from(portrait.matte))).toBe(true);
  }, 60_000);

  it('reads as nothing when damaged, forged, oversized or made under other settings', async () => {
    const small: KeptPortrait = {
      width: 4,
      height: 5,
      scale: 0.5,
      face: {
        eyes: [
          [1, 1],
          [3, 1],
        ],
        oval: [
          [0, 0],
          [4, 0],
          [2, 4],
        ],
        keep: [],
        box: { x: 0, y: 0, width: 4, height: 4 },
      },
      geometry: {
        eyeX: 2,
        eyeY: 1,
        faceHeight: 4,
        hairTop: 0,
        valid: { x: 0, y: 0, width: 4, height: 5 },
        headTouchesTop: true,
        facing: 0,
      },
      rgb: new Uint8Array(60),
      matte: new Uint8Array(20),
    };
    const good = await packKept(small, settings);
    expect(await unpackKept(good, settings)).not.toBeNull();
    const gz = (b: Buffer) => promisify(gzip)(b);
    /** The unpacked layout with another header (the stamp is this settings' own). */
    const withHeader = async (header: object, body = 80) => {
      const h = Buffer.from(JSON.stringify(header));
      const size = Buffer.alloc(4);
      size.writeUInt32BE(h.length);
      return gz(Buffer.concat([Buffer.from('HSKEPT01'), size, h, Buffer.alloc(body)]));
    };
    const bad: [string, Uint8Array][] = [
      ['empty', Buffer.alloc(0)],
      ['not gzip', Buffer.from('hello')],
      ['truncated', good.subarray(0, good.length - 8)],
      ['another magic', await gz(Buffer.from('PNG-----\0\0\0\0'))],
      [
        'a header longer than the bytes',
        await gz(Buffer.concat([Buffer.from('HSKEPT01'), Buffer.from([0, 0, 1, 0])])),
      ],
      [
        'not JSON',
        await gz(Buffer.concat([Buffer.from('HSKEPT01'), Buffer.from([0, 0, 0, 3]), Buffer.from('{x:')])),
      ],
      ['unpacks past the limit (a bomb)', await gz(Buffer.alloc(KEEP_MAX_SIDE * KEEP_MAX_SIDE * 5))],
    ];
    for (const [name, bytes] of bad) expect(await unpackKept(bytes, settings), name).toBeNull();
    // Made under other settings: another matte model makes another matte.
    const other = resolveSettings({ make: { matteModel: 'small' } });
    expect(await unpackKept(good, other)).toBeNull();
    // A well-formed file whose header lies.
    const own = JSON.parse((await unpackHeader(good)).toString()) as Record<string, unknown>;
    const lies: [string, object][] = [
      ['pixels that do not match the size', { ...own, width: 5 }],
      ['a side over the limit', { ...own, width: KEEP_MAX_SIDE + 1 }],
      ['a scale that is no number', { ...own, scale: 'big' }],
      ['a face without eyes', { ...own, face: { ...(own['face'] as object), eyes: [] } }],
      ['geometry with a string', { ...own, geometry: { ...(own['geometry'] as object), eyeX: '1' } }],
      ['a facing out of range', { ...own, geometry: { ...(own['geometry'] as object), facing: 7 } }],
      ['points that are not pairs', { ...own, face: { ...(own['face'] as object), oval: [[1], [2], [3]] } }],
    ];
    for (const [name, header] of lies)
      expect(await unpackKept(await withHeader(header), settings), name).toBeNull();
    expect(await unpackKept(await withHeader(own), settings)).not.toBeNull();
  });
});

/** The JSON header of kept bytes. */
async function unpackHeader(bytes: Uint8Array): Promise<Buffer> {
  const raw = await promisify(gunzip)(bytes);
  const length = raw.readUInt32BE(8);
  return raw.subarray(12, 12 + length);
}
