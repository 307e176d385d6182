import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { analytics } from '../../shared/analytics/client';
import { ui } from '../../shared/ui/PageIntro';
import { installState, promptInstall, subscribeInstallState } from './install-prompt';
import styles from './EntryPage.module.css';

/**
 * The studio entry page's app download prompt (dlp_app plan 2): installs the studio as an app
 * through the browser's own dialog where it offers one, else says where its menu does it.
 */
export function AppInstallPrompt() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(subscribeInstallState, installState, installState);
  const [noOffer, setNoOffer] = useState(false);

  const handleInstall = async () => {
    analytics.track('app_install_click', { test: 'dlp_app', offer: state });
    const outcome = await promptInstall();
    setNoOffer(outcome === 'unavailable');
    if (outcome !== 'unavailable') analytics.track('app_install_choice', { outcome });
  };

  return (
    <aside className={`${ui.card} ${styles.app}`} aria-label={t('entry.app.label')} data-testid="app-prompt">
      <div>
        <h2 className={styles.name}>{t('entry.app.title')}</h2>
        <p className={styles.text}>{t('entry.app.text')}</p>
        {state === 'installed' ? (
          <p role="status">{t('entry.app.installed')}</p>
        ) : noOffer ? (
          <p role="status">{t('entry.app.manual')}</p>
        ) : null}
      </div>
      {state !== 'installed' ? (
        <button type="button" className={ui.button} onClick={() => void handleInstall()}>
          {t('entry.app.install')}
        </button>
      ) : null}
    </aside>
  );
}
