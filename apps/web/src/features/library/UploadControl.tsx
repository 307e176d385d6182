import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { useUpload } from '../../shared/upload/use-upload';
import { UploadStatus } from '../../shared/upload/UploadStatus';
import { errorText } from '../../shared/api/error-messages';
import styles from './Library.module.css';

/** Upload button with progress, cancel and retry; files land in the library. */
export function UploadControl({ onDone }: { onDone: (file: UploadedFile) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload({ kind: 'ai-covers', action: 'upload', onDone });
  const failure = upload.error ? errorText(t, upload.error, 'errors.uploadOss') : null;

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
      <UploadStatus
        upload={upload}
        failure={failure}
        className={styles.uploadStatus}
        nameClassName={styles.uploadName}
        errorClassName={styles.error}
      />
    </div>
  );
}
