import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcquisitionRecord,
  CartData,
  CheckoutData,
  ConsumptionRecord,
  CreditsAccount,
  DeductData,
  IntegralInfo,
  MembershipItem,
  OrderView,
  ToolKind,
} from '@ai-covers/contracts';
import { apiGet, apiPost } from '../../shared/api/request';
import { useAuthStore } from '../auth/auth-store';

export type AccountData = CreditsAccount & { memberships: MembershipItem[] };
export type RecordsPage<T> = { total: number; rows: T[] };

/** Query keys of the wallet; invalidating `walletKeys.all` refreshes every balance on screen. */
export const walletKeys = {
  all: ['wallet'] as const,
  account: () => [...walletKeys.all, 'account'] as const,
  records: (type: 'acquisition' | 'consumption', page: number) =>
    [...walletKeys.all, 'records', type, page] as const,
  cart: (type: string, lang: string) => ['cart', type, lang] as const,
  orders: () => [...walletKeys.all, 'orders'] as const,
  integral: () => [...walletKeys.all, 'integral'] as const,
};

/** The live balance: refetched every 30 s and when the window regains focus (back from checkout). */
export function useCreditsAccount() {
  const signedIn = useAuthStore((s) => s.token !== null);
  return useQuery({
    queryKey: walletKeys.account(),
    queryFn: ({ signal }) => apiGet<AccountData>('/v1/credits/account', undefined, signal),
    enabled: signedIn,
    staleTime: 5_000,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useAcquisitions(page: number) {
  return useQuery({
    queryKey: walletKeys.records('acquisition', page),
    queryFn: ({ signal }) =>
      apiGet<RecordsPage<AcquisitionRecord>>(
        '/v1/credits/records',
        { type: 'acquisition', page, page_size: 20 },
        signal,
      ),
  });
}

export function useConsumptions(page: number) {
  return useQuery({
    queryKey: walletKeys.records('consumption', page),
    queryFn: ({ signal }) =>
      apiGet<RecordsPage<ConsumptionRecord>>(
        '/v1/credits/records',
        { type: 'consumption', page, page_size: 20 },
        signal,
      ),
  });
}

export function useCart(type: 'ai-covers' | 'headshots', lang: string) {
  return useQuery({
    queryKey: walletKeys.cart(type, lang),
    queryFn: ({ signal }) => apiGet<CartData>('/v1/cart', { type, lang }, signal),
    staleTime: 10 * 60_000,
  });
}

export function useOrders(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.orders(),
    queryFn: ({ signal }) => apiGet<{ rows: OrderView[] }>('/v1/billing/orders', undefined, signal),
    enabled,
  });
}

/** Starts checkout for a sku; the caller sends the browser to `url`. */
export function useCheckout() {
  return useMutation({
    mutationFn: (input: { sku: string; returnPath: string }) =>
      apiPost<CheckoutData>('/v1/billing/checkout', { sku: input.sku, return_path: input.returnPath }),
  });
}

export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => apiPost<OrderView>(`/v1/billing/orders/${orderId}/refund`),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useIntegralInfo(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.integral(),
    queryFn: ({ signal }) => apiGet<IntegralInfo>('/v1/integral/wsid', undefined, signal),
    enabled,
  });
}

export function useIntegralUpgrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<IntegralInfo & { converted: number; balance: number }>('/v1/integral/upgrade'),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

/** Charges one use of a tool for a task (`GET /v1/deduct`), then refreshes the balance. */
export function deductCredits(input: { kind: ToolKind; taskId: string; val?: number; purpose?: string }) {
  return apiGet<DeductData>('/v1/deduct', {
    kind: input.kind,
    task_id: input.taskId,
    val: input.val ?? 1,
    ...(input.purpose ? { purpose: input.purpose } : {}),
  });
}
