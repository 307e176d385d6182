import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_LIMITS } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import type { useUpload } from '../../shared/upload/use-upload';
import { UploadStatus } from '../../shared/upload/UploadStatus';
import { errorText } from '../../shared/api/error-messages';
import styles from './CoversTool.module.css';

type Upload = ReturnType<typeof useUpload>;

/** Step 2: choose an audio file; it uploads at once, with progress, cancel and retry. */
export function SongPicker({ upload, onPick }: { upload: Upload; onPick: (file: File) => void }) {
  const { t } = useTranslation();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const busy = upload.status === 'uploading';
  const failure = upload.status === 'failure' && upload.error ? errorText(t, upload.error) : null;

  return (
    <fieldset className={styles.step}>
      <legend className={styles.legend}>{t('coversTool.create.songStep')}</legend>
      <p id={hintId} className={styles.muted}>
        {t('coversTool.create.songHint', { count: COVER_LIMITS.maxSongSeconds / 60 })}
      </p>
      <input
        ref={input}
        type="file"
        accept="audio/*"
        className={styles.fileInput}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="song-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
      <div className={styles.row}>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {upload.file ? t('coversTool.create.songReplace') : t('coversTool.create.songChoose')}
        </button>
      </div>
      <UploadStatus upload={upload} failure={failure} retryCancelled className={styles.row} />
    </fieldset>
  );
}
