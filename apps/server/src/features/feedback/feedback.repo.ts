import { and, eq } from 'drizzle-orm';
import type { Owner } from '../../platform/auth/identity';
import type { Db } from '../../platform/db/client';
import { feedback, type FeedbackRow } from './feedback.schema';

/** The owner as the table's one text key. */
export const ownerKeyOf = (owner: Owner) => (owner.userId ? `u:${owner.userId}` : `v:${owner.visitorId}`);

/** All SQL of feedback. */
export function createFeedbackRepo(db: Db) {
  return {
    /** Stores or replaces the owner's feedback on a subject. */
    async upsert(
      owner: Owner,
      row: { kind: string; subjectId: string; rating: number; options: string[]; suggestion: string },
    ): Promise<FeedbackRow> {
      const now = new Date();
      const [saved] = await db
        .insert(feedback)
        .values({
          ...row,
          userId: owner.userId,
          visitorId: owner.userId ? null : owner.visitorId,
          ownerKey: ownerKeyOf(owner),
        })
        .onConflictDoUpdate({
          target: [feedback.kind, feedback.subjectId, feedback.ownerKey],
          set: { rating: row.rating, options: row.options, suggestion: row.suggestion, updatedAt: now },
        })
        .returning();
      return saved!;
    },

    async find(owner: Owner, kind: string, subjectId: string): Promise<FeedbackRow | null> {
      const [row] = await db
        .select()
        .from(feedback)
        .where(
          and(
            eq(feedback.kind, kind),
            eq(feedback.subjectId, subjectId),
            eq(feedback.ownerKey, ownerKeyOf(owner)),
          ),
        )
        .limit(1);
      return row ?? null;
    },
  };
}
export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
