import { useState } from 'react';
import { analytics } from '../../shared/analytics/client';
import { selectSignedIn, useAuthStore } from '../auth';
import { useIntegralInfo, useWalletDialogs } from '../credits';
import { useCheckout } from './pricing-api';

/** Where the browser goes for checkout; a seam so tests can watch the navigation. */
export const checkoutNavigation = { go: (url: string) => window.location.assign(url) };

/**
 * The "buy now" click: signed out opens the login; an account with old points not yet upgraded
 * sees the upgrade-confirm dialog first (§4); otherwise an order is created and the browser goes to
 * the checkout (the sandbox page on our site, or Stripe), which brings it back to `returnPath`.
 */
export function useBuy(returnPath: string) {
  const signedIn = useAuthStore(selectSignedIn);
  const integral = useIntegralInfo(signedIn);
  const checkout = useCheckout();
  const [pendingSku, setPendingSku] = useState<string | null>(null);

  async function buy(sku: string) {
    const auth = useAuthStore.getState();
    if (!auth.token) {
      auth.openLogin?.();
      return;
    }
    if (integral.data?.status === 0) {
      useWalletDialogs.getState().setUpgradeOpen(true);
      return;
    }
    setPendingSku(sku);
    analytics.track('checkout_start', { sku });
    try {
      const { url } = await checkout.mutateAsync({ sku, returnPath });
      checkoutNavigation.go(url);
    } catch {
      setPendingSku(null);
    }
  }
  return { buy, pendingSku, error: checkout.error, signedIn };
}
