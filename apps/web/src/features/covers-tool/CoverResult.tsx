import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_LIMITS, type CoverTask } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { BeforeAfter } from './BeforeAfter';
import { useCoverDownload } from './cover-download';
import { errorText } from '../../shared/api/error-messages';
import styles from './CoversTool.module.css';

/** A finished cover: the free watermarked preview (against the original) and the paid full download. */
export function CoverResult({ task }: { task: CoverTask }) {
  const { t } = useTranslation();
  const captionId = useId();
  const { busy, error, download } = useCoverDownload(task);

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
        <button type="button" className={ui.button} onClick={() => void download()} disabled={busy}>
          {task.paid
            ? t('coversTool.task.downloadAgain')
            : t('coversTool.task.downloadFull', { count: task.download_cost })}
        </button>
        {busy ? <span className={styles.muted}>{t('common.loading')}</span> : null}
      </div>
      <p role="alert" className={styles.alert}>
        {error ? errorText(t, error) : ''}
      </p>
    </section>
  );
}
