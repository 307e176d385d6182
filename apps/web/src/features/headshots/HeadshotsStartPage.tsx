import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import { useLangPath } from '../language/use-lang-path';
import { headshotPaths } from './paths';
import styles from './Headshots.module.css';

/** Start page: what the headshot studio will do, with the entry to the upload step. */
export function HeadshotsStartPage() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  return (
    <section className={ui.card}>
      <p>{t('headshots.start.coming')}</p>
      <ol className={ui.list}>
        <li>{t('headshots.start.step1')}</li>
        <li>{t('headshots.start.step2')}</li>
        <li>{t('headshots.start.step3')}</li>
      </ol>
      <p className={styles.plans}>{t('headshots.plans')}</p>
      <Link to={langPath(headshotPaths.upload)} className={ui.button}>
        {t('headshots.start.cta')}
      </Link>
    </section>
  );
}
