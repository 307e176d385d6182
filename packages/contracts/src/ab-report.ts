import { z } from 'zod';
import { AB_TESTS, type AbTestCode } from './constants';

/**
 * The event that counts as a conversion of each §9 A/B test: what its variant is meant to bring
 * about. The report counts visitors who sent it, per plan; `event` in the query picks another one.
 */
export const AB_CONVERSION_EVENTS: Readonly<Record<AbTestCode, string>> = {
  login_test: 'login_success',
  banner_test: 'banner_click',
  ad_banner: 'ad_click',
  purchase_test: 'purchase',
  dlp_app: 'app_install_click',
  portrait_trial_picture: 'purchase',
  portrait_multiple_run: 'purchase',
  portrait_pre_generation: 'purchase',
};

const AB_CODES = Object.keys(AB_TESTS) as [AbTestCode, ...AbTestCode[]];
const eventName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.:-]*$/, 'must be an event name');

/** `GET /v1/ab-test/report`: conversions per plan of one test, read from the analytics events. */
export const abReportQuery = z.object({
  test_code: z.enum(AB_CODES, { error: `must be one of ${AB_CODES.join(', ')}` }),
  event: eventName.optional(),
  project: z.enum(['ai-covers', 'ai-headshots']).default('ai-covers'),
  /** Only events received in the last `days` days. */
  days: z.coerce.number().int().min(1).max(3650).optional(),
});
export const abReportRow = z.object({
  plan: z.number().int(),
  /** Distinct visitors (page `tid`) who sent any event while assigned this plan. */
  visitors: z.number().int(),
  /** Distinct visitors of this plan who sent the conversion event. */
  converted: z.number().int(),
  /** Conversion events sent in this plan (a visitor can convert more than once). */
  conversions: z.number().int(),
  /** converted / visitors, 0 when nobody was seen. */
  rate: z.number(),
});
export const abReportData = z.object({
  test_code: z.string(),
  event: z.string(),
  project: z.string(),
  plans: z.array(abReportRow),
});
export type AbReportData = z.infer<typeof abReportData>;
export type AbReportRow = z.infer<typeof abReportRow>;
