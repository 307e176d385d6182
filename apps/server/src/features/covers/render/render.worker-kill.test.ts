// Chaos on Postgres: a separate render worker killed with SIGKILL mid-render. The API (which never
// renders) keeps answering; the task stays where it was; a new worker takes the dead one's run and
// finishes it once, with one result and no failure. Skipped when no Postgres answers.
import os from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import {
  call,
  pollTask,
  startChild,
  uploadSong,
  waitForHealth,
  WORKER_ENTRY,
} from '../../../test/child-server';
import { splitProcesses } from '../../../test/postgres-admin';
import { visitor } from '../../storage/storage.test-kit';
import { songWav } from '../covers.test-kit';

const API_PORT = 8326;

const {
  unreachable,
  root: dataDir,
  children,
  database: scratch,
} = await splitProcesses('ai-covers-worker-kill-', 'the worker-kill test');

/** One row of the task as the database holds it. */
async function taskRow(url: string, taskId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      status: number;
      result_key: string | null;
      lease_owner: string | null;
    }>('select status, result_key, lease_owner from cover_tasks where id = $1', [taskId]);
    return rows[0];
  } finally {
    await client.end();
  }
}

describe.skipIf(unreachable !== null)('a render worker killed mid-render (Postgres)', () => {
  it(
    'the API keeps answering; a new worker finishes the cover once',
    async () => {
      const database = await scratch('worker_kill');
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      const api = startChild({ ...env, PORT: String(API_PORT), RUN_WORKER: 'false' });
      children.push(api);
      await waitForHealth(API_PORT, api);
      const first = startChild(env, WORKER_ENTRY);
      children.push(first);

      const guest = visitor();
      const key = await uploadSong(API_PORT, guest, 'chaos.wav', songWav(30));
      const created = await call(API_PORT, guest, '/v1/vsas/create', { voice_id: 'velvet', file_key: key });
      expect(created.json.code).toBe(0);
      const taskId = created.json.data.task_id as string;

      const midway = await pollTask(
        API_PORT,
        guest,
        taskId,
        (t) => t.status === 2 && t.progress >= 0.05,
        180_000,
      );
      expect(midway, first.stderr()).toMatchObject({ status: 2 });
      expect(midway!.progress).toBeLessThan(0.9);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();

      // The API, alone: it answers, and the task is still the dead worker's run, not lost or failed.
      const during = await call(API_PORT, guest, `/v1/vsas/result/${taskId}`);
      expect(during.json).toMatchObject({ code: 0, data: { status: 2 } });
      expect((await taskRow(database.url, taskId))?.result_key).toBeNull();

      const second = startChild(env, WORKER_ENTRY);
      children.push(second);
      const startedAt = Date.now();
      const done = await pollTask(API_PORT, guest, taskId, (t) => t.status >= 3, 240_000);
      expect(done, second.stderr()).toMatchObject({ status: 3, progress: 1, error: null });
      process.stdout.write(
        `worker-kill: finished ${Math.round((Date.now() - startedAt) / 1000)} s after the new worker started (load ${os.loadavg()[0]!.toFixed(2)})\n`,
      );
      const preview = await fetch(`http://127.0.0.1:${API_PORT}${done!.preview_url!}`);
      expect(preview.status).toBe(200);
      expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      // One finished run: one result, no lease left behind.
      const row = await taskRow(database.url, taskId);
      expect(row).toMatchObject({ status: 3, lease_owner: null });
      expect(row!.result_key).toBeTruthy();

      second.child.kill('SIGTERM');
      api.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(await api.exited).toBe(0);
    },
    within(600_000),
  );
});
