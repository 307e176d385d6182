import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import { startCreditsJobs } from './credits.jobs';
import { createCreditsRepo } from './credits.repo';
import { creditsRoutes } from './credits.routes';
import { createCreditsService } from './credits.service';
import { createIntegralService } from './integral.service';
import { createUserInfoCredits } from './user-info';
import { createUserInfoRepo } from './user-info.repo';

/**
 * The credits wallet (§3 credits account, §6, §9): charges, grants, records, points and memberships.
 *
 * One cycle with covers, written down here and in covers.feature.ts: covers asks the wallet which
 * covers are paid (built after it, it gets that at construction), and the wallet asks covers who
 * owns a task before charging it and what it is called in the records (`service.registerTool`,
 * called in app.ts once both exist).
 */
export function createCreditsFeature(deps: { db: Db }) {
  const repo = createCreditsRepo(deps.db);
  const service = createCreditsService({ repo });
  const integral = createIntegralService({ credits: service });
  const userInfoCredits = createUserInfoCredits({ snapshots: createUserInfoRepo(deps.db) });
  // Accounts whose signup gift this process has seen granted: the grant is idempotent, so asking
  // once per process is enough, and user info then costs no gift lookup per call.
  const gifted = new Set<number>();
  return defineFeature({
    service,
    integral,
    /** The §3 user-info fields the wallet owns. */
    userInfoCredits,
    /**
     * For the sign-in feature's user info: makes sure the account has its signup gift (login returns
     * user info, so a new account gets it at its first sign-in; idempotent), then the wallet's fields.
     */
    async userInfoContributor({ userId, validUntil }: { userId: number; validUntil?: (at: Date) => void }) {
      if (!gifted.has(userId)) {
        await service.grantSignupGift(userId);
        if (gifted.size >= 100_000) gifted.clear();
        gifted.add(userId);
      }
      return userInfoCredits(userId, validUntil);
    },
    routes: [creditsRoutes(service, integral)],
    startJobs: (queue, log) => startCreditsJobs({ queue, credits: service, log }),
  });
}
