import { and, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { files, type FileRow } from '../storage/storage.schema';
import { ownedBy, type Owner } from '../storage/storage.repo';

export interface ListFilter {
  types: string[] | null;
  from: Date | null;
  /** Exclusive upper bound. */
  to: Date | null;
  limit: number;
  offset: number;
}

/** All SQL of the cloud file library (reads and renames of the caller's own files). */
export function createLibraryRepo(db: Db) {
  return {
    async list(owner: Owner, filter: ListFilter): Promise<{ rows: FileRow[]; total: number }> {
      const conditions: SQL[] = [ownedBy(owner)];
      if (filter.types) conditions.push(inArray(files.fileType, filter.types));
      if (filter.from) conditions.push(gte(files.createdAt, filter.from));
      if (filter.to) conditions.push(lt(files.createdAt, filter.to));
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

    async findOwned(owner: Owner, id: number): Promise<FileRow | null> {
      const rows = await db
        .select()
        .from(files)
        .where(and(ownedBy(owner), eq(files.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async countOwned(owner: Owner, ids: number[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(files)
        .where(and(ownedBy(owner), inArray(files.id, ids)));
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
        .where(and(ownedBy(owner), eq(files.name, name), ne(files.id, id)));
      const updated = await db
        .update(files)
        .set({ name })
        .where(and(ownedBy(owner), eq(files.id, id), sql`not exists (${taken})`))
        .returning({ id: files.id });
      return updated.length > 0;
    },
  };
}
export type LibraryRepo = ReturnType<typeof createLibraryRepo>;
