// Renders split from the API: an API process with RUN_WORKER=false never renders, a separate
// `npm run worker` process does, both on one Postgres and one (embedded, shared) object store.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { coverThroughSplitProcesses, startChild, WORKER_ENTRY } from '../../../test/child-server';
import { splitProcesses } from '../../../test/postgres-admin';
import { songWav } from '../covers.test-kit';

const API_PORT = 8322;

const {
  unreachable,
  root: dataDir,
  children,
  database: scratch,
} = await splitProcesses('ai-covers-split-', 'the API/worker split test');

describe('render workers as their own processes', () => {
  it(
    'a worker refuses to start on the embedded database, in one line',
    async () => {
      const worker = startChild({ DATA_DIR: path.join(dataDir, 'alone') }, WORKER_ENTRY);
      children.push(worker);
      expect(await worker.exited).toBe(1);
      expect(worker.stderr().trim()).toBe(
        'Start-up failed: a separate worker needs DATABASE_URL (Postgres): the embedded database cannot be shared between processes',
      );
    },
    within(120_000),
  );

  it.skipIf(unreachable !== null)(
    'an API that never renders plus a worker process make a cover end to end',
    async () => {
      const database = await scratch('renders_split');
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      await coverThroughSplitProcesses({
        port: API_PORT,
        env,
        voiceId: 'velvet',
        song: songWav(4),
        children,
      });
    },
    within(400_000),
  );
});
