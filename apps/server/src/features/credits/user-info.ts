import { CREDIT_COSTS, CREDIT_RULES, type UserInfoCreditFields } from '@ai-covers/contracts';
import type { UserInfoRepo } from './user-info.repo';
import { activeMemberships, toMembershipItem } from './credits.service';
import { summarisePoints } from './integral.service';
import { addMonths, monthStart } from './credits-time';

const nextMonthStart = (at: Date) => addMonths(monthStart(at), 1);

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** -1 in a "left" field means unlimited (members on tools without a monthly cap). */
const UNLIMITED = -1;

/**
 * The user-info fields of §3 the wallet owns, for `GET /v1/user/info`. Meanings we chose where the
 * spec names a field only (docs/decisions/061-credits-ledger.md): `*_free`/`*_left` are what a
 * member may still use this month per tool (-1 unlimited), `free_*` the gifted credits.
 */
export function createUserInfoCredits(deps: { snapshots: UserInfoRepo; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  /**
   * `validUntil` is told every instant after which these fields would read differently with no
   * write in between (a lot's or point's expiry, a membership's start or end, the next month's
   * allowances): an answer kept in memory is not served past the earliest.
   */
  return async function userInfoCredits(
    userId: number,
    validUntil?: (at: Date) => void,
  ): Promise<UserInfoCreditFields> {
    const at = now();
    const since = monthStart(at);
    // One round trip for every row below (this runs on every user-info call).
    const snapshot = await deps.snapshots.snapshot(userId, at, since);
    const { balance, memberships: rows, gifts, legacy, spent } = snapshot;
    const upgrade = snapshot.upgraded;
    const active = activeMemberships(rows, at);
    const member = active.length > 0;
    const end = rows.reduce<Date | null>(
      (a, m) => (m.endsAt > at && (!a || m.endsAt > a) ? m.endsAt : a),
      null,
    );
    const left = (kind: keyof typeof CREDIT_COSTS) => {
      if (!member) return 0;
      const cap = CREDIT_COSTS[kind].memberAllowance;
      if (cap === null) return UNLIMITED;
      return Math.max(0, cap - (snapshot.allowanceUsed[kind] ?? 0));
    };
    const [bg, vbg, venh] = [left('bgremover'), left('video-bgremover'), left('video-enhancer')];
    const points = summarisePoints(legacy, at, Boolean(upgrade));
    const liveGifts = gifts.filter((g) => g.expiresAt > at);
    if (validUntil) {
      const later = (d: Date | null) => d !== null && d > at;
      const instants = [
        snapshot.nextLotExpiry,
        nextMonthStart(at),
        ...rows.flatMap((m) => [m.startsAt, m.endsAt]),
        ...gifts.map((g) => g.expiresAt),
        ...legacy.map((p) => p.expiresAt),
      ];
      for (const instant of instants) if (later(instant)) validUntil(instant!);
    }
    return {
      credit: balance,
      vip: member ? 1 : 0,
      pro: member ? 1 : 0,
      subscribe: member ? 1 : 0,
      subscribeList: rows.filter((m) => m.endsAt > at).map((m) => toMembershipItem(m, at)),
      expire_time: unix(end),
      integral: points.integral,
      integral_free: upgrade
        ? 0
        : legacy.filter((r) => r.free && r.expiresAt > at).reduce((a, r) => a + r.points, 0),
      integral_all: points.integral_all,
      integral_expired_time: points.integral_expired_time
        ? unix(new Date(`${points.integral_expired_time.replace(' ', 'T')}:00Z`))
        : 0,
      integral_is_expired: points.integral_is_expired,
      duration: member ? (CREDIT_COSTS['video-enhancer'].memberAllowance ?? 0) : 0,
      duration_free: venh,
      tt_free: bg,
      itr_free: member ? UNLIMITED : 0,
      free_left: liveGifts.reduce((a, g) => a + g.remaining, 0),
      free_total: gifts.reduce((a, g) => a + g.amount, 0) || CREDIT_RULES.signupGift,
      verify: member || balance > 0 ? 1 : 0,
      verify_used: spent,
      verify_level: member ? 1 : 0,
      verify_expired_time: unix(end),
      vst_free_left: vbg,
      tcm_free_left: member ? UNLIMITED : 0,
      crc_dl_left: member ? UNLIMITED : balance,
      restyle_free_left: member ? UNLIMITED : 0,
    };
  };
}
