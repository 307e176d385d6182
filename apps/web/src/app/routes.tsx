import { lazyWithCopy } from '../shared/i18n/lazy-with-copy';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { LanguageGate } from '../features/language';
import { CoversLayout } from '../features/promotions';
import { AppLayout } from './layout/AppLayout';
import { HEADSHOTS_BASE } from '../shared/routing/base-paths';

// Every page is its own chunk so later features never grow the first page (budget: bench/web).
const CoversHomePage = lazyWithCopy(() =>
  import('../features/covers-home/CoversHomePage').then((m) => ({ default: m.CoversHomePage })),
);
const HeadshotsHomeLayout = lazyWithCopy(() =>
  import('../features/headshots/HeadshotsHomeLayout').then((m) => ({ default: m.HeadshotsHomeLayout })),
);
const HeadshotsStartPage = lazyWithCopy(() =>
  import('../features/headshots/HeadshotsStartPage').then((m) => ({ default: m.HeadshotsStartPage })),
);
const HeadshotsUploadPage = lazyWithCopy(() =>
  import('../features/headshots/HeadshotsUploadPage').then((m) => ({ default: m.HeadshotsUploadPage })),
);
const UsercenterLayout = lazyWithCopy(() =>
  import('../features/headshots/UsercenterLayout').then((m) => ({ default: m.UsercenterLayout })),
);
const UsercenterListPage = lazyWithCopy(() =>
  import('../features/headshots/UsercenterListPage').then((m) => ({ default: m.UsercenterListPage })),
);
const HeadshotDetailPage = lazyWithCopy(() =>
  import('../features/headshots/HeadshotDetailPage').then((m) => ({ default: m.HeadshotDetailPage })),
);
const SubmitResultPage = lazyWithCopy(() =>
  import('../features/headshots/SubmitOutcome').then((m) => ({ default: m.SubmitResultPage })),
);
const AccountPage = lazyWithCopy(() =>
  import('../features/account/AccountPage').then((m) => ({ default: m.AccountPage })),
);
const PricingPage = lazyWithCopy(() =>
  import('../features/pricing/PricingPage').then((m) => ({ default: m.PricingPage })),
);
const CreditsCenterPage = lazyWithCopy(() =>
  import('../features/account/CreditsCenterPage').then((m) => ({ default: m.CreditsCenterPage })),
);
const CreditPage = lazyWithCopy(() =>
  import('../features/credits/CreditPage').then((m) => ({ default: m.CreditPage })),
);
const EntryPage = lazyWithCopy(() =>
  import('../features/entry/EntryPage').then((m) => ({ default: m.EntryPage })),
);
const MyCoversPage = lazyWithCopy(() =>
  import('../features/covers-tool/MyCoversPage').then((m) => ({ default: m.MyCoversPage })),
);
const CoverCreatePage = lazyWithCopy(() =>
  import('../features/covers-tool/CoverCreatePage').then((m) => ({ default: m.CoverCreatePage })),
);
const CoverTaskPage = lazyWithCopy(() =>
  import('../features/covers-tool/CoverTaskPage').then((m) => ({ default: m.CoverTaskPage })),
);
const SharePage = lazyWithCopy(() =>
  import('../features/share/SharePage').then((m) => ({ default: m.SharePage })),
);

/** Unmatched paths go to the root, keeping the language segment (§2). */
function RedirectToRoot() {
  const { lang } = useParams();
  return <Navigate to={lang ? `/${lang}` : '/'} replace />;
}

/** Unknown paths under the headshot product go to its root, keeping the language segment (§2). */
function RedirectToHeadshots() {
  const { lang } = useParams();
  return <Navigate to={lang ? `/${lang}${HEADSHOTS_BASE}` : HEADSHOTS_BASE} replace />;
}

/**
 * The headshot tree of §2 mounted at `base`: home (start, upload, the submit result) and usercenter
 * (list, detail, share).
 */
function headshotRoutes(base: string): RouteObject[] {
  return [
    {
      path: base,
      element: <HeadshotsHomeLayout />,
      children: [
        { index: true, element: <HeadshotsStartPage /> },
        { path: 'upload', element: <HeadshotsUploadPage /> },
        { path: 'result', element: <SubmitResultPage /> },
      ],
    },
    {
      path: `${base}/usercenter`,
      element: <UsercenterLayout />,
      children: [
        { index: true, element: <UsercenterListPage /> },
        { path: 'detail', element: <HeadshotDetailPage mode="detail" /> },
        { path: 'share', element: <HeadshotDetailPage mode="share" /> },
      ],
    },
  ];
}

/** The headshot base path as a route path below the language segment (no leading slash). */
const HEADSHOTS_ROUTE = HEADSHOTS_BASE.slice(1);

/** The app's route tree; every route may carry a language segment first (§2, §5). */
export const appRoutes: RouteObject[] = [
  {
    path: '/:lang?',
    element: <LanguageGate />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            // The covers pages share the A/B banner and ad slot (§9).
            element: <CoversLayout />,
            children: [
              { index: true, element: <CoversHomePage /> },
              { path: 'covers', element: <MyCoversPage /> },
              { path: 'covers/new', element: <CoverCreatePage /> },
              { path: 'covers/:taskId', element: <CoverTaskPage /> },
            ],
          },
          { path: 's/:shareId', element: <SharePage /> },
          // AI Headshots under HEADSHOTS_BASE_PATH (a setting the build carries, default /headshots).
          ...headshotRoutes(HEADSHOTS_ROUTE),
          // §2 aliases: 'app' for the headshot home, 'app/usercenter' for the user center.
          ...headshotRoutes(`${HEADSHOTS_ROUTE}/app`),
          { path: `${HEADSHOTS_ROUTE}/*`, element: <RedirectToHeadshots /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'pricing', element: <PricingPage /> },
          { path: 'account/credits', element: <CreditsCenterPage /> },
          { path: 'credit', element: <CreditPage /> },
          { path: 'apps/entry', element: <EntryPage /> },
          { path: '*', element: <RedirectToRoot /> },
        ],
      },
    ],
  },
];
