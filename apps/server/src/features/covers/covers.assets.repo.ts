import { and, eq, inArray, sql } from 'drizzle-orm';
import { TaskStatus, type CoverMix } from '@ai-covers/contracts';
import type { Db } from '../../platform/db/client';
import { coverAssets, coverMixes, coverTasks, type CoverAssetRow } from './covers.schema';

/** The roles of a task's kept files (see `cover_assets`). */
export type AssetRole =
  | 'wav'
  | 'mp3_low'
  | 'vocals'
  | 'instrumental'
  | 'original_vocals'
  | 'stems_zip'
  | 'own_vocals'
  // The copy of a format that the last download handed out, with its tags (title, voice, art).
  | 'tagged_mp3'
  | 'tagged_mp3_low'
  | 'tagged_wav';

/** A stored file as the task keeps it. */
export interface KeptFile {
  id: number;
  storageKey: string;
}

/** The files a remix writes: a new result, preview and WAV of the new mix. */
export interface MixFiles {
  result: KeptFile;
  preview: KeptFile;
  wav: KeptFile;
}

/** SQL of a task's kept files (formats, stems, zip) and of its mix. */
export function createCoverAssetsRepo(db: Db) {
  return {
    /** Kept files of these tasks whose file still exists. */
    async listFor(taskIds: string[]): Promise<CoverAssetRow[]> {
      if (taskIds.length === 0) return [];
      return db
        .select()
        .from(coverAssets)
        .where(and(inArray(coverAssets.taskId, taskIds), sql`${coverAssets.fileId} is not null`));
    },

    /** The mixes of these tasks that a remix changed. */
    async mixesFor(taskIds: string[]): Promise<Map<string, CoverMix>> {
      if (taskIds.length === 0) return new Map();
      const rows = await db.select().from(coverMixes).where(inArray(coverMixes.taskId, taskIds));
      return new Map(
        rows.map((r) => [r.taskId, { vocal: r.vocal, instrumental: r.instrumental, reverb: r.reverb }]),
      );
    },

    /** Records files of a render (a retry's run replaces what an earlier run left). */
    async keep(taskId: string, files: Partial<Record<AssetRole, KeptFile>>): Promise<void> {
      const rows = Object.entries(files).map(([role, f]) => ({
        taskId,
        role,
        fileId: f.id,
        storageKey: f.storageKey,
      }));
      if (rows.length === 0) return;
      await db
        .insert(coverAssets)
        .values(rows)
        .onConflictDoUpdate({
          target: [coverAssets.taskId, coverAssets.role],
          set: {
            fileId: sql`excluded.file_id`,
            storageKey: sql`excluded.storage_key`,
            createdAt: new Date(),
          },
        });
    },

    /** Records a file unless the role has one already (two first stems downloads at once): false then. */
    async keepIfAbsent(taskId: string, role: AssetRole, file: KeptFile): Promise<boolean> {
      const inserted = await db
        .insert(coverAssets)
        .values({ taskId, role, fileId: file.id, storageKey: file.storageKey })
        .onConflictDoNothing()
        .returning({ role: coverAssets.role });
      return inserted.length > 0;
    },

    /**
     * Records a file made from another kept file (the MP3 128k from the WAV) unless the role has one
     * already, and only while the task still keeps that source: a remix that swapped the WAV
     * meanwhile wins (its swap also drops an MP3 128k kept before it). False when nothing was
     * recorded (the task gone too). A row whose file is gone counts as absent.
     */
    async keepMadeFrom(
      taskId: string,
      role: AssetRole,
      file: KeptFile,
      source: { role: AssetRole; storageKey: string },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // The task's row first, as a remix's swap takes it: it waits for a swap under way (or the
        // swap waits for it), and the two never hold each other's next lock.
        const [task] = await tx
          .select({ id: coverTasks.id })
          .from(coverTasks)
          .where(eq(coverTasks.id, taskId))
          .for('share');
        if (!task) return false;
        const [current] = await tx
          .select({ storageKey: coverAssets.storageKey })
          .from(coverAssets)
          .where(
            and(
              eq(coverAssets.taskId, taskId),
              eq(coverAssets.role, source.role),
              sql`${coverAssets.fileId} is not null`,
            ),
          );
        if (current?.storageKey !== source.storageKey) return false;
        const inserted = await tx
          .insert(coverAssets)
          .values({ taskId, role, fileId: file.id, storageKey: file.storageKey })
          .onConflictDoUpdate({
            target: [coverAssets.taskId, coverAssets.role],
            set: { fileId: file.id, storageKey: file.storageKey, createdAt: new Date() },
            setWhere: sql`${coverAssets.fileId} is null`,
          })
          .returning({ role: coverAssets.role });
        return inserted.length > 0;
      });
    },

    /**
     * Swaps the result of a finished task for a remix in one transaction: the new MP3, preview and
     * WAV, and the mix that made them; the MP3 128k of the old mix goes (the next download encodes
     * it from the new WAV). Returns the file ids they replaced (to delete), or null when the task is
     * no longer done (deleted meanwhile): then nothing changed.
     */
    async swapMix(taskId: string, made: MixFiles, mix: CoverMix): Promise<number[] | null> {
      return db.transaction(async (tx) => {
        const [task] = await tx
          .select({ result: coverTasks.resultFileId, preview: coverTasks.previewFileId })
          .from(coverTasks)
          .where(and(eq(coverTasks.id, taskId), eq(coverTasks.status, TaskStatus.done)))
          .for('update');
        if (!task) return null;
        const old = await tx
          .select({ fileId: coverAssets.fileId })
          .from(coverAssets)
          .where(and(eq(coverAssets.taskId, taskId), eq(coverAssets.role, 'wav')));
        await tx
          .update(coverTasks)
          .set({
            resultFileId: made.result.id,
            resultKey: made.result.storageKey,
            previewFileId: made.preview.id,
            previewKey: made.preview.storageKey,
            updatedAt: new Date(),
          })
          .where(eq(coverTasks.id, taskId));
        const wav = made.wav;
        await tx
          .insert(coverAssets)
          .values({ taskId, role: 'wav', fileId: wav.id, storageKey: wav.storageKey })
          .onConflictDoUpdate({
            target: [coverAssets.taskId, coverAssets.role],
            set: { fileId: wav.id, storageKey: wav.storageKey, createdAt: new Date() },
          });
        // With the task's row held, no MP3 128k of the old WAV can be kept after this.
        const low = await tx
          .delete(coverAssets)
          .where(and(eq(coverAssets.taskId, taskId), eq(coverAssets.role, 'mp3_low')))
          .returning({ fileId: coverAssets.fileId });
        await tx
          .insert(coverMixes)
          .values({ taskId, ...mix })
          .onConflictDoUpdate({ target: coverMixes.taskId, set: { ...mix, updatedAt: new Date() } });
        return [task.result, task.preview, ...old.map((o) => o.fileId), ...low.map((o) => o.fileId)].filter(
          (id): id is number => id !== null,
        );
      });
    },
  };
}
export type CoverAssetsRepo = ReturnType<typeof createCoverAssetsRepo>;
