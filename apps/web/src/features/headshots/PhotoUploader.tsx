import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADSHOT_LIMITS, type HeadshotPhoto, type HeadshotPhotosData } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { errorText } from '../../shared/api/error-messages';
import { RequirementsDialog } from './RequirementsDialog';
import { useDeleteHeadshotPhoto, useRemoveDeclinedPhotos } from './headshots-api';
import { usePhotoAdder, type LocalDecline } from './use-photo-adder';
import { reasonText } from './upload-rules';
import styles from './Headshots.module.css';

/** The file picker accepts the §5 formats; the content is checked anyway (a renamed file is refused). */
const ACCEPT = '.jpg,.jpeg,.png,.webp,.bmp,image/jpeg,image/png,image/webp,image/bmp';

/**
 * Add photos (5 to 20), with the approved and declined lists filling as checks finish (§2, §5).
 * Nothing is uploaded before the requirements, terms and privacy policy are accepted.
 */
export function PhotoUploader({
  data,
  agreed,
  onAgree,
}: {
  data: HeadshotPhotosData | undefined;
  agreed: boolean;
  onAgree: () => void;
}) {
  const { t } = useTranslation();
  const photos = data?.photos ?? [];
  const max = data?.max_photos ?? HEADSHOT_LIMITS.maxPhotos;
  const adder = usePhotoAdder(photos.length, max);
  const remove = useDeleteHeadshotPhoto();
  const removeDeclined = useRemoveDeclinedPhotos();
  const [dialogOpen, setDialogOpen] = useState(false);
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replaceId, setReplaceId] = useState<string | null>(null);

  const approved = photos.filter((p) => p.status === 'approved');
  const checking = photos.filter((p) => p.status === 'checking');
  const declined = photos.filter((p) => p.status === 'declined');
  const busy = adder.pending.length + checking.length;

  function handleAddClick() {
    if (!agreed) setDialogOpen(true);
    else addInput.current?.click();
  }
  function handleAccept() {
    onAgree();
    setDialogOpen(false);
    addInput.current?.click();
  }
  function handleAdd(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    void adder.addPhotos(files);
  }
  function handleReplaceClick(photoId: string) {
    setReplaceId(photoId);
    replaceInput.current?.click();
  }
  function handleReplace(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && replaceId) void adder.replacePhoto(file, replaceId);
    setReplaceId(null);
  }
  function handleReplaceLocal(decline: LocalDecline) {
    adder.dismissDecline(decline.key);
    handleAddClick();
  }

  return (
    <section className={ui.card} aria-labelledby="hs-photos-title">
      <div className={styles.rowBetween}>
        <h2 id="hs-photos-title" className={styles.cardTitle}>
          {t('headshots.upload.photosTitle')}
        </h2>
        <span className={styles.counter} data-testid="photo-count">
          {t('headshots.upload.count', { count: approved.length, total: photos.length, max })}
        </span>
      </div>
      <p className={styles.small}>
        {t('headshots.upload.rules', { min: HEADSHOT_LIMITS.minPhotos, count: max })}
      </p>
      <div className={styles.actionsRow}>
        <button type="button" className={ui.button} onClick={handleAddClick} data-testid="add-photos">
          {t('headshots.upload.add')}
        </button>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setDialogOpen(true)}>
          {t('headshots.upload.requirements')}
        </button>
      </div>
      <input
        ref={addInput}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        onChange={handleAdd}
        data-testid="photo-input"
      />
      <input
        ref={replaceInput}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={handleReplace}
        data-testid="replace-input"
      />
      {adder.overLimit ? (
        <p role="alert" className={styles.error}>
          {t('errors.headshots.imageLimit')}
        </p>
      ) : null}
      {busy > 0 ? (
        <p className={styles.small} role="status" data-testid="photos-checking">
          {t('headshots.upload.checking', { n: busy })}
        </p>
      ) : null}
      {adder.pending.length > 0 ? (
        <ul className={styles.pendingList}>
          {adder.pending.map((p) => (
            <li key={p.key}>
              <span className={styles.fileName}>{p.name}</span>
              <progress
                max={1}
                value={p.progress}
                aria-label={t('headshots.upload.uploading', { name: p.name })}
              />
            </li>
          ))}
        </ul>
      ) : null}

      <h3 className={styles.smallHeading}>{t('headshots.upload.approvedTitle', { n: approved.length })}</h3>
      {approved.length + checking.length === 0 ? (
        <p className={styles.small}>{t('headshots.upload.approvedEmpty')}</p>
      ) : (
        <ul className={styles.photoGrid} data-testid="approved-list">
          {approved.map((p) => (
            <PhotoTile key={p.id} photo={p} onRemove={() => remove.mutate(p.id)} />
          ))}
          {checking.map((p) => (
            <PhotoTile key={p.id} photo={p} />
          ))}
        </ul>
      )}

      <div className={styles.rowBetween}>
        <h3 className={styles.smallHeading}>
          {t('headshots.upload.declinedTitle', { n: declined.length + adder.declines.length })}
        </h3>
        {declined.length + adder.declines.length > 1 ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary} ${styles.small}`}
            disabled={removeDeclined.isPending}
            onClick={() => {
              adder.declines.forEach((d) => adder.dismissDecline(d.key));
              if (declined.length > 0) removeDeclined.mutate();
            }}
            data-testid="remove-declined"
          >
            {t('headshots.upload.removeDeclined', { count: declined.length + adder.declines.length })}
          </button>
        ) : null}
      </div>
      {declined.length > 0 ? <p className={styles.small}>{t('headshots.upload.declinedLeftOut')}</p> : null}
      {declined.length + adder.declines.length === 0 ? (
        <p className={styles.small}>{t('headshots.upload.declinedEmpty')}</p>
      ) : (
        <ul className={styles.declinedList} data-testid="declined-list">
          {declined.map((p) => (
            <li key={p.id} className={styles.declinedItem}>
              {p.url ? <img src={p.url} alt="" className={styles.declinedThumb} /> : null}
              <div className={styles.declinedBody}>
                <span className={styles.fileName}>{p.name}</span>
                <ul className={styles.reasons}>
                  {p.reasons.map((code) => (
                    <li key={code}>{reasonText(t, code, p.data)}</li>
                  ))}
                </ul>
                <div className={styles.actionsRow}>
                  <button
                    type="button"
                    className={`${ui.button} ${styles.small}`}
                    onClick={() => handleReplaceClick(p.id)}
                  >
                    {t('headshots.upload.replace')}
                  </button>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.secondary} ${styles.small}`}
                    onClick={() => remove.mutate(p.id)}
                  >
                    {t('headshots.upload.remove')}
                  </button>
                </div>
              </div>
            </li>
          ))}
          {adder.declines.map((d) => (
            <li key={d.key} className={styles.declinedItem}>
              <div className={styles.declinedBody}>
                <span className={styles.fileName}>{d.name}</span>
                <ul className={styles.reasons}>
                  {d.error
                    ? [<li key="error">{errorText(t, d.error, 'errors.uploadOss')}</li>]
                    : d.reasons.map((code) => <li key={code}>{reasonText(t, code, d.data)}</li>)}
                </ul>
                <div className={styles.actionsRow}>
                  <button
                    type="button"
                    className={`${ui.button} ${styles.small}`}
                    onClick={() => handleReplaceLocal(d)}
                  >
                    {t('headshots.upload.replace')}
                  </button>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.secondary} ${styles.small}`}
                    onClick={() => adder.dismissDecline(d.key)}
                  >
                    {t('headshots.upload.remove')}
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <RequirementsDialog open={dialogOpen} onAccept={handleAccept} onClose={() => setDialogOpen(false)} />
    </section>
  );
}

/** One approved (or still checking) photo. */
function PhotoTile({ photo, onRemove }: { photo: HeadshotPhoto; onRemove?: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={styles.photoTile} data-status={photo.status}>
      {photo.url ? <img src={photo.url} alt={photo.name} className={styles.photoImg} /> : null}
      {photo.status === 'checking' ? (
        <span className={styles.tileBadge}>{t('headshots.upload.checkingOne')}</span>
      ) : null}
      {onRemove ? (
        <button
          type="button"
          className={styles.tileRemove}
          onClick={onRemove}
          aria-label={t('headshots.upload.removeNamed', { name: photo.name })}
        >
          ×
        </button>
      ) : null}
    </li>
  );
}
