import type { CatalogItem, CartData } from '@ai-covers/contracts';

/**
 * Everything we sell, with our prices in US cents (the spec shows none). Credit packs and headshot
 * packs are one-time purchases; memberships are periods bought once (no auto-renewal), which
 * stack after the current one. Changing a price changes new orders only: orders keep theirs.
 */
export const CATALOG: readonly CatalogItem[] = [
  {
    sku: 'credits-100',
    type: 'package',
    name: '100 credits',
    credits: 100,
    plan: null,
    photos: 0,
    price_cents: 999,
    currency: 'usd',
    period_days: 0,
    popular: false,
  },
  {
    sku: 'credits-500',
    type: 'package',
    name: '500 credits',
    credits: 500,
    plan: null,
    photos: 0,
    price_cents: 3999,
    currency: 'usd',
    period_days: 0,
    popular: true,
  },
  {
    sku: 'credits-2000',
    type: 'package',
    name: '2000 credits',
    credits: 2000,
    plan: null,
    photos: 0,
    price_cents: 9999,
    currency: 'usd',
    period_days: 0,
    popular: false,
  },
  {
    sku: 'member-weekly',
    type: 'subscription',
    name: 'Weekly premium',
    credits: 0,
    plan: 'weekly',
    photos: 0,
    price_cents: 699,
    currency: 'usd',
    period_days: 7,
    popular: false,
  },
  {
    sku: 'member-monthly',
    type: 'subscription',
    name: 'Monthly premium',
    credits: 0,
    plan: 'monthly',
    photos: 0,
    price_cents: 1499,
    currency: 'usd',
    period_days: 30,
    popular: true,
  },
  {
    sku: 'member-yearly',
    type: 'subscription',
    name: 'Yearly premium',
    credits: 0,
    plan: 'yearly',
    photos: 0,
    price_cents: 8999,
    currency: 'usd',
    period_days: 365,
    popular: false,
  },
  {
    sku: 'headshots-basic',
    type: 'headshot',
    name: 'Basic: 50 photos',
    credits: 0,
    plan: null,
    photos: 50,
    price_cents: 2900,
    currency: 'usd',
    period_days: 0,
    popular: false,
  },
  {
    sku: 'headshots-pro',
    type: 'headshot',
    name: 'Pro: 100 photos',
    credits: 0,
    plan: null,
    photos: 100,
    price_cents: 4500,
    currency: 'usd',
    period_days: 0,
    popular: true,
  },
];

/** The catalog item of a sku, or undefined. */
export function findSku(sku: string): CatalogItem | undefined {
  return CATALOG.find((item) => item.sku === sku);
}

/**
 * The cart of `GET /v1/cart` (§7): packages, subscriptions and the short phone list (wap). With
 * the purchase A/B test on (plan 2, English only, §9) the yearly plan is the one we highlight.
 */
export function cartFor(type: string, lang?: string, abtest?: number, headshotsOnSale = false): CartData {
  if (type === 'headshots') {
    // No headshot pack sells until the headshot product can make one (its feature is wired).
    const packs = headshotsOnSale ? CATALOG.filter((i) => i.type === 'headshot') : [];
    return { package: packs, subscription: [], wap: packs };
  }
  const yearlyFirst = abtest === 2 && (lang ?? 'en') === 'en';
  const subscription = CATALOG.filter((i) => i.type === 'subscription').map((i) =>
    yearlyFirst ? { ...i, popular: i.plan === 'yearly' } : i,
  );
  const pkg = CATALOG.filter((i) => i.type === 'package');
  const popular = subscription.find((i) => i.popular);
  return {
    package: pkg,
    subscription,
    wap: [...(popular ? [popular] : []), ...pkg.filter((i) => i.popular)],
  };
}
