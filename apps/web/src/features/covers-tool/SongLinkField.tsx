import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-messages';
import { ui } from '../../shared/ui/PageIntro';
import { checkSongLink } from './covers-api';
import styles from './CoversTool.module.css';

/** What a pasted link looks like (the same in every language). */
const LINK_PLACEHOLDER = 'https://…/song.mp3';

/**
 * The other song source: a direct link to an audio or video file, which the server fetches when
 * the cover is created. "Check link" asks the server first and says why a link will not do.
 */
export function SongLinkField({ value, onChange }: { value: string; onChange: (link: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; ok: boolean | null; message: string | null }>({
    busy: false,
    ok: null,
    message: null,
  });

  const handleCheck = async () => {
    setState({ busy: true, ok: null, message: null });
    try {
      const answer = await checkSongLink(value);
      setState({ busy: false, ok: answer.ok, message: answer.reason });
    } catch (failure) {
      setState({ busy: false, ok: false, message: errorText(t, failure) });
    }
  };

  return (
    <div className={`${styles.field} ${styles.separator}`}>
      <label htmlFor={id}>{t('coversTool.link.label')}</label>
      <p id={`${id}-hint`} className={styles.muted}>
        {t('coversTool.link.hint')}
      </p>
      <div className={styles.linkRow}>
        <input
          id={id}
          type="url"
          inputMode="url"
          placeholder={LINK_PLACEHOLDER}
          aria-describedby={`${id}-hint`}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setState({ busy: false, ok: null, message: null });
          }}
        />
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          disabled={!value.trim() || state.busy}
          onClick={() => void handleCheck()}
        >
          {state.busy ? t('coversTool.link.checking') : t('coversTool.link.check')}
        </button>
      </div>
      <p role="status" aria-live="polite" className={state.ok === false ? styles.alert : styles.muted}>
        {state.ok === true ? t('coversTool.link.ok') : state.message ? errorText(t, state.message) : ''}
      </p>
    </div>
  );
}
