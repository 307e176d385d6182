import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import type { ResultTile } from './ResultGrid';
import styles from './Headshots.module.css';

/**
 * One result large, over the page (the thumbnail grid stays where it was): the full picture, its
 * download, the previous and next result, and Escape or Close to go back.
 */
export function ResultViewer({
  results,
  at,
  onMove,
  onClose,
}: {
  results: ResultTile[];
  at: number | null;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const r = at === null ? undefined : results[at];
  const step = (by: number) => at !== null && onMove((at + by + results.length) % results.length);
  return (
    <Dialog.Root open={r !== undefined} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.viewerOverlay} />
        {r ? (
          <Dialog.Content
            className={styles.viewer}
            data-testid="result-viewer"
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') step(1);
              if (e.key === 'ArrowLeft') step(-1);
            }}
          >
            <Dialog.Title className={styles.viewerTitle}>
              {t('headshots.detail.resultAlt', { n: r.index })}
            </Dialog.Title>
            <Dialog.Description className={styles.srOnly}>
              {t('headshots.detail.viewerHelp')}
            </Dialog.Description>
            <img
              src={r.url}
              alt={t('headshots.detail.resultAlt', { n: r.index })}
              className={styles.viewerImg}
            />
            <div className={styles.actionsRow}>
              {results.length > 1 ? (
                <>
                  <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => step(-1)}>
                    {t('headshots.detail.previous')}
                  </button>
                  <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => step(1)}>
                    {t('headshots.detail.next')}
                  </button>
                </>
              ) : null}
              <a href={r.download_url} download={r.name} className={ui.button}>
                {t('headshots.detail.downloadOne', { n: r.index })}
              </a>
              <Dialog.Close asChild>
                <button type="button" className={`${ui.button} ${ui.secondary}`} data-testid="viewer-close">
                  {t('common.close')}
                </button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
