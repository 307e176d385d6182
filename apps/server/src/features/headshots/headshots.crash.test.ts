// A pack whose server is killed with SIGKILL mid-run is picked up by the restarted server at once
// (its lease names the dead process), made, and delivered on the entitlement it already spent; the
// dead run's scratch folders go at start-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { call, startChild, waitForHealth, type Child } from '../../test/child-server';
import { CRASH_DRIVER, lineWhere } from './headshots.crash.test-driver';

const PORT = 8324;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-crash-'));
const tmpDir = path.join(root, 'tmp');
fs.mkdirSync(tmpDir, { recursive: true });
const env = {
  DATA_DIR: path.join(root, 'data'),
  TMPDIR: tmpDir,
  PORT: String(PORT),
  HEADSHOTS_RESULTS_LIMIT: '2',
  // One matte per run instead of five: the recovery is what is tested, not the pipeline.
  HEADSHOTS_PACK_PHOTOS_LIMIT: '1',
  // No background mattes of the approved photos beside the pack (decision 230).
  HEADSHOTS_KEEP_AHEAD: 'false',
};
let running: Child | null = null;
afterAll(async () => {
  running?.child.kill('SIGKILL');
  await running?.exited;
  fs.rmSync(root, { recursive: true, force: true });
});

const scratch = () => fs.readdirSync(tmpDir).filter((n) => /^headshots?-/.test(n));

describe('a server killed mid-pack', () => {
  it(
    'runs the pack again within 60 s of the restart, delivers it, and sweeps the dead scratch',
    async () => {
      running = startChild({ ...env, HEADSHOTS_CRASH_DRIVER: '1' }, CRASH_DRIVER);
      const midway = await lineWhere(
        running,
        (l) => l.status === 'generating' && l.progress >= 0.05,
        300_000,
      );
      expect(midway.progress).toBeLessThan(0.9);
      const killedPid = running.child.pid!;
      running.child.kill('SIGKILL');
      await running.exited;
      // What a crash leaves: the run's folder (named after its process) and the pipeline's work folder.
      const leftover = scratch();
      expect(leftover.some((n) => n.startsWith(`headshot-pack-${killedPid}-`))).toBe(true);
      expect(leftover.some((n) => n.startsWith('headshots-'))).toBe(true);

      const startedAt = Date.now();
      running = startChild({ ...env, LOG_LEVEL: 'info' });
      await waitForHealth(PORT, running);
      const restartedAt = Date.now();
      // Its lease named the dead process: the pack went back to the queue during start-up itself.
      expect(running.stdout()).toContain('headshot packs of a stopped server went back to the queue');
      const who = { authorization: `Bearer ${midway.token}` };
      const read = async () =>
        (await call(PORT, who, `/v1/headshots/packs/${midway.packId}`)).json.data.pack as {
          status: string;
          task_status: number;
          delivered: number;
          error: string | null;
        };
      // The dead run's folders went before the new run made its own.
      expect(scratch().filter((n) => leftover.includes(n))).toEqual([]);
      let pack = await read();
      while (pack.task_status !== 2 && pack.status === 'generating' && Date.now() - restartedAt < 60_000) {
        await new Promise((r) => setTimeout(r, 250));
        pack = await read();
      }
      expect(pack.status).toBe('generating');
      expect(pack.task_status).toBe(2);
      expect(Date.now() - restartedAt).toBeLessThan(60_000);

      while (pack.status === 'generating' && Date.now() - restartedAt < 400_000) {
        await new Promise((r) => setTimeout(r, 500));
        pack = await read();
      }
      expect(pack).toMatchObject({ status: 'success', task_status: 3, delivered: 2, error: null });
      console.info(
        `restart to healthy ${Math.round((restartedAt - startedAt) / 1000)} s, healthy to delivered ${Math.round((Date.now() - restartedAt) / 1000)} s`,
      );
      // The entitlement was spent once, by this pack: none left, none lost.
      const plans = (await call(PORT, who, '/v1/headshots/plans')).json.data;
      expect(plans.plans.find((p: { id: string }) => p.id === 'basic').available).toBe(0);
      for (let i = 0; i < 50 && scratch().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(scratch()).toEqual([]);
    },
    within(900_000),
  );
});
