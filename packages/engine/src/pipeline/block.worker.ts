import { parentPort } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import os from 'node:os';
import { runJob, type Job } from './jobs';
import { lowerPriority } from './priority';

// Block work yields to whatever else the cores serve (decision 023).
lowerPriority();

// A block allocates a few hundred MB of short-lived typed arrays. V8 collects them lazily, and two
// workers peaking together pushed RSS well past the block-size bound on long songs, so the worker
// collects explicitly after each block (a few ms against seconds of DSP).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (() => void) | undefined;

// Worker entry: runs block jobs and transfers the result buffers back without copying.
parentPort?.on('message', (msg: { id: number; job: Job | { kind: 'ping' } }) => {
  if (msg.job.kind === 'ping') {
    parentPort!.postMessage({ id: msg.id, result: { pong: true, priority: os.getPriority() } });
    return;
  }
  try {
    const result = runJob(msg.job);
    const transfer: ArrayBuffer[] = [];
    for (const v of Object.values(result)) {
      if (v instanceof Float32Array || v instanceof Float64Array) transfer.push(v.buffer as ArrayBuffer);
      else if (Array.isArray(v))
        for (const a of v) if (a instanceof Float32Array) transfer.push(a.buffer as ArrayBuffer);
    }
    parentPort!.postMessage({ id: msg.id, result }, transfer);
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) });
  }
  collect?.();
});
