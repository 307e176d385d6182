import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  TransactionRollbackError,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import {
  headshotEntitlements,
  headshotPackTasks,
  headshotPhotos,
  headshotResults,
  headshotShares,
} from './headshots.schema';

/** A transaction handle (billing hands its own in when an order is paid). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type PhotoRow = typeof headshotPhotos.$inferSelect;
export type PackRow = typeof headshotPackTasks.$inferSelect;
export type ResultRow = typeof headshotResults.$inferSelect;
export type ShareRow = typeof headshotShares.$inferSelect;
export type NewResultRow = typeof headshotResults.$inferInsert;

/** Photos on the upload page: not yet in a pack. */
const draft = (userId: number) => and(eq(headshotPhotos.userId, userId), isNull(headshotPhotos.packId));
/** A lease end on the database's clock, so workers with skewed clocks agree. */
const leaseEnd = (ttlMs: number) => sql`now() + make_interval(secs => ${ttlMs / 1000})`;
/** Writes of a run: only while the pack generates and this job still holds it. */
const runGuard = (id: string, jobId: string) =>
  and(
    eq(headshotPackTasks.id, id),
    eq(headshotPackTasks.status, 'generating'),
    eq(headshotPackTasks.taskStatus, 2),
    eq(headshotPackTasks.jobId, jobId),
  );
