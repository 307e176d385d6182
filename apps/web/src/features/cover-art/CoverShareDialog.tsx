import { useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaskStatus, type CoverArt } from '@ai-covers/contracts';
import { apiPost } from '../../shared/api/request';
import { errorText } from '../../shared/api/error-messages';
import { ProgressBar } from '../../shared/progress/ProgressBar';
import { BASE_PATH } from '../../shared/routing/base-paths';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { ui } from '../../shared/ui/PageIntro';
import dialog from '../../shared/ui/dialog.module.css';
import { useAuthStore } from '../auth';
import { coverArtKeys, useCoverArt, useRevokeShare, useVideo } from './cover-art-api';
import { quickExportBody } from './quick-export';
import { renderTitleLayer } from './title-layer';
import styles from './CoverArt.module.css';

/** The export a share or a video starts from: the latest one, else one made now from the default design. */
async function exportForShare(art: CoverArt) {
  const latest = art.exports[0];
  if (latest) return latest;
  return apiPost('artExport', `/v1/cover-art/${encodeURIComponent(art.task_id)}/export`, {
    ...(await quickExportBody(art, renderTitleLayer)),
  });
}

/** Creates a share link in one step: exports the artwork first when it never was. */
function useQuickShare(art: CoverArt | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!art) throw new Error('no art');
      const source = await exportForShare(art);
      const video = art.videos.find((v) => v.status === TaskStatus.done && v.url);
      return apiPost('artShare', `/v1/cover-art/${encodeURIComponent(art.task_id)}/shares`, {
        export_id: source.id,
        ...(video ? { video_id: video.id } : {}),
      });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: coverArtKeys.art(art?.task_id ?? '') }),
  });
}

/** Starts the square share video in one step (exporting the artwork first when needed). */
function useQuickVideo(art: CoverArt | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!art) throw new Error('no art');
      const source = await exportForShare(art);
      return apiPost('artVideo', `/v1/cover-art/${encodeURIComponent(art.task_id)}/videos`, {
        export_id: source.id,
        format: 'square',
      });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: coverArtKeys.art(art?.task_id ?? '') }),
  });
}

/**
 * Share on a finished cover, without the art editor: the public link (made at once the first time,
 * with the generated artwork when none was exported), copy, revoke, and the share video.
 */
export function CoverShareButton({ taskId, title }: { taskId: string; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setOpen(true)}>
        {t('coverArt.quickShare.button')}
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className={dialog.overlay} />
          <Dialog.Content className={dialog.dialog} data-testid="share-dialog">
            <Dialog.Title className={dialog.title}>{t('coverArt.quickShare.title')}</Dialog.Title>
            <Dialog.Description className={styles.muted}>{t('coverArt.share.note')}</Dialog.Description>
            {open ? <ShareBody taskId={taskId} title={title} /> : null}
            <div className={dialog.actions}>
              <Dialog.Close asChild>
                <button type="button" className={`${ui.button} ${ui.secondary}`}>
                  {t('coverArt.quickShare.close')}
                </button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

function ShareBody({ taskId, title }: { taskId: string; title: string }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.token !== null);
  const openLogin = useAuthStore((s) => s.openLogin);
  if (!signedIn) {
    return (
      <div className={styles.group}>
        <p>{t('coverArt.quickShare.signInNote')}</p>
        <button type="button" className={ui.button} onClick={() => openLogin?.()}>
          {t('coverArt.share.signIn')}
        </button>
      </div>
    );
  }
  return <SignedInShare taskId={taskId} title={title} />;
}

