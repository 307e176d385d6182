import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { signInTestUser, type TestContext } from '../../test/context';
import { createTestContext } from '../../test/context';
import { createBillingRepo } from './billing.repo';
import { findSku } from './catalog';
import { createStripeProvider } from './stripe-provider';

const WHSEC = 'whsec_test_0123456789abcdef';
const stripe = new Stripe('sk_test_offline');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_offline',
    STRIPE_WEBHOOK_SECRET: WHSEC,
    PUBLIC_URL: 'https://covers.example',
  });
});
afterAll(async () => ctx?.close());

function sessionEvent(id: string, type: string, session: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });
}

describe('Stripe driver (offline)', () => {
  it('creates a Checkout session with the order, price and our own return URLs', async () => {
    const calls: { url: string; body: string }[] = [];
    const fakeFetch = (async (url: string, init: { body: string }) => {
      calls.push({ url: String(url), body: String(init.body) });
      return new Response(
        JSON.stringify({
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        }),
        {
          status: 200,
          headers: { 'content-type': 'application/json', 'request-id': 'req_1' },
        },
      );
    }) as unknown as typeof fetch;
    const client = new Stripe('sk_test_offline', {
      httpClient: Stripe.createFetchHttpClient(fakeFetch),
      maxNetworkRetries: 0,
    });
    const provider = createStripeProvider({ secretKey: 'sk_test_offline', webhookSecret: WHSEC, client });
    const out = await provider.createCheckout(
      { id: 7, userId: 1, amountCents: 999, currency: 'usd', providerRef: null, paymentRef: null },
      findSku('credits-100')!,
      {
        success: 'https://covers.example/pricing?order_id=7&status=paid',
        cancel: 'https://covers.example/pricing?order_id=7&status=canceled',
      },
    );
    expect(out).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1', providerRef: 'cs_test_1' });
    const body = decodeURIComponent(calls[0]!.body);
    expect(calls[0]!.url).toContain('/v1/checkout/sessions');
    expect(body).toContain('client_reference_id=7');
    expect(body).toContain('line_items[0][price_data][unit_amount]=999');
    expect(body).toContain('success_url=https://covers.example/pricing?order_id=7&status=paid');
  });

  it('refunds the payment intent with the amount and a per-order idempotency key', async () => {
    const calls: { url: string; body: string; key: string | null }[] = [];
    const fakeFetch = (async (
      url: string,
      init: { body: string; headers: ConstructorParameters<typeof Headers>[0] },
    ) => {
      calls.push({
        url: String(url),
        body: decodeURIComponent(String(init.body)),
        key: new Headers(init.headers).get('idempotency-key'),
      });
      return new Response(JSON.stringify({ id: 're_1', object: 'refund' }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'request-id': 'req_2' },
      });
    }) as unknown as typeof fetch;
    const client = new Stripe('sk_test_offline', {
      httpClient: Stripe.createFetchHttpClient(fakeFetch),
      maxNetworkRetries: 0,
    });
    const provider = createStripeProvider({ secretKey: 'sk_test_offline', webhookSecret: WHSEC, client });
    await provider.refund(
      { id: 9, userId: 1, amountCents: 999, currency: 'usd', providerRef: 'cs_1', paymentRef: 'pi_9' },
      450,
    );
    expect(calls[0]!.url).toContain('/v1/refunds');
    expect(calls[0]!.body).toContain('payment_intent=pi_9');
    expect(calls[0]!.body).toContain('amount=450');
    expect(calls[0]!.key).toBe('refund-order-9');
    await expect(
      provider.refund(
        { id: 10, userId: 1, amountCents: 999, currency: 'usd', providerRef: 'cs_2', paymentRef: null },
        1,
      ),
    ).rejects.toThrow(/no Stripe payment/);
  });

  it('a signed checkout.session.completed fulfils once; a forged signature is refused', async () => {
    const { userId, auth } = await signInTestUser(ctx);
    const repo = createBillingRepo(ctx.database.db);
    const order = await repo.insertOrder({
      userId,
      sku: 'credits-500',
      type: 'package',
      amountCents: 3999,
      currency: 'usd',
      provider: 'stripe',
    });
    await repo.setProviderRef(order.id, 'cs_test_42');
    const payload = sessionEvent('evt_1', 'checkout.session.completed', {
      id: 'cs_test_42',
      client_reference_id: String(order.id),
      payment_status: 'paid',
      payment_intent: 'pi_42',
      amount_total: 3999,
    });
    const send = (signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/billing/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const forged = await send(stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toMatch(/^signature: /);

    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC });
    expect((await send(header)).json().data).toMatchObject({ applied: true });
    expect((await send(header)).json().data).toMatchObject({ applied: false, duplicate: true });
    const account = await ctx.app.inject({ method: 'GET', url: '/v1/credits/account', headers: auth });
    expect(account.json().data.balance).toBe(500);
    expect((await repo.findOrder(order.id))!.paymentRef).toBe('pi_42');
  });

  it('a session for another order id cannot pay this one', async () => {
    const { userId } = await signInTestUser(ctx);
    const repo = createBillingRepo(ctx.database.db);
    const order = await repo.insertOrder({
      userId,
      sku: 'credits-100',
      type: 'package',
      amountCents: 999,
      currency: 'usd',
      provider: 'stripe',
    });
    await repo.setProviderRef(order.id, 'cs_test_mine');
    const payload = sessionEvent('evt_2', 'checkout.session.completed', {
      id: 'cs_test_someone_else',
      client_reference_id: String(order.id),
      payment_status: 'paid',
      payment_intent: 'pi_x',
      amount_total: 999,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/billing/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC }),
      },
      payload,
    });
    expect(res.json().msg).toBe('checkout_id: does not belong to this order');
    expect((await repo.findOrder(order.id))!.status).toBe('pending');
  });
});
