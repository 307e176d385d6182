import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { WorkerPool } from '../src/pool/pool';
import { ProcessRunner } from '../src/pool/process-runner';
import { PIPELINE_PRIORITY } from '../src/pool/priority';

// Pipeline work yields to a server's requests on the same cores: its threads and its matting
// process run below the thread that started them, which keeps its own priority.
describe('pipeline priority', () => {
  it('runs pool threads and the matting process at the pipeline priority', async () => {
    const own = os.getPriority();
    const expected = Math.max(PIPELINE_PRIORITY, own);
    const pool = new WorkerPool(1);
    const runner = new ProcessRunner();
    try {
      expect(await pool.run({ kind: 'ping' })).toEqual({ priority: expected });
      expect(await runner.run({ kind: 'ping' })).toEqual({ priority: expected });
      expect(os.getPriority()).toBe(own);
    } finally {
      await pool.close();
      await runner.close();
    }
  }, 60_000);

  it("runs a preview's thread and matting process at the caller's priority (a person waits)", async () => {
    const own = os.getPriority();
    const pool = new WorkerPool(1, false, true);
    const runner = new ProcessRunner(true);
    try {
      expect(await pool.run({ kind: 'ping' })).toEqual({ priority: own });
      expect(await runner.run({ kind: 'ping' })).toEqual({ priority: own });
    } finally {
      await pool.close();
      await runner.close();
    }
  }, 60_000);
});
