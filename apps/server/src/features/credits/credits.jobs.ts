import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Queue } from '../../platform/queue/queue';
import { defineJob } from '../../platform/queue/registry';
import type { CreditsService } from './credits.service';

export const EXPIRE_LOTS_JOB = 'credits.expire-lots';

/** The wallet's jobs, by name (the app root puts every feature's together). */
export const creditsJobs = {
  // The scheduled sweep that writes off expired credit lots.
  [EXPIRE_LOTS_JOB]: defineJob({
    payload: z.object({}).passthrough(),
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  }),
};
/** Every 10 minutes: balances never count expired lots anyway; the sweep makes records say so. */
export const EXPIRE_LOTS_CRON = '*/10 * * * *';

/** Registers the expiry sweep's handler and its schedule (pg-boss cron runs it on one worker). */
export async function startCreditsJobs(deps: {
  queue: Queue<typeof creditsJobs>;
  credits: Pick<CreditsService, 'expireLots'>;
  log: FastifyBaseLogger;
}): Promise<void> {
  await deps.queue.work(EXPIRE_LOTS_JOB, async () => {
    const result = await deps.credits.expireLots();
    if (result.lots > 0) deps.log.info(result, 'expired credit lots');
    return result;
  });
  await deps.queue.boss.schedule(EXPIRE_LOTS_JOB, EXPIRE_LOTS_CRON, {}, { tz: 'UTC' });
}
