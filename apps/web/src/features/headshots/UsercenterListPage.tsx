import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import { useSignInPrompt } from '../auth/use-sign-in-prompt';

/** The user's packs. Signed-out visitors get the login dialog after 1200 ms (§2). */
export function UsercenterListPage() {
  const { t } = useTranslation();
  useSignInPrompt();
  return (
    <section className={ui.card}>
      <p>{t('headshots.usercenter.text')}</p>
      <span className={ui.badge}>{t('common.comingSoon')}</span>
    </section>
  );
}
