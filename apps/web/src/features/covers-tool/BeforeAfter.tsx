import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SampleData } from '@ai-covers/contracts';
import { Waveform } from './Waveform';
import styles from './CoversTool.module.css';

type Side = 'cover' | 'original';

/** Seconds of the cover that count as having heard it (the feedback dialog is offered then). */
const HEARD_SECONDS = 10;

/**
 * One player for the cover's preview and the original song, switched like an A/B: the original
 * is heard at the same moment of the song (the preview starts `previewStart` seconds in), and a
 * playing track keeps playing across the switch.
 */
export function BeforeAfter({
  sample,
  previewStart,
  labelledBy,
  onHeard,
}: {
  /** Called once the cover has been listened to (to its end, or for 10 seconds). */
  onHeard?: () => void;
  /** §3 sample data: before = the song as given, after = the cover's watermarked preview. */
  sample: SampleData & { after_url: string };
  previewStart: number;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const previewUrl = sample.after_url;
  const sourceUrl = sample.before_url;
  const audio = useRef<HTMLAudioElement | null>(null);
  // The element itself as state, so the waveform can follow it once it exists.
  const [player, setPlayer] = useState<HTMLAudioElement | null>(null);
  // A stable ref callback: a new one each render would detach and re-attach the element every time.
  const attachPlayer = useCallback((el: HTMLAudioElement | null) => {
    audio.current = el;
    setPlayer(el);
  }, []);
  const [side, setSide] = useState<Side>('cover');

  // "Heard": the cover played to its end, or for HEARD_SECONDS (the original does not count).
  useEffect(() => {
    if (!player || !onHeard) return;
    const onTime = () => {
      if (side === 'cover' && player.currentTime >= HEARD_SECONDS) onHeard();
    };
    const onEnd = () => side === 'cover' && onHeard();
    player.addEventListener('timeupdate', onTime);
    player.addEventListener('ended', onEnd);
    return () => {
      player.removeEventListener('timeupdate', onTime);
      player.removeEventListener('ended', onEnd);
    };
  }, [player, onHeard, side]);

  const switchTo = (next: Side) => {
    const el = audio.current;
    if (next === side || !sourceUrl) return;
    const playing = el ? !el.paused : false;
    const at = el?.currentTime ?? 0;
    setSide(next);
    if (!el) return;
    // Same moment of the song on either side.
    const target = next === 'original' ? at + previewStart : Math.max(0, at - previewStart);
    el.src = next === 'original' ? sourceUrl : previewUrl;
    el.addEventListener(
      'loadedmetadata',
      () => {
        el.currentTime = target;
        if (playing) void el.play().catch(() => undefined);
      },
      { once: true },
    );
    el.load();
  };

  return (
    <div className={styles.beforeAfter}>
      {sourceUrl ? (
        <div role="group" aria-label={t('coversTool.task.compare')} className={styles.segmented}>
          {(['cover', 'original'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={side === s}
              className={side === s ? styles.segmentOn : styles.segment}
              onClick={() => switchTo(s)}
            >
              {t(`coversTool.task.${s}`)}
            </button>
          ))}
        </div>
      ) : null}
      <Waveform
        url={side === 'original' && sourceUrl ? sourceUrl : previewUrl}
        media={player}
        label={t(side === 'original' ? 'coversTool.waveform.original' : 'coversTool.waveform.cover')}
      />
      <audio ref={attachPlayer} controls preload="metadata" src={previewUrl} aria-labelledby={labelledBy} />
    </div>
  );
}
