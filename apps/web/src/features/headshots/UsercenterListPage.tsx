import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { useAuthStore } from '../auth/auth-store';

/** The user's packs. Signed-out visitors get the login dialog after 1200 ms (§2). */
export function UsercenterListPage() {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => {
      // Re-read the store: the visitor may have signed in during the delay.
      const { token, openLogin } = useAuthStore.getState();
      if (token === null) openLogin?.();
    }, TIMING.loginDialogDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <section className={ui.card}>
      <p>{t('headshots.usercenter.text')}</p>
      <span className={ui.badge}>{t('common.comingSoon')}</span>
    </section>
  );
}
