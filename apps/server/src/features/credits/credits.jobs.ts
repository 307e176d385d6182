import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client';
import type { Queue } from '../../platform/queue/queue';
import { createCreditsRepo } from './credits.repo';
import { createCreditsService } from './credits.service';

export const EXPIRE_LOTS_JOB = 'credits.expire-lots';
/** Every 10 minutes: balances never count expired lots anyway; the sweep makes records say so. */
export const EXPIRE_LOTS_CRON = '*/10 * * * *';

/** Registers the expiry sweep's handler and its schedule (pg-boss cron runs it on one worker). */
export async function startCreditsJobs(deps: { queue: Queue; database: Database; log: FastifyBaseLogger }) {
  const credits = createCreditsService({ repo: createCreditsRepo(deps.database.db) });
  await deps.queue.work(EXPIRE_LOTS_JOB, async () => {
    const result = await credits.expireLots();
    if (result.lots > 0) deps.log.info(result, 'expired credit lots');
    return result;
  });
  await deps.queue.boss.schedule(EXPIRE_LOTS_JOB, EXPIRE_LOTS_CRON, {}, { tz: 'UTC' });
}
