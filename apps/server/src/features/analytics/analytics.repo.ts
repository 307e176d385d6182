import { and, count, eq, sql } from 'drizzle-orm';
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
    /**
     * Per plan of an A/B test (the page's `ab` map): distinct visitors (page `tid`), those of them
     * who sent `conversion`, and how many such events there were.
     */
    async planCounts(input: {
      project: string;
      testCode: string;
      conversion: string;
      since: Date | null;
    }): Promise<{ plan: number; visitors: number; converted: number; conversions: number }[]> {
      const plan = sql<string>`${analyticsEvents.page}->'ab'->>${input.testCode}`;
      const visitor = sql`${analyticsEvents.page}->>'tid'`;
      const isConversion = sql`${analyticsEvents.event} = ${input.conversion}`;
      const rows = await db
        .select({
          plan,
          visitors: sql<number>`count(distinct ${visitor})::int`,
          converted: sql<number>`count(distinct case when ${isConversion} then ${visitor} end)::int`,
          conversions: sql<number>`(count(*) filter (where ${isConversion}))::int`,
        })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.project, input.project),
            sql`jsonb_typeof(${analyticsEvents.page}->'ab'->${input.testCode}) = 'number'`,
            input.since ? sql`${analyticsEvents.receivedAt} >= ${input.since.toISOString()}` : undefined,
          ),
        )
        // By position: the plan expression binds the test code as a parameter, and Postgres does not
        // see two bindings of one value as the same grouping expression.
        .groupBy(sql`1`);
      return rows.map((r) => ({ ...r, plan: Number(r.plan) })).sort((a, b) => a.plan - b.plan);
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
