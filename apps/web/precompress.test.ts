// @vitest-environment node
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function folder(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const bundle = Array.from({ length: 200 }, (_, i) => `export const value${i} = "line ${i % 5}";`).join('\n');

describe('precompressFolder', () => {
  it('writes .br and .gz copies that decompress to the file, for the text a page fetches', async () => {
    const dir = folder({
      'index.html': `<!doctype html>${bundle}`,
      'assets/index-abc.js': bundle,
      'assets/a.css': bundle,
    });
    await precompressFolder(dir);
    for (const name of ['index.html', 'assets/index-abc.js', 'assets/a.css']) {
      const plain = fs.readFileSync(path.join(dir, name));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`))).equals(plain)).toBe(
        true,
      );
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${name}.gz`))).equals(plain)).toBe(true);
    }
  });

  it('leaves small files, images, what compression does not shrink and the .vite folder alone', async () => {
    const noise = randomBytes(4096);
    const dir = folder({
      'build-info.json': '{"basePath":""}',
      'assets/photo.png': bundle,
      'assets/noise.js': noise,
      '.vite/manifest.json': bundle,
    });
    await precompressFolder(dir);
    const written = fs.readdirSync(dir, { recursive: true }).map(String);
    expect(written.filter((name) => /\.(br|gz)$/.test(name))).toEqual([]);
  });
});
