import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../shared/ui/PageIntro';
import { HeadshotsNav } from './HeadshotsNav';
import styles from './Headshots.module.css';

/** Home layout of the headshot product: start page and upload page as children (§2). */
export function HeadshotsHomeLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <PageIntro title={t('headshots.title')} lead={t('headshots.lead')} />
      <HeadshotsNav />
      <Outlet />
    </div>
  );
}
