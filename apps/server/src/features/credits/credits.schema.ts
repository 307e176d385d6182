import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { at } from '../../platform/db/columns';

const userRef = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A lot of credits (an acquisition record). Every credit ever granted stays accounted for:
 * amount = remaining + expired_amount + refunded_amount + what consumption parts took from it.
 * The database forbids a negative lot and a second grant for the same (user, source, source_ref).
 */
export const creditLots = pgTable(
  'credit_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    source: text('source').notNull(),
    /** Idempotency key of the grant: 'signup', 'order:12', 'activity:x', 'integral:3'. */
    sourceRef: text('source_ref').notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiredAmount: integer('expired_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    details: text('details').notNull().default(''),
    orderId: bigint('order_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('credit_lots_grant_uq').on(t.userId, t.source, t.sourceRef),
    index('credit_lots_spendable_idx')
      .on(t.userId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    index('credit_lots_order_idx').on(t.orderId),
    check('credit_lots_source_ck', sql`${t.source} in ('gift','purchase','conversion','bonus','present')`),
    check('credit_lots_amount_ck', sql`${t.amount} > 0`),
    check('credit_lots_remaining_ck', sql`${t.remaining} >= 0`),
    check('credit_lots_parts_ck', sql`${t.expiredAmount} >= 0 and ${t.refundedAmount} >= 0`),
    check(
      'credit_lots_balance_ck',
      sql`${t.remaining} + ${t.expiredAmount} + ${t.refundedAmount} <= ${t.amount}`,
    ),
  ],
);

/**
 * A consumption record: one charge per (user, kind, task, purpose), enforced by a unique key. The
 * key holds the account because task ids of tools without a task registry are the caller's own
 * names: a charge by one account must never make a task id unavailable to another.
 */
export const creditConsumptions = pgTable(
  'credit_consumptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    kind: text('kind').notNull(),
    taskId: text('task_id').notNull(),
    purpose: text('purpose').notNull(),
    units: integer('units').notNull(),
    /** Credits taken from lots. */
    amount: integer('amount').notNull(),
    /** Membership allowance units used instead of credits. */
    allowanceUnits: integer('allowance_units').notNull().default(0),
    details: text('details').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_consumptions_charge_uq').on(t.userId, t.kind, t.taskId, t.purpose),
    index('credit_consumptions_task_idx').on(t.kind, t.taskId),
    index('credit_consumptions_user_idx').on(t.userId, t.createdAt),
    check(
      'credit_consumptions_amount_ck',
      sql`${t.amount} >= 0 and ${t.allowanceUnits} >= 0 and ${t.units} > 0`,
    ),
  ],
);

/** Which lots a consumption took its credits from (expiring first). */
export const creditConsumptionParts = pgTable(
  'credit_consumption_parts',
  {
    consumptionId: bigint('consumption_id', { mode: 'number' })
      .notNull()
      .references(() => creditConsumptions.id, { onDelete: 'cascade' }),
    lotId: bigint('lot_id', { mode: 'number' })
      .notNull()
      .references(() => creditLots.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.consumptionId, t.lotId] }),
    index('credit_consumption_parts_lot_idx').on(t.lotId),
    check('credit_consumption_parts_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** A paid membership period (§3 weekly, monthly, yearly). One per order. */
export const memberships = pgTable(
  'memberships',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    plan: text('plan').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_order_uq').on(t.orderId),
    index('memberships_user_idx').on(t.userId, t.endsAt),
    check('memberships_plan_ck', sql`${t.plan} in ('weekly','monthly','yearly')`),
    check('memberships_period_ck', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

/** Points from the old system (integral), imported per tool; converted once into credit lots. */
export const legacyPoints = pgTable(
  'legacy_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    kind: text('kind').notNull(),
    points: integer('points').notNull(),
    free: boolean('free').notNull().default(false),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('legacy_points_user_idx').on(t.userId),
    check('legacy_points_points_ck', sql`${t.points} > 0`),
  ],
);

/** The confirmed integral upgrade of an account (status 1). */
export const integralUpgrades = pgTable('integral_upgrades', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  converted: integer('converted').notNull(),
  bonus: integer('bonus').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
