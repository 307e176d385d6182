import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { selectAccountUrl, selectSignedIn, useAuthStore } from '../auth';
import { LibraryPanel } from '../library';
import { CreditsCenter } from '../credits';
import { MembershipsPanel } from '../pricing';
import styles from './AccountPage.module.css';

const TABS = ['files', 'credits'] as const;
type Tab = (typeof TABS)[number];

/** Account center: the cloud file library and the credits wallet, as tabs. */
export function AccountPage() {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectSignedIn);
  const openLogin = useAuthStore((s) => s.openLogin);
  // The provider's own page (§7) for what it keeps: e-mail, password, sign-in; drawn at once from
  // the last user info's address (the page's largest text), then the current one's.
  const accountUrl = useAuthStore(selectAccountUrl);
  const [tab, setTab] = useState<Tab>('files');
  const baseId = useId();

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = TABS.indexOf(tab);
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length] ?? 'files';
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  const intro = <PageIntro title={t('account.title')} lead={t('account.lead')} />;
  // The build's prerender (decision 240) knows no visitor: only what every visitor sees first.
  if (import.meta.env.SSR) return intro;
  return (
    <>
      {intro}
      {accountUrl ? (
        <p className={styles.provider}>
          <a href={accountUrl}>{t('account.providerOverview')}</a>
        </p>
      ) : null}
      {signedIn ? null : (
        <div className={`${ui.card} ${styles.signedOut}`}>
          <p>{t('account.signedOut')}</p>
          {openLogin ? (
            <button type="button" className={ui.button} onClick={openLogin}>
              {t('header.signIn')}
            </button>
          ) : (
            <span className={ui.badge}>{t('common.comingSoon')}</span>
          )}
        </div>
      )}
      <div role="tablist" aria-label={t('account.tabs')} className={styles.tabs} onKeyDown={handleKeyDown}>
        {TABS.map((id) => (
          <button
            key={id}
            id={`${baseId}-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`${baseId}-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={tab === id ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => setTab(id)}
          >
            {t(`account.${id}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className={ui.card}
      >
        {tab === 'files' ? (
          <LibraryPanel canUpload={signedIn} />
        ) : (
          <CreditsCenter memberships={<MembershipsPanel />} />
        )}
      </div>
    </>
  );
}
