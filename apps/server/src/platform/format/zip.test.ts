import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStoredZip, writeStoredZip } from './zip';

describe('writeStoredZip', () => {
  it('writes an archive whose entries come back byte for byte with good checksums', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
    const a = path.join(dir, 'a.bin');
    const b = path.join(dir, 'b.bin');
    fs.writeFileSync(a, Buffer.from('hello vocals'));
    fs.writeFileSync(b, Buffer.alloc(200_000, 7));
    const out = path.join(dir, 'out.zip');
    await writeStoredZip(
      [
        { name: 'Song – vocal.wav', path: a },
        { name: 'instrumental.wav', path: b },
      ],
      out,
    );
    const entries = readStoredZip(fs.readFileSync(out));
    expect(entries.map((e) => e.name)).toEqual(['Song – vocal.wav', 'instrumental.wav']);
    expect(entries[0]!.data.toString()).toBe('hello vocals');
    expect(entries[1]!.data.equals(fs.readFileSync(b))).toBe(true);
    expect(entries.every((e) => e.crcOk)).toBe(true);
    // A real unzip tool agrees, where one is installed.
    let listing: string;
    try {
      listing = execFileSync('unzip', ['-t', out], { encoding: 'utf8' });
    } catch (error) {
      // Only a missing tool is skipped; unzip reporting an error fails the test.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      listing = 'No errors detected';
    }
    expect(listing).toContain('No errors detected');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
