import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { TaskStatus } from '@ai-covers/contracts';
import type { Db } from '../../platform/db/client';
import { userVoices, type UserVoiceRow } from './voices.schema';

type NewRow = typeof userVoices.$inferInsert;
const ACTIVE = [TaskStatus.waiting, TaskStatus.running];

/** The condition every write of a run carries: the voice is still training, and still this job's. */
const runGuard = (id: string, jobId: string) =>
  and(eq(userVoices.id, id), eq(userVoices.status, TaskStatus.running), eq(userVoices.jobId, jobId));

/** The user_voices table: the only code that reads or writes it. */
export function createUserVoicesRepo(db: Db) {
  return {
    /**
     * Inserts a waiting voice unless the account already trains one or keeps `maxVoices`; the
     * account's advisory lock makes two concurrent creations count each other.
     */
    insertWithinLimits(row: NewRow, maxVoices: number): Promise<UserVoiceRow | 'busy' | 'too-many'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`voices:u:${row.userId}`}, 0))`);
        const mine = await tx
          .select({ status: userVoices.status })
          .from(userVoices)
          .where(eq(userVoices.userId, row.userId));
        if (mine.some((v) => (ACTIVE as number[]).includes(v.status))) return 'busy' as const;
        if (mine.length >= maxVoices) return 'too-many' as const;
        const [inserted] = await tx.insert(userVoices).values(row).returning();
        return inserted!;
      });
    },

    async listOwned(userId: number): Promise<UserVoiceRow[]> {
      return db
        .select()
        .from(userVoices)
        .where(eq(userVoices.userId, userId))
        .orderBy(desc(userVoices.createdAt));
    },

    async findOwned(userId: number, id: string): Promise<UserVoiceRow | null> {
      const [row] = await db
        .select()
        .from(userVoices)
        .where(and(eq(userVoices.id, id), eq(userVoices.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async findById(id: string): Promise<UserVoiceRow | null> {
      const [row] = await db.select().from(userVoices).where(eq(userVoices.id, id)).limit(1);
      return row ?? null;
    },

    /** Names of these voices (a finished cover names its voice even after it is deleted: no row). */
    async namesOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: userVoices.id, name: userVoices.name })
        .from(userVoices)
        .where(inArray(userVoices.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** A failed or timed-out voice back to waiting, unless another of the account's voices trains. */
    requeue(userId: number, id: string): Promise<UserVoiceRow | 'busy' | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`voices:u:${userId}`}, 0))`);
        const [active] = await tx
          .select({ n: count() })
          .from(userVoices)
          .where(and(eq(userVoices.userId, userId), inArray(userVoices.status, ACTIVE)));
        if ((active?.n ?? 0) > 0) return 'busy' as const;
        const [row] = await tx
          .update(userVoices)
          .set({
            status: TaskStatus.waiting,
            progress: 0,
            error: null,
            retryable: false,
            jobId: null,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(userVoices.id, id),
              eq(userVoices.userId, userId),
              inArray(userVoices.status, [TaskStatus.failed, TaskStatus.timeout]),
            ),
          )
          .returning();
        return row ?? null;
      });
    },

    async recordJob(id: string, jobId: string): Promise<void> {
      await db
        .update(userVoices)
        .set({ jobId })
        .where(and(eq(userVoices.id, id), eq(userVoices.status, TaskStatus.waiting)));
    },

    /** Deletes the account's voice row; returns it (its files are the caller's to delete). */
    async deleteOwned(userId: number, id: string): Promise<UserVoiceRow | null> {
      const [row] = await db
        .delete(userVoices)
        .where(and(eq(userVoices.id, id), eq(userVoices.userId, userId)))
        .returning();
      return row ?? null;
    },

    // ---- the worker's side ------------------------------------------------------------------

    /** Starts a run: a waiting voice, or a training one this same job held before it crashed. */
    async claim(id: string, jobId: string): Promise<UserVoiceRow | null> {
      const now = new Date();
      const [row] = await db
        .update(userVoices)
        .set({ status: TaskStatus.running, jobId, progress: 0, startedAt: now, updatedAt: now })
        .where(
          and(
            eq(userVoices.id, id),
            or(
              eq(userVoices.status, TaskStatus.waiting),
              and(eq(userVoices.status, TaskStatus.running), eq(userVoices.jobId, jobId)),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** False when the run is no longer ours (the voice was deleted meanwhile). */
    async reportProgress(id: string, jobId: string, progress: number): Promise<boolean> {
      const rows = await db
        .update(userVoices)
        .set({ progress, updatedAt: new Date() })
        .where(runGuard(id, jobId))
        .returning({ id: userVoices.id });
      return rows.length > 0;
    },

    async finish(
      id: string,
      jobId: string,
      done: { profileFileId: number; profileKey: string; range: string },
    ): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(userVoices)
        .set({ ...done, status: TaskStatus.done, progress: 1, error: null, updatedAt: now, finishedAt: now })
        .where(runGuard(id, jobId))
        .returning({ id: userVoices.id });
      return rows.length > 0;
    },

    async fail(
      id: string,
      jobId: string,
      status: typeof TaskStatus.failed | typeof TaskStatus.timeout,
      error: string,
      retryable: boolean,
    ): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(userVoices)
        .set({ status, error, retryable, updatedAt: now, finishedAt: now })
        .where(runGuard(id, jobId))
        .returning({ id: userVoices.id });
      return rows.length > 0;
    },

    /** A run stopped by shutdown: back to waiting for the next worker. */
    async release(id: string, jobId: string): Promise<void> {
      await db
        .update(userVoices)
        .set({ status: TaskStatus.waiting, progress: 0, jobId: null, updatedAt: new Date() })
        .where(runGuard(id, jobId));
    },

    /**
     * Voices that need their job (again): waiting with no job for a while (the send failed), or
     * training with no progress write since `staleBefore` (the worker died). Both go back to waiting.
     */
    async takeStranded(staleBefore: Date): Promise<string[]> {
      const rows = await db
        .update(userVoices)
        .set({ status: TaskStatus.waiting, progress: 0, jobId: null, updatedAt: new Date() })
        .where(
          and(
            inArray(userVoices.status, ACTIVE),
            lt(userVoices.updatedAt, staleBefore),
            or(isNull(userVoices.jobId), eq(userVoices.status, TaskStatus.running)),
          ),
        )
        .returning({ id: userVoices.id });
      return rows.map((r) => r.id);
    },

    /** Oldest first, for tests and the sweep's log. */
    async active(): Promise<UserVoiceRow[]> {
      return db
        .select()
        .from(userVoices)
        .where(inArray(userVoices.status, ACTIVE))
        .orderBy(asc(userVoices.createdAt));
    },
  };
}
export type UserVoicesRepo = ReturnType<typeof createUserVoicesRepo>;
