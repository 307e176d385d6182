// SIGTERM while an upload is still arriving: the server cuts it cleanly within the shutdown
// timeout, exits 0, leaves no partial file, and the upload's credential still works afterwards.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { startChild, tokenFor, waitForHealth, type Child } from '../../../test/child-server';
import { signedPutHeaders, someBytes, visitor } from '../storage.test-kit';

const PORT = 8321;
const SHUTDOWN_TIMEOUT_MS = 8000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-sigterm-'));
const env = { DATA_DIR: dataDir, PORT: String(PORT), SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) };
const partsDir = path.join(dataDir, 'storage', '.tmp');
let running: Child | null = null;
afterAll(async () => {
  running?.child.kill('SIGKILL');
  await running?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM during an upload', () => {
  it(
    'cuts the upload, exits 0 in time, removes the partial file; the credential stays usable',
    async () => {
      running = startChild(env);
      await waitForHealth(PORT, running);
      const params = await tokenFor(PORT, visitor(), 'wav');
      const size = 4 * 1024 * 1024;
      // A real WAV: the upload callback measures what it stores and refuses what is not sound.
      const wav = someBytes(size);
      const headers = signedPutHeaders(params, params.object_key, { contentType: 'audio/wav' });
      const url = `/storage/${params.bucket_name}/${params.object_key}`;

      // A slow client: a quarter of the file, then nothing more.
      const request = http.request({
        host: '127.0.0.1',
        port: PORT,
        method: 'PUT',
        path: url,
        headers: { ...headers, 'content-length': String(size) },
      });
      const answered = new Promise<string>((resolve) => {
        request.on('response', (res) => resolve(`status ${res.statusCode}`));
        request.on('error', (error) => resolve(`error ${error.message}`));
      });
      request.write(wav.subarray(0, size / 4));
      for (
        let i = 0;
        i < 100 &&
        (fs.readdirSync(partsDir).length === 0 ||
          fs.statSync(path.join(partsDir, fs.readdirSync(partsDir)[0]!)).size === 0);
        i++
      )
        await new Promise((r) => setTimeout(r, 100));
      expect(fs.readdirSync(partsDir)).toHaveLength(1);

      const started = Date.now();
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      expect(await answered).toMatch(/error|status 5/);
      expect(fs.readdirSync(partsDir)).toEqual([]);

      // The same credential uploads the whole file once the server is back.
      running = startChild(env);
      await waitForHealth(PORT, running);
      const res = await fetch(`http://127.0.0.1:${PORT}${url}`, {
        method: 'PUT',
        headers: signedPutHeaders(params, params.object_key, { contentType: 'audio/wav' }),
        body: wav,
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { size: number } }).data.size).toBe(size);
    },
    within(300_000),
  );
});
