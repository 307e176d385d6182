import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeadshotStyle } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { styleCategories, toggleStyle } from './style-choice';
import { styleExample } from './style-examples';
import styles from './Headshots.module.css';

const ALL = '__all__';

/**
 * Style selection (§2): pick one style, or up to `max` with the n/m counter, then confirm. The
 * confirmed choice is what the pack is made with; an unconfirmed change is shown as such.
 */
export function StylePicker({
  list,
  max,
  confirmed,
  onConfirm,
}: {
  list: HeadshotStyle[];
  max: number;
  confirmed: string[];
  onConfirm: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>(confirmed);
  const [category, setCategory] = useState(ALL);
  const categories = styleCategories(list);
  const shown = category === ALL ? list : list.filter((s) => s.category === category);
  const changed = picked.join(',') !== confirmed.join(',');

  return (
    <section className={ui.card} aria-labelledby="hs-style-title">
      <div className={styles.rowBetween}>
        <h2 id="hs-style-title" className={styles.cardTitle}>
          {t(max > 1 ? 'headshots.style.titleMany' : 'headshots.style.titleOne', { count: max })}
        </h2>
        {max > 1 ? (
          <span
            className={styles.counter}
            data-testid="style-counter"
            aria-label={t('headshots.style.counter', { n: picked.length, m: max })}
          >
            {picked.length}/{max}
          </span>
        ) : null}
      </div>
      <div className={styles.menu} role="tablist" aria-label={t('headshots.style.menu')}>
        {[ALL, ...categories].map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            aria-selected={c === category}
            className={c === category ? `${styles.menuItem} ${styles.menuItemActive}` : styles.menuItem}
            onClick={() => setCategory(c)}
          >
            {c === ALL ? t('headshots.style.all') : c}
          </button>
        ))}
      </div>
      <ul className={styles.styleGrid}>
        {shown.map((s) => {
          const on = picked.includes(s.id);
          const full = !on && max > 1 && picked.length >= max;
          return (
            <li key={s.id}>
              <button
                type="button"
                className={on ? `${styles.styleCard} ${styles.styleCardOn}` : styles.styleCard}
                aria-pressed={on}
                disabled={full}
                onClick={() => setPicked((p) => toggleStyle(p, s.id, max))}
                data-testid={`style-${s.id}`}
              >
                <StyleExample id={s.id} name={s.name} />
                <span>{s.name}</span>
                <span className={styles.small} title={t('headshots.style.looksHelp')}>
                  {t('headshots.style.variants', { count: s.variants_per_photo })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className={styles.small}>
        {t('headshots.style.example')}. {t('headshots.style.looksHelp')}
      </p>
      <div className={styles.actionsRow}>
        <button
          type="button"
          className={ui.button}
          disabled={picked.length === 0 || !changed}
          onClick={() => onConfirm(picked)}
          data-testid="confirm-style"
        >
          {t('headshots.style.confirm')}
        </button>
        {confirmed.length > 0 && !changed ? (
          <span className={styles.small} role="status">
            {t('headshots.style.confirmed', { n: confirmed.length })}
          </span>
        ) : null}
      </div>
    </section>
  );
}

/** A style's example picture (a sample portrait made by the pipeline), or its swatch without one. */
function StyleExample({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const url = styleExample(id);
  return url ? (
    <img
      src={url}
      alt={t('headshots.backdrop.exampleAlt', { name })}
      className={styles.stylePreview}
      loading="lazy"
      data-testid="style-example"
    />
  ) : (
    <span className={styles.swatch} data-style={id} aria-hidden="true" />
  );
}
