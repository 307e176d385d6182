import PgBoss from 'pg-boss';
import type { RawSql } from '../db/client';
import type { JobPayload, JobRegistry } from './registry';

/**
 * The job queue, typed by the registry it was started with: a feature declares the queue of its
 * own jobs (`Queue<typeof coversJobs>`), and the app's queue of every job fits it.
 */
export interface Queue<R extends JobRegistry = JobRegistry> {
  boss: PgBoss;
  send<N extends keyof R & string>(
    name: N,
    payload: JobPayload<R, N>,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  work<N extends keyof R & string>(
    name: N,
    handler: (payload: JobPayload<R, N>, job: PgBoss.Job<unknown>) => Promise<unknown>,
  ): Promise<string>;
  healthy(): Promise<{ ok: boolean; error?: string }>;
  /** Stops taking jobs and waits up to `graceMs` (default 10 s) for the running ones to end. */
  stop(graceMs?: number): Promise<void>;
}

export interface QueueOptions<R extends JobRegistry> {
  raw: RawSql;
  /** Every job this queue carries: its queues are created at start. */
  jobs: R;
  /** pg-boss keeps its tables in its own schema. */
  schema: string;
  pollingIntervalSeconds?: number;
  /** Run maintenance and cron in this process (the embedded default does). */
  supervise?: boolean;
  /**
   * No other process works this queue (the embedded database, held by this process alone): a job
   * found active at start ran in a process that died. Those of jobs marked `retryAtRestart` are
   * failed at once, so they are retried after their retry delay rather than after their expiry.
   */
  soleWorker?: boolean;
}

/** Starts pg-boss on our own connection (PGlite or Postgres) and creates every registered queue. */
export async function startQueue<R extends JobRegistry>(options: QueueOptions<R>): Promise<Queue<R>> {
  const { jobs } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => options.raw.executeSql(text, values) },
    schema: options.schema,
    supervise: options.supervise ?? true,
    schedule: options.supervise ?? true,
  });
  let lastError: string | undefined;
  boss.on('error', (error: Error) => {
    lastError = error.message;
  });
  await boss.start();
  for (const [name, def] of Object.entries(jobs)) {
    await boss.createQueue(name, {
      name,
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      expireInSeconds: def.expireInSeconds,
    });
  }
  if (options.soleWorker) await retryDeadRuns(boss, options.raw, options.schema, jobs);
  const polling = options.pollingIntervalSeconds ?? 0.5;

  return {
    boss,
    async send(name, payload, sendOptions) {
      const parsed = jobs[name]!.payload.parse(payload);
      return boss.send(name, parsed as object, sendOptions ?? {});
    },
    work(name, handler) {
      return boss.work(name, { pollingIntervalSeconds: polling, batchSize: 1 }, async (batch) => {
        for (const job of batch) {
          await handler(jobs[name]!.payload.parse(job.data) as JobPayload<R, typeof name>, job);
        }
      });
    },
    async healthy() {
      try {
        await boss.getQueueSize(Object.keys(jobs)[0]!);
        return lastError ? { ok: true, error: lastError } : { ok: true };
      } catch (error) {
        return { ok: false, error: (error as Error).message };
      }
    },
    async stop(graceMs = 10_000) {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: graceMs });
    },
  };
}

/** Fails the active jobs (of the jobs marked `retryAtRestart`) that a dead process left behind. */
async function retryDeadRuns(boss: PgBoss, raw: RawSql, schema: string, jobs: JobRegistry): Promise<void> {
  const names = Object.entries(jobs)
    .filter(([, def]) => def.retryAtRestart)
    .map(([name]) => name);
  if (names.length === 0) return;
  // The schema is ours (a constant or the tests' generated name), never input.
  const { rows } = await raw.executeSql(
    `select name, id from "${schema}".job where state = 'active' and name = any($1::text[])`,
    [names],
  );
  const byName = new Map<string, string[]>();
  for (const row of rows as { name: string; id: string }[])
    byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
  for (const [name, ids] of byName) await boss.fail(name, ids);
}
