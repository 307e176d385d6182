import { and, asc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { files, type FileRow, type NewFileRow } from './storage.schema';

/** Whose files a query may touch: the user's when signed in, else the visitor's unclaimed ones. */
export interface Owner {
  userId: number | null;
  visitorId: string | null;
}

/** The SQL condition "owned by this owner"; never matches when the owner is empty. */
export function ownedBy(owner: Owner): SQL {
  if (owner.userId) return eq(files.userId, owner.userId);
  if (owner.visitorId) return and(eq(files.visitorId, owner.visitorId), isNull(files.userId))!;
  return sql`false`;
}

/** All SQL of the files table used by storage (uploads, claims, retention). */
export function createStorageRepo(db: Db) {
  return {
    /** Inserts a file; null when its credential or key was already used (a race lost, or a replay). */
    async insertFile(row: NewFileRow): Promise<FileRow | null> {
      const inserted = await db.insert(files).values(row).onConflictDoNothing().returning();
      return inserted[0] ?? null;
    },
    async isCredentialUsed(credentialId: string): Promise<boolean> {
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(eq(files.credentialId, credentialId))
        .limit(1);
      return rows.length > 0;
    },
    async findOwnedByKey(owner: Owner, bucket: string, key: string): Promise<FileRow | null> {
      const rows = await db
        .select()
        .from(files)
        .where(and(ownedBy(owner), eq(files.bucket, bucket), eq(files.storageKey, key)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Moves a visitor's unclaimed files to an account; account files do not expire. */
    async claimVisitorFiles(visitorId: string, userId: number): Promise<number> {
      const moved = await db
        .update(files)
        .set({ userId, expiresAt: null })
        .where(and(eq(files.visitorId, visitorId), isNull(files.userId)))
        .returning({ id: files.id });
      return moved.length;
    },
    /** Deletes the owner's rows among ids and returns what was deleted (for removing bytes). */
    async deleteOwned(owner: Owner, ids: number[]): Promise<Pick<FileRow, 'id' | 'bucket' | 'storageKey'>[]> {
      return db
        .delete(files)
        .where(and(ownedBy(owner), inArray(files.id, ids)))
        .returning({ id: files.id, bucket: files.bucket, storageKey: files.storageKey });
    },
    /** Which of these keys of a bucket have a file row. */
    async recordedKeys(bucket: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: files.storageKey })
        .from(files)
        .where(and(eq(files.bucket, bucket), inArray(files.storageKey, keys)));
      return new Set(rows.map((r) => r.key));
    },
    /** Deletes up to `limit` expired rows, oldest first, returning them. */
    async deleteExpired(now: Date, limit: number): Promise<Pick<FileRow, 'id' | 'bucket' | 'storageKey'>[]> {
      const due = db
        .select({ id: files.id })
        .from(files)
        .where(and(isNotNull(files.expiresAt), lte(files.expiresAt, now)))
        .orderBy(asc(files.expiresAt))
        .limit(limit);
      return db
        .delete(files)
        .where(inArray(files.id, due))
        .returning({ id: files.id, bucket: files.bucket, storageKey: files.storageKey });
    },
  };
}
export type StorageRepo = ReturnType<typeof createStorageRepo>;
