import { handleJob } from './handlers';
import { CALLER_PRIORITY_ARG, lowerOwnPriority } from './priority';
import type { Job } from './jobs';
import type { WorkerReply } from './pool';

// Entry of the background-removal process. onnxruntime-node's binding can be loaded by only one
// thread per process for the life of that process ("Module did not self-register" on a second
// load), so the matting model runs in a child process that exits when the stage is done and gives
// all its memory back.

if (!process.send) throw new Error('child.ts must run as a forked process');
// A preview's matte keeps the caller's priority (decision 215); a pack's runs lowered.
if (!process.argv.includes(CALLER_PRIORITY_ARG)) lowerOwnPriority();

// Nothing here may reach the network; models are read from the installed package.
globalThis.fetch = async (input: string | URL | Request) => {
  throw new Error(`network access refused: ${String(input instanceof Request ? input.url : input)}`);
};

process.on('message', async ({ id, job }: { id: number; job: Job }) => {
  let reply: WorkerReply;
  try {
    reply = { id, result: await handleJob(job) };
  } catch (e) {
    const err = e as Error & { code?: string };
    reply = { id, error: { message: err?.message ?? String(e), ...(err?.code ? { code: err.code } : {}) } };
  }
  process.send!(reply);
});
process.on('disconnect', () => process.exit(0));
