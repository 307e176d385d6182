import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { LedgerTx } from '../credits/credits.service';
import { orders, webhookEvents } from './billing.schema';

export type OrderRow = typeof orders.$inferSelect;
type Executor = Db | LedgerTx;

/** Order SQL bound to one executor, so fulfilment and refunds share the ledger's transaction. */
export function billingOps(x: Executor) {
  return {
    /** Records a webhook event; false when this (provider, event id) was seen before (a replay). */
    async insertEvent(
      provider: string,
      eventId: string,
      orderId: number | null,
      type: string,
    ): Promise<boolean> {
      const rows = await x
        .insert(webhookEvents)
        .values({ provider, eventId, orderId, type })
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId });
      return rows.length > 0;
    },
    async lockOrder(id: number): Promise<OrderRow | undefined> {
      const [row] = await x.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },
    async markPaid(id: number, paymentRef: string | null, at: Date): Promise<void> {
      await x.update(orders).set({ status: 'paid', paymentRef, paidAt: at }).where(eq(orders.id, id));
    },
    async markCanceled(id: number, at: Date): Promise<void> {
      await x
        .update(orders)
        .set({ status: 'canceled', canceledAt: at })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')));
    },
    async markRefunded(id: number, cents: number, at: Date): Promise<void> {
      await x
        .update(orders)
        .set({ status: 'refunded', refundedCents: cents, refundedAt: at })
        .where(eq(orders.id, id));
    },
  };
}

/** All SQL of orders outside a ledger transaction. */
export function createBillingRepo(db: Db) {
  return {
    ...billingOps(db),
    async insertOrder(row: typeof orders.$inferInsert): Promise<OrderRow> {
      const [inserted] = await db.insert(orders).values(row).returning();
      return inserted!;
    },
    async setProviderRef(id: number, providerRef: string): Promise<void> {
      await db.update(orders).set({ providerRef }).where(eq(orders.id, id));
    },
    async findOrder(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    async findByProviderRef(provider: string, providerRef: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.providerRef, providerRef)));
      return row;
    },
    listOrders(userId: number, limit = 100): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },
    listBought(userId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'refunded'])))
        .orderBy(desc(orders.paidAt));
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;
