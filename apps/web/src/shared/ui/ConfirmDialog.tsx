import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { ui } from './PageIntro';
import styles from './dialog.module.css';

/** Asks before something permanent (a delete): title, what happens, Cancel and a red confirm. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  error = null,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description>{text}</Dialog.Description>
          {error ? (
            <p role="alert" className={styles.error}>
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
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
