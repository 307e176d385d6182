import { useTranslation } from 'react-i18next';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { selectSignedIn, useAuthStore } from '../auth';
import { CreditsCenter } from '../credits';
import { MembershipsPanel } from '../pricing';

/** `/account/credits`: the credits page of the account center. */
export function CreditsCenterPage() {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectSignedIn);
  const openLogin = useAuthStore((s) => s.openLogin);
  return (
    <>
      <PageIntro title={t('wallet.center.title')} lead={t('wallet.facts.validity')} />
      {signedIn ? (
        <CreditsCenter memberships={<MembershipsPanel />} />
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
