import { useEffect, useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { errorText } from '../../shared/api/error-messages';
import { ArtCanvas, OutputThumbnail } from './ArtCanvas';
import { useCoverArt } from './cover-art-api';
import { CropControls, HistoryBar, SourceControls, TextControls } from './EditorControls';
import { createEditorStore, THUMBNAIL_SIZES } from './editor-store';
import { ExportPanel, SharePanel, VideoPanel } from './OutputPanels';
import { useArtImages } from './use-art-images';
import type { CoverArt } from '@ai-covers/contracts';
import styles from './CoverArt.module.css';

/** The cover art editor of a finished cover (lazy: its own chunk, loaded when opened). */
export function CoverArtEditor({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const query = useCoverArt(taskId);
  if (!query.data) {
    return query.error ? (
      <p role="alert" className={styles.alert}>
        {errorText(t, query.error)}
      </p>
    ) : (
      <p className={styles.muted}>{t('coverArt.loading')}</p>
    );
  }
  return <Editor art={query.data} />;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.tagName === 'TEXTAREA' ||
      (target.tagName === 'INPUT' && (target as HTMLInputElement).type === 'text'))
  );
}

function Editor({ art }: { art: CoverArt }) {
  const { t } = useTranslation();
  const store = useMemo(() => createEditorStore(), []);
  const tool = useStore(store, (s) => s.canvas.tool);
  const thumbnail = useStore(store, (s) => s.canvas.thumbnailSize);
  const { images, failed } = useArtImages(art.background_url, art.avatar_url);
  const imageKey = `${art.background_url.split('?')[0]}:${art.width}x${art.height}`;

  // A new image (style, upload) starts a new history; the saved design reopens where it was.
  useEffect(() => {
    const saved = art.design
      ? {
          preset: art.design.preset,
          rect: art.design.crop,
          design: { title: art.design.title, subtitle: art.design.subtitle, placement: art.design.placement },
        }
      : null;
    store.getState().load({ width: art.width, height: art.height }, saved, {
      title: art.title,
      subtitle: art.subtitle,
      placement: 'bottom',
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new image resets the editor
  }, [imageKey, store]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || isTyping(event.target)) return;
    const key = event.key.toLowerCase();
    const temporal = store.temporal.getState();
    if (key === 'z' && !event.shiftKey) temporal.undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') temporal.redo();
    else return;
    event.preventDefault();
  };

  return (
    <div className={styles.editor} onKeyDown={handleKeyDown} data-testid="cover-art-editor">
      <HistoryBar store={store} />
      <div className={styles.workspace}>
        <div className={styles.preview}>
          <ArtCanvas store={store} images={images} />
          {failed ? (
            <p role="alert" className={styles.alert}>
              {t('coverArt.imageFailed')}
            </p>
          ) : null}
          <div className={styles.thumbRow}>
            <span className={styles.muted}>{t('coverArt.thumbnail.title')}</span>
            <OutputThumbnail store={store} images={images} size={THUMBNAIL_SIZES[thumbnail]} />
          </div>
        </div>
        <div className={styles.side}>
          {tool === 'crop' ? <CropControls store={store} /> : <TextControls store={store} />}
          <SourceControls art={art} />
        </div>
      </div>
      <div className={styles.outputs}>
        <ExportPanel store={store} art={art} />
        <VideoPanel store={store} art={art} />
        <SharePanel art={art} />
      </div>
    </div>
  );
}