function SignedInShare({ taskId, title }: { taskId: string; title: string }) {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const query = useCoverArt(taskId);
  const art = query.data;
  const share = useQuickShare(art);
  const revoke = useRevokeShare(taskId);
  const [copied, setCopied] = useState(false);
  const live = art?.shares.find((s) => !s.revoked) ?? null;
  // A cover never shared gets its link as the dialog opens: sharing is one click.
  const asked = useRef(false);
  useEffect(() => {
    if (!art || asked.current || art.shares.length > 0) return;
    asked.current = true;
    share.mutate();
  }, [art, share]);

  if (!art) {
    return query.error ? (
      <p role="alert" className={styles.alert}>
        {errorText(t, query.error)}
      </p>
    ) : (
      <p className={styles.muted}>{t('coverArt.loading')}</p>
    );
  }
  const link = live ? `${window.location.origin}${BASE_PATH}${langPath(live.path)}` : null;
  const handleCopy = () => {
    if (!link) return;
    void navigator.clipboard?.writeText(link).then(() => setCopied(true));
  };

  return (
    <>
      <section className={styles.group} aria-labelledby="quick-share-link">
        <h3 id="quick-share-link" className={styles.legend}>
          {t('coverArt.share.title')}
        </h3>
        {link ? (
          <>
            <input
              className={styles.linkField}
              readOnly
              value={link}
              aria-labelledby="quick-share-link"
              data-testid="share-link"
              onFocus={(event) => event.target.select()}
            />
            <div className={styles.chips}>
              <button type="button" className={ui.button} onClick={handleCopy}>
                {copied ? t('coverArt.share.copied') : t('coverArt.share.copy')}
              </button>
              <a className={`${ui.button} ${ui.secondary}`} href={link} target="_blank" rel="noopener">
                {t('coverArt.quickShare.openLink')}
              </a>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(live!.id, { onSuccess: () => setCopied(false) })}
              >
                {t('coverArt.share.revoke')}
              </button>
            </div>
          </>
        ) : (
          <button
            type="button"
            className={ui.button}
            disabled={share.isPending}
            onClick={() => share.mutate()}
          >
            {share.isPending ? t('coverArt.quickShare.creating') : t('coverArt.share.action')}
          </button>
        )}
        {share.error || revoke.error ? (
          <p role="alert" className={styles.alert}>
            {errorText(t, share.error ?? revoke.error)}
          </p>
        ) : null}
      </section>
      <ShareVideo art={art} title={title} />
    </>
  );
}

/** The square share video: made here, followed with its progress, saved under the cover's title. */
function ShareVideo({ art, title }: { art: CoverArt; title: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const make = useQuickVideo(art);
  const active = art.videos.find((v) => v.status === TaskStatus.waiting || v.status === TaskStatus.running);
  const following = make.data?.id ?? active?.id ?? null;
  const video = useVideo(
    following,
    () => void client.invalidateQueries({ queryKey: coverArtKeys.art(art.task_id) }),
  );
  const current = video.data ?? art.videos.find((v) => v.status === TaskStatus.done) ?? null;
  const working =
    current !== null && (current.status === TaskStatus.waiting || current.status === TaskStatus.running);
  const ready = current && current.status === TaskStatus.done && current.url ? current : null;
  return (
    <section className={styles.group} aria-labelledby="quick-share-video">
      <h3 id="quick-share-video" className={styles.legend}>
        {t('coverArt.video.title')}
      </h3>
      {ready ? (
        <a
          className={`${ui.button} ${ui.secondary}`}
          href={ready.url!}
          download={`${title} (share video).mp4`}
          data-testid="share-video-download"
        >
          {t('coverArt.video.download', { width: ready.width, height: ready.height })}
        </a>
      ) : working && current ? (
        <ProgressBar status="start" percentage={current.progress * 100} tips={t('coverArt.video.working')} />
      ) : (
        <>
          <p className={styles.muted}>{t('coverArt.video.note')}</p>
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            disabled={make.isPending}
            onClick={() => make.mutate()}
          >
            {t('coverArt.video.action')}
          </button>
        </>
      )}
      {make.error ? (
        <p role="alert" className={styles.alert}>
          {errorText(t, make.error)}
        </p>
      ) : null}
    </section>
  );
}
