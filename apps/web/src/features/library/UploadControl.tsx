import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '@ai-covers/contracts';
import { formatSize } from '../../shared/format/format';
import { ui } from '../../shared/ui/PageIntro';
import { useUpload } from '../upload/use-upload';
import { messageKey } from './library-messages';
import styles from './Library.module.css';

/** Upload button with progress, cancel and retry; files land in the library. */
export function UploadControl({ onDone }: { onDone: (file: UploadedFile) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload({ kind: 'ai-covers', action: 'upload', onDone });
  const percent = Math.round(upload.progress * 100);
  const error = upload.error ? messageKey(upload.error, 'library.errors.uploadOss') : null;

  return (
    <div className={styles.upload}>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="audio/*,video/*,image/*"
        className={styles.fileInput}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload.start(file);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={ui.button}
        onClick={() => input.current?.click()}
        disabled={upload.status === 'uploading'}
      >
        {t('library.upload')}
      </button>
      {upload.file && upload.status !== 'idle' ? (
        <div className={styles.uploadStatus} role="status" aria-live="polite">
          <span className={styles.uploadName}>
            {upload.file.name} · {formatSize(upload.file.size)}
          </span>
          {upload.status === 'uploading' ? (
            <>
              <progress max={100} value={percent} aria-label={t('library.uploading', { percent })} />
              <span>{percent}%</span>
              <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={upload.cancel}>
                {t('common.cancel')}
              </button>
            </>
          ) : null}
          {upload.status === 'success' ? <span>{t('library.uploaded')}</span> : null}
          {upload.status === 'cancelled' ? <span>{t('library.uploadCancelled')}</span> : null}
          {upload.status === 'failure' && error ? (
            <>
              <span className={styles.error}>{t(error.key, { defaultValue: error.text })}</span>
              <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={upload.retry}>
                {t('common.retry')}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
