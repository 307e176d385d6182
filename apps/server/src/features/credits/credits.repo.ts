import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lte,
  sql,
  sum,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import {
  creditConsumptionParts,
  creditConsumptions,
  creditLots,
  integralUpgrades,
  legacyPoints,
  memberships,
} from './credits.schema';

/** A transaction handle; every ledger movement runs inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export type LotRow = typeof creditLots.$inferSelect;
export type ConsumptionRow = typeof creditConsumptions.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type LegacyPointsRow = typeof legacyPoints.$inferSelect;

export interface NewLot {
  userId: number;
  source: LotRow['source'];
  sourceRef: string;
  amount: number;
  expiresAt: Date;
  details: string;
  orderId?: number | null;
}

const num = (v: unknown) => Number(v ?? 0);

/** The ledger's SQL, bound to one executor (the database or an open transaction). */
export function ledgerOps(x: Executor) {
  return {
    /** Inserts a lot unless the same grant exists; null when it did (idempotent grants). */
    async insertLot(lot: NewLot): Promise<LotRow | null> {
      const [row] = await x
        .insert(creditLots)
        .values({ ...lot, remaining: lot.amount, orderId: lot.orderId ?? null })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },
    /** The user's spendable lots, soonest expiry first, row-locked until the transaction ends. */
    lockSpendableLots(userId: number, now: Date): Promise<LotRow[]> {
      return x
        .select()
        .from(creditLots)
        .where(and(eq(creditLots.userId, userId), gt(creditLots.remaining, 0), gt(creditLots.expiresAt, now)))
        .orderBy(asc(creditLots.expiresAt), asc(creditLots.id))
        .for('update');
    },
    async takeFromLot(lotId: number, amount: number): Promise<void> {
      await x
        .update(creditLots)
        .set({ remaining: sql`${creditLots.remaining} - ${amount}` })
        .where(eq(creditLots.id, lotId));
    },
    async findConsumption(userId: number, kind: string, taskId: string, purpose: string) {
      const [row] = await x
        .select()
        .from(creditConsumptions)
        .where(
          and(
            eq(creditConsumptions.userId, userId),
            eq(creditConsumptions.kind, kind),
            eq(creditConsumptions.taskId, taskId),
            eq(creditConsumptions.purpose, purpose),
          ),
        );
      return row;
    },
    /** Inserts the consumption record; null when the unique charge key already exists. */
    async insertConsumption(
      row: Omit<typeof creditConsumptions.$inferInsert, 'id' | 'createdAt'>,
    ): Promise<ConsumptionRow | null> {
      const [inserted] = await x.insert(creditConsumptions).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },
    async insertParts(consumptionId: number, parts: { lotId: number; amount: number }[]): Promise<void> {
      if (parts.length === 0) return;
      await x.insert(creditConsumptionParts).values(parts.map((p) => ({ ...p, consumptionId })));
    },
    async balance(userId: number, now: Date): Promise<number> {
      const [row] = await x
        .select({ total: sum(creditLots.remaining) })
        .from(creditLots)
        .where(and(eq(creditLots.userId, userId), gt(creditLots.expiresAt, now)));
      return num(row?.total);
    },
    /** Allowance units a member used on a tool since a date. */
    async allowanceUsed(userId: number, kind: string, since: Date): Promise<number> {
      const [row] = await x
        .select({ total: sum(creditConsumptions.allowanceUnits) })
        .from(creditConsumptions)
        .where(
          and(
            eq(creditConsumptions.userId, userId),
            eq(creditConsumptions.kind, kind),
            gte(creditConsumptions.createdAt, since),
          ),
        );
      return num(row?.total);
    },
    listMemberships(userId: number): Promise<MembershipRow[]> {
      return x
        .select()
        .from(memberships)
        .where(eq(memberships.userId, userId))
        .orderBy(asc(memberships.startsAt));
    },
    /** The latest end of the user's memberships, so a new period starts after it. */
    async latestMembershipEnd(userId: number): Promise<Date | null> {
      const [row] = await x
        .select({ endsAt: memberships.endsAt })
        .from(memberships)
        .where(eq(memberships.userId, userId))
        .orderBy(desc(memberships.endsAt))
        .limit(1);
      return row?.endsAt ?? null;
    },
    async insertMembership(row: typeof memberships.$inferInsert): Promise<MembershipRow | null> {
      const [inserted] = await x.insert(memberships).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },
    /** Ends a refunded membership now (or removes a period that has not started). */
    async endMembershipOfOrder(orderId: number, now: Date): Promise<MembershipRow | undefined> {
      const [row] = await x
        .update(memberships)
        .set({ endsAt: sql`greatest(${memberships.startsAt}, least(${memberships.endsAt}, ${now}))` })
        .where(eq(memberships.orderId, orderId))
        .returning();
      return row;
    },
    /** Locks an order's lots and moves their unspent credits to `refunded_amount`. */
    async refundLotsOfOrder(orderId: number): Promise<{ amount: number; refunded: number }> {
      const lots = await x.select().from(creditLots).where(eq(creditLots.orderId, orderId)).for('update');
      let amount = 0;
      let refunded = 0;
      for (const lot of lots) {
        amount += lot.amount;
        refunded += lot.remaining;
        if (lot.remaining > 0) {
          await x
            .update(creditLots)
            .set({
              refundedAmount: sql`${creditLots.refundedAmount} + ${creditLots.remaining}`,
              remaining: 0,
            })
            .where(eq(creditLots.id, lot.id));
        }
      }
      return { amount, refunded };
    },
    /** Has the user ever been granted a lot from this source. */
    async lotsBySource(userId: number, source: LotRow['source']): Promise<LotRow[]> {
      return x
        .select()
        .from(creditLots)
        .where(and(eq(creditLots.userId, userId), eq(creditLots.source, source)));
    },
    listLegacyPoints(userId: number): Promise<LegacyPointsRow[]> {
      return x
        .select()
        .from(legacyPoints)
        .where(eq(legacyPoints.userId, userId))
        .orderBy(asc(legacyPoints.id));
    },
    async insertLegacyPoints(rows: (typeof legacyPoints.$inferInsert)[]): Promise<void> {
      if (rows.length) await x.insert(legacyPoints).values(rows);
    },
    async findUpgrade(userId: number) {
      const [row] = await x.select().from(integralUpgrades).where(eq(integralUpgrades.userId, userId));
      return row;
    },
    /** Records the upgrade; false when it had already been confirmed. */
    async insertUpgrade(userId: number, converted: number, bonus: number): Promise<boolean> {
      const rows = await x
        .insert(integralUpgrades)
        .values({ userId, converted, bonus })
        .onConflictDoNothing()
        .returning({ userId: integralUpgrades.userId });
      return rows.length > 0;
    },
  };
}
export type LedgerOps = ReturnType<typeof ledgerOps>;

