// A fresh machine with only Node: no ffmpeg or ffprobe on PATH. The server must find the binaries
// that npm installed with the engine, say so at start, and make a cover through the API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { within } from './test/time-limits';
import type { StorageTokenParams } from '@ai-covers/contracts';
import { findOnPath } from '@ai-covers/engine';
import { songWav } from './features/covers/covers.test-kit';
import { signedPutHeaders } from './features/storage/storage.test-kit';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-npm-only-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A PATH holding only `node`: whatever else the machine has installed is out of reach. */
function nodeOnlyPath(): string {
  const bin = path.join(work, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  return bin;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes read loosely in this smoke test
type Json = any;
const json = async (res: Response): Promise<Json> => res.json();

async function waitFor<T>(what: string, probe: () => Promise<T | null>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('set-up with npm only', () => {
  it(
    'makes a cover through the API with no ffmpeg on PATH',
    async () => {
      const PATH = nodeOnlyPath();
      expect(findOnPath('ffmpeg', PATH)).toBeNull();
      expect(findOnPath('ffprobe', PATH)).toBeNull();
      const port = 8350 + Math.floor(Math.random() * 10);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PATH,
        DATA_DIR: path.join(work, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SERVE_WEB: 'false',
        TEST_DATABASE_URL: '',
        DATABASE_URL: '',
        AB_OVERRIDES: 'login_test=1',
      };
      delete env.FFMPEG_PATH;
      delete env.FFPROBE_PATH;
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      try {
        const base = `http://127.0.0.1:${port}`;
        // The banner's last line: the fallback build's warning also names ffprobe, and comes first.
        const banner = `Open http://localhost:${port}/`;
        await waitFor('the start banner', async () => (out.includes(banner) ? true : null), 120_000);
        expect(out).toMatch(/ffmpeg: \S+ \(bundled npm package\)/);
        expect(out).toMatch(/ffprobe: \S+ \(bundled npm package\)/);
        expect(out).toContain(`Open http://localhost:${port}/`);
        expect(out).toContain('PUBLIC_URL');

        const who = { 'x-visitor-id': 'visitor-npm-only-0001' };
        const token = await json(
          await fetch(`${base}/v1/storage/token?kind=ai-covers&ext=wav`, { headers: who }),
        );
        const params = token.data.params as StorageTokenParams;
        const put = await fetch(`${base}/storage/${params.bucket_name}/${params.object_key}`, {
          method: 'PUT',
          headers: signedPutHeaders(params, params.object_key, {
            contentType: 'audio/wav',
            vars: { 'x:file_name': 'Fresh Machine.wav' },
          }),
          body: songWav(4),
        });
        const stored = await json(put);
        expect(stored).toMatchObject({ code: 0 });
        const created = await json(
          await fetch(`${base}/v1/vsas/create`, {
            method: 'POST',
            headers: { ...who, 'content-type': 'application/json' },
            body: JSON.stringify({ voice_id: 'velvet', file_key: stored.data.storage_key, backing: 'keep' }),
          }),
        );
        expect(created).toMatchObject({ code: 0 });
        const task = await waitFor(
          'the cover',
          async () => {
            const res = await json(
              await fetch(`${base}/v1/vsas/result/${created.data.task_id}`, { headers: who }),
            );
            const status = res.data?.task?.status ?? res.data?.status;
            if (status === 3 || status >= 4) return res.data;
            return null;
          },
          within(150_000),
        );
        expect(task.task?.status ?? task.status).toBe(3);
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    },
    within(300_000),
  );
});
