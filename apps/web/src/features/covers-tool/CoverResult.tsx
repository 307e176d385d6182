import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_LIMITS, type CoverTask } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { BeforeAfter } from './BeforeAfter';
import { CoverDownloadDialog } from './CoverDownloadDialog';
import { MixControls } from './MixControls';
import styles from './CoversTool.module.css';

/**
 * A finished cover: the free watermarked preview (against the original), its mix controls and the
 * download popup (one paid download unlocks every format).
 */
export function CoverResult({ task }: { task: CoverTask }) {
  const { t } = useTranslation();
  const captionId = useId();
  const [downloading, setDownloading] = useState(false);

  return (
    <section className={styles.result} aria-labelledby={captionId}>
      <h2 id={captionId} className={styles.subtitle}>
        {t('coversTool.task.previewTitle', { seconds: COVER_LIMITS.previewSeconds })}
      </h2>
      <p className={styles.muted}>
        {t('coversTool.task.previewNote', { seconds: COVER_LIMITS.previewSeconds })}
      </p>
      {task.preview_url ? (
        <BeforeAfter
          previewUrl={task.preview_url}
          sourceUrl={task.source_url}
          previewStart={task.preview_start ?? 0}
          labelledBy={captionId}
        />
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={ui.button} onClick={() => setDownloading(true)}>
          {task.paid
            ? t('coversTool.task.downloadAgain')
            : t('coversTool.task.downloadFull', { count: task.download_cost })}
        </button>
      </div>
      {task.remixable ? <MixControls task={task} /> : null}
      {downloading ? <CoverDownloadDialog task={task} open onClose={() => setDownloading(false)} /> : null}
    </section>
  );
}
