import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../categories/use-categories';
import { ALL_CATEGORY_ID, buildCategoryMenu } from '../categories/category-menu';
import { CategoryMenu } from '../categories/CategoryMenu';
import { ui } from '../../shared/ui/PageIntro';
import { coverPaths } from '../covers-tool/paths';
import { useLangPath } from '../language/use-lang-path';
import styles from './CoversHome.module.css';

/** Voice cards from the category API, filtered by the category menu. */
export function VoiceLibrary() {
  const { t, i18n } = useTranslation();
  const langPath = useLangPath();
  const query = useCategories('covers', i18n.language);
  const [selectedId, setSelectedId] = useState(ALL_CATEGORY_ID);
  const entries = buildCategoryMenu(query.data);
  const selected = entries.find((e) => e.id === selectedId) ?? entries[0];

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
      <CategoryMenu entries={entries} selectedId={selected?.id ?? ALL_CATEGORY_ID} onSelect={setSelectedId} />
      {selected && selected.items.length > 0 ? (
        <ul className={styles.grid}>
          {selected.items.map((voice) => (
            <li key={voice.id} className={styles.voice}>
              {voice.icon ? (
                <img className={styles.avatar} src={voice.icon} alt="" loading="lazy" />
              ) : (
                <span className={styles.avatar} aria-hidden="true">
                  {voice.name.slice(0, 1)}
                </span>
              )}
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
