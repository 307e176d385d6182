import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import { useLangPath } from '../language/use-lang-path';
import { headshotPaths } from './paths';
import styles from './Headshots.module.css';

/**
 * One pack. The same page serves 'detail' (back button, no sharing) and 'share'
 * (no back button, sharing on), as §2 describes.
 */
export function HeadshotDetailPage({ mode }: { mode: 'detail' | 'share' }) {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const isShare = mode === 'share';
  return (
    <section className={ui.card}>
      {isShare ? null : (
        <Link to={langPath(headshotPaths.usercenter)} className={styles.back}>
          ← {t('headshots.detail.back')}
        </Link>
      )}
      <h2 className={styles.cardTitle}>{t(isShare ? 'headshots.share.title' : 'headshots.detail.title')}</h2>
      <p>{t(isShare ? 'headshots.share.text' : 'headshots.detail.text')}</p>
      <span className={ui.badge}>{t('common.comingSoon')}</span>
    </section>
  );
}
