import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../shared/api/request';
import { walletKeys } from '../credits';

/**
 * Query keys of pricing. Orders sit under the wallet's keys: whatever refreshes the balance (a
 * payment, a refund, an upgrade) refreshes the orders too.
 */
export const pricingKeys = {
  cart: (type: string, lang: string, abtest?: number) => ['cart', type, lang, abtest ?? null] as const,
  orders: () => [...walletKeys.all, 'orders'] as const,
  order: (orderId: number) => [...walletKeys.all, 'orders', orderId] as const,
};

/**
 * The cart of a product (§7 `GET /v1/cart`): packages, subscriptions and the phone list. `abtest`
 * is the visitor's purchase-test plan, which the server answers with that plan's highlights.
 */
export function useCart(type: 'ai-covers' | 'headshots', lang: string, abtest?: number) {
  return useQuery({
    queryKey: pricingKeys.cart(type, lang, abtest),
    queryFn: ({ signal }) => apiGet('cartData', '/v1/cart', { type, lang, abtest }, signal),
    staleTime: 10 * 60_000,
  });
}

/** The account's orders, newest first. */
export function useOrders(enabled: boolean) {
  return useQuery({
    queryKey: pricingKeys.orders(),
    queryFn: ({ signal }) => apiGet('ordersData', '/v1/billing/orders', undefined, signal),
    enabled,
  });
}

/** One order; while it is pending (a provider's webhook can land after the redirect) it is read again. */
export function useOrder(orderId: number) {
  return useQuery({
    queryKey: pricingKeys.order(orderId),
    queryFn: ({ signal }) => apiGet('orderView', `/v1/billing/orders/${orderId}`, undefined, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
}

/** Starts checkout for a sku; the caller sends the browser to `url`. */
export function useCheckout() {
  return useMutation({
    mutationFn: (input: { sku: string; returnPath: string }) =>
      apiPost('checkoutData', '/v1/billing/checkout', { sku: input.sku, return_path: input.returnPath }),
  });
}

/** Refunds an order inside the 30-day window; every balance on screen is refreshed after. */
export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => apiPost('orderView', `/v1/billing/orders/${orderId}/refund`),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
