import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth';
import { openPricing } from './open-pricing';
import { ui } from '../../shared/ui/PageIntro';
import { useCreditsAccount } from './credits-api';
import { useWalletDialogs } from './wallet-store';
import { WalletDialog } from './WalletDialog';
import styles from './wallet.module.css';

/** The account-center dialog from the avatar (§2): name, plan, balance, links to the account center. */
export function AccountCenterDialog() {
  const { t, i18n } = useTranslation();
  const { lang } = useParams();
  const open = useWalletDialogs((s) => s.accountOpen);
  const setOpen = useWalletDialogs((s) => s.setAccountOpen);
  const user = useAuthStore((s) => s.user);
  const account = useCreditsAccount();
  const active = account.data?.memberships.find((m) => m.active);
  const prefix = lang ? `/${lang}` : '';
  const name =
    (user?.email as string | undefined) ?? (user?.uid as string | undefined) ?? t('wallet.account.you');
  return (
    <WalletDialog open={open} onOpenChange={setOpen} title={name} testId="account-center-dialog">
      <p className={styles.muted} data-testid="account-plan">
        {active
          ? t('wallet.account.member', { plan: t(`wallet.period.${active.plan}`), date: active.expire_time })
          : t('wallet.account.free')}
      </p>
      <p className={styles.balance}>{account.data?.balance ?? 0}</p>
      <p className={styles.muted}>{t('header.creditUnit', { count: account.data?.balance ?? 0 })}</p>
      <ul className={styles.menuList}>
        <li>
          <Link to={`${prefix}/account/credits`} onClick={() => setOpen(false)}>
            {t('wallet.account.creditsLink')}
          </Link>
        </li>
        <li>
          <Link to={`${prefix}/account`} onClick={() => setOpen(false)}>
            {t('wallet.account.centerLink')}
          </Link>
        </li>
      </ul>
      <div className={styles.actions}>
        <button
          type="button"
          className={ui.button}
          onClick={() => {
            setOpen(false);
            openPricing({ lang: i18n.language });
          }}
        >
          {t('wallet.account.upgrade')}
        </button>
      </div>
    </WalletDialog>
  );
}
