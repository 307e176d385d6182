import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ui } from '../../shared/ui/PageIntro';
import { openPricing } from './open-pricing';
import { useCreditsAccount } from './credits-api';
import { useWalletDialogs } from './wallet-store';
import { WalletDialog } from './WalletDialog';
import styles from './wallet.module.css';

/** Not enough credits (§2, §8): the balance, what the feature needs, and the way to pricing. */
export function CreditsLimitDialog() {
  const { t, i18n } = useTranslation();
  const open = useWalletDialogs((s) => s.limitOpen);
  const need = useWalletDialogs((s) => s.limitNeed);
  const close = useWalletDialogs((s) => s.closeLimit);
  const returnPath = useWalletDialogs((s) => s.limitReturnPath);
  const location = useLocation();
  const account = useCreditsAccount();
  const handleBuy = () => {
    close();
    // The checkout comes back here (or to what the refused feature asked for), not to pricing.
    openPricing({ lang: i18n.language, returnPath: returnPath ?? location.pathname });
  };
  return (
    <WalletDialog
      open={open}
      onOpenChange={(o) => (o ? undefined : close())}
      title={t('wallet.limit.title')}
      testId="credits-limit-dialog"
    >
      <p>{t('wallet.limit.body', { count: need })}</p>
      <p className={styles.muted}>{t('wallet.limit.balance', { count: account.data?.balance ?? 0 })}</p>
      <p className={styles.muted}>{t('wallet.prompt')}</p>
      <div className={styles.actions}>
        <button type="button" className={ui.button} onClick={handleBuy} data-testid="credits-limit-buy">
          {t('wallet.getCredits')}
        </button>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={close}>
          {t('wallet.later')}
        </button>
      </div>
    </WalletDialog>
  );
}
