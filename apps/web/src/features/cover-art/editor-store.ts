import { createStore, useStore, type StoreApi } from 'zustand';
import { temporal, type TemporalState } from 'zundo';
import {
  DEFAULT_CROP_PRESET,
  clampCrop,
  cropProblem,
  fitCrop,
  moveCrop,
  presetRatio,
  resizeCrop,
  titleProblem,
  withRatio,
  type CropPreset,
  type CropRect,
  type Size,
  type TitlePlacement,
} from '@ai-covers/contracts';

/** Thumbnail sizes of the output preview (long side, CSS pixels). */
export const THUMBNAIL_SIZES = { small: 160, medium: 240, large: 320 } as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;
export type Tool = 'crop' | 'text';

/** §3 canvas editing state: tool, download resolution, thumbnail size (undo/redo and can-download are derived). */
export interface CanvasState {
  tool: Tool;
  resolution: 'high' | 'low';
  thumbnailSize: ThumbnailSize;
  format: 'png' | 'jpeg';
}

/** §3 crop state: origin size, preset size, unit px, lock ratio (default 1.5), disable-crop flag. */
export interface CropState {
  originSize: Size;
  /** The preset's largest size on this image (null for a free crop). */
  presetSize: Size | null;
  unit: 'px';
  /** Height per width; null when free. */
  lockRatio: number | null;
  disableCrop: boolean;
  preset: CropPreset;
  rect: CropRect;
}

export interface DesignState {
  title: string;
  subtitle: string;
  placement: TitlePlacement;
}

export interface EditorState {
  canvas: CanvasState;
  crop: CropState;
  design: DesignState;
  /** An export or a video is being made: the crop is locked meanwhile. */
  busy: boolean;
}

/** What undo and redo step through: the crop and the design, never the tool or the panel settings. */
type Tracked = Pick<EditorState, 'crop' | 'design'>;

export interface EditorActions {
  /** Starts editing an image of `origin` size, from a saved design or the default preset; history is cleared. */
  load(
    origin: Size,
    saved?: { preset: CropPreset; rect: CropRect; design: DesignState } | null,
    defaults?: DesignState,
  ): void;
  setPreset(preset: CropPreset): void;
  setRect(rect: CropRect): void;
  moveBy(dx: number, dy: number): void;
  resizeBy(dWidth: number, dHeight: number): void;
  /** Sets the crop's width or height in pixels (the other side follows a locked ratio). */
  setSize(side: 'width' | 'height', value: number): void;
  setTitle(title: string): void;
  setSubtitle(subtitle: string): void;
  setPlacement(placement: TitlePlacement): void;
  setTool(tool: Tool): void;
  setResolution(resolution: 'high' | 'low'): void;
  setThumbnailSize(size: ThumbnailSize): void;
  setFormat(format: 'png' | 'jpeg'): void;
  setBusy(busy: boolean): void;
  /** A drag: the moves in between are one step of history. */
  beginGesture(): void;
  endGesture(): void;
}

export type EditorStore = StoreApi<EditorState & EditorActions> & {
  temporal: StoreApi<TemporalState<Tracked>>;
};

const initialCrop = (origin: Size): CropState => {
  const ratio = presetRatio(DEFAULT_CROP_PRESET);
  const rect = fitCrop(origin, ratio);
  return {
    originSize: origin,
    presetSize: { width: rect.width, height: rect.height },
    unit: 'px',
    lockRatio: ratio,
    disableCrop: false,
    preset: DEFAULT_CROP_PRESET,
    rect,
  };
};

const sameTracked = (a: Tracked, b: Tracked) => JSON.stringify(a) === JSON.stringify(b);

