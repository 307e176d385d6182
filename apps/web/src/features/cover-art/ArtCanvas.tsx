import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { avatarRect, type CropRect, type Size } from '@ai-covers/contracts';
import type { EditorStore } from './editor-store';
import { drawTitle } from './title-layer';
import styles from './CoverArt.module.css';

export interface ArtImages {
  background: HTMLImageElement;
  avatar: HTMLImageElement | null;
}

/** Draws the artwork (background, avatar) at `scale`, then the title inside the crop. */
export function drawArt(
  ctx: CanvasRenderingContext2D,
  images: ArtImages | null,
  origin: Size,
  crop: CropRect,
  text: Parameters<typeof drawTitle>[2],
  scale: number,
  onlyCrop: boolean,
) {
  ctx.save();
  if (onlyCrop) ctx.translate(-crop.x * scale, -crop.y * scale);
  if (images) {
    ctx.drawImage(images.background, 0, 0, origin.width * scale, origin.height * scale);
    if (images.avatar) {
      const a = avatarRect(origin.width);
      ctx.drawImage(images.avatar, a.x * scale, a.y * scale, a.width * scale, a.height * scale);
    }
  }
  ctx.translate(crop.x * scale, crop.y * scale);
  drawTitle(ctx, { width: crop.width * scale, height: crop.height * scale }, text);
  ctx.restore();
}

/**
 * The whole artwork with the crop box over it. The box moves by drag (mouse, pen or touch) and by
 * the arrow keys (Shift: ten times further; Alt: resize); its corner handle resizes it.
 */
export function ArtCanvas({ store, images }: { store: EditorStore; images: ArtImages | null }) {
  const { t } = useTranslation();
  const crop = useStore(store, (s) => s.crop);
  const design = useStore(store, (s) => s.design);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ mode: 'move' | 'resize'; x: number; y: number; id: number } | null>(null);
  const origin = crop.originSize;

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const width = canvas.clientWidth || 320;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round((width * origin.height * ratio) / origin.width);
    const scale = canvas.width / origin.width;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawArt(ctx, images, origin, crop.rect, design, scale, false);
  }, [images, origin, crop.rect, design]);

  /** Source pixels per screen pixel. */
  const perPixel = () => origin.width / (wrapRef.current?.clientWidth || origin.width);

  const handlePointerDown = (mode: 'move' | 'resize') => (event: PointerEvent<HTMLElement>) => {
    if (crop.disableCrop) return;
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    drag.current = { mode, x: event.clientX, y: event.clientY, id: event.pointerId };
    store.getState().beginGesture();
  };
  const handlePointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    const k = perPixel();
    const dx = Math.round((event.clientX - d.x) * k);
    const dy = Math.round((event.clientY - d.y) * k);
    if (dx === 0 && dy === 0) return;
    drag.current = { ...d, x: d.x + dx / k, y: d.y + dy / k };
    if (d.mode === 'move') store.getState().moveBy(dx, dy);
    else store.getState().resizeBy(dx, dy);
  };
  const handlePointerUp = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    drag.current = null;
    store.getState().endGesture();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = Math.max(1, Math.round(origin.width / 200)) * (event.shiftKey ? 10 : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    if (event.altKey) store.getState().resizeBy(move[0], move[1]);
    else store.getState().moveBy(move[0], move[1]);
  };

  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <div ref={wrapRef} className={styles.stage} style={{ aspectRatio: `${origin.width} / ${origin.height}` }}>
      <canvas ref={canvasRef} className={styles.canvas} aria-hidden="true" />
      <div
        className={styles.cropBox}
        data-testid="crop-box"
        role="group"
        tabIndex={crop.disableCrop ? -1 : 0}
        aria-label={t('coverArt.crop.boxLabel', {
          x: crop.rect.x,
          y: crop.rect.y,
          width: crop.rect.width,
          height: crop.rect.height,
        })}
        aria-disabled={crop.disableCrop}
        style={{
          left: pct(crop.rect.x, origin.width),
          top: pct(crop.rect.y, origin.height),
          width: pct(crop.rect.width, origin.width),
          height: pct(crop.rect.height, origin.height),
        }}
        onPointerDown={handlePointerDown('move')}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerUp}
        onKeyDown={handleKeyDown}
      >
        <span
          className={styles.handle}
          aria-hidden="true"
          onPointerDown={handlePointerDown('resize')}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
          onPointerCancel={handlePointerUp}
        />
      </div>
    </div>
  );
}

/** The output as it will be exported, at the chosen thumbnail size. */
export function OutputThumbnail({
  store,
  images,
  size,
}: {
  store: EditorStore;
  images: ArtImages | null;
  size: number;
}) {
  const { t } = useTranslation();
  const rect = useStore(store, (s) => s.crop.rect);
  const origin = useStore(store, (s) => s.crop.originSize);
  const design = useStore(store, (s) => s.design);
  const ref = useRef<HTMLCanvasElement>(null);
  const scale = size / Math.max(rect.width, rect.height);
  const width = Math.max(1, Math.round(rect.width * scale));
  const height = Math.max(1, Math.round(rect.height * scale));
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawArt(ctx, images, origin, rect, design, scale * ratio, true);
  }, [images, origin, rect, design, scale, width, height]);
  return (
    <canvas
      ref={ref}
      className={styles.thumb}
      style={{ width, height }}
      role="img"
      aria-label={t('coverArt.thumbnail.label', { width: rect.width, height: rect.height })}
      data-testid="art-thumbnail"
    />
  );
}
