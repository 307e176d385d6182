import sharp from 'sharp';
import { writePsdBuffer, type Layer, type PixelData } from 'ag-psd';
import {
  COVER_ART_LIMITS,
  CoverArtMsg,
  avatarRect,
  titleLayout,
  type ArtDesign,
  type ArtStyle,
  type CropRect,
  type Size,
} from '@ai-covers/contracts';
import { badRequest } from '../../platform/http/app-error';
import { backgroundSvg } from './art-styles';

// Decompression bombs: nothing larger than this is ever decoded.
const PIXEL_LIMIT = COVER_ART_LIMITS.maxImageSide * COVER_ART_LIMITS.maxImageSide;

/** The layers of generated artwork: the style's background and the voice's avatar, as PNG. */
export async function generateLayers(input: {
  style: ArtStyle;
  voiceId: string;
  seed: string;
  avatarSvg: string;
  size?: number;
}): Promise<{ background: Buffer; avatar: Buffer; size: number }> {
  const size = input.size ?? COVER_ART_LIMITS.generatedSize;
  const background = await sharp(Buffer.from(backgroundSvg(input.style, size, input.voiceId, input.seed)))
    .png({ compressionLevel: 6 })
    .toBuffer();
  const rect = avatarRect(size);
  // The avatar is a 100-unit SVG: render it at the density that makes it `rect.width` pixels.
  const avatar = await sharp(Buffer.from(input.avatarSvg), { density: (72 * rect.width) / 100 })
    .resize(rect.width, rect.height)
    .png()
    .toBuffer();
  return { background, avatar, size };
}

/**
 * An uploaded image made ready as a background layer: checked (a real raster image within the
 * size limits), turned upright and converted to PNG. Bad input gets the message a person can act on.
 */
export async function normaliseUpload(bytes: Buffer): Promise<{ png: Buffer; size: Size }> {
  if (bytes.length === 0) throw badRequest(CoverArtMsg.emptyImage);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(CoverArtMsg.unreadableImage);
  }
  if (!meta.format || !['png', 'jpeg', 'webp'].includes(meta.format)) throw badRequest(CoverArtMsg.notImage);
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height : meta.width;
  const height = upright ? meta.width : meta.height;
  if (!width || !height) throw badRequest(CoverArtMsg.unreadableImage);
  if (width > COVER_ART_LIMITS.maxImageSide || height > COVER_ART_LIMITS.maxImageSide)
    throw badRequest(CoverArtMsg.imageTooLarge);
  if (width < COVER_ART_LIMITS.minImageSide || height < COVER_ART_LIMITS.minImageSide)
    throw badRequest(CoverArtMsg.imageTooSmall);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT })
      .rotate()
      .toColourspace('srgb')
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, size: { width: info.width, height: info.height } };
  } catch {
    throw badRequest(CoverArtMsg.unreadableImage);
  }
}

/** Checks the browser-drawn title layer: a PNG of exactly the export's size. */
export async function readTitleLayer(base64: string, size: Size): Promise<Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > COVER_ART_LIMITS.maxTitleLayerBytes)
    throw badRequest(CoverArtMsg.titleLayer);
  try {
    const meta = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT }).metadata();
    if (meta.format !== 'png' || meta.width !== size.width || meta.height !== size.height)
      throw badRequest(CoverArtMsg.titleLayer);
  } catch {
    throw badRequest(CoverArtMsg.titleLayer);
  }
  return bytes;
}

interface RawLayer {
  name: string;
  data: Buffer;
}

