import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { fetchAuthorizeUrl } from './auth-api';
import { presentLogin, type LoginPresentation } from './login-opener';
import { awaitPopupLogin } from './popup-wait';
import styles from './LoginDialog.module.css';

type Phase = { kind: 'loading' } | { kind: 'error' } | LoginPresentation;

/**
 * The login dialog (§2): the provider's page in a frame (≤400 px wide, 604 px high), or a note
 * while the popup is open. The frame's callback page reports back by message (see AuthRoot).
 */
export function LoginDialog({
  open,
  onOpenChange,
  gated = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened by a click the login test held back: say why, and that it costs nothing. */
  gated?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setPhase({ kind: 'loading' });
    fetchAuthorizeUrl({ goto: location.href, mode: 'fetch-reload', lang: i18n.language })
      .then(async (data) => {
        const next = await presentLogin(data);
        awaitPopupLogin(next.kind === 'popup' ? data.state : null);
        if (!cancelled) setPhase(next);
      })
      .catch(() => {
        if (!cancelled) setPhase({ kind: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [open, attempt, i18n.language]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} data-testid="login-dialog" aria-describedby={undefined}>
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{t('auth.dialogTitle')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('auth.close')}>
              ×
            </Dialog.Close>
          </div>
          {gated ? (
            <p className={styles.reason} data-testid="login-reason">
              {t('auth.gateReason')}
            </p>
          ) : null}
          {phase.kind === 'frame' ? (
            <iframe className={styles.frame} src={phase.url} title={t('auth.frameTitle')} />
          ) : (
            <div className={styles.status} role="status">
              {phase.kind === 'error' ? (
                <>
                  <p>{t('auth.failed')}</p>
                  <button type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
                    {t('auth.retry')}
                  </button>
                </>
              ) : (
                <p>{t(phase.kind === 'popup' ? 'auth.popupOpen' : 'auth.loading')}</p>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
