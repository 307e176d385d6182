import { useEffect, useRef } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { loadWaveSurfer } from './wavesurfer-loader';
import styles from './CoversTool.module.css';

/** Colours from the design tokens, read once the element is on the page. */
function tokenColour(el: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/**
 * The waveform of `url`, drawn by wavesurfer.js (loaded on first use, so it never weighs on the
 * first page). It plays nothing itself: it follows `media` (the page's one player) and a click on
 * it moves that player, so switches between cover and original keep working as before.
 */
export function Waveform({
  url,
  media,
  label,
}: {
  /** A URL, or a file of the visitor's (read in the browser: no fetch, which the CSP keeps to 'self'). */
  url: string | Blob;
  /** The player it follows; null: the waveform has a silent copy of its own (the song picker). */
  media: HTMLAudioElement | null;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let cancelled = false;
    let dispose = () => {};
    void loadWaveSurfer()
      .then(({ default: WaveSurferLib }) => {
        if (cancelled) return;
        const ws = WaveSurferLib.create({
          container,
          ...(typeof url === 'string' ? { url } : {}),
          height: 64,
          normalize: true,
          barWidth: 2,
          barGap: 1,
          waveColor: tokenColour(container, '--color-muted', '#5c5c6e'),
          progressColor: tokenColour(container, '--color-accent', '#5b3df5'),
          cursorColor: tokenColour(container, '--color-text', '#16161d'),
        });
        ws.setMuted(true);
        if (typeof url !== 'string') void ws.loadBlob(url).catch(() => undefined);
        surfer.current = ws;
        // A click or drag on the waveform seeks the real player.
        const offInteraction = ws.on('interaction', (time) => {
          if (media) media.currentTime = time;
        });
        const follow = () => ws.setTime(media?.currentTime ?? 0);
        media?.addEventListener('timeupdate', follow);
        media?.addEventListener('seeked', follow);
        dispose = () => {
          offInteraction();
          media?.removeEventListener('timeupdate', follow);
          media?.removeEventListener('seeked', follow);
          ws.destroy();
        };
      })
      // No waveform (old browser, decoding refused) leaves the player as it is.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      dispose();
      surfer.current = null;
    };
  }, [url, media]);

  return <div ref={box} className={styles.waveform} role="img" aria-label={label} data-testid="waveform" />;
}
