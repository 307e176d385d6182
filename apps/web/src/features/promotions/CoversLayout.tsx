import { lazyWithCopy } from '../../shared/i18n/lazy-with-copy';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAbPlan } from '../../shared/ab/use-ab-plan';

// Loaded only for visitors in plan 2 of their test, so plan 1 pays nothing for them.
const PromoBanner = lazyWithCopy(() => import('./PromoBanner').then((m) => ({ default: m.PromoBanner })));
const AdSlot = lazyWithCopy(() => import('./AdSlot').then((m) => ({ default: m.AdSlot })));

/**
 * The frame of the covers pages (home, my covers, create, a cover): the promotional banner above
 * the page for plan 2 of banner_test, the ad slot below it for plan 2 of ad_banner (§9).
 */
export function CoversLayout() {
  const banner = useAbPlan('banner_test');
  const ad = useAbPlan('ad_banner');
  return (
    <>
      {banner.on ? (
        <Suspense fallback={null}>
          <PromoBanner />
        </Suspense>
      ) : null}
      <Outlet />
      {ad.on ? (
        <Suspense fallback={null}>
          <AdSlot />
        </Suspense>
      ) : null}
    </>
  );
}
