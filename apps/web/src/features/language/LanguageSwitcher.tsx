import type { ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COPY_LANGUAGES, LANGUAGE_NAMES, type CopyLanguage } from '@ai-covers/contracts';
import { storeLanguagePreference } from './language-preference';
import { withLanguageSegment } from './resolve-language';
import styles from './LanguageSwitcher.module.css';

/** A native select of the copy languages; choosing one stores it and rewrites the URL segment. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const lang = event.target.value as CopyLanguage;
    storeLanguagePreference(lang);
    // A `lang` query would outrank the stored choice on the next load, so it goes.
    const params = new URLSearchParams(location.search);
    params.delete('lang');
    const search = params.toString();
    navigate(withLanguageSegment(location.pathname, lang) + (search ? `?${search}` : '') + location.hash);
  };

  return (
    <label className={styles.root}>
      <span className={styles.label}>{t('header.language')}</span>
      <select className={styles.select} value={i18n.language} onChange={handleChange}>
        {COPY_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
