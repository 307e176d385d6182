import { z } from 'zod';

/** One job definition: its payload schema and queue policy (retries, expiry). */
export interface JobDefinition<S extends z.ZodType> {
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
}

function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

/**
 * Every queue of the product, by name. Features add their jobs here, so producers and workers share
 * one typed payload per name and nothing is discovered by scanning folders.
 */
export const jobs = {
  'system.echo': defineJob({
    payload: z.object({ message: z.string().max(200) }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 30,
  }),
  // Credits (issue 6): the scheduled sweep that writes off expired credit lots.
  'credits.expire-lots': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
  // Storage (issue 4): retention of anonymous uploads (files and bytes).
  'storage.expire-uploads': defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
  }),
} as const;

export type JobName = keyof typeof jobs;
export type JobPayload<N extends JobName> = z.infer<(typeof jobs)[N]['payload']>;
