import { lazyWithCopy } from './lazy-with-copy';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { LanguageGate } from '../features/language/LanguageGate';
import { CoversLayout } from '../features/promotions/CoversLayout';
import { AppLayout } from './layout/AppLayout';

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

/** The headshot tree of §2 mounted at `base`: home (start, upload) and usercenter (list, detail, share). */
function headshotRoutes(base: string): RouteObject[] {
  return [
    {
      path: base,
      element: <HeadshotsHomeLayout />,
      children: [
        { index: true, element: <HeadshotsStartPage /> },
        { path: 'upload', element: <HeadshotsUploadPage /> },
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
          ...headshotRoutes('headshots'),
          // §2 aliases: 'app' for the headshot home, 'app/usercenter' for the user center.
          ...headshotRoutes('headshots/app'),
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
