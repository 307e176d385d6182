import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-messages';
import { ui } from '../../shared/ui/PageIntro';
import type { useUpload } from '../../shared/upload/use-upload';
import { UploadStatus } from '../../shared/upload/UploadStatus';
import styles from './CoversTool.module.css';

type Upload = ReturnType<typeof useUpload>;

/** One stem's upload button and status. */
function StemUpload({
  upload,
  label,
  testId,
  onPick,
}: {
  upload: Upload;
  label: string;
  testId: string;
  onPick: (file: File) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const failure = upload.status === 'failure' && upload.error ? errorText(t, upload.error) : null;
  return (
    <div className={styles.field}>
      <input
        ref={input}
        type="file"
        accept="audio/*"
        className={styles.fileInput}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={`${ui.button} ${ui.secondary}`}
        disabled={upload.status === 'uploading'}
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
      <UploadStatus upload={upload} failure={failure} retryCancelled className={styles.row} />
    </div>
  );
}

/**
 * The third song source: the user's own stems, a vocal and an instrumental uploaded apart. The
 * cover then skips separation; the server checks that both are about the same length.
 */
export function OwnStemsPicker({
  vocal,
  instrumental,
  onPick,
}: {
  vocal: Upload;
  instrumental: Upload;
  onPick: (stem: 'vocal' | 'instrumental', file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <details className={styles.step}>
      <summary>{t('coversTool.stems.title')}</summary>
      <p className={styles.muted}>{t('coversTool.stems.hint')}</p>
      <StemUpload
        upload={vocal}
        label={t('coversTool.stems.vocal')}
        testId="stem-vocal-input"
        onPick={(file) => onPick('vocal', file)}
      />
      <StemUpload
        upload={instrumental}
        label={t('coversTool.stems.instrumental')}
        testId="stem-instrumental-input"
        onPick={(file) => onPick('instrumental', file)}
      />
    </details>
  );
}
