import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import { selectSignedIn, useAuthStore } from '../auth';
import { useIntegralInfo, useIntegralUpgrade } from './integral-api';
import { useWalletDialogs } from './wallet-store';
import { WalletDialog } from './WalletDialog';
import styles from './wallet.module.css';

/**
 * The upgrade-confirm dialog (§4): shown by itself when status is 0 and need_upgrade is 1 (and by
 * a purchase click while status is 0). Confirming converts old points into credits plus the bonus.
 */
export function UpgradeConfirmDialog() {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectSignedIn);
  const info = useIntegralInfo(signedIn);
  const open = useWalletDialogs((s) => s.upgradeOpen);
  const setOpen = useWalletDialogs((s) => s.setUpgradeOpen);
  const upgrade = useIntegralUpgrade();
  const needs = info.data?.status === 0 && info.data.need_upgrade === 1;
  useEffect(() => {
    if (needs) setOpen(true);
  }, [needs, setOpen]);
  return (
    <WalletDialog
      open={open}
      onOpenChange={setOpen}
      title={t('wallet.upgrade.title')}
      testId="upgrade-confirm-dialog"
    >
      {upgrade.data ? (
        <p role="status">
          {t('wallet.upgrade.done', { count: upgrade.data.converted + (upgrade.data.bonus ?? 0) })}
        </p>
      ) : (
        <>
          <p>
            {t('wallet.upgrade.body', {
              points: t('wallet.units.points', { count: info.data?.integral ?? 0 }),
              bonus: t('wallet.units.credits', { count: info.data?.bonus ?? 200 }),
            })}
          </p>
          <p className={styles.muted}>{t('wallet.upgrade.validity')}</p>
        </>
      )}
      {upgrade.error ? <p className={styles.error}>{upgrade.error.message}</p> : null}
      <div className={styles.actions}>
        {upgrade.data ? (
          <button type="button" className={ui.button} onClick={() => setOpen(false)}>
            {t('wallet.close')}
          </button>
        ) : (
          <button
            type="button"
            className={ui.button}
            disabled={upgrade.isPending}
            onClick={() => upgrade.mutate()}
          >
            {t('wallet.upgrade.confirm')}
          </button>
        )}
      </div>
    </WalletDialog>
  );
}
