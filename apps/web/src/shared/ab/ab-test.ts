import { AB_PLAN_ON, AB_TESTS, type AbTestCode } from '@ai-covers/contracts';
import { apiGet } from '../api/request';

/** Asks the account service which plan of `code` this user gets (§7). */
export async function fetchAbPlan(code: AbTestCode, userId: string, signal?: AbortSignal): Promise<number> {
  const data = await apiGet(
    'abTestData',
    '/vapi/v1/common/ab-test',
    { test_code: code, user_id: userId, quantity: AB_TESTS[code].quantity },
    signal,
  );
  return data.plan;
}

/** True when a plan number means the variant is on (plan 2, §9). */
export function isPlanOn(plan: number | undefined): boolean {
  return plan === AB_PLAN_ON;
}

/** Whether a test applies in a language: English-only tests stay off elsewhere (§9). */
export function abTestApplies(code: AbTestCode, lang: string): boolean {
  const test = AB_TESTS[code];
  return !('englishOnly' in test && test.englishOnly) || lang === 'en';
}
