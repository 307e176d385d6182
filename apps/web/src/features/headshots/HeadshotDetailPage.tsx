import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeadshotMsg, Msg, type HeadshotPackDetailData } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { errorText } from '../../shared/api/error-messages';
import { useNoticeStore } from '../../shared/api/notice-store';
import { formatDate } from '../../shared/format/format';
import { startBrowserDownload } from '../../shared/download/browser-download';
import { selectSignedIn, useAuthStore, useSignInPrompt } from '../auth';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { ContactButton } from './ContactButton';
import { GivenBackNote, givenBack } from './GivenBackNote';
import { FeedbackDialog } from '../../shared/feedback/FeedbackDialog';
import { PackProgress } from './PackProgress';
import { ResultGrid } from './ResultGrid';
import { SharedPack } from './SharedPack';
import {
  fetchHeadshotZip,
  useCreateHeadshotShare,
  useHeadshotPack,
  useRetryHeadshotPack,
} from './headshots-api';
import { headshotPaths, packSharePath } from './paths';
import { packTitle } from './pack-title';
import styles from './Headshots.module.css';

/**
 * One pack. The same page serves 'detail' (the owner's: back button, no sharing) and 'share' (the
 * public link: no back button, sharing on), as §2 describes.
 */
export function HeadshotDetailPage({ mode }: { mode: 'detail' | 'share' }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return mode === 'share' ? <SharedPack shareId={id} /> : <PackDetail packId={id} />;
}

function PackDetail({ packId }: { packId: string }) {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const signedIn = useAuthStore(selectSignedIn);
  useSignInPrompt(!signedIn);
  const query = useHeadshotPack(packId, signedIn);
  const back = (
    <Link to={langPath(headshotPaths.usercenter)} className={styles.back} data-testid="back">
      ← {t('headshots.detail.back')}
    </Link>
  );
  if (!signedIn) {
    return (
      <section className={ui.card}>
        {back}
        <p>{t('headshots.usercenter.signedOut')}</p>
      </section>
    );
  }
  if (query.isPending) return <p role="status">{t('common.loading')}</p>;
  if (query.isError) {
    return (
      <section className={ui.card}>
        {back}
        <p role="alert" className={styles.error}>
          {errorText(t, query.error, 'errors.generic')}
        </p>
      </section>
    );
  }
  return (
    <section className={ui.card} data-testid="pack-detail" data-status={query.data.pack.status}>
      {back}
      <PackBody data={query.data} />
    </section>
  );
}

