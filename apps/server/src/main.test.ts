import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { within } from './test/time-limits';
import { describeStartupFailure } from './platform/startup';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      HOST: '127.0.0.1',
      TEST_DATABASE_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitForHealth(port: number): Promise<void> {
  // Up to a minute: on a busy machine the server compiles and migrates for a while before it listens.
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not come up');
}

describe('the server process', () => {
  it('stops at start-up with one line naming a bad setting', async () => {
    const proc = start({ PORT: 'eighty' });
    expect(await proc.exited).toBe(2);
    expect(proc.stderr().trim()).toBe(
      'Invalid setting PORT="eighty": Invalid input: expected number, received NaN',
    );
  });

  it(
    'shuts down cleanly on SIGTERM and its database opens again; a second process on it is named in one line',
    async () => {
      const port = 18000 + Math.floor(Math.random() * 2000);
      for (let round = 0; round < 2; round++) {
        const proc = start({ PORT: String(port) });
        await waitForHealth(port);
        if (round === 0) {
          // The first start made the database; a second process on the same data folder stops at once.
          const second = start({ PORT: String(port + 1) });
          expect(await second.exited).toBe(1);
          expect(second.stderr().trim()).toMatch(
            new RegExp(
              `^Start-up failed: the database in .* is held by another process \\(pid ${proc.child.pid}\\)`,
            ),
          );
          expect(second.stderr().trim().split('\n')).toHaveLength(1);
        }
        proc.child.kill('SIGTERM');
        expect(await proc.exited).toBe(0);
      }
    },
    within(180_000),
  );

  it(
    'names a port in use in one line',
    async () => {
      const port = 18000 + Math.floor(Math.random() * 2000);
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
      const busy = start({ PORT: String(port) });
      expect(await busy.exited).toBe(1);
      taken.close();
      expect(busy.stderr().trim()).toBe(
        `Start-up failed: port ${port} on 127.0.0.1 is in use by another process: stop it or set PORT`,
      );
    },
    within(180_000),
  );

  it('names a full disk and a data folder it cannot write', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(describeStartupFailure(enospc, { dataDir: '/srv/data' }).message).toBe(
      'the disk holding /srv/data is full: free some space',
    );
    const eacces = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/data'"), {
      code: 'EACCES',
    });
    expect(describeStartupFailure(eacces, { dataDir: '/srv/data' }).message).toBe(
      'the data folder /srv/data is not writable (EACCES): fix its owner or permissions, or set DATA_DIR',
    );
  });
});
