import { lazyWithCopy } from '../../shared/i18n/lazy-with-copy';
import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { selectSignedIn, useAuthStore } from '../auth';
import { walletKeys } from './credits-api';
import { onWalletChange } from './wallet-sync';
import { useWalletDialogs } from './wallet-store';

// Dialogs load on first use, so pages that never open one never download them.
const CreditsLimitDialog = lazyWithCopy(() =>
  import('./CreditsLimitDialog').then((m) => ({ default: m.CreditsLimitDialog })),
);
const CreditsConsumeDialog = lazyWithCopy(() =>
  import('./CreditsConsumeDialog').then((m) => ({ default: m.CreditsConsumeDialog })),
);
const AccountCenterDialog = lazyWithCopy(() =>
  import('./AccountCenterDialog').then((m) => ({ default: m.AccountCenterDialog })),
);
const UpgradeConfirmDialog = lazyWithCopy(() =>
  import('./UpgradeConfirmDialog').then((m) => ({ default: m.UpgradeConfirmDialog })),
);

/** Mounts the wallet's dialogs once, inside the router (they open from anywhere via the store). */
export function WalletRoot() {
  const signedIn = useAuthStore(selectSignedIn);
  const limit = useWalletDialogs((s) => s.limitOpen);
  const consume = useWalletDialogs((s) => s.consume !== null);
  const account = useWalletDialogs((s) => s.accountOpen);
  const client = useQueryClient();
  // A purchase paid in the pricing window updates this window's balance at once.
  useEffect(
    () => onWalletChange(() => void client.invalidateQueries({ queryKey: walletKeys.all })),
    [client],
  );
  return (
    <Suspense fallback={null}>
      {limit ? <CreditsLimitDialog /> : null}
      {consume ? <CreditsConsumeDialog /> : null}
      {account ? <AccountCenterDialog /> : null}
      {/* Checks need_upgrade for every signed-in account (§4). */}
      {signedIn ? <UpgradeConfirmDialog /> : null}
    </Suspense>
  );
}