function PackBody({ data }: { data: HeadshotPackDetailData }) {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const { pack, results } = data;
  const retry = useRetryHeadshotPack();
  const notify = useNoticeStore((s) => s.show);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  async function download(ids: string[]) {
    setDownloading(true);
    try {
      const zip = await fetchHeadshotZip(pack.id, ids);
      startBrowserDownload(zip.url, zip.name);
    } catch {
      notify('errors.downloadFailed', Msg.downloadFailed);
    } finally {
      setDownloading(false);
    }
  }
  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className={styles.stack}>
      <div className={styles.rowBetween}>
        <h2 className={styles.cardTitle}>{packTitle(t, pack)}</h2>
        <span className={styles.small} data-testid="pack-status">
          {t(`headshots.pack.status.${pack.status}`)}
        </span>
      </div>
      {pack.expires_at ? (
        <p className={styles.small} data-testid="pack-expires">
          {t('headshots.pack.availableUntil', { date: formatDate(pack.expires_at) })}
        </p>
      ) : null}
      {pack.kind !== 'paid' ? <p className={styles.notice}>{t('headshots.free.watermarked')}</p> : null}
      {pack.status === 'generating' ? <PackProgress pack={pack} /> : null}
      {pack.status === 'failure' ? (
        <div className={styles.failure} role="alert">
          <p className={styles.failureTitle}>{t('errors.headshots.generateFailed')}</p>
          {givenBack(pack) ? <GivenBackNote /> : null}
          <div className={styles.actionsRow} hidden={givenBack(pack)}>
            <button
              type="button"
              className={ui.button}
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(pack.id, {
                  onSuccess: () => notify('errors.headshots.retryOk', HeadshotMsg.retryOk),
                  onError: () => notify('errors.headshots.retryFailed', HeadshotMsg.retryFailed),
                })
              }
              data-testid="retry-pack"
            >
              {t('common.retry')}
            </button>
            <ContactButton packId={pack.id} />
          </div>
        </div>
      ) : null}
      {results.length > 0 ? (
        <>
          <div className={styles.actionsRow}>
            <button
              type="button"
              className={ui.button}
              disabled={downloading}
              onClick={() => void download([])}
              data-testid="download-all"
            >
              {t('headshots.detail.downloadAll', { n: results.length })}
            </button>
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              disabled={downloading || selected.size === 0}
              onClick={() => void download([...selected])}
              data-testid="download-selected"
            >
              {t('headshots.detail.downloadSelected', { n: selected.size })}
            </button>
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              onClick={() =>
                setSelected(selected.size === results.length ? new Set() : new Set(results.map((r) => r.id)))
              }
            >
              {t(
                selected.size === results.length
                  ? 'headshots.detail.selectNone'
                  : 'headshots.detail.selectAll',
              )}
            </button>
          </div>
          <p className={styles.small}>{t('headshots.detail.likenessNote')}</p>
          <ResultGrid results={results} selected={selected} onToggle={toggle} />
        </>
      ) : null}
      {pack.status === 'success' ? <MakeLink data={data} /> : null}
      <div className={styles.actionsRow}>
        <Link to={langPath(headshotPaths.upload)} className={ui.button} data-testid="create-new">
          {t('headshots.detail.createNew')}
        </Link>
        {pack.status === 'success' ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            onClick={() => setFeedbackOpen(true)}
          >
            {t('headshots.feedback.open')}
          </button>
        ) : null}
      </div>
      <aside className={styles.promo} data-testid="promo-banner">
        <strong>{t('headshots.detail.promoTitle')}</strong>
        <span className={styles.small}>{t('headshots.detail.promoText')}</span>
        <Link to={langPath('/')} className={`${ui.button} ${ui.secondary}`}>
          {t('headshots.detail.promoCta')}
        </Link>
      </aside>
      <FeedbackDialog
        kind="headshots"
        subjectId={pack.id}
        open={feedbackOpen}
        onClose={() => setFeedbackOpen(false)}
      />
    </div>
  );
}

/**
 * Sharing from the owner's page (§2: 'detail' has no share box; sharing lives on 'share'): one
 * action that makes a public link and copies it, and the owner stays here. The link's own page
 * is where it is shared further or turned off.
 */
function MakeLink({ data }: { data: HeadshotPackDetailData }) {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const create = useCreateHeadshotShare(data.pack.id);
  const [made, setMade] = useState<{ id: string; url: string; copied: boolean } | null>(null);
  const live = data.shares.filter((s) => !s.revoked);
  const latest = made ?? (live.length ? { ...live[live.length - 1]!, copied: false } : null);

  function makeAndCopy() {
    create.mutate(undefined, {
      onSuccess: async ({ share }) => {
        const copied = await navigator.clipboard?.writeText(share.url).then(
          () => true,
          () => false,
        );
        setMade({ id: share.id, url: share.url, copied: copied === true });
      },
    });
  }

  return (
    <div className={styles.actionsRow}>
      <button
        type="button"
        className={`${ui.button} ${ui.secondary}`}
        disabled={create.isPending}
        onClick={makeAndCopy}
        data-testid="create-share"
      >
        {t('headshots.detail.makeLink')}
      </button>
      {latest ? (
        <p className={styles.small} role="status" data-testid="share-made">
          {made?.copied ? t('headshots.detail.linkCopied') : t('headshots.detail.linkReady')}{' '}
          <Link to={langPath(packSharePath(latest.id))} className={styles.fileName} data-testid="share-link">
            {latest.url}
          </Link>
        </p>
      ) : null}
      {create.isError ? (
        <p role="alert" className={styles.error}>
          {errorText(t, create.error, 'errors.generic')}
        </p>
      ) : null}
    </div>
  );
}
