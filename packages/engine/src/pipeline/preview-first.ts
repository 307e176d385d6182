/**
 * The preview before the rest: the window the preview is cut from (previewWindow: ~30 % into the
 * song) is cut out of the decoded song and rendered on its own — separation, conversion and mix of
 * 30 s instead of the whole song — so a person hears the cover while the rest renders. The whole
 * song is then rendered as before. An automatic key is chosen from the whole song before either
 * (decision 235) and given to both, so the two never differ in key.
 */
import { EngineError } from '../errors';
import { RawPcmReader } from '../io/raw-pcm';
import type { ScratchDir } from '../io/temp';
import { writeWav } from '../io/wav';
import type { CoverOptions, CoverResult } from '../types';
import { previewWindow } from './finalize';
import type { PreparedInput } from './input';

/** Whether rendering the preview's window first is worth it: the window is at most half the song. */
export function previewFirstPays(frames: number, sampleRate: number, seconds: number): boolean {
  const [, len] = previewWindow(frames, sampleRate, seconds);
  return len * 2 <= frames;
}

/**
 * Renders the preview window of `input` to `previewPath` as a song of its own (an engine with its
 * own separation or conversion; the DSP engine uses window-first.ts); undefined when
 * the window has no lead vocal (an instrumental stretch): the preview is then cut from the whole
 * render at the end, as without this step.
 */
export async function renderPreviewFirst(
  o: CoverOptions,
  input: PreparedInput,
  scratch: ScratchDir,
  preview: { path: string; seconds: number },
  render: (o: CoverOptions) => Promise<CoverResult>,
): Promise<CoverResult | undefined> {
  const [start, len] = previewWindow(input.frames, input.sampleRate, preview.seconds);
  const reader = new RawPcmReader(input.path, input.sampleRate, input.channels);
  const windowWav = scratch.file('preview-window.wav');
  try {
    writeWav(windowWav, input.sampleRate, reader.read(start, len));
  } finally {
    reader.close();
  }
  try {
    const made = await render({
      input: windowWav,
      voice: o.voice,
      ...(o.key !== undefined ? { key: o.key } : {}),
      ...(o.backing !== undefined ? { backing: o.backing } : {}),
      ...(o.reverb !== undefined ? { reverb: o.reverb } : {}),
      ...(o.levels ? { levels: o.levels } : {}),
      ...(o.targetLufs !== undefined ? { targetLufs: o.targetLufs } : {}),
      ...(o.threads !== undefined ? { threads: o.threads } : {}),
      ...(o.scratchDir ? { scratchDir: o.scratchDir } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      // The window's own mix is only the preview's source; a WAV costs no encoding.
      outputs: [{ path: scratch.file('preview-window-mix.wav') }],
      // The whole window is the preview: previewWindow of a window its own length starts at 0.
      preview,
      maxSeconds: o.maxSeconds,
    });
    return made;
  } catch (e) {
    if (e instanceof EngineError && e.code === 'NO_VOCAL') return undefined;
    throw e;
  }
}
