import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import { openPricing } from './open-pricing';
import { useCreditsAccount } from './credits-api';
import { useWalletDialogs } from './wallet-store';
import { WalletDialog } from './WalletDialog';
import styles from './wallet.module.css';

/**
 * Confirms that a feature consumes {value} credits (§4: status notAllowed and value 1 by default).
 * With status notAllowed the balance is short: the dialog offers credits instead of "continue".
 */
export function CreditsConsumeDialog() {
  const { t, i18n } = useTranslation();
  const request = useWalletDialogs((s) => s.consume);
  const settle = useWalletDialogs((s) => s.settleConsume);
  const account = useCreditsAccount();
  const value = request?.value ?? 1;
  const balance = account.data?.balance ?? 0;
  const allowed = request?.status === 'allowed' && balance >= value;
  return (
    <WalletDialog
      open={request !== null}
      onOpenChange={(o) => (o ? undefined : settle(false))}
      title={t('wallet.consume.title')}
      testId="credits-consume-dialog"
    >
      <p>
        {allowed
          ? t('wallet.consume.body', { count: value })
          : t('wallet.consume.insufficient', { count: value })}
      </p>
      <p className={styles.muted}>{t('wallet.limit.balance', { count: balance })}</p>
      <div className={styles.actions}>
        {allowed ? (
          <button type="button" className={ui.button} onClick={() => settle(true)}>
            {t('wallet.consume.confirm', { count: value })}
          </button>
        ) : (
          <button
            type="button"
            className={ui.button}
            onClick={() => {
              settle(false);
              openPricing({ lang: i18n.language });
            }}
          >
            {t('wallet.getCredits')}
          </button>
        )}
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => settle(false)}>
          {t('wallet.cancel')}
        </button>
      </div>
    </WalletDialog>
  );
}
