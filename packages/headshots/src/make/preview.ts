import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { photoCheckFrom, screenUpload } from '../check/check';
import type { PhotoInput } from '../check/input';
import { cancelled, HeadshotsError, throwIfAborted, toHeadshotsError } from '../errors';
import type { Pt } from '../face/landmarks';
import type { JobRunner } from '../pool/pool';
import type { Settings } from '../settings';
import { findStyle } from '../styles/catalog';
import { planCombos } from './combos';
import type { FramingId } from './framing';
import { KEEP_MAX_SIDE, type KeptPortrait } from './kept';
import { framingOffers, LIGHT_SETUPS } from './offer';

// The backdrop preview: a pack's first result in one style, from one photo. Its costly part (face,
// portrait, matte) is made once per photo and kept by the caller; each backdrop after that is one
// small render.

/** A preview as JPEG bytes, with its size and the framing it shows. */
export interface PreviewImage {
  jpeg: Buffer;
  width: number;
  height: number;
  framing: FramingId;
}

/**
 * Checks the photo again, cuts its portrait and mattes it, as a pack does for each photo (the same
 * jobs and settings), then scales it down to at most KEEP_MAX_SIDE for keeping. A photo the check
 * declines is NO_USABLE_PHOTOS. The matting process starts while the face is found, so its
 * start-up is not added to the wait.
 */
export async function preparePortrait(
  input: PhotoInput,
  pool: JobRunner,
  openMatte: () => JobRunner,
  settings: Settings,
  signal?: AbortSignal,
): Promise<KeptPortrait> {
  throwIfAborted(signal);
  const m = settings.make;
  const work = await mkdtemp(path.join(tmpdir(), 'headshots-'));
  const matte = openMatte();
  try {
    const screen = await screenUpload(input, settings.check);
    if (screen.declined)
      throw new HeadshotsError('NO_USABLE_PHOTOS', 'The photo did not pass the checks.', {
        declined: [{ photo: 0, reasons: screen.declined.reasons }],
      });
    const rgbPath = path.join(work, 'portrait.rgb');
    const mattePath = path.join(work, 'portrait.matte');
    const [out] = await Promise.all([
      pool.run(
        {
          kind: 'prepare',
          bytes: screen.screened.bytes,
          format: screen.screened.format,
          settings: settings.check,
          outHeight: m.height,
          rgbPath,
          skipJudge: true,
        },
        { signal },
      ),
      matte.run({ kind: 'ping' }, { signal }),
    ]);
    const check = photoCheckFrom(screen.screened, out, m);
    if (!check.approved || !out.layout || !out.face)
      throw new HeadshotsError('NO_USABLE_PHOTOS', 'The photo did not pass the checks.', {
        declined: [{ photo: 0, reasons: check.reasons }],
      });
    const { layout } = out;
    const matted = await matte.run(
      {
        kind: 'matte',
        rgbPath,
        mattePath,
        width: layout.width,
        height: layout.height,
        geometry: layout.geometry,
        face: layout.face,
        maxSide: m.matteMaxSide,
        model: m.matteModel,
      },
      { signal },
    );
    await matte.close();
    const [rgb, mask] = await Promise.all([readFile(rgbPath), readFile(mattePath)]);
    return await shrink({
      width: layout.width,
      height: layout.height,
      scale: layout.scale,
      face: layout.face,
      geometry: matted.geometry,
      rgb,
      matte: mask,
    });
  } catch (e) {
    if (signal?.aborted) throw cancelled();
    throw toHeadshotsError(e);
  } finally {
    await matte.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** The portrait at most KEEP_MAX_SIDE on its long side, its landmarks and geometry scaled with it. */
async function shrink(p: KeptPortrait): Promise<KeptPortrait> {
  const k = Math.min(1, KEEP_MAX_SIDE / Math.max(p.width, p.height));
  if (k >= 1) return p;
  const width = Math.max(1, Math.round(p.width * k));
  const height = Math.max(1, Math.round(p.height * k));
  const resize = (data: Uint8Array, channels: 1 | 3) => {
    const img = sharp(data, { raw: { width: p.width, height: p.height, channels } }).resize(width, height, {
      fit: 'fill',
      kernel: 'lanczos3',
    });
    return (channels === 1 ? img.toColourspace('b-w') : img).raw().toBuffer();
  };
  const [rgb, matte] = await Promise.all([resize(p.rgb, 3), resize(p.matte, 1)]);
  const pt = ([x, y]: Pt): Pt => [x * k, y * k];
  const box = p.face.box;
  const g = p.geometry;
  return {
    width,
    height,
    scale: p.scale * k,
    face: {
      eyes: [pt(p.face.eyes[0]), pt(p.face.eyes[1])],
      oval: p.face.oval.map(pt),
      keep: p.face.keep.map((r) => r.map(pt)),
      box: { x: box.x * k, y: box.y * k, width: box.width * k, height: box.height * k },
    },
    geometry: {
      ...g,
      eyeX: g.eyeX * k,
      eyeY: g.eyeY * k,
      faceHeight: g.faceHeight * k,
      hairTop: g.hairTop * k,
      valid: { x: g.valid.x * k, y: g.valid.y * k, width: g.valid.width * k, height: g.valid.height * k },
    },
    rgb,
    matte,
  };
}

/**
 * What a one-photo pack in this style would deliver first (its first framing, light, backdrop and
 * grade), rendered `width` wide from a kept portrait. A preview is not delivered, so it is not put
 * through the likeness gates. A photo that gives no framing is NOT_ENOUGH_COMBINATIONS, as in a pack.
 */
export async function renderPreview(
  portrait: KeptPortrait,
  styleId: string,
  width: number,
  pool: JobRunner,
  settings: Settings,
  signal?: AbortSignal,
): Promise<PreviewImage> {
  try {
    throwIfAborted(signal);
    const style = findStyle(styleId);
    if (!style) throw new HeadshotsError('UNKNOWN_STYLE', `Unknown style: ${styleId}`, { style: styleId });
    if (!Number.isInteger(width) || width < 16 || width > 2048)
      throw new HeadshotsError('BAD_OPTION', 'width must be a whole number from 16 to 2048.');
    const m = settings.make;
    const offers = framingOffers(portrait.geometry, portrait.scale, m.headroom, m);
    const [combo] = planCombos([{ index: 0, framings: offers.map((o) => o.framing.id) }], [style]);
    const offer = combo && offers.find((o) => o.framing.id === combo.framing);
    if (!combo || !offer)
      throw new HeadshotsError(
        'NOT_ENOUGH_COMBINATIONS',
        'This photo gives 0 distinct results; 1 was asked for. Add photos.',
        { combinations: 0, count: 1 },
      );
    const height = Math.max(1, Math.round((width * offer.height) / offer.width));
    const out = await pool.run(
      {
        kind: 'preview',
        rgb: portrait.rgb,
        matte: portrait.matte,
        portrait: { width: portrait.width, height: portrait.height, face: portrait.face },
        crop: offer.crop,
        style: combo.style,
        backdrop: combo.backdrop,
        grade: combo.grade,
        light: LIGHT_SETUPS.find((l) => l.id === combo.light)!,
        width,
        height,
        retouch: m.retouch,
        jpegQuality: m.jpegQuality,
      },
      { signal },
    );
    return { jpeg: Buffer.from(out.jpeg), width, height, framing: offer.framing.id };
  } catch (e) {
    if (signal?.aborted) throw cancelled();
    throw toHeadshotsError(e);
  }
}
