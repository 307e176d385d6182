import { parentPort, workerData } from 'node:worker_threads';
import { handleJob } from './handlers';
import { lowerOwnPriority } from './priority';
import type { Job } from './jobs';
import type { WorkerReply } from './pool';

// Worker entry: one job at a time; models load on first use and stay loaded for the thread's life.

if (!parentPort) throw new Error('worker.ts must run in a worker thread');
// Previews keep the caller's priority: a person waits for each, and they are small (decision 215).
if (!(workerData as { callerPriority?: boolean } | null)?.callerPriority) lowerOwnPriority();
const port = parentPort;

port.on('message', async ({ id, job }: { id: number; job: Job }) => {
  let reply: WorkerReply;
  try {
    reply = { id, result: await handleJob(job) };
  } catch (e) {
    const err = e as Error & { code?: string };
    reply = { id, error: { message: err?.message ?? String(e), ...(err?.code ? { code: err.code } : {}) } };
  }
  port.postMessage(reply);
});
