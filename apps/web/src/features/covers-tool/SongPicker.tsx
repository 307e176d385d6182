import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_LIMITS, type LibraryFile } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import type { useUpload } from '../../shared/upload/use-upload';
import { UploadStatus } from '../../shared/upload/UploadStatus';
import { errorText } from '../../shared/api/error-messages';
import { formatDuration, formatSize } from '../../shared/format/format';
import { selectSignedIn, useAuthStore } from '../auth';
import { useLibrarySongs } from '../library';
import { SongLinkField } from './SongLinkField';
import { SongWaveform } from './SongWaveform';
import styles from './CoversTool.module.css';

type Upload = ReturnType<typeof useUpload>;

/** A song already in the account's files, taken again instead of uploading it twice. */
export type LibrarySong = Pick<LibraryFile, 'id' | 'name' | 'storage_key'>;

/**
 * Step 2, one card for the song: choose an audio file (it uploads at once, with progress, cancel
 * and retry; its waveform plays here), take a song already in your files, or paste a link. A file
 * that is not audio is refused here, where the visitor is looking.
 */
export function SongPicker({
  upload,
  onPick,
  refusal,
  librarySong,
  onPickLibrary,
  link,
  onLinkChange,
}: {
  upload: Upload;
  onPick: (file: File) => void;
  /** Why the last file picked was refused (already in the page's words), or null. */
  refusal: string | null;
  librarySong: LibrarySong | null;
  onPickLibrary: (song: LibrarySong) => void;
  link: string;
  onLinkChange: (link: string) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const signedIn = useAuthStore(selectSignedIn);
  const [browsing, setBrowsing] = useState(false);
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
        {signedIn ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            aria-expanded={browsing}
            onClick={() => setBrowsing((open) => !open)}
          >
            {t('coversTool.create.fromFiles')}
          </button>
        ) : null}
      </div>
      <p role="alert" className={styles.alert} data-testid="song-refusal">
        {refusal ?? ''}
      </p>
      {browsing ? (
        <LibrarySongs
          chosenId={librarySong?.id ?? null}
          onPick={(song) => {
            onPickLibrary(song);
            setBrowsing(false);
          }}
        />
      ) : null}
      {librarySong ? (
        <p className={styles.muted} role="status">
          {t('coversTool.create.fromFilesChosen', { name: librarySong.name })}
        </p>
      ) : (
        <>
          {upload.file ? <SongWaveform file={upload.file} /> : null}
          <UploadStatus upload={upload} failure={failure} retryCancelled className={styles.row} />
        </>
      )}
      <SongLinkField value={link} onChange={onLinkChange} />
    </fieldset>
  );
}

/** The account's songs as a short list to pick from. */
function LibrarySongs({
  chosenId,
  onPick,
}: {
  chosenId: number | null;
  onPick: (song: LibrarySong) => void;
}) {
  const { t } = useTranslation();
  const songs = useLibrarySongs(true);
  if (songs.isPending) return <p className={styles.muted}>{t('common.loading')}</p>;
  if (songs.isError)
    return (
      <p role="alert" className={styles.alert}>
        {errorText(t, songs.error)}
      </p>
    );
  if (songs.data.rows.length === 0) return <p className={styles.muted}>{t('coversTool.create.noFiles')}</p>;
  return (
    <ul className={styles.libraryList} aria-label={t('coversTool.create.fromFiles')}>
      {songs.data.rows.map((file) => (
        <li key={file.id}>
          <button
            type="button"
            className={styles.libraryItem}
            aria-pressed={file.id === chosenId}
            onClick={() => onPick({ id: file.id, name: file.name, storage_key: file.storage_key })}
          >
            <span className={styles.voiceName}>{file.name}</span>
            <span className={styles.voiceMeta}>
              {formatSize(file.size)}
              {file.duration ? ` · ${formatDuration(file.duration)}` : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
