import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Owner } from '../../../platform/auth/identity';
import type { Db } from '../../../platform/db/client';
import { files, type FileRow, type NewFileRow } from './files.schema';

/** The SQL condition "owned by this owner"; never matches when the owner is empty. */
export function ownedBy(owner: Owner): SQL {
  if (owner.userId) return eq(files.userId, owner.userId);
  if (owner.visitorId) return and(eq(files.visitorId, owner.visitorId), isNull(files.userId))!;
  return sql`false`;
}

/**
 * "Owned by this owner and theirs to use": excludes the product's internal files (a cover's full
 * result and preview), which only the feature that made them hands out.
 */
export function usableBy(owner: Owner): SQL {
  return and(ownedBy(owner), eq(files.internal, false))!;
}

export interface ListFilter {
  types: string[] | null;
  from: Date | null;
  /** Exclusive upper bound. */
  to: Date | null;
  limit: number;
  offset: number;
  /** Files to leave out: uploads a feature refused after they were stored (a declined photo). */
  exclude?: number[];
}

/** All SQL of the files table (uploads, outputs, the library's reads and renames, claims, retention). */
export function createFilesRepo(db: Db) {
  return {
    async listUsable(owner: Owner, filter: ListFilter): Promise<{ rows: FileRow[]; total: number }> {
      const conditions: SQL[] = [usableBy(owner)];
      if (filter.types) conditions.push(inArray(files.fileType, filter.types));
      if (filter.from) conditions.push(gte(files.createdAt, filter.from));
      if (filter.to) conditions.push(lt(files.createdAt, filter.to));
      if (filter.exclude?.length) conditions.push(notInArray(files.id, filter.exclude));
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(files)
          .where(where)
          .orderBy(desc(files.createdAt), desc(files.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(files).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async findUsable(owner: Owner, id: number): Promise<FileRow | null> {
      const rows = await db
        .select()
        .from(files)
        .where(and(usableBy(owner), eq(files.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async countUsable(owner: Owner, ids: number[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(files)
        .where(and(usableBy(owner), inArray(files.id, ids)));
      return row?.n ?? 0;
    },

    /**
     * Renames unless another file of the same owner already has the name, in one statement so
     * the check and the write see the same rows. Returns false when the name is taken.
     */
    async renameUnique(owner: Owner, id: number, name: string): Promise<boolean> {
      const taken = db
        .select({ one: sql`1` })
        .from(files)
        .where(and(usableBy(owner), eq(files.name, name), ne(files.id, id)));
      const updated = await db
        .update(files)
        .set({ name })
        .where(and(usableBy(owner), eq(files.id, id), sql`not exists (${taken})`))
        .returning({ id: files.id });
      return updated.length > 0;
    },
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
        .where(and(usableBy(owner), eq(files.bucket, bucket), eq(files.storageKey, key)))
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
export type FilesRepo = ReturnType<typeof createFilesRepo>;
