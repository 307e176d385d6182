// Chaos on Postgres: a separate headshots worker killed with SIGKILL mid-pack. The API (which never
// renders) keeps the pack where it was; a new worker takes the dead one's run at its start, makes
// the pack and delivers it on the entitlement already spent, once. Skipped when no Postgres answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { startChild, WORKER_ENTRY } from '../../test/child-server';
import { splitProcesses } from '../../test/postgres-admin';
import { CRASH_DRIVER, lineWhere } from './headshots.crash.test-driver';

const {
  unreachable,
  root,
  children,
  database: scratch,
} = await splitProcesses('hs-worker-kill-', 'the headshots worker-kill test');

/** The pack's row and its entitlement, as the database holds them. */
async function packRow(url: string, packId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pack = await client.query<{ status: string; lease_owner: string | null; lapses: number }>(
      'select status, lease_owner, lapses from headshot_pack_tasks where id = $1',
      [packId],
    );
    const spent = await client.query<{ spent_by: string | null }>(
      'select spent_by from headshot_entitlements where spent_at is not null',
    );
    const results = await client.query<{ n: number }>(
      'select count(*)::int as n from headshot_results where pack_id = $1',
      [packId],
    );
    return { pack: pack.rows[0], spentBy: spent.rows.map((r) => r.spent_by), results: results.rows[0]!.n };
  } finally {
    await client.end();
  }
}

describe.skipIf(unreachable !== null)('a headshots worker killed mid-pack (Postgres)', () => {
  it(
    'the pack waits for the next worker, which delivers it once on the spent entitlement',
    async () => {
      const database = await scratch('hs_worker_kill');
      const env = {
        DATA_DIR: path.join(root, 'data'),
        DATABASE_URL: database.url,
        HEADSHOTS_RESULTS_LIMIT: '2',
        // One matte per run: the recovery is what is tested, not the pipeline.
        HEADSHOTS_PACK_PHOTOS_LIMIT: '1',
        // No background mattes of the approved photos beside the pack (decision 230).
        HEADSHOTS_KEEP_AHEAD: 'false',
      };
      // Each process its own temp folder: a starting worker sweeps the scratch of dead runs it finds.
      const tmp = (name: string) => {
        const dir = path.join(root, name);
        fs.mkdirSync(dir, { recursive: true });
        return dir;
      };
      // The API that buys, uploads and submits; it never renders (RUN_WORKER=false).
      const api = startChild(
        { ...env, TMPDIR: tmp('api'), RUN_WORKER: 'false', HEADSHOTS_CRASH_DRIVER: '1' },
        CRASH_DRIVER,
      );
      children.push(api);
      // Started once the API has migrated the database, so the two never migrate at once.
      for (let i = 0; i < 1200 && !api.stdout().includes('{"booted":true}'); i++) {
        if (api.child.exitCode !== null) throw new Error(`driver exited: ${api.stderr()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const first = startChild({ ...env, TMPDIR: tmp('first') }, WORKER_ENTRY);
      children.push(first);

      const midway = await lineWhere(api, (l) => l.status === 'generating' && l.progress >= 0.05, 300_000);
      expect(midway.progress).toBeLessThan(0.9);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();

      // Alone, the API keeps the pack as it was: generating, owned by the dead worker's lease.
      await new Promise((r) => setTimeout(r, 2000));
      expect((await packRow(database.url, midway.packId)).pack).toMatchObject({ status: 'generating' });
      expect((await lineWhere(api, () => true, 5000)).status).toBe('generating');

      const second = startChild({ ...env, TMPDIR: tmp('second'), LOG_LEVEL: 'info' }, WORKER_ENTRY);
      children.push(second);
      const startedAt = Date.now();
      const done = await lineWhere(api, (l) => l.status !== 'generating', 400_000);
      expect(done, second.stderr()).toMatchObject({ status: 'success', delivered: 2 });
      // Its start-up named the dead worker's run and sent it back to the queue at once.
      expect(second.stdout()).toContain('headshot packs of a stopped server went back to the queue');
      process.stdout.write(
        `headshots worker-kill: delivered ${Math.round((Date.now() - startedAt) / 1000)} s after the new worker started (load ${os.loadavg()[0]!.toFixed(2)})\n`,
      );
      // One pack made once: its two results, no lease left, the one entitlement spent by this pack.
      const row = await packRow(database.url, midway.packId);
      expect(row.pack).toMatchObject({ status: 'success', lease_owner: null, lapses: 1 });
      expect(row.results).toBe(2);
      expect(row.spentBy).toEqual([midway.packId]);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    within(900_000),
  );
});
