import { useTranslation } from 'react-i18next';
import { formatSize } from '../format/format';
import { ui } from '../ui/PageIntro';
import type { useUpload } from './use-upload';

type Upload = ReturnType<typeof useUpload>;

/**
 * The live line under an upload button: the file's name and size, then its progress with Cancel,
 * "uploaded", "cancelled" (with Retry when `retryCancelled`), or the failure (already in the
 * page's words) with Retry unless the file itself was refused (trying again cannot work). Announced politely to screen readers.
 */
export function UploadStatus({
  upload,
  failure,
  retryCancelled = false,
  className,
  nameClassName,
  errorClassName,
}: {
  upload: Upload;
  failure: string | null;
  retryCancelled?: boolean;
  className?: string;
  nameClassName?: string;
  errorClassName?: string;
}) {
  const { t } = useTranslation();
  if (!upload.file || upload.status === 'idle') return null;
  const percent = Math.round(upload.progress * 100);
  const retry = (
    <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={upload.retry}>
      {t('common.retry')}
    </button>
  );
  return (
    <div className={className} role="status" aria-live="polite">
      <span className={nameClassName}>
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
      {upload.status === 'cancelled' ? (
        <>
          <span>{t('library.uploadCancelled')}</span>
          {retryCancelled ? retry : null}
        </>
      ) : null}
      {upload.status === 'failure' && failure ? (
        <>
          <span className={errorClassName}>{failure}</span>
          {upload.canRetry ? retry : null}
        </>
      ) : null}
    </div>
  );
}
