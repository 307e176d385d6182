import { and, asc, count, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { TaskStatus, type ArtDesign } from '@ai-covers/contracts';
import type { Db } from '../../platform/db/client';
import {
  coverArt,
  coverArtExports,
  coverArtVideos,
  coverShares,
  type ArtExportRow,
  type ArtVideoRow,
  type CoverArtRow,
  type ShareRow,
} from './cover-art.schema';

type NewArt = typeof coverArt.$inferInsert;
type NewExport = typeof coverArtExports.$inferInsert;
type NewVideo = typeof coverArtVideos.$inferInsert;
type NewShare = typeof coverShares.$inferInsert;

/** Stored files a deletion freed, for the caller to delete through storage. */
export type FreedFiles = number[];

const ACTIVE = [TaskStatus.waiting, TaskStatus.running];
const fileIds = (...ids: (number | null | undefined)[]): number[] =>
  ids.filter((id): id is number => typeof id === 'number');

/** The condition every write of a video run carries: still running, still this job's. */
const videoRunGuard = (id: string, jobId: string) =>
  and(
    eq(coverArtVideos.id, id),
    eq(coverArtVideos.status, TaskStatus.running),
    eq(coverArtVideos.jobId, jobId),
  );

/** An export no live share shows (so it may be removed to make room). */
const unshared = notExists(
  sql`(select 1 from ${coverShares} where ${coverShares.exportId} = ${coverArtExports.id} and ${coverShares.revokedAt} is null)`,
);

/** All SQL of cover art: the art of a cover, its exports, share videos and shares. */
export function createCoverArtRepo(db: Db) {
  return {
    async findArt(taskId: string): Promise<CoverArtRow | null> {
      const [row] = await db.select().from(coverArt).where(eq(coverArt.taskId, taskId)).limit(1);
      return row ?? null;
    },

    /** Inserts the art of a cover unless another request made it first; returns the row that won. */
    async insertArt(row: NewArt): Promise<{ row: CoverArtRow; inserted: boolean }> {
      const [inserted] = await db.insert(coverArt).values(row).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, inserted: true };
      const [existing] = await db.select().from(coverArt).where(eq(coverArt.taskId, row.taskId));
      return { row: existing!, inserted: false };
    },

    /** Replaces the art's layers (a new style or an upload); returns the files the old layers used. */
    async replaceArt(
      taskId: string,
      layers: Pick<
        CoverArtRow,
        | 'source'
        | 'style'
        | 'width'
        | 'height'
        | 'backgroundFileId'
        | 'backgroundKey'
        | 'avatarFileId'
        | 'avatarKey'
      >,
    ): Promise<FreedFiles | null> {
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(coverArt).where(eq(coverArt.taskId, taskId)).for('update');
        if (!old) return null;
        // A saved crop belongs to the old image's size: the editor starts again from a preset.
        await tx
          .update(coverArt)
          .set({ ...layers, design: null, updatedAt: new Date() })
          .where(eq(coverArt.taskId, taskId));
        return fileIds(old.backgroundFileId, old.avatarFileId);
      });
    },

    async saveDesign(taskId: string, design: ArtDesign): Promise<void> {
      await db.update(coverArt).set({ design, updatedAt: new Date() }).where(eq(coverArt.taskId, taskId));
    },

    async insertExport(row: NewExport): Promise<ArtExportRow> {
      const [inserted] = await db.insert(coverArtExports).values(row).returning();
      return inserted!;
    },

    async listExports(taskId: string): Promise<ArtExportRow[]> {
      return db
        .select()
        .from(coverArtExports)
        .where(eq(coverArtExports.taskId, taskId))
        .orderBy(desc(coverArtExports.createdAt), desc(coverArtExports.id));
    },

    async findExport(taskId: string, id: string): Promise<ArtExportRow | null> {
      const [row] = await db
        .select()
        .from(coverArtExports)
        .where(and(eq(coverArtExports.id, id), eq(coverArtExports.taskId, taskId)))
        .limit(1);
      return row ?? null;
    },

    async countExports(taskId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(coverArtExports)
        .where(eq(coverArtExports.taskId, taskId));
      return row?.n ?? 0;
    },

    /**
     * Removes the cover's oldest export that no live share shows (with its videos); returns the
     * files they used, or null when every export is shared.
     */
    async removeOldestUnsharedExport(taskId: string): Promise<FreedFiles | null> {
      return db.transaction(async (tx) => {
        const [oldest] = await tx
          .select()
          .from(coverArtExports)
          .where(and(eq(coverArtExports.taskId, taskId), unshared))
          .orderBy(asc(coverArtExports.createdAt), asc(coverArtExports.id))
          .limit(1)
          .for('update');
        if (!oldest) return null;
        const videos = await tx
          .select({ fileId: coverArtVideos.fileId })
          .from(coverArtVideos)
          .where(eq(coverArtVideos.exportId, oldest.id));
        const shares = await tx
          .select({ fileId: coverShares.imageFileId })
          .from(coverShares)
          .where(eq(coverShares.exportId, oldest.id));
        await tx.delete(coverArtExports).where(eq(coverArtExports.id, oldest.id));
        return fileIds(
          oldest.imageFileId,
          oldest.psdFileId,
          ...videos.map((v) => v.fileId),
          ...shares.map((s) => s.fileId),
        );
      });
    },

    async insertVideo(row: NewVideo): Promise<ArtVideoRow> {
      const [inserted] = await db.insert(coverArtVideos).values(row).returning();
      return inserted!;
    },

    async findVideo(id: string): Promise<ArtVideoRow | null> {
      const [row] = await db.select().from(coverArtVideos).where(eq(coverArtVideos.id, id)).limit(1);
      return row ?? null;
    },

    async listVideos(taskId: string): Promise<ArtVideoRow[]> {
      return db
        .select()
        .from(coverArtVideos)
        .where(eq(coverArtVideos.taskId, taskId))
        .orderBy(desc(coverArtVideos.createdAt), desc(coverArtVideos.id));
    },

    async countVideos(taskId: string, activeOnly = false): Promise<number> {
      const where = activeOnly
        ? and(eq(coverArtVideos.taskId, taskId), inArray(coverArtVideos.status, ACTIVE))
        : eq(coverArtVideos.taskId, taskId);
      const [row] = await db.select({ n: count() }).from(coverArtVideos).where(where);
      return row?.n ?? 0;
    },

    /** Removes the cover's oldest settled video no live share shows; its file, or null when none may go. */
    async removeOldestUnsharedVideo(taskId: string): Promise<FreedFiles | null> {
      return db.transaction(async (tx) => {
        const [oldest] = await tx
          .select()
          .from(coverArtVideos)
          .where(
            and(
              eq(coverArtVideos.taskId, taskId),
              sql`${coverArtVideos.status} not in (1, 2)`,
              notExists(
                sql`(select 1 from ${coverShares} where ${coverShares.videoId} = ${coverArtVideos.id} and ${coverShares.revokedAt} is null)`,
              ),
            ),
          )
          .orderBy(asc(coverArtVideos.createdAt), asc(coverArtVideos.id))
          .limit(1)
          .for('update');
        if (!oldest) return null;
        await tx.delete(coverArtVideos).where(eq(coverArtVideos.id, oldest.id));
        return fileIds(oldest.fileId);
      });
    },

    async recordVideoJob(id: string, jobId: string): Promise<void> {
      await db
        .update(coverArtVideos)
        .set({ jobId, updatedAt: new Date() })
        .where(and(eq(coverArtVideos.id, id), eq(coverArtVideos.status, TaskStatus.waiting)));
    },

    /**
     * Claims a video for a job: waiting, or running under a job that died (pg-boss sends the retry
     * only after the first run expired). Null when there is nothing to do.
     */
    async claimVideo(id: string, jobId: string): Promise<ArtVideoRow | null> {
      const [row] = await db
        .update(coverArtVideos)
        .set({ status: TaskStatus.running, jobId, progress: 0, updatedAt: new Date() })
        .where(and(eq(coverArtVideos.id, id), inArray(coverArtVideos.status, ACTIVE)))
        .returning();
      return row ?? null;
    },

    async reportVideoProgress(id: string, jobId: string, progress: number): Promise<boolean> {
      const rows = await db
        .update(coverArtVideos)
        .set({ progress: sql`greatest(${coverArtVideos.progress}, ${progress})`, updatedAt: new Date() })
        .where(videoRunGuard(id, jobId))
        .returning({ id: coverArtVideos.id });
      return rows.length > 0;
    },

    async finishVideo(
      id: string,
      jobId: string,
      done: { fileId: number; fileKey: string; duration: number },
    ): Promise<boolean> {
      const rows = await db
        .update(coverArtVideos)
        .set({ ...done, status: TaskStatus.done, progress: 1, error: null, updatedAt: new Date() })
        .where(videoRunGuard(id, jobId))
        .returning({ id: coverArtVideos.id });
      return rows.length > 0;
    },

    async failVideo(id: string, jobId: string | null, status: number, error: string): Promise<void> {
      await db
        .update(coverArtVideos)
        .set({ status, error, updatedAt: new Date() })
        .where(
          jobId === null
            ? and(eq(coverArtVideos.id, id), inArray(coverArtVideos.status, ACTIVE))
            : videoRunGuard(id, jobId),
        );
    },

    /** Runs whose worker died after its retries: they are timed out, never left running. */
    async timeOutStaleVideos(before: Date, error: string): Promise<number> {
      const rows = await db
        .update(coverArtVideos)
        .set({ status: TaskStatus.timeout, error, updatedAt: new Date() })
        .where(and(inArray(coverArtVideos.status, ACTIVE), lt(coverArtVideos.updatedAt, before)))
        .returning({ id: coverArtVideos.id });
      return rows.length;
    },

    async insertShare(row: NewShare): Promise<ShareRow> {
      const [inserted] = await db.insert(coverShares).values(row).returning();
      return inserted!;
    },

    async findShare(id: string): Promise<ShareRow | null> {
      const [row] = await db.select().from(coverShares).where(eq(coverShares.id, id)).limit(1);
      return row ?? null;
    },

    async listShares(taskId: string): Promise<ShareRow[]> {
      return db
        .select()
        .from(coverShares)
        .where(eq(coverShares.taskId, taskId))
        .orderBy(desc(coverShares.createdAt), desc(coverShares.id));
    },

    async countLiveShares(taskId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(coverShares)
        .where(and(eq(coverShares.taskId, taskId), isNull(coverShares.revokedAt)));
      return row?.n ?? 0;
    },

    /** Revokes one of the user's shares; false when it is not theirs. Revoking twice is fine. */
    async revokeShare(userId: number, id: string): Promise<ShareRow | null> {
      const [row] = await db
        .update(coverShares)
        .set({ revokedAt: sql`coalesce(${coverShares.revokedAt}, now())` })
        .where(and(eq(coverShares.id, id), eq(coverShares.userId, userId)))
        .returning();
      return row ?? null;
    },

    /** Every stored file of a cover's art (for deleting it with the cover). */
    async filesOfCover(taskId: string): Promise<FreedFiles> {
      const [art] = await db.select().from(coverArt).where(eq(coverArt.taskId, taskId));
      const exports = await db.select().from(coverArtExports).where(eq(coverArtExports.taskId, taskId));
      const videos = await db.select().from(coverArtVideos).where(eq(coverArtVideos.taskId, taskId));
      const shares = await db.select().from(coverShares).where(eq(coverShares.taskId, taskId));
      return fileIds(
        art?.backgroundFileId,
        art?.avatarFileId,
        ...exports.flatMap((e) => [e.imageFileId, e.psdFileId]),
        ...videos.map((v) => v.fileId),
        ...shares.map((s) => s.imageFileId),
      );
    },
  };
}
export type CoverArtRepo = ReturnType<typeof createCoverArtRepo>;
