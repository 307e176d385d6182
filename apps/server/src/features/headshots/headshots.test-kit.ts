// Test helpers for the headshots API: real images made from the public-domain astronaut portrait the
// pipeline's tests ship (packages/headshots/test/fixtures, see its LICENSE.md), uploads through the
// storage calls, a sandbox purchase, and polling. Server tests only.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { KeptPortrait } from '@ai-covers/headshots';
import type { TestContext } from '../../test/context';
import { getToken, putObject, type Headers } from '../storage/storage.test-kit';
import { createHeadshotsRepo } from './headshots.repo';
import { headshotPackTasks } from './headshots.schema';

export { editedCopy, oneFace } from './headshots.test-photos';

const here = path.dirname(fileURLToPath(import.meta.url));
const ASTRONAUT = readFileSync(
  path.resolve(here, '../../../../../packages/headshots/test/fixtures/astronaut.jpg'),
);

const jpeg = (img: sharp.Sharp) => img.jpeg({ quality: 92 }).toBuffer();

/** No face: the suit and helmet corner, scaled up. */
export const noFace = () =>
  jpeg(sharp(ASTRONAUT).extract({ left: 300, top: 300, width: 212, height: 212 }).resize(640, 640));

/** Two faces: the portrait beside its mirror image. */
export async function twoFaces(): Promise<Buffer> {
  const left = await sharp(ASTRONAUT).resize(768, 768).toBuffer();
  const right = await sharp(ASTRONAUT).resize(768, 768).flop().toBuffer();
  return jpeg(
    sharp({ create: { width: 1536, height: 768, channels: 3, background: '#808080' } }).composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: 768, top: 0 },
    ]),
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A decompression bomb: a valid PNG header announcing 4000×4000 (under the size limit) of zeros. */
export function pngBomb(width = 4000, height = 4000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads bytes through the storage calls as the web does; returns the storage file id. */
export async function uploadFile(
  ctx: TestContext,
  who: Headers,
  name: string,
  body: Buffer,
  contentType = 'image/jpeg',
): Promise<number> {
  const ext = name.split('.').pop()!;
  const { params } = await getToken(ctx.app, who, `kind=headshots&ext=${ext}`);
  const res = await putObject(ctx.app, params, body, { contentType, vars: { 'x:file_name': name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

export async function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  who: Headers = {},
  payload?: object,
) {
  return ctx.app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
}

/** Uploads an image and adds it to the upload page; returns the photo as the API answers it. */
export async function addPhoto(
  ctx: TestContext,
  who: Headers,
  name: string,
  body: Buffer,
  type = 'image/jpeg',
) {
  const fileId = await uploadFile(ctx, who, name, body, type);
  return call(ctx, 'POST', '/v1/headshots/photos', who, { file_id: fileId });
}

/** Polls until `done` holds or the time is up (generous: the machine is shared). */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Buys a headshot plan in the sandbox checkout as a browser does; returns the order id. */
export async function buyPack(ctx: TestContext, who: Headers, plan: 'basic' | 'pro'): Promise<number> {
  const res = await call(ctx, 'POST', '/v1/billing/checkout', who, { sku: `headshots-${plan}` });
  expect(res.json().code, res.body).toBe(0);
  const { url, order_id } = res.json().data as { url: string; order_id: number };
  const u = new URL(url, 'http://local');
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `${u.pathname}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `t=${u.searchParams.get('t')}`,
  });
  expect(paid.statusCode).toBeLessThan(400);
  return order_id;
}

export const silentLog = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child() {
    return silentLog;
  },
  level: 'silent',
  silent: () => {},
};

/** Reads a zip's central directory and checks every entry's CRC against its stored bytes. */
export function readZip(buf: Buffer): { name: string; data: Buffer }[] {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const entries = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < entries; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const crc = buf.readUInt32LE(at + 16);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    const localNameLen = buf.readUInt16LE(local + 26);
    const data = buf.subarray(local + 30 + localNameLen, local + 30 + localNameLen + size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    out.push({ name, data });
    at += 46 + nameLen;
  }
  return out;
}

/** A finished pack row of `userId` without running the pipeline (for calls that only need a pack). */
export async function seedHeadshotPack(ctx: TestContext, userId: number): Promise<string> {
  const id = `pk${randomBytes(8).toString('hex')}`;
  await ctx.database.db.insert(headshotPackTasks).values({
    id,
    userId,
    plan: 'basic',
    styles: ['studio'],
    gender: 'unspecified',
    photoIds: [],
    count: 0,
    status: 'success',
    taskStatus: 3,
    progress: 1,
  });
  return id;
}

/**
 * Writes a photo check's outcome as the check job does, without running the detector (other
 * features' tests). An approved photo gives `capacity` distinct results (12: all four framings
 * under three lights, as a roomy portrait does) and has no fingerprint (no copy is looked for).
 */
export async function setPhotoCheck(
  ctx: TestContext,
  photoId: string,
  status: 'approved' | 'declined',
  capacity = 12,
) {
  const check = { reasons: status === 'declined' ? ['NO_FACE'] : [], data: {}, face: null };
  await createHeadshotsRepo(ctx.database.db).setCheck(
    photoId,
    {
      ...check,
      status,
      width: 640,
      height: 640,
      format: 'jpeg',
      capacity: status === 'approved' ? capacity : 0,
    },
    new Date(),
  );
}

/** A small portrait as the pipeline keeps it beside a photo (stand-in for its matte and cut). */
export function keptPortrait(): KeptPortrait {
  const [width, height] = [40, 50];
  return {
    width,
    height,
    scale: 0.5,
    face: {
      eyes: [
        [15, 20],
        [25, 20],
      ],
      oval: [
        [12, 12],
        [28, 12],
        [20, 32],
      ],
      keep: [],
      box: { x: 10, y: 10, width: 20, height: 24 },
    },
    geometry: {
      eyeX: 20,
      eyeY: 20,
      faceHeight: 20,
      hairTop: 6,
      valid: { x: 0, y: 0, width, height },
      headTouchesTop: false,
      facing: 0,
    },
    rgb: new Uint8Array(width * height * 3).fill(90),
    matte: new Uint8Array(width * height).fill(255),
  };
}
