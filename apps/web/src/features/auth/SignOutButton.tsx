import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goToLogout } from './auth-session';

/** Signs out: the server ends the session, then the provider's logout page brings the user back. */
export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const handleClick = () => {
    setBusy(true);
    void goToLogout().finally(() => setBusy(false));
  };
  return (
    <button type="button" className={className} onClick={handleClick} disabled={busy} data-no-pre-login>
      {t('auth.signOut')}
    </button>
  );
}
