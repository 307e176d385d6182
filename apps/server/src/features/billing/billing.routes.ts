import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cacheBust,
  cartData,
  cartQuery,
  checkoutBody,
  checkoutData,
  envelopeOf,
  orderParams,
  ordersData,
  orderView,
  skuInfoData,
} from '@ai-covers/contracts';
import { requireUser } from '../../platform/auth/identity';
import { cachedBody, createResponseCache, sendCached } from '../../platform/http/cache';
import type { BillingService } from './billing.service';
import { cartFor } from './catalog';
import { ok } from '../../platform/http/envelope';

const bearer = [{ bearer: [] }];
const noQuery = z.object({ ...cacheBust });
const cartEnvelope = envelopeOf(cartData);
/** The catalogue is fixed per release: clients and caches may keep a cart answer five minutes. */
export const CART_CACHE_CONTROL = 'public, max-age=300';

/** Cart, checkout, orders and refunds. */
export function billingRoutes(billing: BillingService): FastifyPluginAsyncZod {
  // The cart is a pure function of its query and the catalogue: serialised once per query.
  const carts = createResponseCache({ ttlMs: 3_600_000 });
  return async (app) => {
    app.get(
      '/v1/cart',
      {
        schema: {
          tags: ['billing'],
          summary: 'What we sell: credit packs (package), memberships (subscription), the phone list (wap)',
          description: `Cached: ETag and Cache-Control (${CART_CACHE_CONTROL}); 304 on a matching If-None-Match.`,
          querystring: cartQuery,
          response: { 200: envelopeOf(cartData) },
        },
      },
      async (request, reply) => {
        const { type, lang, abtest } = request.query;
        // Whether packs sell is fixed for the process (the product is wired or not): part of the key all the same.
        const onSale = billing.headshotsOnSale();
        const cached = await carts.get(`${type}|${lang ?? ''}|${abtest ?? ''}|${onSale}`, () =>
          cachedBody(cartEnvelope, ok(cartFor(type, lang, abtest, onSale))),
        );
        return sendCached(request, reply, cached, CART_CACHE_CONTROL);
      },
    );

    app.post(
      '/v1/billing/checkout',
      {
        schema: {
          tags: ['billing'],
          summary: 'Create an order for a sku and the checkout to pay it; url is where to send the buyer',
          security: bearer,
          body: checkoutBody,
          response: { 200: envelopeOf(checkoutData) },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        return ok(await billing.checkout(userId, request.body.sku, request.body.return_path));
      },
    );

    app.get(
      '/v1/billing/orders',
      {
        schema: {
          tags: ['billing'],
          summary: "The caller's orders, newest first",
          security: bearer,
          querystring: noQuery,
          response: { 200: envelopeOf(ordersData) },
        },
      },
      async (request) => ok({ rows: await billing.orders(requireUser(request)) }),
    );

    app.get(
      '/v1/billing/orders/:id',
      {
        schema: {
          tags: ['billing'],
          summary: 'One order of the caller',
          security: bearer,
          params: orderParams,
          querystring: noQuery,
          response: { 200: envelopeOf(orderView) },
        },
      },
      async (request) => ok(await billing.order(requireUser(request), request.params.id)),
    );

    app.post(
      '/v1/billing/orders/:id/refund',
      {
        schema: {
          tags: ['billing'],
          summary: '30-day money-back: refund the unspent part of an order (used credits are not refundable)',
          security: bearer,
          params: orderParams,
          response: { 200: envelopeOf(orderView) },
        },
      },
      async (request) => ok(await billing.refund(requireUser(request), request.params.id)),
    );

    app.get(
      '/vapi/v1/buy/sku-info',
      {
        schema: {
          tags: ['billing'],
          summary: 'What the account has bought (sku_buy_list), with each purchase’s expiry',
          security: bearer,
          querystring: noQuery,
          response: { 200: envelopeOf(skuInfoData) },
        },
      },
      async (request) => ok(await billing.skuInfo(requireUser(request))),
    );
  };
}
