import { useTranslation } from 'react-i18next';
import { BASE_PATH } from '../../shared/routing/base-paths';
import { analytics } from '../../shared/analytics/client';
import { ui } from '../../shared/ui/PageIntro';
import { selectSignedIn, useAuthStore } from '../auth';
import { usePresentClaimed } from '../credits';
import styles from './promotions.module.css';

/**
 * The promotional banner (banner_test plan 2): the login present of the promotion page, a server
 * page under the app's base path, so a plain link leaves the single-page app.
 */
export function PromoBanner() {
  const { t, i18n } = useTranslation();
  const signedIn = useAuthStore(selectSignedIn);
  const claimed = usePresentClaimed();
  const href = `${BASE_PATH}/promotion.html?lang=${encodeURIComponent(i18n.language)}`;
  // Once claimed there is nothing left to offer; a signed-in person is not asked to sign in.
  if (claimed) return null;
  return (
    <aside className={styles.banner} aria-label={t('promotions.banner.label')} data-testid="promo-banner">
      <p className={styles.bannerText}>
        <strong>{t(signedIn ? 'promotions.banner.titleSignedIn' : 'promotions.banner.title')}</strong>{' '}
        {t(signedIn ? 'promotions.banner.textSignedIn' : 'promotions.banner.text')}
      </p>
      <a
        className={ui.button}
        href={href}
        onClick={() => analytics.trackLeaving('banner_click', { test: 'banner_test' })}
      >
        {t('promotions.banner.cta')}
      </a>
    </aside>
  );
}
