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
import type { BillingService } from './billing.service';
import { cartFor } from './catalog';

const bearer = [{ bearer: [] }];
const ok = <T>(data: T) => ({ code: 0, data, msg: 'ok' });
const noQuery = z.object({ ...cacheBust });

/** Cart, checkout, orders and refunds. */
export function billingRoutes(billing: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/cart',
      {
        schema: {
          tags: ['billing'],
          summary: 'What we sell: credit packs (package), memberships (subscription), the phone list (wap)',
          querystring: cartQuery,
          response: { 200: envelopeOf(cartData) },
        },
      },
      async ({ query }) => ok(cartFor(query.type, query.lang, query.abtest, billing.headshotsOnSale())),
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
