import { useEffect, useId, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { COVER_DOWNLOAD_FORMATS, type CoverDownloadFormat, type CoverTask } from '@ai-covers/contracts';
import { errorText } from '../../shared/api/error-messages';
import { ui } from '../../shared/ui/PageIntro';
import dialog from '../../shared/ui/dialog.module.css';
import { useCoverDownload } from './cover-download';
import styles from './CoversTool.module.css';

/** Each format's quality word (copy) and its technical name (the same in every language). */
const FORMAT_LABELS: Record<CoverDownloadFormat, { copy: 'high' | 'low' | 'stems'; tech: string }> = {
  wav: { copy: 'high', tech: 'WAV' },
  mp3: { copy: 'high', tech: 'MP3 320k' },
  mp3_low: { copy: 'low', tech: 'MP3 128k' },
  stems: { copy: 'stems', tech: 'ZIP' },
};

/**
 * The download popup (§2): high quality (WAV or MP3 320k), low (MP3 128k) or the stems zip. The
 * first download charges one credit (§9) and unlocks every format; later ones are free. Refusals
 * follow the §4 kinds: login and credits open their dialogs, 'no task' and others read here.
 */
export function CoverDownloadDialog({
  task,
  open,
  onClose,
  initialFormat,
  autoStart = false,
}: {
  task: CoverTask;
  open: boolean;
  onClose: () => void;
  /** The format chosen before a sign-in or a purchase held the download up. */
  initialFormat?: CoverDownloadFormat | undefined;
  /** Goes on with the download at once (it was asked for, then held up by the sign-in). */
  autoStart?: boolean;
}) {
  const { t } = useTranslation();
  const groupId = useId();
  const { busy, error, download } = useCoverDownload(task);
  const firstAvailable = COVER_DOWNLOAD_FORMATS.find((f) => task.formats.includes(f)) ?? 'mp3';
  const [format, setFormat] = useState<CoverDownloadFormat>(
    initialFormat && task.formats.includes(initialFormat)
      ? initialFormat
      : task.formats.includes('mp3')
        ? 'mp3'
        : firstAvailable,
  );

  const handleDownload = async () => {
    if (await download(format)) onClose();
  };

  // Once per opening: a second render (or React's development double effect) starts nothing more.
  const started = useRef(false);
  useEffect(() => {
    if (!autoStart || started.current || !task.formats.includes(format)) return;
    started.current = true;
    void handleDownload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the opening starts it
  }, [autoStart]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.dialog}>
          <Dialog.Title className={dialog.title}>{t('coversTool.download.title')}</Dialog.Title>
          <Dialog.Description>
            {task.paid
              ? t('coversTool.download.paidIntro')
              : t('coversTool.download.intro', { count: task.download_cost })}
          </Dialog.Description>
          <fieldset className={styles.choices} aria-labelledby={groupId}>
            <legend id={groupId} className={styles.legend}>
              {t('coversTool.download.formats')}
            </legend>
            {COVER_DOWNLOAD_FORMATS.map((f) => {
              const available = task.formats.includes(f);
              const label = FORMAT_LABELS[f];
              return (
                <label key={f} className={styles.choice}>
                  <input
                    type="radio"
                    name="cover-download-format"
                    value={f}
                    checked={format === f}
                    disabled={!available}
                    onChange={() => setFormat(f)}
                  />{' '}
                  {t(`coversTool.download.${label.copy}`)} · {label.tech}
                  {available ? null : (
                    <span className={styles.muted}> ({t('coversTool.download.unavailable')})</span>
                  )}
                </label>
              );
            })}
          </fieldset>
          {error ? (
            <p role="alert" className={dialog.error}>
              {errorText(t, error)}
            </p>
          ) : null}
          <div className={dialog.actions}>
            <Dialog.Close asChild>
              <button type="button" className={`${ui.button} ${ui.secondary}`}>
                {t('coversTool.download.close')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={ui.button}
              disabled={busy || !task.formats.includes(format)}
              onClick={() => void handleDownload()}
            >
              {task.paid
                ? t('coversTool.download.download')
                : t('coversTool.download.unlock', { count: task.download_cost })}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
