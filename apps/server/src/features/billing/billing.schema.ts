import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

/** An order: pending until the provider's webhook marks it paid (and fulfils it), once. */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    type: text('type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    /** The provider's checkout id (Stripe session id); unique so one session fulfils one order. */
    providerRef: text('provider_ref'),
    /** The provider's payment id (Stripe payment intent), needed to refund. */
    paymentRef: text('payment_ref'),
    returnPath: text('return_path').notNull().default('/'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    refundedAt: at('refunded_at'),
    canceledAt: at('canceled_at'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_provider_ref_uq').on(t.provider, t.providerRef),
    check('orders_status_ck', sql`${t.status} in ('pending','paid','canceled','refunded')`),
    check(
      'orders_amount_ck',
      sql`${t.amountCents} > 0 and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
  ],
);

/** Every webhook event we acted on: a replayed delivery hits the primary key and grants nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    type: text('type').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
