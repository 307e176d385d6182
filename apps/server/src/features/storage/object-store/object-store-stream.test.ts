import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type net from 'node:net';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { createTestContext, type TestContext } from '../../../test/context';
import { getToken, signedPutHeaders, visitor } from '../storage.test-kit';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stream-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SIZE = 200 * 1024 * 1024;

function wavHeader(total: number): Buffer {
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(total - 8, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(2, 22);
  head.writeUInt32LE(96000, 24);
  head.writeUInt32LE(384000, 28);
  head.writeUInt16LE(4, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(total - 44, 40);
  return head;
}

/** 200 MB generated chunk by chunk (never allocated whole), hashed as it goes. */
function generatedBody(md5: ReturnType<typeof createHash>): Readable {
  const chunk = Buffer.alloc(64 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= SIZE) return void this.push(null);
      chunk.writeUInt32BE(sent / chunk.length, 0); // every chunk differs
      // The first chunk opens as a WAV (96 kHz stereo 16-bit, so 200 MB last 9 minutes): the upload
      // is measured as a song within the 10-minute limit.
      if (sent === 0) wavHeader(SIZE).copy(chunk);
      const piece = Buffer.from(chunk.subarray(0, Math.min(chunk.length, SIZE - sent)));
      sent += piece.length;
      md5.update(piece);
      this.push(piece);
    },
  });
}

it(
  'streams a 200 MB upload to disk with flat memory and the right etag',
  async () => {
    const who = visitor();
    const { params } = await getToken(ctx.app, who, 'kind=ai-covers&ext=wav');
    const headers = {
      ...signedPutHeaders(params, params.object_key, { contentType: 'audio/wav' }),
      'content-length': String(SIZE),
    };
    const port = (ctx.app.server.address() as net.AddressInfo).port;

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const md5 = createHash('md5');
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `/storage/${params.bucket_name}/${params.object_key}`,
          headers,
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      generatedBody(md5).pipe(req);
    });
    clearInterval(sampler);

    expect(response.status).toBe(200);
    const file = JSON.parse(response.body).data;
    expect(file.size).toBe(SIZE);
    expect(file.etag).toBe(`"${md5.digest('hex').toUpperCase()}"`);
    expect(fs.statSync(path.join(dataDir, 'storage', 'ai-covers', params.object_key)).size).toBe(SIZE);
    // Buffering the body anywhere would add at least 200 MB; streaming stays within a few chunks.
    const growthMb = (peak - baseline) / 1024 / 1024;
    expect(growthMb, `RSS grew ${growthMb.toFixed(1)} MB`).toBeLessThan(60);
    console.info(`200 MB upload: RSS grew ${growthMb.toFixed(1)} MB`);
  },
  within(120_000),
);
