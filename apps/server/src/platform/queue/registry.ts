import type { z } from 'zod';

/** One job definition: its payload schema and queue policy (retries, expiry). */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  /**
   * A run of this job may simply run again: on the embedded database, where no other process shares
   * the queue, a job still active when the server starts died with the server before it, and is
   * retried at start-up (after its retry delay) instead of after its expiry.
   */
  retryAtRestart?: boolean;
}

/**
 * Jobs by queue name. Each feature defines its own beside their handlers and the app root puts
 * them together (jobs.ts), so producers and workers share one typed payload per name and nothing
 * is discovered by scanning folders.
 */
export type JobRegistry = Record<string, JobDefinition>;

/** The payload type of one job of a registry. */
export type JobPayload<R extends JobRegistry, N extends keyof R> = z.infer<R[N]['payload']>;

/** Checks one job definition and keeps its payload's type. */
export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
