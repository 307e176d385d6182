import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryItem } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { ALL_CATEGORY_ID, buildCategoryMenu, CategoryMenu, useCategories } from '../categories';
import { voiceRange } from './cover-format';
import styles from './CoversTool.module.css';
import { NO_PRE_LOGIN_ATTR } from '../auth';
import { MyVoicesButton, useMenuWithMyVoices } from '../my-voices';
import { VoiceAvatar } from '../../shared/icons/VectorIcon';

/** Step 1: a compact radio list of the voice library, filtered by category, with playable samples. */
export function VoicePicker({
  voiceId,
  onChange,
}: {
  voiceId: string | null;
  onChange: (voice: CategoryItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useCategories('covers', i18n.language);
  const [categoryId, setCategoryId] = useState(ALL_CATEGORY_ID);
  const entries = useMenuWithMyVoices(buildCategoryMenu(query.data));
  const shown = entries.find((e) => e.id === categoryId) ?? entries[0];
  const selected = entries[0]?.items.find((v) => v.id === voiceId) ?? null;
  const sample = useSamplePlayer();

  return (
    <fieldset className={styles.step}>
      <legend className={styles.legend}>{t('coversTool.create.voiceStep')}</legend>
      {query.isPending ? <p className={styles.muted}>{t('covers.voices.loading')}</p> : null}
      {query.isError ? (
        <div role="alert" className={styles.row}>
          <span>{t('covers.voices.error')}</span>
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            onClick={() => void query.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {query.isSuccess ? (
        <>
          <CategoryMenu
            entries={entries}
            selectedId={shown?.id ?? ALL_CATEGORY_ID}
            onSelect={setCategoryId}
          />
          <ul className={styles.voices}>
            {(shown?.items ?? []).map((voice) => (
              <VoiceOption
                key={voice.id}
                voice={voice}
                checked={voice.id === selected?.id}
                playing={sample.playingId === voice.id}
                onPick={() => onChange(voice)}
                onToggleSample={() => sample.toggle(voice)}
              />
            ))}
          </ul>
          <p className={styles.muted} aria-live="polite">
            {selected
              ? t('coversTool.create.voiceChosen', { name: selected.name })
              : t('coversTool.create.voiceNone')}
          </p>
        </>
      ) : null}
      <MyVoicesButton />
      <audio ref={sample.ref} preload="none" hidden />
    </fieldset>
  );
}

function VoiceOption({
  voice,
  checked,
  playing,
  onPick,
  onToggleSample,
}: {
  voice: CategoryItem;
  checked: boolean;
  playing: boolean;
  onPick: () => void;
  onToggleSample: () => void;
}) {
  const { t } = useTranslation();
  const range = voiceRange(voice);
  const meta = [range, voice.description].filter(Boolean).join(' · ');
  return (
    <li className={checked ? `${styles.voice} ${styles.voiceChecked}` : styles.voice}>
      <label className={styles.voiceLabel}>
        <input type="radio" name="voice" value={voice.id} checked={checked} onChange={onPick} />
        <VoiceAvatar url={voice.icon} name={voice.name} className={styles.avatar} />
        <span>
          <span className={styles.voiceName}>{voice.name}</span>
          {meta ? <span className={styles.voiceMeta}>{meta}</span> : null}
        </span>
      </label>
      {voice.url ? (
        <button
          type="button"
          className={styles.iconButton}
          aria-pressed={playing}
          aria-label={t(playing ? 'coversTool.create.stopSample' : 'coversTool.create.playSample', {
            name: voice.name,
          })}
          onClick={onToggleSample}
          // Hearing a voice before choosing it needs no account, even under the login test (§5).
          {...{ [NO_PRE_LOGIN_ATTR]: '' }}
        >
          <span aria-hidden="true">{playing ? '■' : '▶'}</span>
        </button>
      ) : null}
    </li>
  );
}

/** One shared player for the voice samples, so starting one stops the other. */
function useSamplePlayer() {
  const ref = useRef<HTMLAudioElement>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    const handleStop = () => setPlayingId(null);
    audio.addEventListener('ended', handleStop);
    audio.addEventListener('pause', handleStop);
    return () => {
      audio.removeEventListener('ended', handleStop);
      audio.removeEventListener('pause', handleStop);
      if (!audio.paused) audio.pause();
    };
  }, []);

  const toggle = (voice: CategoryItem) => {
    const audio = ref.current;
    if (!audio || !voice.url) return;
    if (playingId === voice.id) {
      audio.pause();
      return;
    }
    audio.src = voice.url;
    setPlayingId(voice.id);
    // Autoplay rules or a missing clip: the button simply returns to 'play'.
    Promise.resolve(audio.play()).catch(() => setPlayingId(null));
  };

  return { ref, playingId, toggle };
}
