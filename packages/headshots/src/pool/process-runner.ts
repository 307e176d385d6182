import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cancelled, HeadshotsError } from '../errors';
import type { Job, JobResult } from './jobs';
import type { JobRunner, WorkerReply } from './pool';
import { CALLER_PRIORITY_ARG } from './priority';

/**
 * The matting process's environment: the caller's, with glibc's malloc arenas capped at two unless
 * the caller set them (MALLOC_ARENA_MAX). onnxruntime's threads otherwise each fill an arena of their
 * own with the model's freed activations, which glibc keeps (decision 250).
 */
export function matteProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}

interface Pending {
  id: number;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/**
 * Runs jobs one at a time in a child process (see child.ts for why). The process starts on the
 * first job; an abort kills it at once, even mid-inference; close() ends it.
 */
export class ProcessRunner implements JobRunner {
  readonly size = 1;
  /** `callerPriority`: the process keeps the caller's priority instead of PIPELINE_PRIORITY. */
  constructor(private readonly callerPriority = false) {}
  private child: ChildProcess | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private pending: Pending | null = null;
  private nextId = 1;
  private closed = false;

  private start(): ChildProcess {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const args = this.callerPriority ? [CALLER_PRIORITY_ARG] : [];
    const child = fork(fileURLToPath(new URL('./child.ts', import.meta.url)), args, {
      execArgv: ['--import', tsx],
      env: matteProcessEnv(process.env),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (m: WorkerReply) => {
      const p = this.pending;
      if (!p || p.id !== m.id) return;
      this.pending = null;
      if (m.error) p.reject(new HeadshotsError('WORKER_FAILED', m.error.message, { code: m.error.code }));
      else p.resolve(m.result);
    });
    const fail = (why: string) => {
      if (this.child === child) this.child = null;
      const p = this.pending;
      this.pending = null;
      p?.reject(
        this.closed
          ? cancelled()
          : new HeadshotsError('WORKER_FAILED', `The matting process stopped: ${why}`),
      );
    };
    child.on('exit', (code, signal) => fail(signal ?? `exit code ${code}`));
    child.on('error', (e) => fail(e.message));
    this.child = child;
    return child;
  }

  run<J extends Job>(job: J, opts: { signal?: AbortSignal } = {}): Promise<JobResult<J>> {
    const step = this.chain.then(() => this.runNow(job, opts.signal));
    this.chain = step.catch(() => undefined);
    return step as Promise<JobResult<J>>;
  }

  private runNow(job: Job, signal: AbortSignal | undefined): Promise<unknown> {
    if (this.closed)
      return Promise.reject(new HeadshotsError('WORKER_FAILED', 'The matting process is closed.'));
    if (signal?.aborted) return Promise.reject(cancelled());
    const child = this.child ?? this.start();
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const onAbort = () => {
        if (this.pending?.id !== id) return;
        this.pending = null;
        child.kill('SIGKILL');
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending = {
        id,
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
      };
      child.send({ id, job });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
