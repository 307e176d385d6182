import { useEffect } from 'react';
import { restoreAssignments } from '../../shared/ab/assignments';
import { analytics } from '../../shared/analytics/client';
import {
  buildPageProperties,
  defaultProductId,
  productIdFromSearch,
} from '../../shared/analytics/page-properties';
import { ensureSessionId, ensureVisitorId } from '../../shared/storage/storage';
import { selectSignedIn, useAuthStore } from '../../features/auth';
import { BASE_PATH, isHeadshotsPath } from '../../shared/routing/base-paths';

// The ad landing's `pid` is read once: later in-app navigations drop the query.
const landingProductId = productIdFromSearch(typeof window === 'undefined' ? '' : window.location.search);

/** Keeps analytics page properties current (language, signed-in flag) and records page views. */
export function useAnalyticsSession(lang: string, routePath: string): void {
  const signedIn = useAuthStore(selectSignedIn);
  const wsid = useAuthStore((s) => s.user?.ws_id);

  useEffect(() => {
    analytics.pageView(routePath);
  }, [routePath]);

  const productId = landingProductId ?? defaultProductId(BASE_PATH, isHeadshotsPath(routePath));

  useEffect(() => {
    // The plans of earlier visits ride with the first batch (§9 results per plan).
    restoreAssignments();
    analytics.ready(
      buildPageProperties({
        lang,
        loggedIn: signedIn,
        accountId: wsid === undefined || wsid === null ? undefined : String(wsid),
        visitorId: ensureVisitorId(),
        sessionId: ensureSessionId(),
        productId,
        basePath: BASE_PATH,
        env: import.meta.env.MODE,
        tzOffsetMinutes: -new Date().getTimezoneOffset(),
      }),
    );
  }, [lang, signedIn, wsid, productId]);
}
