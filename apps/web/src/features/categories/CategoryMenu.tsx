import { useTranslation } from 'react-i18next';
import { ALL_CATEGORY_ID, type MenuEntry } from './category-menu';
import styles from './CategoryMenu.module.css';

/** The category menu: 'All' first, then the category names (§3). */
export function CategoryMenu({
  entries,
  selectedId,
  onSelect,
}: {
  entries: MenuEntry[];
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.menu} role="tablist" aria-label={t('covers.voices.menu')}>
      {entries.map((entry) => (
        <button
          key={entry.id}
          type="button"
          role="tab"
          aria-selected={entry.id === selectedId}
          className={entry.id === selectedId ? `${styles.item} ${styles.selected}` : styles.item}
          onClick={() => onSelect(entry.id)}
        >
          {entry.id === ALL_CATEGORY_ID ? t('covers.voices.all') : entry.name}
        </button>
      ))}
    </div>
  );
}
