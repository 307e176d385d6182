// Files refused at the upload callback, measured from their bytes: nothing is left behind, the
// message is the product's own (no server path), and a stated duration is never believed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoverMsg, Msg } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import { songWav } from '../../covers/covers.test-kit';
import { getToken, putObject, someBytes, type Headers } from '../storage.test-kit';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-refusals-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A mono 16-bit WAV of `seconds` at 1 kHz: long songs in few bytes. */
function longWav(seconds: number): Buffer {
  const data = seconds * 1000 * 2;
  const head = someBytes(44);
  head.writeUInt32LE(36 + data, 4);
  head.writeUInt32LE(1000, 24);
  head.writeUInt32LE(2000, 28);
  head.writeUInt32LE(data, 40);
  return Buffer.concat([head, Buffer.alloc(data)]);
}

function storedObjects(): string[] {
  const dir = path.join(dataDir, 'storage', 'ai-covers');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function put(
  who: Headers,
  name: string,
  body: Buffer,
  contentType: string,
  vars: Record<string, string> = {},
) {
  const ext = name.split('.').pop()!;
  const { params } = await getToken(ctx.app, who, `kind=ai-covers&ext=${ext}`);
  return putObject(ctx.app, params, body, { contentType, vars: { 'x:file_name': name, ...vars } });
}

const libraryTotal = async (who: Headers) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/library/files', headers: who })).json().data
    .total as number;

describe('uploads refused at the callback', () => {
  let user: Awaited<ReturnType<typeof signInTestUser>>;
  beforeAll(async () => {
    user = await signInTestUser(ctx);
  });

  it.each([
    ['an empty file', 'empty.mp3', async () => Buffer.alloc(0), 'audio/mpeg', CoverMsg.emptyFile],
    [
      'a text file named .mp3',
      'notes.mp3',
      async () => Buffer.from('just some words\n'.repeat(200)),
      'audio/mpeg',
      CoverMsg.notAudio,
    ],
    [
      'a PNG renamed .mp3',
      'picture.mp3',
      () =>
        sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
          .png()
          .toBuffer(),
      'audio/mpeg',
      CoverMsg.notAudio,
    ],
    ['a song over 10 minutes', 'long.wav', async () => longWav(11 * 60), 'audio/wav', CoverMsg.tooLong],
    [
      'a text file named .png',
      'fake.png',
      async () => Buffer.from('not a picture'),
      'image/png',
      Msg.formatNotSupported,
    ],
  ])('%s: a clear 400, no path, nothing kept', async (_what, name, body, type, msg) => {
    const before = await libraryTotal(user.auth);
    const objects = storedObjects().length;
    const res = await put(user.auth, name, await body(), type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 1, data: null, msg });
    expect(res.body).not.toContain(dataDir);
    expect(await libraryTotal(user.auth)).toBe(before);
    expect(storedObjects()).toHaveLength(objects);
  });

  it('a 20-minute file said to last 5 s is measured and refused', async () => {
    const res = await put(user.auth, 'liar.wav', longWav(20 * 60), 'audio/wav', { 'x:duration': '5' });
    expect(res.json()).toMatchObject({ code: 1, msg: CoverMsg.tooLong });
  });

  it('a song said to last 900 s is stored with its measured length', async () => {
    const res = await put(user.auth, 'song.wav', songWav(3), 'audio/wav', { 'x:duration': '900' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.duration).toBeCloseTo(3, 1);
  });
});
