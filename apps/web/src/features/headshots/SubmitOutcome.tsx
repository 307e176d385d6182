import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeadshotMsg } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { errorText } from '../../shared/api/error-messages';
import { useNoticeStore } from '../../shared/api/notice-store';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { useSignInPrompt, selectSignedIn, useAuthStore } from '../auth';
import { ContactButton } from './ContactButton';
import { GivenBackNote, givenBack } from './GivenBackNote';
import { PackProgress } from './PackProgress';
import { useHeadshotPack, useRetryHeadshotPack } from './headshots-api';
import { headshotPaths, packDetailPath } from './paths';
import styles from './Headshots.module.css';

/** A submit the server did not take (§8): 'Submission failed (retry or contact us)', why, and the actions. */
export function SubmitFailure({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const reason = errorText(t, error, 'errors.generic');
  return (
    <div className={styles.failure} role="alert" data-testid="submit-failed">
      <p className={styles.failureTitle}>{t('errors.headshots.submitFailed')}</p>
      {reason !== t('errors.headshots.submitFailed') ? <p className={styles.small}>{reason}</p> : null}
      <div className={styles.actionsRow}>
        <button type="button" className={ui.button} onClick={onRetry} disabled={retrying}>
          {t('common.retry')}
        </button>
        <ContactButton />
        <Link to={langPath(headshotPaths.usercenter)} className={`${ui.button} ${ui.secondary}`}>
          {t('headshots.result.usercenter')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The submit result page (§2): the pack just submitted, generating (real progress and estimate),
 * ready, or failed with retry, contact and the way to the user center.
 */
export function SubmitResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const packId = params.get('id') ?? '';
  const signedIn = useAuthStore(selectSignedIn);
  useSignInPrompt(!signedIn);
  const langPath = useLangPath();
  const query = useHeadshotPack(packId, signedIn);
  const retry = useRetryHeadshotPack();
  const notify = useNoticeStore((s) => s.show);

  const toUsercenter = (
    <Link
      to={langPath(headshotPaths.usercenter)}
      className={`${ui.button} ${ui.secondary}`}
      data-testid="to-usercenter"
    >
      {t('headshots.result.usercenter')}
    </Link>
  );
  if (!signedIn) return <section className={ui.card}>{t('headshots.usercenter.signedOut')}</section>;
  if (query.isPending) return <p role="status">{t('common.loading')}</p>;
  if (query.isError) {
    return (
      <section className={ui.card}>
        <p role="alert" className={styles.error}>
          {errorText(t, query.error, 'errors.generic')}
        </p>
        {toUsercenter}
      </section>
    );
  }
  const { pack } = query.data;

  function handleRetry() {
    retry.mutate(pack.id, {
      onSuccess: () => notify('errors.headshots.retryOk', HeadshotMsg.retryOk),
      onError: () => notify('errors.headshots.retryFailed', HeadshotMsg.retryFailed),
    });
  }

  return (
    <section className={ui.card} data-testid="submit-result" data-status={pack.status}>
      {pack.status === 'generating' ? (
        <>
          <h2 className={styles.cardTitle}>{t('headshots.result.submitted')}</h2>
          <PackProgress pack={pack} />
          <div className={styles.actionsRow}>{toUsercenter}</div>
        </>
      ) : pack.status === 'success' ? (
        <>
          <h2 className={styles.cardTitle}>{t('headshots.result.ready', { n: pack.delivered })}</h2>
          <div className={styles.actionsRow}>
            <Link to={langPath(packDetailPath(pack.id))} className={ui.button} data-testid="view-pack">
              {t('headshots.result.view')}
            </Link>
            {toUsercenter}
          </div>
        </>
      ) : (
        <>
          <h2 className={styles.cardTitle}>{t('errors.headshots.generateFailed')}</h2>
          {givenBack(pack) ? (
            <div className={styles.actionsRow}>
              <GivenBackNote />
              {toUsercenter}
            </div>
          ) : pack.error && pack.error !== HeadshotMsg.generateFailed ? (
            <p className={styles.small}>{errorText(t, pack.error)}</p>
          ) : null}
          <div className={styles.actionsRow} hidden={givenBack(pack)}>
            <button
              type="button"
              className={ui.button}
              onClick={handleRetry}
              disabled={retry.isPending}
              data-testid="retry-pack"
            >
              {t('common.retry')}
            </button>
            <ContactButton packId={pack.id} />
            {toUsercenter}
          </div>
        </>
      )}
    </section>
  );
}
