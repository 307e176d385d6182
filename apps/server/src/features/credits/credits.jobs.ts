import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from '../../platform/queue/queue';
import type { CreditsService } from './credits.service';

export const EXPIRE_LOTS_JOB = 'credits.expire-lots';
/** Every 10 minutes: balances never count expired lots anyway; the sweep makes records say so. */
export const EXPIRE_LOTS_CRON = '*/10 * * * *';

/** Registers the expiry sweep's handler and its schedule (pg-boss cron runs it on one worker). */
export async function startCreditsJobs(deps: {
  queue: Queue;
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
