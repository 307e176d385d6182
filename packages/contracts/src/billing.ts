import { z } from 'zod';
import { cacheBust } from './api';
import { TOOL_KINDS } from './credits';

/** Membership plans of §3; each period is bought once and stacks after the current one. */
export const MEMBERSHIP_PLANS = ['weekly', 'monthly', 'yearly'] as const;
export type MembershipPlan = (typeof MEMBERSHIP_PLANS)[number];

/** One thing we sell. Prices are ours (the spec shows none). */
export const catalogItem = z.object({
  sku: z.string(),
  type: z.enum(['package', 'subscription', 'headshot']),
  name: z.string(),
  credits: z.number().int(),
  plan: z.enum(MEMBERSHIP_PLANS).nullable(),
  photos: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
  /** Membership period in days; 0 for one-time purchases. */
  period_days: z.number().int(),
  popular: z.boolean(),
});
export type CatalogItem = z.infer<typeof catalogItem>;

/** `GET /v1/cart` (§7): type is the product whose cart to show (every tool shares the credits cart). */
export const CART_TYPES = [...TOOL_KINDS, 'headshots', 'credits'] as const;
export const cartQuery = z.object({
  type: z.enum(CART_TYPES, { error: 'must be a tool kind, headshots or credits' }),
  lang: z.string().trim().max(8).optional(),
  abtest: z.coerce.number().int().min(1).max(10).optional(),
  ...cacheBust,
});
export const cartData = z.object({
  package: z.array(catalogItem),
  subscription: z.array(catalogItem),
  /** The short list shown in the phone (light) pricing dialog. */
  wap: z.array(catalogItem),
});
export type CartData = z.infer<typeof cartData>;

const RETURN_PATH_CHARS = /^\/(?![/\\])[A-Za-z0-9/_.~%?&=+-]*$/;

/**
 * True for a path inside the app to come back to after checkout: one leading slash, no scheme,
 * no `//` and no backslash (never another site), and no `.`/`..` segment or escaped slash in the
 * path (a browser would resolve those above the app's base path). At most 512 characters.
 */
export function isSafeReturnPath(path: string): boolean {
  if (path.length > 512 || !RETURN_PATH_CHARS.test(path)) return false;
  const route = path.split('?')[0]!;
  if (/%(2f|5c)/i.test(route)) return false;
  return route.split('/').every((segment) => !/^(\.|%2e){1,2}$/i.test(segment));
}

/** A path on our own site (under its base path) to come back to after checkout: see isSafeReturnPath. */
export const returnPath = z
  .string()
  .trim()
  .max(512, 'must be at most 512 characters')
  .refine(isSafeReturnPath, 'must be a path on this site, like /pricing');

/** `POST /v1/billing/checkout`. */
export const checkoutBody = z.object({
  sku: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64),
  return_path: returnPath.optional(),
});
export const checkoutData = z.object({
  order_id: z.number().int(),
  provider: z.enum(['sandbox', 'stripe']),
  /** Where to send the buyer: the sandbox page on our site, or Stripe Checkout. */
  url: z.string(),
});
export type CheckoutData = z.infer<typeof checkoutData>;

export const ORDER_STATUSES = ['pending', 'paid', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderView = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  type: z.enum(['package', 'subscription', 'headshot']),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(['sandbox', 'stripe']),
  amount_cents: z.number().int(),
  currency: z.string(),
  refunded_cents: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Still inside the 30-day money-back window. */
  refundable: z.boolean(),
});
export type OrderView = z.infer<typeof orderView>;
export const orderParams = z.object({
  id: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be positive'),
});
export const ordersData = z.object({ rows: z.array(orderView) });
export type OrdersData = z.infer<typeof ordersData>;

/** `GET /vapi/v1/buy/sku-info` (§7, not shown: defined here): what the account has bought. */
export const skuInfoData = z.object({
  sku_buy_list: z.array(
    z.object({
      sku: z.string(),
      type: z.enum(['package', 'subscription', 'headshot']),
      order_id: z.number().int(),
      status: z.enum(ORDER_STATUSES),
      paid_at: z.string().nullable(),
      /** Membership end, or the purchased credits' expiry. */
      expire_time: z.string().nullable(),
    }),
  ),
});
export type SkuInfoData = z.infer<typeof skuInfoData>;

/** Headshot packs (§1, §9) a user has paid for and not used yet. */
export const headshotPackData = z.object({
  packs: z.array(
    z.object({ order_id: z.number().int(), plan: z.enum(['basic', 'pro']), photos: z.number().int() }),
  ),
});
