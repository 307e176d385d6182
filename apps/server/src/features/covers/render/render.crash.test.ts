// A render killed with its process (SIGKILL) is picked up by the restarted server and finishes;
// no scratch is left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import {
  call,
  pollTask,
  startChild,
  uploadSong,
  waitForHealth,
  type Child,
} from '../../../test/child-server';
import { visitor } from '../../storage/storage.test-kit';
import { songWav } from '../covers.test-kit';

const PORT = 8320;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-crash-'));
const dataDir = path.join(root, 'data');
const tmpDir = path.join(root, 'tmp');
fs.mkdirSync(tmpDir, { recursive: true });
const scratch = path.join(tmpDir, 'ai-covers-renders');
const env = { DATA_DIR: dataDir, TMPDIR: tmpDir, PORT: String(PORT) };
let running: Child | null = null;
afterAll(async () => {
  running?.child.kill('SIGKILL');
  await running?.exited;
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a server killed mid-render', () => {
  it(
    'finishes the cover after a restart, within 90 s, with no scratch left',
    async () => {
      running = startChild(env);
      await waitForHealth(PORT, running);
      const guest = visitor();
      const key = await uploadSong(PORT, guest, 'long.wav', songWav(30));
      const created = await call(PORT, guest, '/v1/vsas/create', { voice_id: 'velvet', file_key: key });
      expect(created.json.code).toBe(0);
      const taskId = created.json.data.task_id as string;

      // Under way, well before the end.
      const midway = await pollTask(
        PORT,
        guest,
        taskId,
        (t) => t.status === 2 && t.progress >= 0.05,
        120_000,
      );
      expect(midway).toMatchObject({ status: 2 });
      expect(midway!.progress).toBeLessThan(0.9);
      expect(fs.readdirSync(scratch).length).toBeGreaterThan(0);
      const killedPid = running.child.pid;
      running.child.kill('SIGKILL');
      await running.exited;
      // What a crash leaves: the run's scratch folder, and the task still marked running.
      const leftover = fs.readdirSync(scratch);
      expect(leftover.length).toBeGreaterThan(0);
      expect(leftover.every((name) => name.startsWith(`${killedPid}-`))).toBe(true);

      running = startChild(env);
      await waitForHealth(PORT, running);
      const restartedAt = Date.now();
      const task = await pollTask(PORT, guest, taskId, (t) => t.status >= 3, 90_000);
      expect(task).toMatchObject({ status: 3, progress: 1, error: null });
      expect(Date.now() - restartedAt).toBeLessThan(90_000);
      // The dead run's folder went at start-up; the new run's goes as it ends (just after the status).
      for (let i = 0; i < 50 && fs.readdirSync(scratch).length > 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect({ left: fs.readdirSync(scratch), killedPid, newPid: running.child.pid }).toEqual({
        left: [],
        killedPid,
        newPid: running.child.pid,
      });
    },
    within(400_000),
  );
});
