import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { diskIo } from './disk/io';
import { checkDataDir, lockEmbeddedDatabase } from './startup';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-'));
afterEach(() => vi.restoreAllMocks());
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('start-up checks', () => {
  it('names a full disk before the database opens', async () => {
    vi.spyOn(diskIo, 'writeFile').mockRejectedValue(
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    );
    await expect(checkDataDir(path.join(root, 'full'))).rejects.toThrow(
      `the disk holding ${path.join(root, 'full')} is full: free some space`,
    );
    expect(fs.readdirSync(path.join(root, 'full'))).toEqual([]);
  });

  it('passes on a writable folder and leaves nothing behind', async () => {
    await checkDataDir(path.join(root, 'ok'));
    expect(fs.readdirSync(path.join(root, 'ok'))).toEqual([]);
  });

  it('takes over the lock of a dead process, and refuses a live one', () => {
    const dir = path.join(root, 'db');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), '99999999');
    const release = lockEmbeddedDatabase(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockEmbeddedDatabase(dir)).toThrow(`held by another process (pid ${process.ppid})`);
  });
});
