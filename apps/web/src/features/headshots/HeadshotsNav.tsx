import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { headshotPaths } from './paths';
import styles from './Headshots.module.css';

/** Section navigation shared by the headshot layouts. */
export function HeadshotsNav() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab;
  return (
    <nav className={styles.tabs} aria-label={t('headshots.nav.label')}>
      <NavLink to={langPath(headshotPaths.start)} end className={linkClass}>
        {t('headshots.nav.start')}
      </NavLink>
      <NavLink to={langPath(headshotPaths.upload)} className={linkClass}>
        {t('headshots.nav.upload')}
      </NavLink>
      <NavLink to={langPath(headshotPaths.usercenter)} className={linkClass}>
        {t('headshots.nav.usercenter')}
      </NavLink>
    </nav>
  );
}
