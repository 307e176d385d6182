import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AbTestCode } from '@ai-covers/contracts';
import { useAuthStore } from '../../features/auth/auth-store';
import { ensureVisitorId } from '../storage/storage';
import { abTestApplies, fetchAbPlan, isPlanOn } from './ab-test';

/** Query keys of A/B plans. */
export const abKeys = {
  all: ['ab-test'] as const,
  plan: (code: AbTestCode, userId: string) => ['ab-test', code, userId] as const,
};

/**
 * Reads this visitor's plan of an A/B test. The user id is the signed-in wsid, else the visitor
 * uuid. `plan` is undefined while loading or when the call failed; the variant then stays off.
 */
export function useAbPlan(code: AbTestCode): { plan: number | undefined; on: boolean } {
  const { i18n } = useTranslation();
  const wsid = useAuthStore((s) => s.user?.ws_id);
  const [visitorId] = useState(ensureVisitorId);
  const userId = wsid !== undefined && wsid !== null ? String(wsid) : visitorId;
  const enabled = abTestApplies(code, i18n.language);
  const query = useQuery({
    queryKey: abKeys.plan(code, userId),
    queryFn: ({ signal }) => fetchAbPlan(code, userId, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  const plan = enabled ? query.data : undefined;
  return { plan, on: isPlanOn(plan) };
}
