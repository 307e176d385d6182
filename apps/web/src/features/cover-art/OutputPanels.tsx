import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useQueryClient } from '@tanstack/react-query';
import {
  TaskStatus,
  VIDEO_FORMATS,
  outputSize,
  type ArtExport,
  type CoverArt,
  type VideoFormat,
} from '@ai-covers/contracts';
import { errorText } from '../../shared/api/error-messages';
import { ProgressBar } from '../../shared/progress/ProgressBar';
import { ui } from '../../shared/ui/PageIntro';
import { BASE_PATH } from '../../shared/routing/base-paths';
import { useAuthStore } from '../auth';
import { useLangPath } from '../../shared/routing/use-lang-path';
import {
  coverArtKeys,
  useArtExport,
  useCreateShare,
  useMakeVideo,
  useRevokeShare,
  useVideo,
} from './cover-art-api';
import { canDownloadDesign, type EditorStore } from './editor-store';
import { renderTitleLayer } from './title-layer';
import styles from './CoverArt.module.css';

/** Exports the current design (the title layer drawn here), locking the crop meanwhile. */
function useExportDesign(store: EditorStore, taskId: string) {
  const mutation = useArtExport(taskId);
  const run = async (): Promise<ArtExport | null> => {
    const s = store.getState();
    if (!canDownloadDesign(s)) return null;
    const out = outputSize(s.crop.rect, s.canvas.resolution);
    s.setBusy(true);
    try {
      const titleLayer = await renderTitleLayer(out, s.design);
      return await mutation.mutateAsync({
        format: s.canvas.format,
        resolution: s.canvas.resolution,
        design: { preset: s.crop.preset, crop: s.crop.rect, ...s.design },
        title_layer: titleLayer,
      });
    } catch {
      return null;
    } finally {
      store.getState().setBusy(false);
    }
  };
  return { run, mutation };
}

/** Format (PNG or JPEG), resolution (high or low) and the export with its PSD. */
export function ExportPanel({ store, art }: { store: EditorStore; art: CoverArt }) {
  const { t } = useTranslation();
  const canvas = useStore(store, (s) => s.canvas);
  const rect = useStore(store, (s) => s.crop.rect);
  const canDownload = useStore(store, canDownloadDesign);
  const { run, mutation } = useExportDesign(store, art.task_id);
  const latest = art.exports[0] ?? null;
  const sizes = { high: outputSize(rect, 'high'), low: outputSize(rect, 'low') };
  return (
    <section className={styles.group} aria-labelledby="art-export-title">
      <h3 id="art-export-title" className={styles.legend}>
        {t('coverArt.export.title')}
      </h3>
      <div className={styles.chips} role="radiogroup" aria-label={t('coverArt.export.format')}>
        {(['png', 'jpeg'] as const).map((f) => (
          <label key={f} className={styles.chip}>
            <input
              type="radio"
              name="art-format"
              checked={canvas.format === f}
              onChange={() => store.getState().setFormat(f)}
            />
            {f.toUpperCase()}
          </label>
        ))}
      </div>
      <div className={styles.chips} role="radiogroup" aria-label={t('coverArt.export.resolution')}>
        {(['high', 'low'] as const).map((r) => (
          <label key={r} className={styles.chip}>
            <input
              type="radio"
              name="art-resolution"
              checked={canvas.resolution === r}
              onChange={() => store.getState().setResolution(r)}
            />
            {t(`coverArt.export.${r}`, { ...sizes[r] })}
          </label>
        ))}
      </div>
      <button type="button" className={ui.button} disabled={!canDownload} onClick={() => void run()}>
        {mutation.isPending ? t('coverArt.export.working') : t('coverArt.export.action')}
      </button>
      {mutation.error ? (
        <p role="alert" className={styles.alert}>
          {errorText(t, mutation.error)}
        </p>
      ) : null}
      {latest ? (
        <div className={styles.downloads} data-testid="art-export">
          <p className={styles.muted}>
            {t('coverArt.export.ready', {
              width: latest.width,
              height: latest.height,
              created: latest.created_at,
            })}
          </p>
          <a className={`${ui.button} ${ui.secondary}`} href={latest.url} download={latest.name}>
            {t('coverArt.export.downloadImage', { format: latest.format === 'png' ? 'PNG' : 'JPEG' })}
          </a>
          <a className={`${ui.button} ${ui.secondary}`} href={latest.psd_url} download>
            {t('coverArt.export.downloadPsd')}
          </a>
        </div>
      ) : null}
    </section>
  );
}

