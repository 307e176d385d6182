import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { downscale, type RgbImage } from '../image/decode';

// Background removal with @imgly/background-removal-node (an ISNet model run by onnxruntime-node).
// The model ships inside the package; `publicPath` points at the installed files so nothing is
// fetched. The package keeps one session per configuration for the life of the thread.

const require = createRequire(import.meta.url);

function publicPath(): string {
  return pathToFileURL(path.dirname(require.resolve('@imgly/background-removal-node')) + path.sep).href;
}

type RemoveBackground = (image: Blob, config: Record<string, unknown>) => Promise<Blob>;
let remover: Promise<RemoveBackground> | null = null;

/**
 * onnxruntime's own memory arena and memory-pattern planning, both off for the matting model. With
 * them on, ISNet at 1024×1024 grew the matting process to about 1.9 GB by its second photo (the arena
 * extends by doubling and never gives back); off, it peaks under 1 GB with the same masks, byte for
 * byte, and no slower (decision 250).
 */
export const MATTE_SESSION_OPTIONS = { enableCpuMemArena: false, enableMemPattern: false } as const;

type SessionCreate = (model: unknown, options?: Record<string, unknown>) => Promise<unknown>;

/** The session options the background-removal package asks for, with the memory settings above over them. */
export function matteSessionOptions(asked: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...asked, ...MATTE_SESSION_OPTIONS };
}

/**
 * The background-removal package creates its onnxruntime session with fixed options and takes none
 * from its caller, so this process's session factory (the package's own copy of onnxruntime-node)
 * is wrapped to add MATTE_SESSION_OPTIONS. Matting runs in a process of its own (pool/child.ts), so
 * nothing else sees the change.
 */
function useMatteSessionOptions(): void {
  const own = createRequire(require.resolve('@imgly/background-removal-node'));
  const ort = own('onnxruntime-node') as { InferenceSession: { create: SessionCreate } };
  const create = ort.InferenceSession.create.bind(ort.InferenceSession);
  ort.InferenceSession.create = (model, options) => create(model, matteSessionOptions(options));
}

function loadRemover(): Promise<RemoveBackground> {
  remover ??= (async () => {
    useMatteSessionOptions();
    const m = await import('@imgly/background-removal-node');
    return m.removeBackground as unknown as RemoveBackground;
  })();
  return remover;
}

/**
 * Foreground opacity (0..255, one byte per pixel) at the image's own size. The model sees the
 * image scaled to at most `maxSide` (it works at 1024×1024 inside); the mask is scaled back up.
 */
export async function computeMatte(
  img: RgbImage,
  maxSide: number,
  model: 'small' | 'medium',
): Promise<Uint8Array> {
  const removeBackground = await loadRemover();
  const { img: small } = await downscale(img, maxSide);
  const png = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const blob = await removeBackground(new Blob([png], { type: 'image/png' }), {
    publicPath: publicPath(),
    model,
    output: { format: 'image/x-rgba8' },
  });
  const rgba = Buffer.from(await blob.arrayBuffer());
  if (rgba.length !== small.width * small.height * 4)
    throw new Error('background removal returned an unexpected size');
  const alpha = await sharp(rgba, { raw: { width: small.width, height: small.height, channels: 4 } })
    .extractChannel(3)
    .resize(img.width, img.height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return new Uint8Array(alpha.buffer, alpha.byteOffset, alpha.length);
}
