import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import styles from './Headshots.module.css';

/** Upload page: the photo rules of §5, until the uploader lands. */
export function HeadshotsUploadPage() {
  const { t } = useTranslation();
  return (
    <section className={ui.card}>
      <h2 className={styles.cardTitle}>{t('headshots.upload.title')}</h2>
      <p>{t('headshots.upload.text')}</p>
      <span className={ui.badge}>{t('headshots.upload.coming')}</span>
    </section>
  );
}
