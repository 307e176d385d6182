import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { LegacyPointsRow, MembershipRow } from './credits.repo';

/** Everything the wallet's part of user info reads, from one statement. */
export interface UserInfoSnapshot {
  /** Spendable credits: unexpired lots' remaining. */
  balance: number;
  /** When the next lot with credits left expires (the balance changes then); null: none. */
  nextLotExpiry: Date | null;
  /** Every membership of the user, oldest start first. */
  memberships: MembershipRow[];
  /** Gifted lots (amount, remaining, expiry). */
  gifts: { amount: number; remaining: number; expiresAt: Date }[];
  /** Old-system points, in id order. */
  legacy: LegacyPointsRow[];
  /** Whether the integral upgrade was confirmed. */
  upgraded: boolean;
  /** Credits ever spent. */
  spent: number;
  /** Allowance units used per tool since the month's start. */
  allowanceUsed: Record<string, number>;
}

type Json = Record<string, unknown>;
// Timestamps travel as epoch milliseconds inside JSON (its text form differs between drivers).
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const date = (value: unknown) => new Date(Number(value));

/**
 * `GET /v1/user/info` reads the wallet on every call; asked as six to nine queries it costs as many
 * round trips (and on the embedded database each waits for the previous). One statement of
 * subqueries reads the same rows at once.
 */
export function createUserInfoRepo(db: Db) {
  return {
    async snapshot(userId: number, at: Date, since: Date): Promise<UserInfoSnapshot> {
      const now = at.toISOString();
      const from = since.toISOString();
      const result = (await db.execute(sql`
        select
          (select coalesce(sum(remaining), 0)::float8 from credit_lots
            where user_id = ${userId} and expires_at > ${now}::timestamptz) as balance,
          (select ${ms('min(expires_at)')} from credit_lots
            where user_id = ${userId} and expires_at > ${now}::timestamptz and remaining > 0) as next_expiry,
          (select coalesce(json_agg(json_build_object(
              'id', id, 'userId', user_id, 'plan', plan, 'startsAt', ${ms('starts_at')},
              'endsAt', ${ms('ends_at')}, 'orderId', order_id, 'createdAt', ${ms('created_at')})
            order by starts_at, id), '[]'::json)
            from memberships where user_id = ${userId}) as memberships,
          (select coalesce(json_agg(json_build_object(
              'amount', amount, 'remaining', remaining, 'expiresAt', ${ms('expires_at')})), '[]'::json)
            from credit_lots where user_id = ${userId} and source = 'gift') as gifts,
          (select coalesce(json_agg(json_build_object(
              'id', id, 'userId', user_id, 'kind', kind, 'points', points, 'free', free,
              'expiresAt', ${ms('expires_at')}, 'createdAt', ${ms('created_at')}) order by id), '[]'::json)
            from legacy_points where user_id = ${userId}) as legacy,
          exists(select 1 from integral_upgrades where user_id = ${userId}) as upgraded,
          (select coalesce(sum(amount), 0)::float8 from credit_consumptions
            where user_id = ${userId}) as spent,
          (select coalesce(json_object_agg(kind, units), '{}'::json) from (
              select kind, sum(allowance_units)::float8 as units from credit_consumptions
              where user_id = ${userId} and created_at >= ${from}::timestamptz group by kind) used
            ) as allowance`)) as unknown as { rows: Json[] };
      const row = result.rows[0]!;
      const list = (value: unknown) =>
        (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Json[];
      const object = (value: unknown) =>
        (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, number>;
      return {
        balance: Number(row.balance),
        nextLotExpiry:
          row.next_expiry === null || row.next_expiry === undefined ? null : date(row.next_expiry),
        memberships: list(row.memberships).map((m) => ({
          id: Number(m.id),
          userId: Number(m.userId),
          plan: String(m.plan),
          startsAt: date(m.startsAt),
          endsAt: date(m.endsAt),
          orderId: m.orderId === null ? null : Number(m.orderId),
          createdAt: date(m.createdAt),
        })),
        gifts: list(row.gifts).map((g) => ({
          amount: Number(g.amount),
          remaining: Number(g.remaining),
          expiresAt: date(g.expiresAt),
        })),
        legacy: list(row.legacy).map((p) => ({
          id: Number(p.id),
          userId: Number(p.userId),
          kind: String(p.kind),
          points: Number(p.points),
          free: Boolean(p.free),
          expiresAt: date(p.expiresAt),
          createdAt: date(p.createdAt),
        })),
        upgraded: Boolean(row.upgraded),
        spent: Number(row.spent),
        allowanceUsed: Object.fromEntries(
          Object.entries(object(row.allowance)).map(([kind, units]) => [kind, Number(units)]),
        ),
      };
    },
  };
}
export type UserInfoRepo = ReturnType<typeof createUserInfoRepo>;
