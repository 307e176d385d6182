import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../shared/ui/PageIntro';
import { HeadshotsNav } from './HeadshotsNav';
import styles from './Headshots.module.css';

/** User-center layout: list, detail and share as children (§2). */
export function UsercenterLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <PageIntro title={t('headshots.usercenter.title')} lead={t('headshots.usercenter.lead')} />
      <HeadshotsNav />
      <Outlet />
    </div>
  );
}
