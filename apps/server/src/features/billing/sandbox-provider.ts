import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { header, WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signed event older (or newer) than this is refused: a captured delivery cannot be replayed later. */
export const SANDBOX_TOLERANCE_SECONDS = 300;

function hmac(secret: Uint8Array, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The sandbox's event body: what our own checkout page posts to the webhook. */
export interface SandboxEventBody {
  id: string;
  type: 'checkout.completed' | 'checkout.canceled';
  order_id: number;
  checkout_id: string;
  payment_id: string | null;
  amount_cents: number;
  created: number;
}

/**
 * The built-in checkout of the embedded default: a page on our own site where the buyer confirms
 * or declines (no card data), then an HMAC-signed event goes through the same webhook path a real
 * provider would use. Signature header: `t=<unix>,v1=<hex hmac of "t.body">` (Stripe's scheme).
 */
export function createSandboxProvider(deps: { secret: Uint8Array; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const pageToken = (orderId: number) => hmac(deps.secret, `sandbox-page:${orderId}`).slice(0, 32);
  return {
    name: 'sandbox' as const,
    pageToken,
    /** True when `token` is the page token of this order (the link only its buyer was given). */
    checkPageToken(orderId: number, token: string): boolean {
      return safeEqual(pageToken(orderId), token);
    },
    /** Signs an event body as the sandbox does, for the confirm page and for tests. */
    sign(body: string, at = Math.floor(now() / 1000)): string {
      return `t=${at},v1=${hmac(deps.secret, `${at}.${body}`)}`;
    },
    newEvent(
      type: SandboxEventBody['type'],
      order: { id: number; amountCents: number; providerRef: string | null },
    ) {
      const event: SandboxEventBody = {
        id: `evt_sbx_${randomBytes(12).toString('hex')}`,
        type,
        order_id: order.id,
        checkout_id: order.providerRef ?? '',
        payment_id: type === 'checkout.completed' ? `pay_sbx_${order.id}` : null,
        amount_cents: order.amountCents,
        created: Math.floor(now() / 1000),
      };
      return JSON.stringify(event);
    },
    async createCheckout(order) {
      return {
        // An API page: at the site root whatever BASE_PATH is (decision 004).
        url: `/v1/billing/sandbox/${order.id}?t=${pageToken(order.id)}`,
        providerRef: `cs_sbx_${order.id}_${randomBytes(6).toString('hex')}`,
      };
    },
    parseWebhook(rawBody, headers): PaymentEvent {
      const sig = header(headers, SANDBOX_SIGNATURE_HEADER) ?? '';
      const parts = Object.fromEntries(sig.split(',').map((kv) => kv.split('=') as [string, string]));
      const at = Number(parts.t);
      if (!parts.t || !parts.v1 || !Number.isInteger(at))
        throw new WebhookSignatureError('Missing or malformed webhook signature');
      if (Math.abs(Math.floor(now() / 1000) - at) > SANDBOX_TOLERANCE_SECONDS) {
        throw new WebhookSignatureError('Webhook signature timestamp is outside the tolerance');
      }
      if (!safeEqual(hmac(deps.secret, `${at}.${rawBody}`), parts.v1))
        throw new WebhookSignatureError('Webhook signature does not match');
      let body: SandboxEventBody;
      try {
        body = JSON.parse(rawBody) as SandboxEventBody;
      } catch {
        throw new WebhookSignatureError('Webhook body is not JSON');
      }
      return {
        id: String(body.id),
        type: body.type === 'checkout.completed' || body.type === 'checkout.canceled' ? body.type : 'ignored',
        orderId: Number.isSafeInteger(body.order_id) ? body.order_id : null,
        providerRef: body.checkout_id ?? null,
        paymentRef: body.payment_id ?? null,
        amountCents: Number.isSafeInteger(body.amount_cents) ? body.amount_cents : null,
      };
    },
    async refund() {
      // No money moved in the sandbox: the order's refund record is the whole effect.
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
