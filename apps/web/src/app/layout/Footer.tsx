import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLangPath } from '../../shared/routing/use-lang-path';
import styles from './AppLayout.module.css';

/** Page footer with the lab line and a link to the family of tools. */
export function Footer() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p>{t('footer.lab')}</p>
        <p>
          {t('footer.family')} <Link to={langPath('/apps/entry')}>{t('nav.tools')}</Link>
        </p>
      </div>
    </footer>
  );
}
