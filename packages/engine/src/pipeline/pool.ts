import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  runJob,
  type ConvertJob,
  type ConvertResult,
  type Job,
  type SeparateJob,
  type SeparateResult,
} from './jobs';
import type { StemJob, StemResult } from './stem-job';

type AnyResult = SeparateResult | ConvertResult | StemResult;

/** Runs block jobs on worker threads, or in this thread when workers are unavailable. */
export interface BlockRunner {
  readonly mode: 'workers' | 'inline';
  readonly size: number;
  run(job: SeparateJob): Promise<SeparateResult>;
  run(job: ConvertJob): Promise<ConvertResult>;
  run(job: StemJob): Promise<StemResult>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (v: AnyResult) => void;
  reject: (e: Error) => void;
}

class WorkerRunner implements BlockRunner {
  readonly mode = 'workers' as const;
  private idle: Worker[] = [];
  private queue: Array<{ job: Job; p: Pending }> = [];
  private pending = new Map<number, Pending>();
  private nextId = 1;
  constructor(private workers: Worker[]) {
    for (const w of workers) {
      w.on('message', (m: { id: number; result?: AnyResult; error?: string }) => {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        this.idle.push(w);
        this.pump();
        if (!p) return;
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve(m.result!);
      });
      w.on('error', (e) => {
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      });
      this.idle.push(w);
    }
  }
  get size(): number {
    return this.workers.length;
  }
  run(job: SeparateJob): Promise<SeparateResult>;
  run(job: ConvertJob): Promise<ConvertResult>;
  run(job: StemJob): Promise<StemResult>;
  run(job: Job): Promise<AnyResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, p: { resolve, reject } });
      this.pump();
    });
  }
  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const w = this.idle.pop()!;
      const { job, p } = this.queue.shift()!;
      const id = this.nextId++;
      this.pending.set(id, p);
      w.postMessage({ id, job });
    }
  }
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

class InlineRunner implements BlockRunner {
  readonly mode = 'inline' as const;
  readonly size = 1;
  run(job: SeparateJob): Promise<SeparateResult>;
  run(job: ConvertJob): Promise<ConvertResult>;
  run(job: StemJob): Promise<StemResult>;
  run(job: Job): Promise<AnyResult> {
    // Yield to the event loop between blocks so progress callbacks and aborts get through.
    return new Promise((resolve, reject) =>
      setImmediate(() => {
        try {
          resolve(runJob(job));
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      }),
    );
  }
  async close(): Promise<void> {}
}

/** Worker count used by default: one per core, at most 4. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Source of the worker bootstrap. Node 20 does not apply a parent's `--import` loader to a worker's
 * entry module (ERR_UNKNOWN_FILE_EXTENSION for .ts), so the worker registers tsx itself and then
 * imports the TS entry. This works the same under tsx, under vitest and from plain Node.
 */
export function workerBootstrap(): string {
  const entry = new URL('./block.worker.ts', import.meta.url).href;
  // require.resolve yields the CJS build; the ESM build sits next to it and is what register() expects.
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const api = pathToFileURL(cjs.replace(/index\.cjs$/, 'index.mjs')).href;
  return `import(${JSON.stringify(api)}).then((m) => { (m.register ?? m.default.register)(); return import(${JSON.stringify(entry)}); });`;
}

/**
 * Starts `threads` workers running the TS worker entry through the same loader as this process
 * (tsx passes its hooks via execArgv). Falls back to inline if a worker fails to come up.
 */
export async function createRunner(threads = defaultThreads()): Promise<BlockRunner> {
  if (threads <= 1 || process.env['AI_COVERS_ENGINE_INLINE'] === '1') return new InlineRunner();
  const workers: Worker[] = [];
  try {
    const boot = workerBootstrap();
    for (let i = 0; i < threads; i++) {
      const w = new Worker(boot, { eval: true });
      workers.push(w);
    }
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            w.once('online', () => resolve());
            w.once('error', reject);
          }),
      ),
    );
    // "online" fires before the module graph loads; a ping answered by each worker proves the TS entry ran.
    const runner = new WorkerRunner(workers);
    // All pings are queued at once, so each idle worker takes exactly one.
    const pings = workers.map(() => runner.run({ kind: 'ping' } as unknown as SeparateJob));
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), 20000).unref(),
    );
    await Promise.race([Promise.all(pings), timeout]);
    return runner;
  } catch {
    await Promise.all(workers.map((w) => w.terminate()));
    return new InlineRunner();
  }
}
