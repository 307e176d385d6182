import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type Transferable } from 'node:worker_threads';
import { cancelled, HeadshotsError } from '../errors';
import type { Job, JobResult } from './jobs';

/**
 * Source of the worker bootstrap. Node 20 does not apply a parent's TS loader to a worker's entry,
 * so the worker registers tsx itself and then imports the TS entry; this works under tsx, vitest
 * and plain Node alike.
 */
function bootstrap(): string {
  const entry = new URL('./worker.ts', import.meta.url).href;
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const api = pathToFileURL(cjs.replace(/index\.cjs$/, 'index.mjs')).href;
  return `import(${JSON.stringify(api)}).then((m) => { (m.register ?? m.default.register)(); return import(${JSON.stringify(entry)}); });`;
}

/** Something that runs jobs: the worker pool, or a stand-in in tests. */
export interface JobRunner {
  readonly size: number;
  run<J extends Job>(
    job: J,
    opts?: { signal?: AbortSignal; transfer?: Transferable[] },
  ): Promise<JobResult<J>>;
  /** Stops idle workers to give their memory back; they start again when work comes. */
  trim?(): Promise<void>;
  close(): Promise<void>;
}

interface Task {
  job: Job;
  transfer: Transferable[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  signal: AbortSignal | undefined;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker | null;
  task: Task | null;
  id: number;
}

/** Answer a worker posts back. */
export interface WorkerReply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string };
}

/** A worker's request for the likeness judge's descriptor of its pixels (sent to the judge thread). */
export interface JudgeRequest {
  judge: { id: number; rgb: Uint8Array; width: number; height: number };
}

/** The judge thread's answer to a JudgeRequest, sent back to the worker that asked. */
export interface JudgeReply {
  judged: { id: number; descriptor?: number[] | null; error?: string };
}

/**
 * Up to `size` worker threads, started when work arrives; each loads its models once and keeps
 * them for every later job until trimmed or closed. Jobs queue in order; a job whose signal fires
 * while it waits is dropped. A worker that dies fails only its own job.
 */
export class WorkerPool implements JobRunner {
  private slots: Slot[];
  private queue: Task[] = [];
  private closed = false;
  private nextId = 1;
  /** The one thread that runs the likeness judge for this pool's workers, started on first use. */
  private judges: WorkerPool | null = null;

  constructor(
    readonly size: number,
    private readonly unref = false,
    /** Run at the caller's priority instead of PIPELINE_PRIORITY (work a person waits for). */
    private readonly callerPriority = false,
    /** This pool is another pool's judge thread: its workers run the judge themselves. */
    private readonly judgeThread = false,
  ) {
    this.slots = Array.from({ length: size }, () => ({ worker: null, task: null, id: 0 }));
  }

  /** Runs a worker's judge request on the judge thread and sends the answer back to that worker. */
  private judge(worker: Worker, { judge: r }: JudgeRequest): void {
    this.judges ??= new WorkerPool(1, this.unref, this.callerPriority, true);
    const answer = (judged: JudgeReply['judged']) => {
      const reply: JudgeReply = { judged };
      try {
        worker.postMessage(reply);
      } catch {
        // The worker ended meanwhile; its job has failed already.
      }
    };
    this.judges
      .run(
        { kind: 'judge', rgb: r.rgb, width: r.width, height: r.height },
        { transfer: [r.rgb.buffer as ArrayBuffer] },
      )
      .then(
        (out) => answer({ id: r.id, descriptor: out.descriptor }),
        (e: Error) => answer({ id: r.id, error: e.message }),
      );
  }

  private start(slot: Slot): Worker {
    const worker = new Worker(bootstrap(), {
      eval: true,
      workerData: { callerPriority: this.callerPriority, judgeThread: this.judgeThread },
    });
    slot.worker = worker;
    worker.on('message', (m: WorkerReply | JudgeRequest) => {
      if ('judge' in m) {
        this.judge(worker, m);
        return;
      }
      const task = slot.task;
      if (!task || m.id !== slot.id) return;
      slot.task = null;
      if (this.unref) worker.unref();
      if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
      if (m.error) task.reject(new HeadshotsError('WORKER_FAILED', m.error.message, { code: m.error.code }));
      else task.resolve(m.result);
      this.pump();
    });
    const fail = (e: Error) => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      slot.task = null;
      slot.worker = null;
      task?.reject(new HeadshotsError('WORKER_FAILED', `A worker stopped: ${e.message}`, undefined, e));
      if (!this.closed) this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    return worker;
  }

  /** Queues a job; `transfer` lists buffers moved (not copied) to the worker. */
  run<J extends Job>(
    job: J,
    opts: { signal?: AbortSignal; transfer?: Transferable[] } = {},
  ): Promise<JobResult<J>> {
    if (this.closed) return Promise.reject(new HeadshotsError('WORKER_FAILED', 'The worker pool is closed.'));
    if (opts.signal?.aborted) return Promise.reject(cancelled());
    return new Promise((resolve, reject) => {
      const task: Task = {
        job,
        transfer: opts.transfer ?? [],
        resolve: resolve as (v: unknown) => void,
        reject,
        signal: opts.signal,
      };
      if (opts.signal) {
        task.onAbort = () => {
          const i = this.queue.indexOf(task);
          if (i >= 0) {
            this.queue.splice(i, 1);
            reject(cancelled());
          }
        };
        opts.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.task || this.queue.length === 0) continue;
      const worker = slot.worker ?? this.start(slot);
      const task = this.queue.shift()!;
      slot.task = task;
      slot.id = this.nextId++;
      // An idle pool must not keep the process alive, a busy one must.
      if (this.unref) worker.ref();
      worker.postMessage({ id: slot.id, job: task.job }, task.transfer);
    }
  }

  async trim(): Promise<void> {
    const idle = this.slots.filter((s) => s.worker && !s.task);
    await Promise.all(
      idle.map((s) => {
        const w = s.worker!;
        s.worker = null;
        return w.terminate();
      }),
    );
    // The judge thread holds the most memory; it goes too once no job could still ask it.
    if (this.slots.every((s) => !s.task)) await this.judges?.trim();
  }

  /** Stops every worker; queued and running jobs fail with CANCELLED. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(cancelled());
    const workers: Worker[] = [];
    for (const s of this.slots) {
      s.task?.reject(cancelled());
      s.task = null;
      if (s.worker) workers.push(s.worker);
      s.worker = null;
    }
    await Promise.all([...workers.map((w) => w.terminate()), this.judges?.close()]);
    this.judges = null;
  }
}
