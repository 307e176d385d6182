// The onnx engine split from the API: an API process with ENGINE=onnx and RUN_WORKER=false only
// queues, a separate `npm run worker` process with the same models renders the cover. The operator's
// models are the tests' tiny stand-ins. The split needs Postgres (PGlite belongs to one process, and
// a worker refuses to start without DATABASE_URL), so without a reachable server the test is skipped.
import path from 'node:path';
import { addContent, addSeparator, addVoice } from '@ai-covers/engine/test-support';
import { describe, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { coverThroughSplitProcesses } from '../../../test/child-server';
import { splitProcesses } from '../../../test/postgres-admin';
import { songWav } from '../covers.test-kit';

const API_PORT = 8323;

const {
  unreachable,
  root: dataDir,
  children,
  database: scratch,
} = await splitProcesses('ai-covers-onnx-split-', 'the onnx API/worker split test');

describe.skipIf(unreachable !== null)('the onnx engine in a worker process', () => {
  it(
    'an API that never renders plus an onnx worker make a cover with a model voice',
    async () => {
      const modelsDir = path.join(dataDir, 'models');
      addSeparator(modelsDir, [0.5, 0.5, 0.5, 0.5]);
      addContent(modelsDir);
      addVoice(modelsDir, 'aria', 'phone0', { loudness: 'match' });
      const database = await scratch('onnx_split');
      const env = {
        DATA_DIR: path.join(dataDir, 'data'),
        DATABASE_URL: database.url,
        ENGINE: 'onnx',
        MODELS_DIR: modelsDir,
      };
      // "aria" exists only in the onnx engine's library: the DSP engine would refuse it.
      await coverThroughSplitProcesses({ port: API_PORT, env, voiceId: 'aria', song: songWav(3), children });
    },
    within(400_000),
  );
});
