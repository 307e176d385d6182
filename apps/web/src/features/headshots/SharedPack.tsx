import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import { errorText } from '../../shared/api/error-messages';
import { formatDate } from '../../shared/format/format';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { ResultGrid } from './ResultGrid';
import { useHeadshotShareView, useRevokeHeadshotShare } from './headshots-api';
import { headshotPaths } from './paths';
import styles from './Headshots.module.css';

/** The public page of a shared pack (§2 'share': no back button, sharing on). No sign-in needed. */
export function SharedPack({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const query = useHeadshotShareView(shareId);
  const revoke = useRevokeHeadshotShare();
  const [copied, setCopied] = useState(false);

  const makeOwn = (
    <Link to={langPath(headshotPaths.start)} className={ui.button}>
      {t('headshots.share.makeOwn')}
    </Link>
  );
  if (query.isPending && shareId !== '') return <p role="status">{t('common.loading')}</p>;
  if (shareId === '' || query.isError) {
    return (
      <section className={ui.card} data-testid="share-gone">
        <h2 className={styles.cardTitle}>{t('headshots.share.goneTitle')}</h2>
        <p>
          {shareId === ''
            ? t('headshots.share.goneText')
            : errorText(t, query.error, 'headshots.share.goneText')}
        </p>
        {makeOwn}
      </section>
    );
  }
  const view = query.data!;
  const pageUrl = window.location.href;

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(pageUrl);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  async function handleShare() {
    try {
      await navigator.share({ title: t('headshots.share.title'), url: pageUrl });
    } catch {
      // Closing the share sheet is not an error.
    }
  }

  return (
    <section className={ui.card} data-testid="shared-pack">
      <div className={styles.rowBetween}>
        <h2 className={styles.cardTitle}>{t('headshots.share.title')}</h2>
        <span className={styles.small}>{formatDate(view.created_at)}</span>
      </div>
      <p className={styles.small}>{t('headshots.share.text', { count: view.count })}</p>
      <div className={styles.actionsRow} aria-label={t('headshots.share.actions')}>
        <a href={view.zip_url} className={ui.button} download data-testid="share-download-all">
          {t('headshots.detail.downloadAll', { n: view.results.length })}
        </a>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          onClick={() => void handleCopy()}
          data-testid="copy-link"
        >
          {copied ? t('headshots.share.copied') : t('headshots.share.copy')}
        </button>
        {typeof navigator.share === 'function' ? (
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void handleShare()}>
            {t('headshots.share.shareButton')}
          </button>
        ) : null}
        {view.mine ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(shareId)}
            data-testid="revoke-link"
          >
            {t('headshots.share.turnOff')}
          </button>
        ) : null}
      </div>
      <ResultGrid results={view.results} />
      <div className={styles.actionsRow}>{makeOwn}</div>
    </section>
  );
}