/** The share video: square or story, made by the worker, followed with its progress. */
export function VideoPanel({ store, art }: { store: EditorStore; art: CoverArt }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [format, setFormat] = useState<VideoFormat>('square');
  const make = useMakeVideo(art.task_id);
  const { run: exportNow } = useExportDesign(store, art.task_id);
  const active = art.videos.find((v) => v.status === TaskStatus.waiting || v.status === TaskStatus.running);
  const [following, setFollowing] = useState<string | null>(active?.id ?? null);
  const video = useVideo(
    following ?? active?.id ?? null,
    () => void client.invalidateQueries({ queryKey: coverArtKeys.art(art.task_id) }),
  );
  const current = video.data ?? art.videos[0] ?? null;
  const working =
    current !== null && (current.status === TaskStatus.waiting || current.status === TaskStatus.running);

  const handleMake = async () => {
    const source = art.exports[0] ?? (await exportNow());
    if (!source) return;
    const made = await make.mutateAsync({ export_id: source.id, format }).catch(() => null);
    if (made) setFollowing(made.id);
  };

  return (
    <section className={styles.group} aria-labelledby="art-video-title">
      <h3 id="art-video-title" className={styles.legend}>
        {t('coverArt.video.title')}
      </h3>
      <p className={styles.muted}>{t('coverArt.video.note')}</p>
      <div className={styles.chips} role="radiogroup" aria-label={t('coverArt.video.format')}>
        {(Object.keys(VIDEO_FORMATS) as VideoFormat[]).map((f) => (
          <label key={f} className={styles.chip}>
            <input type="radio" name="video-format" checked={format === f} onChange={() => setFormat(f)} />
            {t(`coverArt.video.${f}`, { ...VIDEO_FORMATS[f] })}
          </label>
        ))}
      </div>
      <button
        type="button"
        className={ui.button}
        disabled={working || make.isPending}
        onClick={() => void handleMake()}
      >
        {t('coverArt.video.action')}
      </button>
      {make.error ? (
        <p role="alert" className={styles.alert}>
          {errorText(t, make.error)}
        </p>
      ) : null}
      {working && current ? (
        <ProgressBar status="start" percentage={current.progress * 100} tips={t('coverArt.video.working')} />
      ) : null}
      {current && current.status === TaskStatus.done && current.url ? (
        <div className={styles.downloads} data-testid="art-video">
          <video
            className={styles.video}
            src={current.url}
            controls
            playsInline
            preload="metadata"
            style={{ aspectRatio: `${current.width} / ${current.height}` }}
          />
          <a className={`${ui.button} ${ui.secondary}`} href={current.url} download>
            {t('coverArt.video.download', { width: current.width, height: current.height })}
          </a>
        </div>
      ) : null}
      {current && (current.status === TaskStatus.failed || current.status === TaskStatus.timeout) ? (
        <p role="alert" className={styles.alert}>
          {errorText(t, current.error ?? '')}
        </p>
      ) : null}
    </section>
  );
}

/** Public links: create (signed-in owners), copy, open and revoke. */
export function SharePanel({ art }: { art: CoverArt }) {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const signedIn = useAuthStore((s) => s.token !== null);
  const openLogin = useAuthStore((s) => s.openLogin);
  const create = useCreateShare(art.task_id);
  const revoke = useRevokeShare(art.task_id);
  const [copied, setCopied] = useState<string | null>(null);
  const latest = art.exports[0];
  const video = art.videos.find((v) => v.status === TaskStatus.done && v.url);
  const live = art.shares.filter((s) => !s.revoked);
  const linkOf = (path: string) => `${window.location.origin}${BASE_PATH}${langPath(path)}`;

  return (
    <section className={styles.group} aria-labelledby="art-share-title">
      <h3 id="art-share-title" className={styles.legend}>
        {t('coverArt.share.title')}
      </h3>
      <p className={styles.muted}>{t('coverArt.share.note')}</p>
      {!signedIn ? (
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => openLogin?.()}>
          {t('coverArt.share.signIn')}
        </button>
      ) : (
        <button
          type="button"
          className={ui.button}
          disabled={!latest || create.isPending}
          onClick={() =>
            latest && create.mutate({ export_id: latest.id, ...(video ? { video_id: video.id } : {}) })
          }
        >
          {latest ? t('coverArt.share.action') : t('coverArt.share.exportFirst')}
        </button>
      )}
      {create.error ? (
        <p role="alert" className={styles.alert}>
          {errorText(t, create.error)}
        </p>
      ) : null}
      <ul className={styles.shares}>
        {live.map((share) => (
          <li key={share.id} className={styles.share}>
            <a
              href={linkOf(share.path)}
              target="_blank"
              rel="noopener"
              data-testid="share-link"
              className={styles.link}
            >
              {linkOf(share.path)}
            </a>
            <div className={styles.chips}>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary} ${styles.small}`}
                onClick={() =>
                  void navigator.clipboard?.writeText(linkOf(share.path)).then(() => setCopied(share.id))
                }
              >
                {copied === share.id ? t('coverArt.share.copied') : t('coverArt.share.copy')}
              </button>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary} ${styles.small}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(share.id)}
              >
                {t('coverArt.share.revoke')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
