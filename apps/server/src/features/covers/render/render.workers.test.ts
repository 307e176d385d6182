// Renders split from the API: an API process with RUN_WORKER=false never renders, a separate
// `npm run worker` process does, both on one Postgres and one (embedded, shared) object store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coverThroughSplitProcesses, startChild, WORKER_ENTRY, type Child } from '../../../test/child-server';
import { postgresUnreachable, scratchDatabase, SPLIT_ADMIN_URL } from '../../../test/postgres-admin';
import { songWav } from '../covers.test-kit';

const API_PORT = 8322;

const unreachable = await postgresUnreachable();
if (unreachable)
  process.stdout.write(
    `skipping the API/worker split test: Postgres at ${SPLIT_ADMIN_URL} unreachable (${unreachable})\n`,
  );

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-split-'));
let dropDatabase: (() => Promise<void>) | undefined;
const children: Child[] = [];
afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('render workers as their own processes', () => {
  it('a worker refuses to start on the embedded database, in one line', async () => {
    const worker = startChild({ DATA_DIR: path.join(dataDir, 'alone') }, WORKER_ENTRY);
    children.push(worker);
    expect(await worker.exited).toBe(1);
    expect(worker.stderr().trim()).toBe(
      'Start-up failed: a separate worker needs DATABASE_URL (Postgres): the embedded database cannot be shared between processes',
    );
  }, 120_000);

  it.skipIf(unreachable !== null)(
    'an API that never renders plus a worker process make a cover end to end',
    async () => {
      const database = await scratchDatabase('renders_split');
      dropDatabase = database.drop;
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      await coverThroughSplitProcesses({
        port: API_PORT,
        env,
        voiceId: 'velvet',
        song: songWav(4),
        children,
      });
    },
    400_000,
  );
});
