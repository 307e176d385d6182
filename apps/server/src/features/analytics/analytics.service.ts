import type { AnalyticsBatch } from '@ai-covers/contracts';
import type { AnalyticsRepo } from './analytics.repo';

/** Known projects: events for any other project code are refused. */
export const ANALYTICS_PROJECTS = new Set(['ai-covers', 'ai-headshots']);

// A client clock more than a day off is not trusted; the event keeps the server's time instead.
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** Stores a validated beacon batch; returns how many events were kept. */
export function createAnalyticsService(deps: { repo: AnalyticsRepo; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return {
    async recordBatch(project: string, batch: AnalyticsBatch): Promise<number> {
      const serverNow = now();
      const rows = batch.events.map((e) => ({
        project,
        event: e.event,
        visitorId: batch.page.uid ?? null,
        page: batch.page,
        props: e.props ?? null,
        clientTime: new Date(Math.abs(e.time - serverNow) > MAX_CLOCK_SKEW_MS ? serverNow : e.time),
      }));
      await deps.repo.insertMany(rows);
      return rows.length;
    },
    /** Visitors and conversions per plan of an A/B test, from the plans the events carried. */
    async planReport(input: { project: string; testCode: string; conversion: string; days?: number }) {
      const since = input.days ? new Date(now() - input.days * 24 * 60 * 60 * 1000) : null;
      const rows = await deps.repo.planCounts({ ...input, since });
      return rows.map((r) => ({ ...r, rate: r.visitors === 0 ? 0 : r.converted / r.visitors }));
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
