import { createHash } from 'node:crypto';
import {
  AB_CONVERSION_EVENTS,
  AB_DEFAULT_QUANTITY,
  AB_TESTS,
  type AbReportData,
  type AbTestCode,
} from '@ai-covers/contracts';
import type { AnalyticsService } from '../analytics/analytics.service';
import { badRequest } from '../../platform/http/app-error';
import type { AbTestRepo } from './ab-test.repo';

/** Picks plan 1..quantity from a hash, so a user lands in the same bucket on any server. */
export function bucketFor(testCode: string, userId: string, quantity: number): number {
  const digest = createHash('sha256').update(`${testCode}\u0000${userId}`).digest();
  return (digest.readUInt32BE(0) % quantity) + 1;
}

/** Parses `login_test=2,banner_test=1` into forced plans (operators and end-to-end tests). */
export function parseOverrides(spec: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [code, plan] = part.split('=');
    const n = Number(plan);
    if (!code || !Number.isInteger(n) || n < 1) throw new Error(`Bad A/B override "${part}"`);
    out.set(code.trim(), n);
  }
  return out;
}

export function createAbTestService(deps: {
  repo: AbTestRepo;
  overrides?: Map<string, number>;
  analytics?: Pick<AnalyticsService, 'planReport'>;
}) {
  return {
    /** The user's sticky plan for a configured test. */
    async planFor(testCode: string, userId: string, quantity?: number): Promise<number> {
      if (!(testCode in AB_TESTS)) throw badRequest(`Unknown test_code: ${testCode}`);
      const forced = deps.overrides?.get(testCode);
      if (forced !== undefined) return forced;
      const q = quantity ?? AB_TESTS[testCode as AbTestCode].quantity ?? AB_DEFAULT_QUANTITY;
      return deps.repo.assignOnce(testCode, userId, bucketFor(testCode, userId, q));
    },
    /** Conversions per plan of a test: its own conversion event (§9 purpose) unless `event` names one. */
    async report(input: {
      testCode: AbTestCode;
      event?: string | undefined;
      project: string;
      days?: number | undefined;
    }): Promise<AbReportData> {
      if (!deps.analytics) throw new Error('the A/B report needs the analytics service');
      const event = input.event ?? AB_CONVERSION_EVENTS[input.testCode];
      const plans = await deps.analytics.planReport({
        project: input.project,
        testCode: input.testCode,
        conversion: event,
        ...(input.days ? { days: input.days } : {}),
      });
      return { test_code: input.testCode, event, project: input.project, plans };
    },
  };
}
export type AbTestService = ReturnType<typeof createAbTestService>;