/** All SQL of the wallet: ledger movements in per-user transactions, reads outside them. */
/** "This user was charged this purpose of this task", on columns of the statement it is part of. */
export type ChargedCondition = (userId: SQLWrapper, taskId: SQLWrapper) => SQL;

export function createCreditsRepo(db: Db) {
  return {
    ...ledgerOps(db),
    /**
     * Runs `fn` in one transaction holding the user's advisory lock: every movement of one
     * user's credits is serialised on Postgres and PGlite alike, so a race cannot spend twice.
     */
    inUserTx<T>(userId: number, fn: (ops: LedgerOps, tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`credits:${userId}`}, 0))`);
        return fn(ledgerOps(tx), tx);
      });
    },
    /** Moves the unspent part of every lot past its expiry to `expired_amount`. */
    async expireLots(now: Date): Promise<{ lots: number; credits: number }> {
      const rows = await db
        .update(creditLots)
        .set({ expiredAmount: sql`${creditLots.expiredAmount} + ${creditLots.remaining}`, remaining: 0 })
        .where(and(lte(creditLots.expiresAt, now), gt(creditLots.remaining, 0)))
        .returning({ id: creditLots.id, expired: creditLots.expiredAmount });
      return { lots: rows.length, credits: rows.reduce((a, r) => a + r.expired, 0) };
    },
    /** Per-source totals for the credits page. */
    async lotTotals(userId: number, now: Date) {
      return db
        .select({
          source: creditLots.source,
          amount: sum(creditLots.amount),
          live: sql<string>`coalesce(sum(case when ${creditLots.expiresAt} > ${now} then ${creditLots.remaining} else 0 end), 0)`,
          expired: sql<string>`coalesce(sum(${creditLots.expiredAmount} + case when ${creditLots.expiresAt} <= ${now} then ${creditLots.remaining} else 0 end), 0)`,
          nextExpiry: sql<
            Date | string | null
          >`min(case when ${creditLots.expiresAt} > ${now} and ${creditLots.remaining} > 0 then ${creditLots.expiresAt} end)`,
        })
        .from(creditLots)
        .where(eq(creditLots.userId, userId))
        .groupBy(creditLots.source);
    },
    async listLots(userId: number, limit: number, offset: number) {
      const where = eq(creditLots.userId, userId);
      const [total] = await db.select({ n: count() }).from(creditLots).where(where);
      const rows = await db
        .select()
        .from(creditLots)
        .where(where)
        .orderBy(desc(creditLots.createdAt), desc(creditLots.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },
    async listConsumptions(userId: number, limit: number, offset: number) {
      const where = eq(creditConsumptions.userId, userId);
      const [total] = await db.select({ n: count() }).from(creditConsumptions).where(where);
      const rows = await db
        .select()
        .from(creditConsumptions)
        .where(where)
        .orderBy(desc(creditConsumptions.createdAt), desc(creditConsumptions.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },
    /** Credits the user has spent in total (verify_used). */
    /** Which of these tasks of a tool the user has been charged for, for one purpose. */
    async chargedTaskIds(
      userId: number,
      kind: string,
      purpose: string,
      taskIds: string[],
    ): Promise<Set<string>> {
      if (taskIds.length === 0) return new Set();
      const rows = await db
        .select({ taskId: creditConsumptions.taskId })
        .from(creditConsumptions)
        .where(
          and(
            eq(creditConsumptions.userId, userId),
            eq(creditConsumptions.kind, kind),
            eq(creditConsumptions.purpose, purpose),
            inArray(creditConsumptions.taskId, taskIds),
          ),
        );
      return new Set(rows.map((r) => r.taskId));
    },
    /**
     * The same question as `chargedTaskIds` as an SQL condition on another statement's columns, so
     * a feature listing its tasks learns which were paid without a round trip of its own.
     */
    chargedCondition(kind: string, purpose: string): ChargedCondition {
      // A PL/pgSQL function (migration 0022) over the charge's unique index: its statement is
      // planned once per connection, not with every view that asks it.
      return (userId, taskId) => sql`credits_charged(${userId}, ${kind}::text, ${purpose}::text, ${taskId})`;
    },
    /** Per order: the membership end or the latest expiry of its credit lots. */
    async expiriesOfOrders(orderIds: number[]): Promise<Map<number, Date>> {
      const out = new Map<number, Date>();
      if (orderIds.length === 0) return out;
      const lots = await db
        .select({ orderId: creditLots.orderId, at: sql<Date>`max(${creditLots.expiresAt})` })
        .from(creditLots)
        .where(inArray(creditLots.orderId, orderIds))
        .groupBy(creditLots.orderId);
      const periods = await db
        .select({ orderId: memberships.orderId, at: memberships.endsAt })
        .from(memberships)
        .where(inArray(memberships.orderId, orderIds));
      for (const r of [...lots, ...periods]) if (r.orderId !== null) out.set(r.orderId, new Date(r.at));
      return out;
    },
    async spentTotal(userId: number): Promise<number> {
      const [row] = await db
        .select({ total: sum(creditConsumptions.amount) })
        .from(creditConsumptions)
        .where(eq(creditConsumptions.userId, userId));
      return num(row?.total);
    },
    /** Reconciliation for tests and audits: per lot, amount minus everything accounted for. */
    async unreconciledLots(userId: number): Promise<number> {
      const rows = await db.execute(sql`
        select l.id from credit_lots l
        left join (select lot_id, sum(amount) as spent from credit_consumption_parts group by lot_id) p
          on p.lot_id = l.id
        where l.user_id = ${userId}
          and l.amount <> l.remaining + l.expired_amount + l.refunded_amount + coalesce(p.spent, 0)`);
      return (rows as unknown as { rows: unknown[] }).rows.length;
    },
  };
}
export type CreditsRepo = ReturnType<typeof createCreditsRepo>;
