import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import {
  ART_STYLES,
  COVER_ART_LIMITS,
  CROP_PRESETS,
  TITLE_PLACEMENTS,
  titleProblem,
  type ArtStyle,
  type CoverArt,
  type CropPreset,
} from '@ai-covers/contracts';
import { errorText } from '../../shared/api/error-messages';
import { ui } from '../../shared/ui/PageIntro';
import { useUpload } from '../../shared/upload/use-upload';
import { useArtStyle, useArtUpload } from './cover-art-api';
import { THUMBNAIL_SIZES, useCanvasFlags, type EditorStore, type ThumbnailSize } from './editor-store';
import styles from './CoverArt.module.css';

/** The artwork's source: a generated style, or an image the visitor uploads. */
export function SourceControls({ art }: { art: CoverArt }) {
  const { t } = useTranslation();
  const style = useArtStyle(art.task_id);
  const upload = useArtUpload(art.task_id);
  const file = useUpload({
    kind: 'ai-covers',
    action: 'art-upload',
    onDone: (f) => upload.mutate(f.storage_key),
  });
  const busy = style.isPending || upload.isPending || file.status === 'uploading';
  const failure = style.error ?? upload.error ?? (file.status === 'failure' ? file.error : null);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('coverArt.source.title')}</legend>
      <div className={styles.chips} role="radiogroup" aria-label={t('coverArt.source.styles')}>
        {ART_STYLES.map((s: ArtStyle) => (
          <label key={s} className={styles.chip}>
            <input
              type="radio"
              name="art-style"
              value={s}
              checked={art.source === 'generated' && art.style === s}
              disabled={busy}
              onChange={() => style.mutate(s)}
            />
            {t(`coverArt.source.style.${s}`)}
          </label>
        ))}
      </div>
      <label className={`${ui.button} ${ui.secondary} ${styles.fileButton}`}>
        {t('coverArt.source.upload')}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className={styles.fileInput}
          data-testid="art-upload-input"
          disabled={busy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const picked = event.target.files?.[0];
            if (picked) void file.start(picked);
            event.target.value = '';
          }}
        />
      </label>
      <p className={styles.muted}>
        {t('coverArt.source.uploadHint', {
          min: COVER_ART_LIMITS.minImageSide,
          max: COVER_ART_LIMITS.maxImageSide,
        })}
      </p>
      {busy ? <p className={styles.muted}>{t('common.loading')}</p> : null}
      {failure ? (
        <p role="alert" className={styles.alert}>
          {errorText(t, failure)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Tool switch, undo and redo (Ctrl/⌘+Z, Ctrl/⌘+Shift+Z or Ctrl+Y), and the thumbnail size. */
export function HistoryBar({ store }: { store: EditorStore }) {
  const { t } = useTranslation();
  const tool = useStore(store, (s) => s.canvas.tool);
  const thumbnail = useStore(store, (s) => s.canvas.thumbnailSize);
  const { canUndo, canRedo } = useCanvasFlags(store);
  return (
    <div className={styles.toolbar}>
      <div role="radiogroup" aria-label={t('coverArt.tool.label')} className={styles.chips}>
        {(['crop', 'text'] as const).map((name) => (
          <label key={name} className={styles.chip}>
            <input
              type="radio"
              name="art-tool"
              checked={tool === name}
              onChange={() => store.getState().setTool(name)}
            />
            {t(`coverArt.tool.${name}`)}
          </label>
        ))}
      </div>
      <div className={styles.chips}>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary} ${styles.small}`}
          disabled={!canUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
          onClick={() => store.temporal.getState().undo()}
        >
          {t('coverArt.history.undo')}
        </button>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary} ${styles.small}`}
          disabled={!canRedo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          onClick={() => store.temporal.getState().redo()}
        >
          {t('coverArt.history.redo')}
        </button>
      </div>
      <label className={styles.inline}>
        {t('coverArt.thumbnail.size')}
        <select
          value={thumbnail}
          onChange={(event) => store.getState().setThumbnailSize(event.target.value as ThumbnailSize)}
        >
          {(Object.keys(THUMBNAIL_SIZES) as ThumbnailSize[]).map((size) => (
            <option key={size} value={size}>
              {t(`coverArt.thumbnail.${size}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Crop presets (1:1, 16:9, 9:16, 2:3, free) and the crop's whole-pixel position and size. */
export function CropControls({ store }: { store: EditorStore }) {
  const { t } = useTranslation();
  const crop = useStore(store, (s) => s.crop);
  const commit = (name: 'x' | 'y' | 'width' | 'height', value: number) => {
    if (name === 'width' || name === 'height') store.getState().setSize(name, value);
    else store.getState().setRect({ ...crop.rect, [name]: value });
  };
  const field = (name: 'x' | 'y' | 'width' | 'height') => (
    <PixelField
      label={t(`coverArt.crop.${name}`)}
      value={crop.rect[name]}
      disabled={crop.disableCrop}
      onCommit={(value) => commit(name, value)}
    />
  );
  return (
    <fieldset className={styles.group} disabled={crop.disableCrop}>
      <legend className={styles.legend}>{t('coverArt.crop.title')}</legend>
      <div className={styles.chips} role="radiogroup" aria-label={t('coverArt.crop.presets')}>
        {(Object.keys(CROP_PRESETS) as CropPreset[]).map((preset) => (
          <label key={preset} className={styles.chip}>
            <input
              type="radio"
              name="crop-preset"
              checked={crop.preset === preset}
              onChange={() => store.getState().setPreset(preset)}
            />
            {t(`coverArt.crop.preset.${preset}`)}
          </label>
        ))}
      </div>
      <div className={styles.fields}>
        {field('x')}
        {field('y')}
        {field('width')}
        {field('height')}
      </div>
      <p className={styles.muted} data-testid="crop-size">
        {t('coverArt.crop.summary', {
          width: crop.rect.width,
          height: crop.rect.height,
          originWidth: crop.originSize.width,
          originHeight: crop.originSize.height,
        })}
      </p>
      <p className={styles.muted}>{t('coverArt.crop.keys')}</p>
    </fieldset>
  );
}

/** A whole-pixel field: typed freely, applied on Enter or when focus leaves (§5: rounded). */
function PixelField({
  label,
  value,
  disabled,
  onCommit,
}: {
  label: string;
  value: number;
  disabled: boolean;
  onCommit: (value: number) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const apply = () => {
    const number = Number(draft);
    if (draft.trim() !== '' && Number.isFinite(number)) onCommit(Math.round(number));
    else setDraft(String(value));
  };
  return (
    <label className={styles.field}>
      {label}
      <input
        type="number"
        inputMode="numeric"
        step={1}
        min={0}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
      />
    </label>
  );
}

/** A text field that writes to the store when the visitor pauses, so one word is one undo step. */
function DebouncedText({
  label,
  value,
  onCommit,
  maxLength,
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  maxLength: number;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onCommit(draft), 400);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit]);
  return (
    <label className={styles.field}>
      {label}
      <input
        type="text"
        value={draft}
        maxLength={maxLength}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => draft !== value && onCommit(draft)}
      />
    </label>
  );
}

/** The title, the voice line and where they sit. */
export function TextControls({ store }: { store: EditorStore }) {
  const { t } = useTranslation();
  const design = useStore(store, (s) => s.design);
  const problem = titleProblem(design.title) ?? (design.subtitle ? titleProblem(design.subtitle) : null);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('coverArt.text.title')}</legend>
      <DebouncedText
        label={t('coverArt.text.titleField')}
        value={design.title}
        maxLength={COVER_ART_LIMITS.maxTitleChars * 2}
        onCommit={store.getState().setTitle}
      />
      <DebouncedText
        label={t('coverArt.text.subtitleField')}
        value={design.subtitle}
        maxLength={COVER_ART_LIMITS.maxTitleChars * 2}
        onCommit={store.getState().setSubtitle}
      />
      <div className={styles.chips} role="radiogroup" aria-label={t('coverArt.text.placement')}>
        {TITLE_PLACEMENTS.map((p) => (
          <label key={p} className={styles.chip}>
            <input
              type="radio"
              name="title-placement"
              checked={design.placement === p}
              onChange={() => store.getState().setPlacement(p)}
            />
            {t(`coverArt.text.place.${p}`)}
          </label>
        ))}
      </div>
      {problem ? (
        <p role="alert" className={styles.alert}>
          {errorText(t, problem)}
        </p>
      ) : null}
    </fieldset>
  );
}
