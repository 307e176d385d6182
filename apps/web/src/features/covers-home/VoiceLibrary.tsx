import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VoiceAvatar } from '../../shared/icons/VectorIcon';
import {
  useCategories,
  ALL_CATEGORY_ID,
  buildCategoryMenu,
  categoriesByName,
  CategoryMenu,
} from '../categories';
import { ui } from '../../shared/ui/PageIntro';
import { coverPaths } from '../covers-tool';
import { useLangPath } from '../../shared/routing/use-lang-path';
import styles from './CoversHome.module.css';

/**
 * Voice cards from the category API, filtered by the category menu. The choice is a category name
 * (§3: the list keyed by name) kept in the URL as `?category=`, so a link can open one category.
 */
export function VoiceLibrary() {
  const { t, i18n } = useTranslation();
  const langPath = useLangPath();
  const query = useCategories('covers', i18n.language);
  const [params, setParams] = useSearchParams();
  const entries = buildCategoryMenu(query.data);
  const byName = categoriesByName(query.data);
  const name = params.get('category');
  const items = name !== null ? byName[name] : undefined;
  const selected = items
    ? { id: entries.find((e) => e.name === name)?.id ?? ALL_CATEGORY_ID, items }
    : entries[0];
  const handleSelect = (id: string) => {
    const entry = entries.find((e) => e.id === id);
    const next = new URLSearchParams(params);
    if (entry?.name && id !== ALL_CATEGORY_ID) next.set('category', entry.name);
    else next.delete('category');
    setParams(next, { replace: true, preventScrollReset: true });
  };

  if (query.isPending) return <p className={styles.state}>{t('covers.voices.loading')}</p>;
  if (query.isError) {
    return (
      <div className={styles.state} role="alert">
        <p>{t('covers.voices.error')}</p>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      <CategoryMenu entries={entries} selectedId={selected?.id ?? ALL_CATEGORY_ID} onSelect={handleSelect} />
      {selected && selected.items.length > 0 ? (
        <ul className={styles.grid}>
          {selected.items.map((voice) => (
            <li key={voice.id} className={styles.voice}>
              <VoiceAvatar url={voice.icon} name={voice.name} className={styles.avatar} />
              <div>
                <h3 id={`voice-name-${voice.id}`} className={styles.voiceName}>
                  {voice.name}
                </h3>
                {voice.description ? <p className={styles.voiceText}>{voice.description}</p> : null}
                <Link
                  className={styles.voiceLink}
                  to={langPath(coverPaths.create(voice.id))}
                  aria-describedby={`voice-name-${voice.id}`}
                >
                  {t('coversTool.home.useVoice')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.state}>{t('covers.voices.empty')}</p>
      )}
    </>
  );
}
