import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HeadshotPack } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/api/error-messages';
import { formatDate } from '../../shared/format/format';
import { useNoticeStore } from '../../shared/api/notice-store';
import { selectSignedIn, useAuthStore, SignOutButton, useSignInPrompt } from '../auth';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { useDeleteAllHeadshots, useHeadshotPacks } from './headshots-api';
import { headshotPaths, packDetailPath } from './paths';
import { packTitle } from './pack-title';
import styles from './Headshots.module.css';

/** The name a greeting uses: the part of the e-mail before '@', or nothing. */
export function greetingName(email: string | null | undefined): string | null {
  const name = email?.split('@')[0]?.trim();
  return name ? name : null;
}

/**
 * The user center (§2): greeting, log out, get started, and the packs. Signed-out visitors get the
 * login dialog after 1200 ms.
 */
export function UsercenterListPage() {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectSignedIn);
  const user = useAuthStore((s) => s.user);
  const openLogin = useAuthStore((s) => s.openLogin);
  useSignInPrompt(!signedIn);
  const langPath = useLangPath();
  const packs = useHeadshotPacks(signedIn);
  const deleteAll = useDeleteAllHeadshots();
  const notify = useNoticeStore((s) => s.show);
  const [confirming, setConfirming] = useState(false);

  const getStarted = (
    <Link to={langPath(headshotPaths.upload)} className={ui.button} data-testid="get-started">
      {t('headshots.usercenter.getStarted')}
    </Link>
  );
  if (!signedIn) {
    return (
      <section className={ui.card}>
        <p>{t('headshots.usercenter.signedOut')}</p>
        <div className={styles.actionsRow}>
          <button type="button" className={ui.button} onClick={() => openLogin?.()}>
            {t('headshots.upload.signInButton')}
          </button>
        </div>
      </section>
    );
  }
  const name = greetingName(user?.email);
  const rows = packs.data?.rows ?? [];
  return (
    <div className={styles.stack}>
      <section className={ui.card}>
        <div className={styles.rowBetween}>
          <h2 className={styles.cardTitle} data-testid="greeting">
            {name ? t('headshots.usercenter.hello', { name }) : t('headshots.usercenter.helloAnon')}
          </h2>
          <SignOutButton className={`${ui.button} ${ui.secondary}`} />
        </div>
        <p className={styles.small}>{t('headshots.usercenter.kept')}</p>
        <div className={styles.actionsRow}>{getStarted}</div>
      </section>
      <section className={ui.card} aria-labelledby="hs-packs-title">
        <div className={styles.rowBetween}>
          <h2 id="hs-packs-title" className={styles.cardTitle}>
            {t('headshots.usercenter.packs')}
          </h2>
          {rows.length > 0 ? (
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              onClick={() => setConfirming(true)}
              data-testid="delete-all"
            >
              {t('headshots.usercenter.deleteAll')}
            </button>
          ) : null}
        </div>
        {packs.isPending ? <p role="status">{t('common.loading')}</p> : null}
        {packs.isError ? (
          <p role="alert" className={styles.error}>
            {errorText(t, packs.error, 'errors.generic')}
          </p>
        ) : null}
        {packs.isSuccess && rows.length === 0 ? (
          <p data-testid="packs-empty">{t('headshots.usercenter.none')}</p>
        ) : null}
        <ul className={styles.packList} data-testid="pack-list">
          {rows.map((pack) => (
            <PackRow key={pack.id} pack={pack} to={langPath(packDetailPath(pack.id))} />
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('headshots.usercenter.deleteAllTitle')}
        text={t('headshots.usercenter.deleteAllText')}
        confirmLabel={t('headshots.usercenter.deleteAllConfirm')}
        busy={deleteAll.isPending}
        error={deleteAll.isError ? errorText(t, deleteAll.error, 'headshots.usercenter.deleteFailed') : null}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          deleteAll.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify('headshots.usercenter.deleted', 'Delete successful');
            },
          })
        }
      />
    </div>
  );
}

/** One pack in the list: its picture, plan, state and the date its files are deleted. */
function PackRow({ pack, to }: { pack: HeadshotPack; to: string }) {
  const { t } = useTranslation();
  return (
    <li className={styles.packRow} data-status={pack.status}>
      <Link to={to} className={styles.packLink} data-testid={`pack-${pack.id}`}>
        {pack.cover_url ? (
          <img src={pack.cover_url} alt="" className={styles.packCover} />
        ) : (
          <span className={styles.packCover} aria-hidden="true" />
        )}
        <span className={styles.packText}>
          <strong>{packTitle(t, pack)}</strong>
          <span className={styles.small}>{formatDate(pack.created_at)}</span>
          <span className={styles.small} data-testid="pack-status">
            {t(`headshots.pack.status.${pack.status}`)}
            {pack.status === 'generating' ? ` · ${Math.round(pack.progress * 100)}%` : ''}
          </span>
          {pack.expires_at ? (
            <span className={styles.small}>
              {t('headshots.pack.availableUntil', { date: formatDate(pack.expires_at) })}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