const lockUser = (tx: Tx, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`headshots:u:${userId}`}, 0))`);

/** The entitlement statements, usable inside another feature's transaction (billing's order). */
export function entitlementOps(x: Db | Tx) {
  return {
    async grant(row: { userId: number; orderId: number; plan: string; results: number }): Promise<void> {
      await x.insert(headshotEntitlements).values(row).onConflictDoNothing();
    },
    /** Takes back the unspent entitlement of an order; 'spent' when a pack already used it. */
    async refund(orderId: number, at: Date): Promise<'refunded' | 'spent' | 'missing'> {
      const [row] = await x
        .select()
        .from(headshotEntitlements)
        .where(eq(headshotEntitlements.orderId, orderId))
        .for('update');
      if (!row) return 'missing';
      if (row.spentAt) return 'spent';
      await x
        .update(headshotEntitlements)
        .set({ spentAt: at, spentBy: 'refund' })
        .where(eq(headshotEntitlements.id, row.id));
      return 'refunded';
    },
  };
}

/** All SQL of the headshots feature. */
export function createHeadshotsRepo(db: Db) {
  return {
    db,
    entitlements: entitlementOps(db),

    async availableByPlan(userId: number): Promise<Record<string, number>> {
      const rows = await db
        .select({ plan: headshotEntitlements.plan, n: count() })
        .from(headshotEntitlements)
        .where(and(eq(headshotEntitlements.userId, userId), isNull(headshotEntitlements.spentAt)))
        .groupBy(headshotEntitlements.plan);
      return Object.fromEntries(rows.map((r) => [r.plan, r.n]));
    },

    // ---- photos ----

    /**
     * Adds a photo unless the upload page already holds `max` (a replaced photo leaves in the same
     * transaction). Serialised per user, so two parallel adds cannot both take the 20th place.
     * Returns null when full; `replaced` is the removed photo's row.
     */
    addPhoto(
      row: typeof headshotPhotos.$inferInsert,
      max: number,
      replaceId: string | undefined,
    ): Promise<{ photo: PhotoRow; replaced: PhotoRow | null } | 'full' | 'no-replace' | 'duplicate'> {
      return db.transaction(async (tx) => {
        await lockUser(tx, row.userId);
        if (row.fileId) {
          const [used] = await tx
            .select({ id: headshotPhotos.id })
            .from(headshotPhotos)
            .where(eq(headshotPhotos.fileId, row.fileId));
          if (used) return 'duplicate' as const;
        }
        const [n] = await tx.select({ n: count() }).from(headshotPhotos).where(draft(row.userId));
        if ((n?.n ?? 0) - (replaceId ? 1 : 0) >= max) return 'full' as const;
        let replaced: PhotoRow | null = null;
        if (replaceId) {
          [replaced = null] = await tx
            .delete(headshotPhotos)
            .where(and(draft(row.userId), eq(headshotPhotos.id, replaceId)))
            .returning();
          if (!replaced) return 'no-replace' as const;
        }
        const [photo] = await tx.insert(headshotPhotos).values(row).returning();
        return { photo: photo!, replaced };
      });
    },

    draftPhotos(userId: number): Promise<PhotoRow[]> {
      return db.select().from(headshotPhotos).where(draft(userId)).orderBy(asc(headshotPhotos.createdAt));
    },
    async findPhoto(userId: number, id: string): Promise<PhotoRow | null> {
      const [row] = await db
        .select()
        .from(headshotPhotos)
        .where(and(eq(headshotPhotos.userId, userId), eq(headshotPhotos.id, id)));
      return row ?? null;
    },
    async photoById(id: string): Promise<PhotoRow | null> {
      const [row] = await db.select().from(headshotPhotos).where(eq(headshotPhotos.id, id));
      return row ?? null;
    },
    photosOfPack(packId: string): Promise<PhotoRow[]> {
      return db
        .select()
        .from(headshotPhotos)
        .where(eq(headshotPhotos.packId, packId))
        .orderBy(asc(headshotPhotos.createdAt));
    },
    async setCheck(
      id: string,
      check: Pick<PhotoRow, 'status' | 'reasons' | 'data' | 'face' | 'width' | 'height' | 'format'> &
        Partial<Pick<PhotoRow, 'capacity' | 'fingerprint'>>,
      at: Date,
    ): Promise<void> {
      await db
        .update(headshotPhotos)
        .set({ ...check, checkedAt: at })
        .where(and(eq(headshotPhotos.id, id), eq(headshotPhotos.status, 'checking')));
    },
    async deleteDraftPhoto(userId: number, id: string): Promise<PhotoRow | null> {
      const [row] = await db
        .delete(headshotPhotos)
        .where(and(draft(userId), eq(headshotPhotos.id, id)))
        .returning();
      return row ?? null;
    },

    // ---- packs ----

    /**
     * Submits a paid pack in one transaction: takes the oldest unspent entitlement of the plan
     * (locked, so a racing submit cannot take it too), moves the photos from the upload page into
     * the pack (all of them approved and still on the page, or nothing happens) and writes the pack.
     */
    submitPaid(
      pack: typeof headshotPackTasks.$inferInsert,
      photoIds: string[],
      at: Date,
      resultsLimit: number | null,
    ): Promise<PackRow | 'no-entitlement' | 'photos-changed'> {
      return db
        .transaction(async (tx) => {
          await lockUser(tx, pack.userId);
          const [ent] = await tx
            .select()
            .from(headshotEntitlements)
            .where(
              and(
                eq(headshotEntitlements.userId, pack.userId),
                eq(headshotEntitlements.plan, pack.plan),
                isNull(headshotEntitlements.spentAt),
              ),
            )
            .orderBy(asc(headshotEntitlements.createdAt), asc(headshotEntitlements.id))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!ent) return 'no-entitlement';
          const spent = await tx
            .update(headshotEntitlements)
            .set({ spentAt: at, spentBy: pack.id })
            .where(and(eq(headshotEntitlements.id, ent.id), isNull(headshotEntitlements.spentAt)))
            .returning({ id: headshotEntitlements.id });
          if (spent.length !== 1) return 'no-entitlement';
          const [row] = await tx
            .insert(headshotPackTasks)
            .values({
              ...pack,
              entitlementId: ent.id,
              count: Math.min(ent.results, resultsLimit ?? ent.results),
            })
            .returning();
          const moved = await tx
            .update(headshotPhotos)
            .set({ packId: pack.id })
            .where(
              and(
                draft(pack.userId),
                eq(headshotPhotos.status, 'approved'),
                inArray(headshotPhotos.id, photoIds),
              ),
            )
            .returning({ id: headshotPhotos.id });
          if (moved.length !== photoIds.length) {
            tx.rollback();
          }
          return row!;
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return 'photos-changed' as const;
          throw error;
        });
    },

    /** A free pack (trial, previews): photos stay on the upload page; they are read, not moved. */
    async insertFreePack(pack: typeof headshotPackTasks.$inferInsert): Promise<PackRow> {
      const [row] = await db.insert(headshotPackTasks).values(pack).returning();
      return row!;
    },
    async generatingOfKind(userId: number, kind: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(headshotPackTasks)
        .where(
          and(
            eq(headshotPackTasks.userId, userId),
            eq(headshotPackTasks.kind, kind),
            eq(headshotPackTasks.status, 'generating'),
          ),
        );
      return row?.n ?? 0;
    },
    async hasKind(userId: number, kind: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(headshotPackTasks)
        .where(and(eq(headshotPackTasks.userId, userId), eq(headshotPackTasks.kind, kind)));
      return (row?.n ?? 0) > 0;
    },

    listPacks(userId: number): Promise<PackRow[]> {
      return db
        .select()
        .from(headshotPackTasks)
        .where(eq(headshotPackTasks.userId, userId))
        .orderBy(desc(headshotPackTasks.createdAt));
    },
    async findPack(userId: number, id: string): Promise<PackRow | null> {
      const [row] = await db
        .select()
        .from(headshotPackTasks)
        .where(and(eq(headshotPackTasks.userId, userId), eq(headshotPackTasks.id, id)));
      return row ?? null;
    },
    async packById(id: string): Promise<PackRow | null> {
      const [row] = await db.select().from(headshotPackTasks).where(eq(headshotPackTasks.id, id));
      return row ?? null;
    },
    async updatePack(id: string, set: Partial<PackRow>, onlyStatus?: string): Promise<PackRow | null> {
      const [row] = await db
        .update(headshotPackTasks)
        .set(set)
        .where(
          and(
            eq(headshotPackTasks.id, id),
            onlyStatus ? eq(headshotPackTasks.status, onlyStatus) : undefined,
          ),
        )
        .returning();
      return row ?? null;
    },
    /**
     * Starts a run: a waiting pack, or a running one this same job held before (a queue retry of
     * the job). Any other job finds nothing and skips, so a pack never runs twice at once.
     */
    async claimPack(
      id: string,
      jobId: string,
      at: Date,
      lease: { owner: string; ttlMs: number },
    ): Promise<PackRow | null> {
      const [row] = await db
        .update(headshotPackTasks)
        .set({
          taskStatus: 2,
          stage: 'checking',
          progress: 0,
          delivered: 0,
          jobId,
          startedAt: at,
          leaseOwner: lease.owner,
          leaseUntil: leaseEnd(lease.ttlMs),
        })
        .where(
          and(
            eq(headshotPackTasks.id, id),
            eq(headshotPackTasks.status, 'generating'),
            or(
              eq(headshotPackTasks.taskStatus, 1),
              and(eq(headshotPackTasks.taskStatus, 2), eq(headshotPackTasks.jobId, jobId)),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Extends a run's lease; false when the run is no longer this job's (it must stop). */
    async renewPackLease(id: string, jobId: string, ttlMs: number): Promise<boolean> {
      const rows = await db
        .update(headshotPackTasks)
        .set({ leaseUntil: leaseEnd(ttlMs) })
        .where(runGuard(id, jobId))
        .returning({ id: headshotPackTasks.id });
      return rows.length > 0;
    },
    /** A write of the run holding the pack (progress, hand-back); null when it holds it no more. */
    async updateRun(id: string, jobId: string, set: Partial<PackRow>): Promise<PackRow | null> {
      const [row] = await db.update(headshotPackTasks).set(set).where(runGuard(id, jobId)).returning();
      return row ?? null;
    },
    /**
     * Runs whose worker died: their lease lapsed (a run without a lease, from before leases, too),
     * or, with `owners`, they belong to one of these dead workers. Each goes back to waiting without
     * a job (the caller sends one); a pack that already lost `maxLapses` runs this way fails with a
     * retry offer instead. Its entitlement stays spent by the pack, so the retry is free.
     */
    async reclaimDeadPacks(options: {
      owners?: string[];
      maxLapses: number;
      failed: { error: string; errorCode: string; expiresAt: Date };
    }): Promise<{ requeued: string[]; failed: string[] }> {
      const dead = options.owners
        ? options.owners.length > 0
          ? inArray(headshotPackTasks.leaseOwner, options.owners)
          : sql`false`
        : or(isNull(headshotPackTasks.leaseUntil), lt(headshotPackTasks.leaseUntil, sql`now()`));
      const giveUp = sql`${headshotPackTasks.lapses} + 1 >= ${sql.raw(String(Math.trunc(options.maxLapses)))}`;
      const rows = await db
        .update(headshotPackTasks)
        .set({
          status: sql`case when ${giveUp} then 'failure' else 'generating' end`,
          taskStatus: sql`case when ${giveUp} then 4 else 1 end`,
          error: sql`case when ${giveUp} then ${options.failed.error} else null end`,
          errorCode: sql`case when ${giveUp} then ${options.failed.errorCode} else null end`,
          finishedAt: sql`case when ${giveUp} then now() else null end`,
          expiresAt: sql`case when ${giveUp} then ${options.failed.expiresAt.toISOString()}::timestamptz else ${headshotPackTasks.expiresAt} end`,
          jobId: null,
          stage: null,
          progress: 0,
          delivered: 0,
          startedAt: null,
          lapses: sql`${headshotPackTasks.lapses} + 1`,
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(and(eq(headshotPackTasks.status, 'generating'), eq(headshotPackTasks.taskStatus, 2), dead))
        .returning({ id: headshotPackTasks.id, status: headshotPackTasks.status });
      return {
        requeued: rows.filter((r) => r.status === 'generating').map((r) => r.id),
        failed: rows.filter((r) => r.status === 'failure').map((r) => r.id),
      };
    },
    /** The lease owners of running packs (the start-up looks for its own dead predecessors). */
    async runningPackOwners(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ owner: headshotPackTasks.leaseOwner })
        .from(headshotPackTasks)
        .where(and(eq(headshotPackTasks.status, 'generating'), eq(headshotPackTasks.taskStatus, 2)));
      return rows.flatMap((r) => (r.owner ? [r.owner] : []));
    },
    /** Writes a finished pack's results and its success in one step (only by the run holding it). */
    async finishPack(
      id: string,
      jobId: string,
      results: NewResultRow[],
      set: Partial<PackRow>,
    ): Promise<PackRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(headshotPackTasks)
          .set({ ...set, leaseOwner: null, leaseUntil: null })
          .where(runGuard(id, jobId))
          .returning();
        if (!row) return null;
        if (results.length) await tx.insert(headshotResults).values(results);
        return row;
      });
    },
    /**
     * A paid run whose photos cannot make the pack (decision 166): in one step the pack fails with
     * `failure`, its entitlement is unspent again and its photos go back to the upload page, so the
     * account can submit them again with more photos. Only by the run holding the pack; false when
     * it holds it no more.
     */
    async givePackBack(id: string, jobId: string, failure: Partial<PackRow>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(headshotPackTasks)
          .set({ ...failure, entitlementId: null, leaseOwner: null, leaseUntil: null })
          .where(runGuard(id, jobId))
          .returning();
        if (!row) return false;
        await tx
          .update(headshotEntitlements)
          .set({ spentAt: null, spentBy: null })
          .where(eq(headshotEntitlements.spentBy, id));
        await tx.update(headshotPhotos).set({ packId: null }).where(eq(headshotPhotos.packId, id));
        return true;
      });
    },
    /** Packs generating before this one (the queue ahead of it). */
    async queuedBefore(createdAt: Date): Promise<PackRow[]> {
      return db
        .select()
        .from(headshotPackTasks)
        .where(and(eq(headshotPackTasks.status, 'generating'), lt(headshotPackTasks.createdAt, createdAt)));
    },
    /** Recent finished packs, for the measured seconds per result. */
    recentFinished(limit: number): Promise<PackRow[]> {
      return db
        .select()
        .from(headshotPackTasks)
        .where(and(eq(headshotPackTasks.status, 'success'), isNotNull(headshotPackTasks.startedAt)))
        .orderBy(desc(headshotPackTasks.finishedAt))
        .limit(limit);
    },
    generatingPacks(): Promise<PackRow[]> {
      return db.select().from(headshotPackTasks).where(eq(headshotPackTasks.status, 'generating'));
    },

    // ---- results ----
    results(packId: string): Promise<ResultRow[]> {
      return db
        .select()
        .from(headshotResults)
        .where(eq(headshotResults.packId, packId))
        .orderBy(asc(headshotResults.index));
    },

    // ---- shares ----
    async insertShare(row: typeof headshotShares.$inferInsert): Promise<ShareRow> {
      const [share] = await db.insert(headshotShares).values(row).returning();
      return share!;
    },
    async revokeShare(userId: number, id: string, at: Date): Promise<ShareRow | null> {
      const [row] = await db
        .update(headshotShares)
        .set({ revokedAt: sql`coalesce(${headshotShares.revokedAt}, ${at})` })
        .where(and(eq(headshotShares.userId, userId), eq(headshotShares.id, id)))
        .returning();
      return row ?? null;
    },
    async findShare(id: string): Promise<ShareRow | null> {
      const [row] = await db.select().from(headshotShares).where(eq(headshotShares.id, id));
      return row ?? null;
    },
    sharesOfPack(packId: string): Promise<ShareRow[]> {
      return db
        .select()
        .from(headshotShares)
        .where(eq(headshotShares.packId, packId))
        .orderBy(asc(headshotShares.createdAt));
    },

    // ---- deletion ----

    /**
     * Deletes packs (results and shares go by cascade) and their photos; returns the file ids
     * whose bytes the caller removes. `where` picks the packs: the owner's, one pack, or expired.
     */
    async deletePacks(packIds: string[]): Promise<{ fileIds: number[]; results: number; photos: number }> {
      if (packIds.length === 0) return { fileIds: [], results: 0, photos: 0 };
      return db.transaction(async (tx) => {
        const results = await tx
          .select({ fileId: headshotResults.fileId, thumbFileId: headshotResults.thumbFileId })
          .from(headshotResults)
          .where(inArray(headshotResults.packId, packIds));
        const photos = await tx
          .delete(headshotPhotos)
          .where(inArray(headshotPhotos.packId, packIds))
          .returning({ fileId: headshotPhotos.fileId });
        await tx.delete(headshotPackTasks).where(inArray(headshotPackTasks.id, packIds));
        const fileIds = [
          ...results.flatMap((r) => [r.fileId, r.thumbFileId]),
          ...photos.map((p) => p.fileId),
        ].filter((id): id is number => id !== null);
        return { fileIds, results: results.length, photos: photos.length };
      });
    },
    async deleteDeclinedDraftPhotos(userId: number): Promise<PhotoRow[]> {
      return db
        .delete(headshotPhotos)
        .where(and(draft(userId), eq(headshotPhotos.status, 'declined')))
        .returning();
    },
    async deleteDraftPhotos(userId: number): Promise<PhotoRow[]> {
      return db.delete(headshotPhotos).where(draft(userId)).returning();
    },
    async expiredPacks(at: Date, limit: number): Promise<PackRow[]> {
      return db
        .select()
        .from(headshotPackTasks)
        .where(lt(headshotPackTasks.expiresAt, at))
        .orderBy(asc(headshotPackTasks.expiresAt))
        .limit(limit);
    },
    async deleteExpiredDraftPhotos(at: Date, limit: number): Promise<PhotoRow[]> {
      const ids = db
        .select({ id: headshotPhotos.id })
        .from(headshotPhotos)
        .where(and(isNull(headshotPhotos.packId), lt(headshotPhotos.expiresAt, at)))
        .limit(limit);
      return db.delete(headshotPhotos).where(inArray(headshotPhotos.id, ids)).returning();
    },
  };
}
export type HeadshotsRepo = ReturnType<typeof createHeadshotsRepo>;
