import type { RoutePages } from './route-preload.ts';

/**
 * The page modules each route of `src/app/routes.tsx` renders (nested layouts first), for the
 * build's route preloads. A test checks that every lazy page of routes.tsx is named here.
 * `headshotsBase` is HEADSHOTS_BASE_PATH without its leading slash.
 */
export function routePages(headshotsBase: string): RoutePages {
  const page = (name: string) => `src/features/${name}.tsx`;
  const headshots = (base: string): RoutePages => ({
    [base]: [page('headshots/HeadshotsHomeLayout'), page('headshots/HeadshotsStartPage')],
    [`${base}/upload`]: [page('headshots/HeadshotsHomeLayout'), page('headshots/HeadshotsUploadPage')],
    [`${base}/result`]: [page('headshots/HeadshotsHomeLayout'), page('headshots/SubmitOutcome')],
    [`${base}/usercenter`]: [page('headshots/UsercenterLayout'), page('headshots/UsercenterListPage')],
    [`${base}/usercenter/detail`]: [page('headshots/UsercenterLayout'), page('headshots/HeadshotDetailPage')],
    [`${base}/usercenter/share`]: [page('headshots/UsercenterLayout'), page('headshots/HeadshotDetailPage')],
  });
  return {
    '': [page('covers-home/CoversHomePage')],
    covers: [page('covers-tool/MyCoversPage')],
    'covers/new': [page('covers-tool/CoverCreatePage')],
    'covers/:taskId': [page('covers-tool/CoverTaskPage')],
    's/:shareId': [page('share/SharePage')],
    ...headshots(headshotsBase),
    ...headshots(`${headshotsBase}/app`),
    account: [page('account/AccountPage')],
    pricing: [page('pricing/PricingPage')],
    'account/credits': [page('account/CreditsCenterPage')],
    credit: [page('credits/CreditPage')],
    'apps/entry': [page('entry/EntryPage')],
  };
}
