import { defineFeature } from '../../platform/feature';
import type { CreditsService } from '../credits/credits.service';
import { promotionRoutes } from './promotion.routes';
import { createPromotionService } from './promotion.service';

/** The event service (§7 market calls): CSRF token, present exchange, the promotion page. */
export function createPromotionFeature(deps: {
  credits: CreditsService;
  secret: Uint8Array;
  basePath: string;
}) {
  const service = createPromotionService({ credits: deps.credits, secret: deps.secret });
  return defineFeature({
    service,
    /** For the sign-in feature's user info: whether a login present runs (§3 pds_active, pds_active_now). */
    async userInfoContributor({ userId, validUntil }: { userId: number; validUntil?: (at: Date) => void }) {
      const present = await service.presentState(userId, validUntil);
      return { pds_active_now: present.claimable ? 1 : 0, pds_active: present.active ? 1 : 0 };
    },
    routes: [promotionRoutes(service, deps.basePath)],
  });
}
