import { z } from 'zod';

/** Optional request timestamp every GET may carry (§7). */
export const cacheBust = { _t: z.coerce.number().int().nonnegative().optional() };

// ---- health -------------------------------------------------------------
export const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  queue: z.object({ ok: z.boolean(), error: z.string().optional() }),
  /** Free space on the data folder's disk; not ok below the server's MIN_FREE_DISK_MB. */
  disk: z.object({ ok: z.boolean(), freeMb: z.number() }).optional(),
});
export type HealthData = z.infer<typeof healthData>;

// ---- categories (§3, §7) ------------------------------------------------
export const categoryQuery = z.object({
  module: z.string().min(1).max(64).default('ai-covers'),
  lang: z.string().max(8).optional(),
  version: z.string().max(8).optional(),
  count: z.coerce.number().int().min(1).max(1000).optional(),
  algorithm: z.string().max(32).optional(),
  ...cacheBust,
});
export const categoryItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  url: z.string().optional(),
  icon: z.string().optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export const category = z.object({ id: z.string(), name: z.string(), items: z.array(categoryItem) });
export const categoryData = z.object({ module: z.string(), lang: z.string(), list: z.array(category) });
export type CategoryItem = z.infer<typeof categoryItem>;
export type Category = z.infer<typeof category>;
export type CategoryData = z.infer<typeof categoryData>;

// ---- A/B tests (§7, §9) -------------------------------------------------
export const abTestQuery = z.object({
  test_code: z.string().min(1).max(64),
  user_id: z.string().min(1).max(128),
  // Omitted: the configured quantity of the test, else AB_DEFAULT_QUANTITY (2).
  quantity: z.coerce.number().int().min(2).max(100).optional(),
  ...cacheBust,
});
export const abTestData = z.object({ test_code: z.string(), plan: z.number().int().min(1) });
export type AbTestData = z.infer<typeof abTestData>;

// ---- analytics beacon (§3, §7) ------------------------------------------
/** Page properties sent with every event (§3). */
export const pageProperties = z.object({
  uid: z.string().max(128).optional(),
  tid: z.string().max(128).optional(),
  pid: z.union([z.string().max(32), z.number()]).optional(),
  penv: z.string().max(32).optional(),
  pbrand: z.string().max(64).optional(),
  ptype: z.enum(['lab', 'singlesite']).optional(),
  pver: z.string().max(32).optional(),
  plang: z.string().max(8).optional(),
  tz: z.number().int().min(-900).max(900).optional(),
  psource: z.string().max(32).optional(),
  logged_in: z.boolean().optional(),
  /** The tab's session id (§3, session storage). */
  sid: z.string().max(64).optional(),
  /** The visitor's sticky A/B plans known to the page (§9 test code → plan), for the plan report. */
  ab: z
    .record(
      z
        .string()
        .max(64)
        .regex(/^[a-z_]+$/, 'must be a test code'),
      z.number().int().min(1).max(100),
    )
    .refine((r) => Object.keys(r).length <= 16, 'at most 16 tests')
    .optional(),
});
export const analyticsEvent = z.object({
  event: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_.:-]*$/, 'event must be a name of letters, digits, _ . : -'),
  time: z.number().int().positive(),
  props: z
    .record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean(), z.null()]))
    .refine((r) => Object.keys(r).length <= 40, 'at most 40 properties per event')
    .optional(),
});
export const analyticsBatch = z.object({
  page: pageProperties,
  events: z.array(analyticsEvent).min(1).max(50),
});
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;
export type AnalyticsBatch = z.infer<typeof analyticsBatch>;
export const analyticsAccepted = z.object({ accepted: z.number().int() });

/** Where the client SDK sends its batches: `POST {apiBase}/v1/track/{project}`. */
export const ANALYTICS_PROJECT = 'ai-covers';
