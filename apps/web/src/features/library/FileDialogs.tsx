import { useEffect, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { RENAME_MAX_CHARS, planRename, type LibraryFile } from '@ai-covers/contracts';
import { errorText } from '../../shared/api/error-messages';
import { ui } from '../../shared/ui/PageIntro';
import styles from './Library.module.css';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import dialog from '../../shared/ui/dialog.module.css';

/**
 * Asks for a new name (≤100 characters with the extension the rename keeps, §3/§5; never another
 * type's extension); the server checks the same rule again, and duplicates.
 */
export function RenameDialog({
  file,
  error,
  busy,
  onSubmit,
  onClose,
}: {
  file: LibraryFile | null;
  error: string | null;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  useEffect(() => setName(file?.name ?? ''), [file]);
  const trimmed = name.trim();
  // The counter and the refusal go by the name as it will be stored, extension included.
  const plan = file && trimmed ? planRename(trimmed, file) : null;
  const refusal = plan && !plan.ok ? errorText(t, plan.message) : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !refusal) onSubmit(trimmed);
  };

  return (
    <Dialog.Root open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.dialog}>
          <Dialog.Title className={dialog.title}>{t('library.rename')}</Dialog.Title>
          <Dialog.Description className={styles.muted}>{file?.name}</Dialog.Description>
          <form onSubmit={handleSubmit} className={styles.form}>
            <label className={styles.field}>
              <span>{t('library.newName')}</span>
              <input
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={RENAME_MAX_CHARS + 20}
                aria-invalid={refusal !== null || error !== null}
                autoFocus
              />
            </label>
            <p className={styles.hint}>
              {plan?.name.length ?? 0}/{RENAME_MAX_CHARS}
            </p>
            {refusal ? <p className={styles.error}>{refusal}</p> : null}
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <div className={dialog.actions}>
              <Dialog.Close asChild>
                <button type="button" className={`${ui.button} ${ui.secondary}`}>
                  {t('common.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className={ui.button} disabled={busy || !trimmed || refusal !== null}>
                {t('library.save')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Confirms a permanent delete. */
export function DeleteDialog({
  file,
  busy,
  onConfirm,
  onClose,
}: {
  file: LibraryFile | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={file !== null}
      title={t('library.deleteTitle')}
      text={t('library.deleteText', { name: file?.name ?? '' })}
      confirmLabel={t('library.delete')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