/** One layer cut to the crop and scaled to the output: raw RGBA. */
async function layerRaw(source: sharp.Sharp, crop: CropRect, out: Size): Promise<Buffer> {
  return source
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize(out.width, out.height, { fit: 'fill', kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer();
}

/**
 * Renders a design: the background (and, on generated art, the avatar) cut to the crop and scaled,
 * the title layer on top. Returns the flat image and a layered PSD (background, avatar, title).
 */
export async function renderExport(input: {
  background: Buffer;
  avatar: Buffer | null;
  origin: Size;
  design: ArtDesign;
  out: Size;
  titleLayer: Buffer;
  format: 'png' | 'jpeg';
}): Promise<{ image: Buffer; psd: Buffer }> {
  const { origin, out, design } = input;
  const layers: RawLayer[] = [];
  layers.push({
    name: 'Background',
    data: await layerRaw(sharp(input.background, { limitInputPixels: PIXEL_LIMIT }), design.crop, out),
  });
  if (input.avatar) {
    // The avatar is placed on a transparent sheet of the artwork's size, then cut like the background.
    const rect = avatarRect(origin.width);
    const sheet = await sharp({
      create: {
        width: origin.width,
        height: origin.height,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([{ input: input.avatar, left: rect.x, top: rect.y }])
      .png()
      .toBuffer();
    layers.push({ name: 'Avatar', data: await layerRaw(sharp(sheet), design.crop, out) });
  }
  layers.push({
    name: 'Title',
    data: await sharp(input.titleLayer).ensureAlpha().raw().toBuffer(),
  });

  const raw = { raw: { width: out.width, height: out.height, channels: 4 as const } };
  const flat = sharp(layers[0]!.data, raw).composite(layers.slice(1).map((l) => ({ input: l.data, ...raw })));
  const image =
    input.format === 'png'
      ? await flat.png({ compressionLevel: 6 }).toBuffer()
      : await flat.flatten({ background: '#000000' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  const composite = await sharp(await flat.raw().toBuffer(), raw)
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { image, psd: layeredPsd(layers, out, composite, design) };
}

/** A PSD with one pixel layer per part; the title layer also carries its text for editors that read it. */
function layeredPsd(layers: RawLayer[], out: Size, composite: Buffer, design: ArtDesign): Buffer {
  const pixels = (data: Buffer): PixelData => ({
    width: out.width,
    height: out.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  });
  const layout = titleLayout(out, design.placement);
  const children: Layer[] = layers.map((layer) => ({
    name: layer.name,
    left: 0,
    top: 0,
    imageData: pixels(layer.data),
    ...(layer.name === 'Title'
      ? {
          text: {
            text: design.subtitle ? `${design.title}\r${design.subtitle}` : design.title,
            transform: [1, 0, 0, 1, layout.centerX, layout.anchorY],
            style: { fontSize: layout.titleSize, fillColor: { r: 255, g: 255, b: 255 } },
            paragraphStyle: { justification: 'center' as const },
          },
        }
      : {}),
  }));
  const psd = writePsdBuffer(
    {
      width: out.width,
      height: out.height,
      children,
      imageData: pixels(composite),
    },
    { generateThumbnail: false, invalidateTextLayers: true },
  );
  return Buffer.from(psd);
}

/** The share page's artwork: the export scaled to at most 1200 pixels a side, as JPEG. */
export async function shareImage(exported: Buffer): Promise<{ jpeg: Buffer; size: Size }> {
  const side = COVER_ART_LIMITS.shareImageSide;
  const { data, info } = await sharp(exported, { limitInputPixels: PIXEL_LIMIT })
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#000000' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, size: { width: info.width, height: info.height } };
}

/** Side of the picture embedded in downloaded audio files (the square streaming services take). */
export const TAG_PICTURE_SIDE = 1000;

/**
 * The picture a downloaded MP3 or WAV carries: the artwork cut to a square from its centre, 1000
 * pixels a side, JPEG. `layers` are drawn over the first at their place (the generated avatar).
 */
export async function tagPicture(base: Buffer, layers: { input: Buffer; left: number; top: number }[] = []) {
  const flat = await sharp(base, { limitInputPixels: PIXEL_LIMIT }).composite(layers).png().toBuffer();
  return sharp(flat, { limitInputPixels: PIXEL_LIMIT })
    .resize(TAG_PICTURE_SIDE, TAG_PICTURE_SIDE, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#000000' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/**
 * A share video's still frame: the artwork fitted into the frame's upper part over a blurred,
 * darkened copy of itself, leaving the lower band for the moving waveform.
 */
export async function videoFrame(exported: Buffer, frame: Size): Promise<Buffer> {
  const band = Math.round(frame.height * (frame.height > frame.width ? 0.2 : 0.22));
  const box = {
    width: Math.round(frame.width * 0.86),
    height: frame.height - band - Math.round(frame.width * 0.1),
  };
  const backdrop = await sharp(exported, { limitInputPixels: PIXEL_LIMIT })
    .resize(frame.width, frame.height, { fit: 'cover' })
    .blur(40)
    .modulate({ brightness: 0.45 })
    .toBuffer();
  const art = await sharp(exported, { limitInputPixels: PIXEL_LIMIT })
    .resize(box.width, box.height, { fit: 'inside' })
    .toBuffer({ resolveWithObject: true });
  return sharp(backdrop)
    .composite([
      {
        input: art.data,
        left: Math.round((frame.width - art.info.width) / 2),
        top: Math.round(frame.width * 0.05 + (box.height - art.info.height) / 2),
      },
    ])
    .png()
    .toBuffer();
}

/** Height of the waveform band at the bottom of a frame (the part `videoFrame` leaves free). */
export function waveformBand(frame: Size): number {
  return Math.round(frame.height * (frame.height > frame.width ? 0.2 : 0.22));
}
