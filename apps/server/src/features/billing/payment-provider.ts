import type { CatalogItem } from '@ai-covers/contracts';

/** What fulfilment needs to know about an order. */
export interface OrderRef {
  id: number;
  userId: number;
  amountCents: number;
  currency: string;
  providerRef: string | null;
  paymentRef: string | null;
}

/** A verified provider event, reduced to what our order flow acts on. */
export interface PaymentEvent {
  /** The provider's event id: a replay of the same id is acted on once. */
  id: string;
  type: 'checkout.completed' | 'checkout.canceled' | 'ignored';
  orderId: number | null;
  /** The provider's checkout id, checked against the order's. */
  providerRef: string | null;
  paymentRef: string | null;
  amountCents: number | null;
}

/** A payment provider: the sandbox checkout (embedded default) or Stripe Checkout. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Creates the provider's checkout for an order: where to send the buyer, and its id. */
  createCheckout(
    order: OrderRef,
    item: CatalogItem,
    urls: { success: string; cancel: string },
  ): Promise<{ url: string; providerRef: string }>;
  /** Verifies a webhook's signature (throws `WebhookSignatureError` when forged or stale) and parses it. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  /** Returns money to the buyer; must be idempotent per order. */
  refund(order: OrderRef, amountCents: number): Promise<void>;
}

export class WebhookSignatureError extends Error {}

export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
