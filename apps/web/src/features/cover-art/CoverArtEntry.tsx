import { lazyWithCopy } from '../../shared/i18n/lazy-with-copy';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import styles from './CoverArt.module.css';

// The editor and its canvas code load only when opened: the task page stays light.
const CoverArtEditor = lazyWithCopy(() =>
  import('./CoverArtEditor').then((m) => ({ default: m.CoverArtEditor })),
);

/** The cover art entry on a finished cover's page: opens the editor. */
export function CoverArtEntry({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.entry} aria-labelledby="cover-art-title">
      <h2 id="cover-art-title" className={styles.entryTitle}>
        {t('coverArt.title')}
      </h2>
      <p className={styles.muted}>{t('coverArt.lead')}</p>
      {open ? (
        <Suspense fallback={<p className={styles.muted}>{t('coverArt.loading')}</p>}>
          <CoverArtEditor taskId={taskId} />
        </Suspense>
      ) : (
        <button type="button" className={ui.button} onClick={() => setOpen(true)}>
          {t('coverArt.open')}
        </button>
      )}
    </section>
  );
}
