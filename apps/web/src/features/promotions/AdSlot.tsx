import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { analytics } from '../../shared/analytics/client';
import { ui } from '../../shared/ui/PageIntro';
import { HEADSHOTS_BASE } from '../../shared/routing/base-paths';
import { useLangPath } from '../../shared/routing/use-lang-path';
import styles from './promotions.module.css';

/** The ad slot of the covers pages (ad_banner plan 2): a house ad for a sister tool, AI Headshots. */
export function AdSlot() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  return (
    <aside className={`${ui.card} ${styles.ad}`} aria-label={t('promotions.ad.label')} data-testid="ad-slot">
      <span className={ui.badge}>{t('promotions.ad.badge')}</span>
      <div className={styles.adBody}>
        <h2 className={styles.adTitle}>{t('entry.tools.headshots.name')}</h2>
        <p className={styles.adText}>{t('entry.tools.headshots.text')}</p>
      </div>
      <Link
        className={`${ui.button} ${ui.secondary}`}
        to={langPath(HEADSHOTS_BASE)}
        onClick={() => analytics.track('ad_click', { test: 'ad_banner', target: 'headshots' })}
      >
        {t('promotions.ad.cta')}
      </Link>
    </aside>
  );
}
