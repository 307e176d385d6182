import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../shared/ui/PageIntro';
import { HeadshotsNav } from './HeadshotsNav';
import styles from './Headshots.module.css';

/**
 * User-center layout: list, detail and share as children (§2). The share page is what a visitor
 * with the link sees, so it opens with the product, not with "My headshots".
 */
export function UsercenterLayout() {
  const { t } = useTranslation();
  const onShare = useLocation().pathname.endsWith('/share');
  return (
    <div className={styles.page}>
      {onShare ? (
        <PageIntro title={t('headshots.title')} lead={t('headshots.lead')} />
      ) : (
        <PageIntro title={t('headshots.usercenter.title')} lead={t('headshots.usercenter.lead')} />
      )}
      <HeadshotsNav />
      <Outlet />
    </div>
  );
}
