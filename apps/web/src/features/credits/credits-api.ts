import { useQuery } from '@tanstack/react-query';
import type { ToolKind } from '@ai-covers/contracts';
import { apiGet } from '../../shared/api/request';
import { selectSignedIn, useAuthStore } from '../auth';

/** Query keys of the wallet; invalidating `walletKeys.all` refreshes every balance on screen. */
export const walletKeys = {
  all: ['wallet'] as const,
  account: () => [...walletKeys.all, 'account'] as const,
  records: (type: 'acquisition' | 'consumption', page: number) =>
    [...walletKeys.all, 'records', type, page] as const,
  integral: () => [...walletKeys.all, 'integral'] as const,
};

/** The live balance: refetched every 30 s and when the window regains focus (back from checkout). */
export function useCreditsAccount() {
  const signedIn = useAuthStore(selectSignedIn);
  return useQuery({
    queryKey: walletKeys.account(),
    queryFn: ({ signal }) => apiGet('creditsAccountData', '/v1/credits/account', undefined, signal),
    enabled: signedIn,
    staleTime: 5_000,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** One page of the acquisition records (credits page, §2). */
export function useAcquisitions(page: number) {
  return useQuery({
    queryKey: walletKeys.records('acquisition', page),
    queryFn: ({ signal }) =>
      apiGet(
        'acquisitionRecordsData',
        '/v1/credits/records',
        { type: 'acquisition', page, page_size: 20 },
        signal,
      ),
  });
}

/**
 * Whether the signed-in account has claimed a present (an acquisition of type 'present'): the
 * banner offering it goes once it did. False while unknown or signed out.
 */
export function usePresentClaimed(): boolean {
  const signedIn = useAuthStore(selectSignedIn);
  const records = useQuery({
    queryKey: [...walletKeys.all, 'records', 'acquisition', 'presents'] as const,
    enabled: signedIn,
    queryFn: ({ signal }) =>
      apiGet(
        'acquisitionRecordsData',
        '/v1/credits/records',
        { type: 'acquisition', page: 1, page_size: 100 },
        signal,
      ),
    staleTime: 60_000,
  });
  return signedIn && (records.data?.rows.some((r) => r.type === 'present') ?? false);
}

/** One page of the consumption records (credits page, §2). */
export function useConsumptions(page: number) {
  return useQuery({
    queryKey: walletKeys.records('consumption', page),
    queryFn: ({ signal }) =>
      apiGet(
        'consumptionRecordsData',
        '/v1/credits/records',
        { type: 'consumption', page, page_size: 20 },
        signal,
      ),
  });
}

/** The per-tool paid check (§7 `GET /v1/verify/pay`): true when it says pay, false on any error (§4). */
export async function checkPaid(kind: ToolKind): Promise<boolean> {
  try {
    return (await apiGet('verifyPayData', '/v1/verify/pay', { kind })).pay;
  } catch {
    return false;
  }
}

/** The current balance, or null when it cannot be read. */
export async function readBalance(): Promise<number | null> {
  try {
    return (await apiGet('creditsAccountData', '/v1/credits/account')).balance;
  } catch {
    return null;
  }
}

/** Charges one use of a tool for a task (`GET /v1/deduct`), then refreshes the balance. */
export function deductCredits(input: { kind: ToolKind; taskId: string; val?: number; purpose?: string }) {
  return apiGet('deductData', '/v1/deduct', {
    kind: input.kind,
    task_id: input.taskId,
    val: input.val ?? 1,
    ...(input.purpose ? { purpose: input.purpose } : {}),
  });
}
