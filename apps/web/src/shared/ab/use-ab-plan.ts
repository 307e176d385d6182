import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AbTestCode } from '@ai-covers/contracts';
import { ensureVisitorId } from '../storage/storage';
import { abTestApplies, fetchAbPlan, isPlanOn } from './ab-test';
import { recordAssignment } from './assignments';

/** Query keys of A/B plans. */
export const abKeys = {
  all: ['ab-test'] as const,
  plan: (code: AbTestCode, userId: string) => ['ab-test', code, userId] as const,
};

/**
 * Reads this visitor's plan of an A/B test. The user id is the visitor uuid, signed in or not, so
 * the plan a visitor saw stays theirs across sign-in and a conversion counts for the plan that led
 * to it. A known plan is recorded for analytics. `plan` is undefined while loading or when the
 * call failed; the variant then stays off.
 */
export function useAbPlan(code: AbTestCode): { plan: number | undefined; on: boolean } {
  const { i18n } = useTranslation();
  // The build's prerender (decision 240) has no visitor: no plan, every variant off.
  const [userId] = useState(import.meta.env.SSR ? () => '' : ensureVisitorId);
  const enabled = abTestApplies(code, i18n.language);
  const query = useQuery({
    queryKey: abKeys.plan(code, userId),
    queryFn: ({ signal }) => fetchAbPlan(code, userId, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  const plan = enabled ? query.data : undefined;
  useEffect(() => {
    if (plan !== undefined) recordAssignment(code, plan, userId);
  }, [code, plan, userId]);
  return { plan, on: isPlanOn(plan) };
}
