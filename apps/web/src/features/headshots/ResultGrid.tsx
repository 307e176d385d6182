import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultViewer } from './ResultViewer';
import styles from './Headshots.module.css';

/** What a result tile needs; the share view has no likeness. */
export interface ResultTile {
  id: string;
  index: number;
  thumb_url: string;
  url: string;
  download_url: string;
  name: string;
  likeness?: number;
}

/**
 * The results of a pack: thumbnails opening the full picture large over the page, a download per result (re-download
 * costs nothing), and, when `selected` is given, a box per result for "download selected".
 */
export function ResultGrid({
  results,
  selected,
  onToggle,
}: {
  results: ResultTile[];
  selected?: ReadonlySet<string>;
  onToggle?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className={styles.resultGrid} data-testid="result-grid">
        {results.map((r, i) => (
          <li key={r.id} className={styles.resultTile}>
            <button
              type="button"
              className={styles.resultOpen}
              onClick={() => setOpen(i)}
              aria-label={t('headshots.detail.open', { n: r.index })}
              data-testid="result-open"
            >
              <img
                src={r.thumb_url}
                alt={t('headshots.detail.resultAlt', { n: r.index })}
                className={styles.resultImg}
                loading="lazy"
              />
            </button>
            <div className={styles.resultBar}>
              {selected && onToggle ? (
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={selected.has(r.id)}
                    onChange={() => onToggle(r.id)}
                    aria-label={t('headshots.detail.select', { n: r.index })}
                  />
                </label>
              ) : null}
              {r.likeness !== undefined ? (
                <span className={styles.likeness} title={t('headshots.detail.likenessHelp')}>
                  {t('headshots.detail.likeness', { value: Math.round(r.likeness * 100) })}
                </span>
              ) : null}
              <a
                href={r.download_url}
                download={r.name}
                className={styles.iconLink}
                aria-label={t('headshots.detail.downloadOne', { n: r.index })}
              >
                ↓
              </a>
            </div>
          </li>
        ))}
      </ul>
      <ResultViewer results={results} at={open} onMove={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