/** A cover art editor's store: zustand with zundo keeping the crop and design history. */
export function createEditorStore(): EditorStore {
  let gestureStart: Tracked | null = null;
  const store = createStore<EditorState & EditorActions>()(
    temporal(
      (set, get) => {
        const setCrop = (rect: CropRect) =>
          set((s) => {
            if (s.crop.disableCrop) return s;
            const { originSize: origin, lockRatio } = s.crop;
            const next =
              lockRatio === null
                ? clampCrop(rect, origin)
                : withRatio(clampCrop(rect, origin), lockRatio, origin);
            return { crop: { ...s.crop, rect: next } };
          });
        return {
          canvas: { tool: 'crop', resolution: 'high', thumbnailSize: 'medium', format: 'png' },
          crop: initialCrop({ width: 1, height: 1 }),
          design: { title: '', subtitle: '', placement: 'bottom' },
          busy: false,

          load(origin, saved, defaults) {
            const crop = initialCrop(origin);
            if (saved) {
              const ratio = presetRatio(saved.preset);
              const fitted = fitCrop(origin, ratio);
              // A saved crop that no longer fits the image (new artwork) starts again from its preset.
              const rect = cropProblem(saved.rect, origin, ratio) ? fitted : saved.rect;
              Object.assign(crop, {
                preset: saved.preset,
                lockRatio: ratio,
                presetSize: ratio === null ? null : { width: fitted.width, height: fitted.height },
                rect,
              });
            }
            set({ crop, design: saved?.design ?? defaults ?? get().design, busy: false });
            store.temporal.getState().clear();
          },
          setPreset(preset) {
            set((s) => {
              if (s.crop.disableCrop) return s;
              const ratio = presetRatio(preset);
              const rect = fitCrop(s.crop.originSize, ratio);
              return {
                crop: {
                  ...s.crop,
                  preset,
                  lockRatio: ratio,
                  presetSize: ratio === null ? null : { width: rect.width, height: rect.height },
                  rect,
                },
              };
            });
          },
          setRect: setCrop,
          moveBy(dx, dy) {
            const { crop } = get();
            if (!crop.disableCrop)
              set({ crop: { ...crop, rect: moveCrop(crop.rect, crop.originSize, dx, dy) } });
          },
          resizeBy(dw, dh) {
            const { crop } = get();
            if (crop.disableCrop) return;
            set({ crop: { ...crop, rect: resizeCrop(crop.rect, crop.originSize, dw, dh, crop.lockRatio) } });
          },
          setSize(side, value) {
            const { crop } = get();
            if (crop.disableCrop || !Number.isFinite(value)) return;
            const whole = Math.round(value);
            const dw = side === 'width' ? whole - crop.rect.width : 0;
            const dh = side === 'height' ? whole - crop.rect.height : 0;
            set({ crop: { ...crop, rect: resizeCrop(crop.rect, crop.originSize, dw, dh, crop.lockRatio) } });
          },
          setTitle: (title) => set((s) => ({ design: { ...s.design, title } })),
          setSubtitle: (subtitle) => set((s) => ({ design: { ...s.design, subtitle } })),
          setPlacement: (placement) => set((s) => ({ design: { ...s.design, placement } })),
          setTool: (tool) => set((s) => ({ canvas: { ...s.canvas, tool } })),
          setResolution: (resolution) => set((s) => ({ canvas: { ...s.canvas, resolution } })),
          setThumbnailSize: (thumbnailSize) => set((s) => ({ canvas: { ...s.canvas, thumbnailSize } })),
          setFormat: (format) => set((s) => ({ canvas: { ...s.canvas, format } })),
          setBusy: (busy) => set((s) => ({ busy, crop: { ...s.crop, disableCrop: busy } })),
          beginGesture() {
            const { crop, design } = get();
            gestureStart = { crop, design };
            store.temporal.getState().pause();
          },
          endGesture() {
            const start = gestureStart;
            gestureStart = null;
            const { crop, design } = get();
            if (start && !sameTracked(start, { crop, design })) {
              // Back to where the drag began (unrecorded), then the end as one recorded step.
              set(start);
              store.temporal.getState().resume();
              set({ crop, design });
            } else {
              store.temporal.getState().resume();
            }
          },
        };
      },
      {
        partialize: (s): Tracked => ({ crop: { ...s.crop, disableCrop: false }, design: s.design }),
        equality: sameTracked,
        limit: 100,
      },
    ),
  ) as EditorStore;
  return store;
}

/** The §3 derived flags: undo/redo availability and whether the design can be downloaded. */
export function useCanvasFlags(store: EditorStore) {
  const canUndo = useStore(store.temporal, (t) => t.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (t) => t.futureStates.length > 0);
  const canDownload = useStore(store, (s) => canDownloadDesign(s));
  return { canUndo, canRedo, canDownload };
}

/** True when the design would be accepted: a crop inside the image at its ratio and a usable title. */
export function canDownloadDesign(s: EditorState): boolean {
  return (
    !s.busy &&
    cropProblem(s.crop.rect, s.crop.originSize, s.crop.lockRatio) === null &&
    titleProblem(s.design.title) === null &&
    (s.design.subtitle === '' || titleProblem(s.design.subtitle) === null)
  );
}
