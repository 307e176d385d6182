import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { analyticsEvents } from './analytics.schema';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** All SQL of analytics. */
export function createAnalyticsRepo(db: Db) {
  return {
    async insertMany(rows: NewAnalyticsEvent[]): Promise<void> {
      if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
    },
    async countEvents(project: string, event?: string): Promise<number> {
      const where = event
        ? and(eq(analyticsEvents.project, project), eq(analyticsEvents.event, event))
        : eq(analyticsEvents.project, project);
      const [row] = await db.select({ n: count() }).from(analyticsEvents).where(where);
      return row?.n ?? 0;
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
