import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '@ai-covers/contracts';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { CreditsService } from '../credits/credits.service';
import { ACTIVITIES, isOpen, type Activity } from './activities';

export const CSRF_COOKIE = 'ai-covers.csrf';

const forbidden = (msg: string) => new AppError(Code.error, msg, 403);

/**
 * The event service: a CSRF token (double submit: a random cookie plus a header carrying the same
 * nonce signed with the server secret) and the present exchange, once per account per activity
 * (the credit lot's unique grant key enforces "once").
 */
export function createPromotionService(deps: {
  credits: CreditsService;
  secret: Uint8Array;
  activities?: readonly Activity[];
}) {
  const activities = deps.activities ?? ACTIVITIES;
  const sign = (nonce: string) =>
    createHmac('sha256', deps.secret).update(`csrf:${nonce}`).digest('base64url');
  const now = deps.credits.now;

  return {
    /** A new CSRF pair: the cookie value (nonce) and the token the client sends back as a header. */
    issueCsrf(): { cookie: string; token: string } {
      const nonce = randomBytes(18).toString('base64url');
      return { cookie: nonce, token: `${nonce}.${sign(nonce)}` };
    },

    /** True when the header token is ours and belongs to the caller's cookie. */
    checkCsrf(cookie: string | undefined, token: string | undefined): boolean {
      if (!cookie || !token) return false;
      const [nonce, mac] = token.split('.');
      if (!nonce || !mac || nonce !== cookie) return false;
      const expected = Buffer.from(sign(nonce));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /** Grants the activity's present to the user once; a second exchange grants nothing. */
    async exchange(
      userId: number,
      input: { pluginId: string; activityId: string; csrfCookie?: string; csrfToken?: string },
    ) {
      if (!this.checkCsrf(input.csrfCookie, input.csrfToken)) {
        throw forbidden('x-csrf-token: missing or invalid CSRF token, fetch /api/v3/market/csrf-token first');
      }
      const activity = activities.find((a) => a.id === input.activityId);
      if (!activity)
        throw new AppError(Code.resourceError, `x-activity-id: no such activity ${input.activityId}`, 404);
      if (activity.pluginId !== input.pluginId) throw badRequest('x-plugin-id: does not match the activity');
      if (!isOpen(activity, now())) throw new AppError(Code.error, 'This activity has ended', 409);
      const { granted, balance } = await deps.credits.grant(userId, {
        source: 'present',
        sourceRef: `activity:${activity.id}`,
        amount: activity.credits,
        details: activity.id,
      });
      return { activity_id: activity.id, granted, credits: granted ? activity.credits : 0, balance };
    },

    /** For user info (pds_active, pds_active_now): is a present running, and can this user claim it. */
    /** `validUntil` is told when an activity's window opens or closes next (the answer changes then). */
    async presentState(
      userId: number,
      validUntil?: (at: Date) => void,
    ): Promise<{ active: boolean; claimable: boolean }> {
      const at = now();
      for (const a of activities)
        for (const edge of [a.startsAt, a.endsAt]) if (edge && edge > at) validUntil?.(edge);
      const open = activities.filter((a) => isOpen(a, at));
      if (open.length === 0) return { active: false, claimable: false };
      const claimed = new Set(
        (await deps.credits.presentsClaimed(userId)).map((ref) => ref.replace(/^activity:/, '')),
      );
      return { active: true, claimable: open.some((a) => !claimed.has(a.id)) };
    },
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
