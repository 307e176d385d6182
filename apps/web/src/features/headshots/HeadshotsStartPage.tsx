import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HEADSHOT_LIMITS, HEADSHOT_PLANS } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { headshotPaths } from './paths';
import styles from './Headshots.module.css';

/**
 * Start page: what the studio does with your own photos, said as it is (a studio backdrop,
 * framing, light and colour, a gentle retouch; no new outfit, pose or face), and the way in. No
 * user or headshot counts: the product prints no figure it cannot back (decision 131).
 */
export function HeadshotsStartPage() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const packs = {
    basic: t('headshots.units.headshots', { count: HEADSHOT_PLANS.basic.results }),
    pro: t('headshots.units.headshots', { count: HEADSHOT_PLANS.pro.results }),
  };
  return (
    <div className={styles.stack}>
      <section className={ui.card}>
        <h2 className={styles.cardTitle}>{t('headshots.start.title')}</h2>
        <ul className={styles.featureList}>
          <li>
            <strong>{t('headshots.start.backdropTitle')}</strong>
            <span>{t('headshots.start.backdrop')}</span>
          </li>
          <li>
            <strong>{t('headshots.start.framingTitle')}</strong>
            <span>{t('headshots.start.framing')}</span>
          </li>
          <li>
            <strong>{t('headshots.start.lightTitle')}</strong>
            <span>{t('headshots.start.light')}</span>
          </li>
          <li>
            <strong>{t('headshots.start.retouchTitle')}</strong>
            <span>{t('headshots.start.retouch')}</span>
          </li>
        </ul>
        <p className={styles.small}>{t('headshots.start.honest')}</p>
      </section>
      <section className={ui.card} data-testid="pack-is">
        <h2 className={styles.cardTitle}>{t('headshots.start.isTitle')}</h2>
        <p>{t('headshots.start.is')}</p>
        <h3 className={styles.smallHeading}>{t('headshots.start.isNotTitle')}</h3>
        <p>{t('headshots.start.isNot')}</p>
        <p className={styles.small}>{t('headshots.pack.wait')}</p>
      </section>
      <section className={ui.card}>
        <h2 className={styles.cardTitle}>{t('headshots.start.howTitle')}</h2>
        <ol className={ui.list}>
          <li>
            {t('headshots.start.step1', { min: HEADSHOT_LIMITS.minPhotos, count: HEADSHOT_LIMITS.maxPhotos })}
          </li>
          <li>{t('headshots.start.step2')}</li>
          <li>{t('headshots.start.step3', packs)}</li>
          <li>{t('headshots.start.step4', { count: HEADSHOT_LIMITS.retentionDays })}</li>
        </ol>
        <p className={styles.plans}>{t('headshots.plans', packs)}</p>
        <div className={styles.actionsRow}>
          <Link to={langPath(headshotPaths.upload)} className={ui.button} data-testid="start-upload">
            {t('headshots.start.cta')}
          </Link>
          <Link to={langPath(headshotPaths.usercenter)} className={`${ui.button} ${ui.secondary}`}>
            {t('headshots.nav.usercenter')}
          </Link>
        </div>
      </section>
    </div>
  );
}
