import { PRODUCT } from '@ai-covers/contracts';

/** Page properties sent with every analytics batch (§3); mirrors `pageProperties` in contracts. */
export interface PageProperties {
  uid?: string;
  tid?: string;
  pid?: string | number;
  penv?: string;
  pbrand?: string;
  ptype?: 'lab' | 'singlesite';
  pver?: string;
  plang?: string;
  tz?: number;
  psource?: string;
  logged_in?: boolean;
  /** The tab's session id (§3). */
  sid?: string;
  /** The visitor's A/B plans (test code → plan), added by the analytics client. */
  ab?: Record<string, number>;
}

export interface PageContext {
  lang: string;
  loggedIn: boolean;
  /** Numeric account id (wsid) when known. */
  accountId?: string | undefined;
  visitorId: string;
  /** The session id of this tab (session storage, §3). */
  sessionId?: string | undefined;
  /** Product id from the landing URL (`pid`), else the page's own product (`defaultProductId`). */
  productId: number;
  basePath: string;
  env: string;
  /** Minutes east of UTC. */
  tzOffsetMinutes: number;
}

/**
 * The product a page reports when no ad landing names one (§9): AI Headshots is the second product
 * (14892); AI Covers reports the lab's id (15041) under the lab prefix and the main site's (15162)
 * at the site root.
 */
export function defaultProductId(basePath: string, headshotsPage: boolean): number {
  if (headshotsPage) return PRODUCT.secondProductId;
  return basePath.startsWith('/lab') ? PRODUCT.labId : PRODUCT.mainProductId;
}

/** Reads the product id an ad landing passes as `?pid=`; null when it names none. */
export function productIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('pid');
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Builds the §3 page properties; ad-tracking product ids (20034, 20128) add psource=ppc (§7). */
export function buildPageProperties(ctx: PageContext): PageProperties {
  const props: PageProperties = {
    tid: ctx.visitorId,
    pid: ctx.productId,
    penv: ctx.env,
    pbrand: PRODUCT.kind,
    // Under the lab prefix the tool is a lab product; at the site root it is its own site.
    ptype: ctx.basePath.startsWith('/lab') ? 'lab' : 'singlesite',
    pver: PRODUCT.appVersion,
    plang: ctx.lang,
    tz: ctx.tzOffsetMinutes,
    logged_in: ctx.loggedIn,
  };
  if (ctx.accountId) props.uid = ctx.accountId;
  if (ctx.sessionId) props.sid = ctx.sessionId;
  if (PRODUCT.ppcProductIds.includes(ctx.productId)) props.psource = 'ppc';
  return props;
}
