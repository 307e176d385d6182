import Stripe from 'stripe';
import { header, WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider';

/**
 * Stripe Checkout in payment mode (memberships are prepaid periods, not Stripe subscriptions).
 * The order id travels as client_reference_id and metadata; the webhook is verified with
 * STRIPE_WEBHOOK_SECRET. `client` is injectable so tests run offline.
 */
export function createStripeProvider(deps: {
  secretKey: string;
  webhookSecret: string;
  client?: Stripe;
}): PaymentProvider {
  const stripe = deps.client ?? new Stripe(deps.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: 'stripe',
    async createCheckout(order, item, urls) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(order.id),
          metadata: { order_id: String(order.id), sku: item.sku },
          payment_intent_data: { metadata: { order_id: String(order.id) } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency,
                unit_amount: order.amountCents,
                product_data: { name: item.name },
              },
            },
          ],
          success_url: urls.success,
          cancel_url: urls.cancel,
        },
        { idempotencyKey: `checkout-order-${order.id}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, providerRef: session.id };
    },
    parseWebhook(rawBody, headers): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          header(headers, 'stripe-signature') ?? '',
          deps.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError(
          (error as Error).message.split('\n')[0] ?? 'Invalid Stripe signature',
        );
      }
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired') {
        const session = event.data.object;
        const orderId = Number(session.client_reference_id ?? session.metadata?.order_id);
        const paid = event.type === 'checkout.session.completed' && session.payment_status === 'paid';
        const intent = session.payment_intent;
        return {
          id: event.id,
          type: paid
            ? 'checkout.completed'
            : event.type === 'checkout.session.expired'
              ? 'checkout.canceled'
              : 'ignored',
          orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
          providerRef: session.id,
          paymentRef: typeof intent === 'string' ? intent : (intent?.id ?? null),
          amountCents: session.amount_total,
        };
      }
      return {
        id: event.id,
        type: 'ignored',
        orderId: null,
        providerRef: null,
        paymentRef: null,
        amountCents: null,
      };
    },
    async refund(order, amountCents) {
      if (!order.paymentRef) throw new Error(`Order ${order.id} has no Stripe payment to refund`);
      await stripe.refunds.create(
        { payment_intent: order.paymentRef, amount: amountCents, metadata: { order_id: String(order.id) } },
        { idempotencyKey: `refund-order-${order.id}` },
      );
    },
  };
}
