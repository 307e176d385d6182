import {
  Code,
  CREDIT_RULES,
  isSafeReturnPath,
  type CatalogItem,
  type CheckoutData,
  type OrderView,
  type SkuInfoData,
} from '@ai-covers/contracts';
import { AppError, badRequest, conflict } from '../../platform/http/app-error';
import type { LedgerOps, LedgerTx } from '../credits/credits.service';
import type { CreditsService } from '../credits/credits.service';
import { formatDate, formatDateOrNull } from '../../platform/format/format-date';
import { addDays } from '../credits/credits-time';
import { billingOps, type BillingRepo, type OrderRow } from './billing.repo';
import { findSku } from './catalog';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider';

export const noSuchOrder = () => new AppError(Code.resourceError, 'order: no such order', 404);

/** The order as its buyer sees it. */
export function toOrderView(order: OrderRow, at: Date): OrderView {
  const item = findSku(order.sku);
  return {
    id: order.id,
    sku: order.sku,
    name: item?.name ?? order.sku,
    type: order.type as OrderView['type'],
    status: order.status as OrderView['status'],
    provider: order.provider as OrderView['provider'],
    amount_cents: order.amountCents,
    currency: order.currency,
    refunded_cents: order.refundedCents,
    created_at: formatDate(order.createdAt),
    paid_at: formatDateOrNull(order.paidAt),
    refundable:
      order.status === 'paid' && !!order.paidAt && at < addDays(order.paidAt, CREDIT_RULES.moneyBackDays),
  };
}

/**
 * What a paid headshot pack becomes: an entitlement the headshot feature owns and spends. Both
 * calls run inside the order's transaction, so an order is paid and granted (or refunded and taken
 * back) together or not at all.
 */
export interface HeadshotEntitlements {
  grantIn(
    tx: LedgerTx,
    row: { userId: number; orderId: number; plan: 'basic' | 'pro'; results: number },
  ): Promise<void>;
  refundIn(tx: LedgerTx, orderId: number, at: Date): Promise<'refunded' | 'spent' | 'missing'>;
}

export interface BillingDeps {
  repo: BillingRepo;
  credits: CreditsService;
  provider: PaymentProvider;
  /** Absolute origin + base path for provider redirects (Stripe needs absolute URLs). */
  publicBase: string;
  /** The headshot feature's entitlements; without them headshot packs do not sell. */
  headshots?: HeadshotEntitlements;
}

