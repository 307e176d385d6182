import { lazyWithCopy } from '../../shared/i18n/lazy-with-copy';
import { Suspense } from 'react';
import { useWalletDialogs } from '../credits';

// The dialog loads on first use, so pages that never open it never download it.
const PricingDialog = lazyWithCopy(() =>
  import('./PricingDialog').then((m) => ({ default: m.PricingDialog })),
);

/** Mounts the pricing dialog once, inside the router; the wallet's "buy" actions open it. */
export function PricingRoot() {
  const open = useWalletDialogs((s) => s.pricing !== null);
  return <Suspense fallback={null}>{open ? <PricingDialog /> : null}</Suspense>;
}
