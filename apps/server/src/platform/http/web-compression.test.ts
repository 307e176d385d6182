import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { readWebBuild } from './web';

const ENTRY = 'assets/index-Bx1Yq2cD.js';
const STYLE = 'assets/index-Dq7Lm3aZ.css';
const dirs: string[] = [];

/** Text that compresses like a bundle does: repeated words, not random bytes. */
function text(kind: string, lines: number): string {
  return Array.from(
    { length: lines },
    (_, i) => `/* ${kind} ${i} */ const value${i} = "line ${i % 7}";`,
  ).join('\n');
}

/**
 * A web build laid out as `vite build` leaves it for the given BASE_PATH: index.html naming the
 * entry and its CSS, the hashed files under assets/, and (unless `plainOnly`, an older build)
 * their `.br` and `.gz` copies as apps/web/precompress.ts writes them.
 */
function webBuild(basePath: string, plainOnly = false): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-compression-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>AI Covers</title>' +
      `<script type="module" crossorigin src="${basePath}/${ENTRY}"></script>` +
      `<link rel="stylesheet" crossorigin href="${basePath}/${STYLE}"></head>` +
      `<body><div id="root"></div><!-- ${text('page', 20)} --></body></html>`,
    [ENTRY]: text('entry', 400),
    [STYLE]: text('style', 100),
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    if (plainOnly) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  }
  fs.writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ basePath, headshotsBasePath: '/headshots' }),
  );
  return dir;
}

async function serving(basePath: string, plainOnly = false): Promise<{ ctx: TestContext; dir: string }> {
  const dir = webBuild(basePath, plainOnly);
  const web = readWebBuild(basePath, dir);
  const ctx = await createTestContext({ BASE_PATH: basePath }, { web });
  return { ctx, dir };
}

function decoded(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  expect(encoding).toBeUndefined();
  return body;
}

const ACCEPT: [string, string | undefined, string | undefined][] = [
  // [Accept-Encoding, the encoding expected, a label]
  ['br', 'br', 'br'],
  ['gzip', 'gzip', 'gzip'],
  ['gzip, deflate, br, zstd', 'br', 'what Chromium sends'],
  ['br;q=0, gzip', 'gzip', 'brotli refused'],
  ['identity', undefined, 'identity only'],
];

afterAll(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe.each(['', '/lab/ai-covers'])('the web app served compressed at BASE_PATH "%s"', (basePath) => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ({ ctx, dir } = await serving(basePath));
  });
  afterAll(async () => ctx?.close());

  const urls: [string, string, RegExp, string][] = [
    // [URL, the file whose bytes it must carry, content type, cache-control]
    [
      `${basePath}/${ENTRY}`,
      ENTRY,
      /^text\/javascript|^application\/javascript/,
      'public, max-age=31536000, immutable',
    ],
    [`${basePath}/${STYLE}`, STYLE, /^text\/css/, 'public, max-age=31536000, immutable'],
    [`${basePath}/`, 'index.html', /^text\/html/, 'no-cache'],
    [`${basePath}/covers/new`, 'index.html', /^text\/html/, 'no-cache'],
  ];

  describe.each(urls)('%s', (url, file, type, cacheControl) => {
    it.each(ACCEPT)('with Accept-Encoding "%s" sends %s', async (accept, encoding) => {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers['cache-control']).toBe(cacheControl);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decoded(encoding, res.rawPayload).equals(fs.readFileSync(path.join(dir, file)))).toBe(true);
    });

    it('without Accept-Encoding sends the plain file', async () => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(fs.readFileSync(path.join(dir, file)))).toBe(true);
    });

    it('answers HEAD with the headers of the GET and no body', async () => {
      const get = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const head = await ctx.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(head.rawPayload.length).toBe(0);
    });
  });

  it('sends a range of the file in the encoding chosen (the range counts its bytes)', async () => {
    const url = `${basePath}/${ENTRY}`;
    const plain = await ctx.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(fs.readFileSync(path.join(dir, ENTRY)).subarray(0, 100))).toBe(true);

    const br = await ctx.app.inject({ url, headers: { range: 'bytes=0-99', 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dir, `${ENTRY}.br`)).subarray(0, 100))).toBe(true);
  });

  it('keeps a 404 for a missing asset, whatever the encoding asked for', async () => {
    const res = await ctx.app.inject({
      url: `${basePath}/assets/gone-00000000.js`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('leaves the API uncompressed', async () => {
    const res = await ctx.app.inject({ url: '/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('a web build without compressed copies (an older build, or WEB_DIR elsewhere)', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ({ ctx, dir } = await serving('', true));
  });
  afterAll(async () => ctx?.close());

  it.each([ENTRY, STYLE])('sends the plain %s to a browser that takes brotli or gzip', async (file) => {
    const res = await ctx.app.inject({
      url: `/${file}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dir, file)))).toBe(true);
  });

  it('still compresses the page itself, made from index.html at start', async () => {
    const res = await ctx.app.inject({ url: '/covers/new', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).equals(fs.readFileSync(path.join(dir, 'index.html')))).toBe(true);
  });
});
