import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { abAssignments } from './ab-test.schema';

/** All SQL of A/B tests. */
export function createAbTestRepo(db: Db) {
  return {
    /** Inserts the plan unless one exists, then returns the stored plan (race-safe). */
    async assignOnce(testCode: string, userId: string, plan: number): Promise<number> {
      await db.insert(abAssignments).values({ testCode, userId, plan }).onConflictDoNothing();
      const [row] = await db
        .select({ plan: abAssignments.plan })
        .from(abAssignments)
        .where(and(eq(abAssignments.testCode, testCode), eq(abAssignments.userId, userId)));
      return row?.plan ?? plan;
    },
  };
}
export type AbTestRepo = ReturnType<typeof createAbTestRepo>;