/** Checkout, fulfilment by webhook (idempotent), refunds within the money-back window. */
export function createBillingService(deps: BillingDeps) {
  const { repo, credits, provider } = deps;
  const now = credits.now;
  const headshots = deps.headshots ?? null;

  /** Grants what an item gives, inside the ledger transaction of the order's user. */
  async function fulfilIn(ops: LedgerOps, tx: LedgerTx, order: OrderRow, item: CatalogItem, at: Date) {
    if (item.type === 'package') {
      await credits.grantIn(
        ops,
        order.userId,
        {
          source: 'purchase',
          sourceRef: `order:${order.id}`,
          amount: item.credits,
          details: item.sku,
          orderId: order.id,
        },
        at,
      );
    } else if (item.type === 'subscription') {
      // A new period starts when the current one ends, so buying early never loses days.
      const end = await ops.latestMembershipEnd(order.userId);
      const startsAt = end && end > at ? end : at;
      await ops.insertMembership({
        userId: order.userId,
        plan: item.plan!,
        startsAt,
        endsAt: addDays(startsAt, item.period_days),
        orderId: order.id,
      });
    } else {
      // Checkout refuses headshot packs without the headshot feature, so it is here.
      if (!headshots) throw new Error('a headshot order was paid while headshot packs are not on sale');
      await headshots.grantIn(tx, {
        orderId: order.id,
        userId: order.userId,
        plan: item.sku === 'headshots-pro' ? 'pro' : 'basic',
        results: item.photos,
      });
    }
  }

  async function ownOrder(userId: number, id: number): Promise<OrderRow> {
    const order = await repo.findOrder(id);
    if (!order || order.userId !== userId) throw noSuchOrder();
    return order;
  }

  return {
    /** Creates a pending order for a sku and the provider's checkout for it. */
    async checkout(userId: number, sku: string, returnPath = '/'): Promise<CheckoutData> {
      const item = findSku(sku);
      if (!item) throw badRequest(`sku: unknown product ${sku}`);
      // The buyer comes back here: only a page of this app (the route validated it; so does the service).
      if (!isSafeReturnPath(returnPath))
        throw badRequest('return_path: must be a path on this site, like /pricing');
      if (item.type === 'headshot' && !headshots)
        throw new AppError(Code.notAvailable, 'Headshot packs are not on sale at the moment.', 403);
      const order = await repo.insertOrder({
        userId,
        sku,
        type: item.type,
        amountCents: item.price_cents,
        currency: item.currency,
        provider: provider.name,
        returnPath,
      });
      const back = (status: string) =>
        `${deps.publicBase}${returnPath}${returnPath.includes('?') ? '&' : '?'}order_id=${order.id}&status=${status}`;
      let created: { url: string; providerRef: string };
      try {
        created = await provider.createCheckout(
          {
            id: order.id,
            userId,
            amountCents: order.amountCents,
            currency: order.currency,
            providerRef: null,
            paymentRef: null,
          },
          item,
          { success: back('paid'), cancel: back('canceled') },
        );
      } catch {
        // The provider is down or refused: the order can never be paid, so it is closed at once.
        await repo.markCanceled(order.id, now());
        throw new AppError(
          Code.error,
          'The payment provider is not reachable; nothing was charged. Try again later.',
          502,
        );
      }
      const { url, providerRef } = created;
      await repo.setProviderRef(order.id, providerRef);
      return { order_id: order.id, provider: provider.name, url };
    },

    /** An order of the caller; another account's order is answered as missing. */
    async order(userId: number, id: number): Promise<OrderView> {
      return toOrderView(await ownOrder(userId, id), now());
    },

    async orders(userId: number): Promise<OrderView[]> {
      const at = now();
      return (await repo.listOrders(userId)).map((o) => toOrderView(o, at));
    },

    /**
     * Verifies and applies a provider webhook. The event row, the order's state change and the
     * grant commit together, so a replay (same event id) or a second event for a paid order
     * grants nothing, and a failure grants nothing and can be retried.
     */
    async handleWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>) {
      let event: PaymentEvent;
      try {
        event = provider.parseWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest(`signature: ${error.message}`);
        throw error;
      }
      if (event.type === 'ignored' || event.orderId === null)
        return { received: true, applied: false, duplicate: false };
      const found = await repo.findOrder(event.orderId);
      // A genuine (signed) event for an order we do not know, e.g. another environment sharing the
      // provider account: acknowledged, so the provider stops retrying, and nothing is granted.
      if (!found) return { received: true, applied: false, duplicate: false };
      return credits.inUserTx(found.userId, async (ops, tx) => {
        const b = billingOps(tx);
        if (!(await b.insertEvent(provider.name, event.id, found.id, event.type))) {
          return { received: true, applied: false, duplicate: true };
        }
        const order = (await b.lockOrder(found.id))!;
        if (order.providerRef !== event.providerRef)
          throw badRequest('checkout_id: does not belong to this order');
        if (order.status !== 'pending') return { received: true, applied: false, duplicate: false };
        const at = now();
        if (event.type === 'checkout.canceled') {
          await b.markCanceled(order.id, at);
          return { received: true, applied: true, duplicate: false };
        }
        if (event.amountCents !== order.amountCents) throw badRequest('amount: does not match the order');
        const item = findSku(order.sku);
        if (!item) throw conflict(`sku: ${order.sku} is no longer sold`);
        await b.markPaid(order.id, event.paymentRef, at);
        await fulfilIn(ops, tx, order, item, at);
        return { received: true, applied: true, duplicate: false };
      });
    },

    /**
     * The 30-day money-back guarantee: the unspent part of a credit pack, the unused part of a
     * membership, or an unused headshot pack is refunded; used credits never are (§9).
     */
    async refund(userId: number, id: number): Promise<OrderView> {
      const found = await ownOrder(userId, id);
      const updated = await credits.inUserTx(userId, async (ops, tx) => {
        const b = billingOps(tx);
        const order = (await b.lockOrder(found.id))!;
        const at = now();
        if (order.status !== 'paid' || !order.paidAt) throw conflict('Only a paid order can be refunded');
        if (at >= addDays(order.paidAt, CREDIT_RULES.moneyBackDays)) {
          throw conflict('The 30-day money-back guarantee has ended for this order');
        }
        let cents: number;
        if (order.type === 'package') {
          const { amount, refunded } = await ops.refundLotsOfOrder(order.id);
          if (refunded === 0)
            throw conflict('All credits of this order have been used; used credits are not refundable');
          cents = Math.floor((order.amountCents * refunded) / amount);
        } else if (order.type === 'subscription') {
          const period = (await ops.listMemberships(userId)).find((m) => m.orderId === order.id);
          if (!period) throw conflict('This membership has no period to refund');
          const length = period.endsAt.getTime() - period.startsAt.getTime();
          const used = Math.min(length, Math.max(0, at.getTime() - period.startsAt.getTime()));
          cents = Math.floor((order.amountCents * (length - used)) / length);
          await ops.endMembershipOfOrder(order.id, at);
        } else {
          const outcome = headshots ? await headshots.refundIn(tx, order.id, at) : 'missing';
          if (outcome !== 'refunded')
            throw conflict('This headshot pack has been used and cannot be refunded');
          cents = order.amountCents;
        }
        // Inside the transaction: if the provider refuses, nothing above is kept.
        if (cents > 0) await provider.refund(order, cents);
        await b.markRefunded(order.id, cents, at);
        return (await b.lockOrder(order.id))!;
      });
      return toOrderView(updated, now());
    },

    /** `GET /vapi/v1/buy/sku-info`: what the account bought and until when it lasts. */
    async skuInfo(userId: number): Promise<SkuInfoData> {
      const bought = await repo.listBought(userId);
      const expiries = await credits.expiriesOfOrders(bought.map((o) => o.id));
      return {
        sku_buy_list: bought.map((o) => ({
          sku: o.sku,
          type: o.type as 'package' | 'subscription' | 'headshot',
          order_id: o.id,
          status: o.status as 'paid' | 'refunded',
          paid_at: formatDateOrNull(o.paidAt),
          expire_time: formatDateOrNull(expiries.get(o.id)),
        })),
      };
    },

    headshotsOnSale(): boolean {
      return headshots !== null;
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
