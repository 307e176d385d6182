import { describe, expect, it } from 'vitest';
import { canDownloadDesign, createEditorStore } from './editor-store';

const square = { width: 2048, height: 2048 };
const defaults = { title: 'Midnight Drive', subtitle: 'Velvet', placement: 'bottom' as const };

function loaded() {
  const store = createEditorStore();
  store.getState().load(square, null, defaults);
  return store;
}
const undo = (store: ReturnType<typeof createEditorStore>) => store.temporal.getState().undo();
const redo = (store: ReturnType<typeof createEditorStore>) => store.temporal.getState().redo();

describe('editor store (§3 canvas and crop state)', () => {
  it('starts on the 1:1 album square (lock ratio 1), unit px, and no history', () => {
    const s = loaded().getState();
    expect(s.crop).toMatchObject({
      originSize: square,
      preset: 'album',
      lockRatio: 1,
      unit: 'px',
      disableCrop: false,
      presetSize: { width: 2048, height: 2048 },
      rect: { x: 0, y: 0, width: 2048, height: 2048 },
    });
    expect(s.canvas).toMatchObject({ tool: 'crop', resolution: 'high', thumbnailSize: 'medium' });
    expect(canDownloadDesign(s)).toBe(true);
  });

  it('presets set the ratio and the largest centred crop; undo and redo step through them', () => {
    const store = loaded();
    store.getState().setPreset('video');
    expect(store.getState().crop).toMatchObject({
      lockRatio: 9 / 16,
      rect: { x: 0, y: 448, width: 2048, height: 1152 },
    });
    store.getState().setPreset('album');
    undo(store);
    expect(store.getState().crop.preset).toBe('video');
    undo(store);
    expect(store.getState().crop.preset).toBe('album');
    redo(store);
    expect(store.getState().crop.preset).toBe('video');
    expect(store.temporal.getState().futureStates).toHaveLength(1);
  });

  it('sizes typed in keep whole pixels and the lock ratio; free crops size each side', () => {
    const store = loaded();
    store.getState().setPreset('poster');
    store.getState().setSize('width', 1000.6);
    expect(store.getState().crop.rect).toMatchObject({ width: 1001, height: 1502 });
    store.getState().setPreset('free');
    store.getState().setSize('height', 300.2);
    expect(store.getState().crop.rect.height).toBe(300);
    expect(store.getState().crop.lockRatio).toBeNull();
  });

  it('a drag is one step of history, however many moves it made', () => {
    const store = loaded();
    store.getState().setPreset('album');
    store.getState().setSize('width', 1000);
    const before = store.getState().crop.rect;
    const steps = store.temporal.getState().pastStates.length;
    store.getState().beginGesture();
    for (let i = 0; i < 20; i++) store.getState().moveBy(10, 5);
    store.getState().endGesture();
    expect(store.getState().crop.rect).toMatchObject({ x: before.x + 200, y: before.y + 100 });
    expect(store.temporal.getState().pastStates.length).toBe(steps + 1);
    undo(store);
    expect(store.getState().crop.rect).toEqual(before);
  });

  it('tool, resolution and thumbnail size are not history; a bad title stops the download', () => {
    const store = loaded();
    store.getState().setResolution('low');
    store.getState().setThumbnailSize('large');
    store.getState().setTool('text');
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    store.getState().setTitle('🎵🎵');
    expect(canDownloadDesign(store.getState())).toBe(false);
    undo(store);
    expect(store.getState().design.title).toBe('Midnight Drive');
  });

  it('while busy the crop is disabled and cannot change', () => {
    const store = loaded();
    store.getState().setBusy(true);
    expect(store.getState().crop.disableCrop).toBe(true);
    store.getState().setPreset('video');
    store.getState().moveBy(50, 0);
    expect(store.getState().crop.preset).toBe('album');
    expect(canDownloadDesign(store.getState())).toBe(false);
  });

  it('a saved design reopens as it was; one that no longer fits starts from its preset', () => {
    const store = createEditorStore();
    const rect = { x: 0, y: 0, width: 1000, height: 1000 };
    store.getState().load(square, { preset: 'album', rect, design: defaults });
    expect(store.getState().crop.rect).toEqual(rect);
    store.getState().load({ width: 800, height: 600 }, { preset: 'album', rect, design: defaults });
    expect(store.getState().crop.rect).toEqual({ x: 100, y: 0, width: 600, height: 600 });
  });
});
