import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth';
import { useCreditsAccount } from './credits-api';
import { useWalletDialogs } from './wallet-store';
import styles from './wallet.module.css';

/**
 * The header's live balance: polled, refreshed on focus and after every charge or purchase, and
 * copied into the signed-in user's info so every reader of `user.credit` agrees.
 */
export function CreditsBadge() {
  const { t } = useTranslation();
  const account = useCreditsAccount();
  const balance = account.data?.balance;
  useEffect(() => {
    if (balance === undefined) return;
    const { user, setUser } = useAuthStore.getState();
    if (user && user.credit !== balance) setUser({ ...user, credit: balance });
  }, [balance]);
  if (balance === undefined) return null;
  return (
    <button
      type="button"
      className={styles.badge}
      data-testid="credit-balance"
      aria-label={t('header.balanceLabel', { count: balance })}
      onClick={() => useWalletDialogs.getState().setAccountOpen(true)}
    >
      <span aria-hidden="true">◆</span>
      <span data-testid="credit-balance-value">{balance}</span>
      <span>{t('header.creditUnit', { count: balance })}</span>
    </button>
  );
}
