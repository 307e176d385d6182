import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buffer, text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../features/headshots/headshots.test-kit';
import { zipStream } from './zip';

async function* chunks(...parts: Buffer[]) {
  for (const p of parts) yield p;
}

describe('the streaming zip writer', () => {
  it('writes stored entries whose CRCs and sizes match, read back by our reader and by unzip', async () => {
    const a = randomBytes(70_000);
    const b = Buffer.from('second file ✓');
    const zip = await buffer(
      zipStream([
        { name: 'headshot-001.jpg', open: async () => chunks(a.subarray(0, 1000), a.subarray(1000)) },
        { name: 'ünïcode-002.txt', open: async () => chunks(b) },
      ]),
    );
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['headshot-001.jpg', 'ünïcode-002.txt']);
    expect(entries[0]!.data.equals(a)).toBe(true);
    expect(entries[1]!.data.equals(b)).toBe(true);
    // The system's unzip, where the machine has one, agrees.
    if (existsSync('/usr/bin/unzip')) {
      const dir = await mkdtemp(path.join(tmpdir(), 'zip-test-'));
      try {
        await writeFile(path.join(dir, 'x.zip'), zip);
        expect(execFileSync('unzip', ['-t', path.join(dir, 'x.zip')]).toString()).toMatch(
          /No errors detected/,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });

  it('opens each entry only when the reader gets to it, and an empty list is a valid empty zip', async () => {
    const opened: string[] = [];
    const stream = zipStream(
      ['a', 'b'].map((name) => ({
        name,
        open: async () => {
          opened.push(name);
          return chunks(Buffer.from(name));
        },
      })),
    );
    expect(opened).toEqual([]);
    await text(stream);
    expect(opened).toEqual(['a', 'b']);
    expect(readZip(await buffer(zipStream([])))).toEqual([]);
  });

  it('fails the stream when an entry cannot be read, rather than ending a broken zip quietly', async () => {
    const stream = zipStream([{ name: 'x', open: async () => Promise.reject(new Error('gone')) }]);
    await expect(buffer(stream)).rejects.toThrow('gone');
  });
});
