import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { judgeElsewhere } from '../face/judge-thread';
import { handleJob } from './handlers';
import { lowerOwnPriority } from './priority';
import type { Job } from './jobs';
import type { JudgeReply, JudgeRequest, WorkerReply } from './pool';

// Worker entry: one job at a time; models load on first use and stay loaded for the thread's life.

if (!parentPort) throw new Error('worker.ts must run in a worker thread');
const data = workerData as { callerPriority?: boolean; judgeThread?: boolean } | null;
// Previews keep the caller's priority: a person waits for each, and they are small (decision 215).
if (!data?.callerPriority) lowerOwnPriority();
const port = parentPort;
// libvips keeps the results of recent operations (up to 50 MB) for reuse; a worker never asks for
// the same operation twice, so the cache only held memory.
sharp.cache(false);

// The likeness judge runs on the pool's judge thread (see face/judge-thread.ts), unless this is it.
const judging = new Map<number, { resolve: (d: number[] | null) => void; reject: (e: Error) => void }>();
if (!data?.judgeThread) {
  let nextJudge = 1;
  judgeElsewhere(
    (rgb, width, height) =>
      new Promise((resolve, reject) => {
        const id = nextJudge++;
        judging.set(id, { resolve, reject });
        const request: JudgeRequest = { judge: { id, rgb, width, height } };
        port.postMessage(request, [rgb.buffer as ArrayBuffer]);
      }),
  );
}

port.on('message', async (m: { id: number; job: Job } | JudgeReply) => {
  if ('judged' in m) {
    const waiting = judging.get(m.judged.id);
    judging.delete(m.judged.id);
    if (m.judged.error !== undefined) waiting?.reject(new Error(m.judged.error));
    else waiting?.resolve(m.judged.descriptor ?? null);
    return;
  }
  const { id, job } = m;
  let reply: WorkerReply;
  try {
    reply = { id, result: await handleJob(job) };
  } catch (e) {
    const err = e as Error & { code?: string };
    reply = { id, error: { message: err?.message ?? String(e), ...(err?.code ? { code: err.code } : {}) } };
  }
  port.postMessage(reply);
});
