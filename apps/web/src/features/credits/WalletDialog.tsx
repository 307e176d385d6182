import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import styles from './wallet.module.css';

/** The frame every wallet dialog shares: overlay, title, close button, optional dark theme. */
export function WalletDialog({
  open,
  onOpenChange,
  title,
  testId,
  theme = 'light',
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  testId: string;
  theme?: 'light' | 'dark';
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const className = [styles.dialog, wide ? styles.wide : '', theme === 'dark' ? styles.dark : ''].join(' ');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={className}
          data-testid={testId}
          data-theme={theme}
          aria-describedby={undefined}
        >
          <div className={styles.dialogHeader}>
            <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('wallet.close')}>
              ×
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
