import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Waveform } from './Waveform';
import styles from './CoversTool.module.css';

/**
 * The song the visitor picked, in its card: its waveform (drawn from the file in the browser) and
 * a play button, so the right song can be checked before the cover is made.
 */
export function SongWaveform({ file }: { file: File }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<string | null>(null);
  const [player, setPlayer] = useState<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const attach = useCallback((el: HTMLAudioElement | null) => setPlayer(el), []);

  // The file plays from memory; its address is let go with the file.
  useEffect(() => {
    // A browser without object URLs keeps the waveform and goes without the button's sound.
    if (typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setSource(url);
    setPlaying(false);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (!player) return;
    const on = () => setPlaying(true);
    const off = () => setPlaying(false);
    player.addEventListener('play', on);
    player.addEventListener('pause', off);
    player.addEventListener('ended', off);
    return () => {
      player.removeEventListener('play', on);
      player.removeEventListener('pause', off);
      player.removeEventListener('ended', off);
      player.pause();
    };
  }, [player]);

  const handleToggle = () => {
    if (!player) return;
    if (player.paused) void player.play().catch(() => setPlaying(false));
    else player.pause();
  };

  return (
    <div className={styles.songPreview}>
      <button
        type="button"
        className={styles.playButton}
        aria-pressed={playing}
        aria-label={t(playing ? 'coversTool.create.songPause' : 'coversTool.create.songPlay', {
          name: file.name,
        })}
        onClick={handleToggle}
        disabled={!source}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
      <Waveform url={file} media={player} label={t('coversTool.waveform.song', { name: file.name })} />
      {source ? <audio ref={attach} src={source} preload="metadata" hidden /> : null}
    </div>
  );
}
