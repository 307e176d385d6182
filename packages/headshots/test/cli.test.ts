import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main';
import * as img from './helpers/images';

// The CLI contract: JSON on stdout, exit 0 for results (declined photos included), 2 for bad usage
// or an unreadable path, 3 when a pack cannot be delivered.

let dir: string;
let out: string[];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'headshots-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

async function cli(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  out = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, lines: out.join('').split('\n').filter(Boolean) };
}

describe('headshots CLI', () => {
  it('styles prints a JSON array of ids and names', async () => {
    const { code, lines } = await cli('styles');
    expect(code).toBe(0);
    const styles = JSON.parse(lines[0]!) as { id: string; name: string }[];
    expect(styles.length).toBeGreaterThan(3);
    for (const s of styles) expect(Object.keys(s).sort()).toEqual(['id', 'name']);
  });

  it(
    'check prints one JSON line per image, in order, and exits 0 with a declined photo',
    { timeout: 30_000 },
    async () => {
      const good = path.join(dir, 'good.jpg');
      const none = path.join(dir, 'none.png');
      await writeFile(good, await img.oneFace());
      await writeFile(none, await img.plain(600, 600));
      const { code, lines } = await cli('check', good, none);
      expect(code).toBe(0);
      const [a, b] = lines.map((l) => JSON.parse(l));
      expect(Object.keys(a).sort()).toEqual(['approved', 'face', 'file', 'reasons']);
      expect(a).toMatchObject({ file: good, approved: true, reasons: [] });
      expect(Object.keys(a.face).sort()).toEqual(['height', 'score', 'width', 'x', 'y']);
      expect(b).toEqual({ file: none, approved: false, reasons: ['NO_FACE'], face: null });
    },
  );

  it.each([
    [['check', '/no/such/photo.jpg']],
    [['check']],
    [['nonsense']],
    [[]],
    [['make', '/no/such/photo.jpg', '--style', 'corporate-grey', '--count', '5', '--out', '/tmp/x']],
    [['make', 'photo.jpg', '--count', '5', '--out', '/tmp/x']],
    [['make', 'photo.jpg', '--style', 'corporate-grey', '--count', 'ten', '--out', '/tmp/x']],
    [['make', 'photo.jpg', '--style', 'corporate-grey', '--count', '5']],
    [['check', 'a.jpg', '--colour', 'red']],
  ])('exits 2 on bad usage or an unreadable path: %j', async (argv) => {
    expect((await cli(...argv)).code).toBe(2);
  });

  it('make with an unknown style exits 2; with no usable photo exits 3, writing nothing', async () => {
    const text = path.join(dir, 'notes.jpg');
    await writeFile(text, 'not an image');
    const outDir = path.join(dir, 'pack');
    expect((await cli('make', text, '--style', 'no-such', '--count', '2', '--out', outDir)).code).toBe(2);
    expect((await cli('make', text, '--style', 'corporate-grey', '--count', '2', '--out', outDir)).code).toBe(
      3,
    );
  });
});
