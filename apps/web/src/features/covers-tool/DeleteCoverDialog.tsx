import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import styles from './CoversTool.module.css';

/** Confirms deleting a cover; deleting is permanent. */
export function DeleteCoverDialog({
  open,
  songName,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  songName: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>{t('coversTool.task.deleteTitle')}</Dialog.Title>
          <Dialog.Description>{t('coversTool.task.deleteText', { name: songName })}</Dialog.Description>
          {error ? (
            <p role="alert" className={styles.alert}>
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <button type="button" className={`${ui.button} ${ui.secondary}`}>
                {t('common.cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={`${ui.button} ${styles.danger}`}
              disabled={busy}
              onClick={onConfirm}
            >
              {t('coversTool.task.deleteConfirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
