// Files refused at the upload callback, measured from their bytes: nothing is left behind, the
// message is the product's own (no server path), and a stated duration is never believed.
import { execFileSync } from 'node:child_process';
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

const PAGE = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

/** A 20-second 128 kbit/s MP3 with a Xing header (it counts the frames), made by ffmpeg. */
function mp3Of20Seconds(): Buffer {
  const file = path.join(dataDir, 'twenty.mp3');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=20'],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', '-y', file],
  ]);
  return fs.readFileSync(file);
}

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
    ['an HTML page', 'page.html', async () => Buffer.from(PAGE), 'text/html', Msg.formatNotSupported],
    [
      'an HTML page sent as bytes',
      'page.html',
      async () => Buffer.from(PAGE),
      'application/octet-stream',
      Msg.formatNotSupported,
    ],
    [
      'a script',
      'app.js',
      async () => Buffer.from('alert(document.cookie)\n'),
      'text/javascript',
      Msg.formatNotSupported,
    ],
    [
      'a script as application/javascript',
      'app.mjs',
      async () => Buffer.from('alert(document.cookie)\n'),
      'application/javascript',
      Msg.formatNotSupported,
    ],
    [
      'an SVG with a script',
      'logo.svg',
      async () => Buffer.from(SVG),
      'image/svg+xml',
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

  it('a truncated MP3 is measured by what it holds, not by its header', async () => {
    const whole = mp3Of20Seconds();
    const full = await put(user.auth, 'whole.mp3', whole, 'audio/mpeg');
    expect(full.json().data.duration).toBeCloseTo(20, 0);
    // The first 20 KB: about 1.3 s of sound, while the Xing header still counts 20 s of frames.
    const cut = await put(user.auth, 'cut.mp3', whole.subarray(0, 20 * 1024), 'audio/mpeg');
    expect(cut.statusCode).toBe(200);
    const seconds = cut.json().data.duration as number;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(1.6);
  });

  it('a playlist pointing elsewhere is not read: only accepted formats, only the local file', async () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:10',
      '#EXTINF:10,',
      'http://127.0.0.1:9/secret.mp3',
      '#EXTINF:10,',
      'file:///etc/passwd',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    const res = await put(user.auth, 'list.mp3', Buffer.from(playlist), 'audio/mpeg');
    expect(res.json()).toEqual({ code: 1, data: null, msg: CoverMsg.notAudio });
  });

  it('a sound in a container the product does not take (AIFF named .mp3) is not read', async () => {
    const file = path.join(dataDir, 'sound.aiff');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050:duration=2'],
      ...['-f', 'aiff', '-y', file],
    ]);
    const res = await put(user.auth, 'sound.mp3', fs.readFileSync(file), 'audio/mpeg');
    expect(res.json()).toEqual({ code: 1, data: null, msg: CoverMsg.notAudio });
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
