import { useTranslation } from 'react-i18next';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { useAuthStore } from '../auth/auth-store';
import { CreditsCenter } from './CreditsCenter';

/** `/account/credits`: the credits page of the account center. */
export function CreditsCenterPage() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.token !== null);
  const openLogin = useAuthStore((s) => s.openLogin);
  return (
    <>
      <PageIntro title={t('wallet.center.title')} lead={t('wallet.facts.validity')} />
      {signedIn ? (
        <CreditsCenter />
      ) : (
        <div className={ui.card}>
          <p>{t('wallet.center.signedOut')}</p>
          <button type="button" className={ui.button} onClick={() => openLogin?.()}>
            {t('header.signIn')}
          </button>
        </div>
      )}
    </>
  );
}
