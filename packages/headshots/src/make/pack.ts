import { mkdir, mkdtemp, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEADSHOT_LIMITS, HEADSHOT_UPLOAD_LIMIT_MESSAGE, type PhotoDeclineCode } from '@ai-covers/contracts';
import { photoCheckFrom, screenUpload } from '../check/check';
import { findDuplicate } from '../check/fingerprint';
import type { PhotoInput } from '../check/input';
import { cancelled, HeadshotsError, throwIfAborted, toHeadshotsError } from '../errors';
import { JUDGE_MAX_DISTANCE } from '../face/judge';
import type { JobRunner } from '../pool/pool';
import type { Settings } from '../settings';
import { findStyle, type StyleDef } from '../styles/catalog';
import { planCombos, type Combo } from './combos';
import type { FramingId } from './framing';
import { framingOffers, LIGHT_SETUPS, type FramingOffer, type LightSetup } from './offer';
import { refineWithMatte, type PortraitLayout } from './portrait';
import { keptMatte } from './reuse';
import { NEAR_DUPLICATE_DISTANCE, printDistance } from './print';
import type { PreparedPortrait } from './render';

/** Stages of a pack, in order. */
export type PackStage = 'checking' | 'matting' | 'rendering';

export interface PackProgress {
  /** Whole pack, 0..1, never going back. */
  fraction: number;
  stage: PackStage;
  /** Delivered results so far (rendering stage). */
  delivered: number;
}

export interface MakePackOptions {
  /** The person's photos (paths or bytes); each is checked again and declined ones are skipped. */
  photos: PhotoInput[];
  /** Style ids (see listStyles). */
  styles: string[];
  /** Results wanted (a plan's count: 50 Basic, 100 Pro). */
  count: number;
  /** Folder the JPEGs go to; WebP thumbnails go to its `thumbs` folder (both created if missing). */
  outDir: string;
  signal?: AbortSignal;
  onProgress?: (p: PackProgress) => void;
  /**
   * The portrait kept beside a photo for its previews (by index into `photos`), or null. One made
   * under these settings from the same cut gives the photo's matte, which is then not made again.
   */
  kept?: (photo: number) => Promise<Uint8Array | null>;
}

/** One delivered result. */
export interface PackFile {
  path: string;
  thumbPath: string;
  /** Face-embedding similarity to the person's other approved photos, 0..1 (0.5+ reads as the same person). */
  likeness: number;
  /** Similarity to the photo the result was made from. */
  sourceLikeness: number;
  /** Index into `photos` of the source photo. */
  photo: number;
  style: string;
  variant: { backdrop: number; framing: FramingId; light: LightSetup['id']; grade: string };
  /** True size of the JPEG. */
  width: number;
  height: number;
  /** Output pixels per photo pixel (at most settings.make.maxUpscale). */
  upscale: number;
  /**
   * The independent judge's mean face-descriptor distance (@vladmandic/face-api) to the person's
   * other photos; under 0.6 reads as the same person, and only such results are delivered.
   */
  judgeDistance: number;
  /** Perceptual print of the person (print.ts): any two delivered results are at least NEAR_DUPLICATE_DISTANCE apart. */
  print: number[];
}

export interface PackResult {
  files: PackFile[];
  /** Photos skipped because they failed the checks. */
  declined: { photo: number; reasons: PhotoDeclineCode[] }[];
  /**
   * Results made but not delivered (files removed): likeness under the threshold, or a
   * near-duplicate of a delivered result (print distance under NEAR_DUPLICATE_DISTANCE).
   */
  rejected: {
    photo: number;
    style: string;
    variant: PackFile['variant'];
    likeness: number;
    /** The judge's mean descriptor distance (null when it found no face). */
    judgeDistance: number | null;
    reason: 'likeness' | 'judge' | 'near-duplicate';
  }[];
  /** Results wanted but not delivered because no distinct combination was left. */
  shortfall: number;
  likenessThreshold: number;
  /** Distinct combinations the photos and styles allowed. */
  combinations: number;
  /** Photos whose matte came from their kept portrait instead of the matting model. */
  keptMattes: number;
}

interface PreparedPhoto {
  input: number;
  portrait: PreparedPortrait;
  offers: Map<FramingId, FramingOffer>;
  embedding: number[];
  judge: number[] | null;
}

function validate(o: MakePackOptions): StyleDef[] {
  if (!Array.isArray(o.photos) || o.photos.length === 0)
    throw new HeadshotsError('BAD_OPTION', 'At least one photo is needed.');
  // The minimum of 5 is the product's rule (the server's); one photo is enough for the pipeline.
  if (o.photos.length > HEADSHOT_LIMITS.maxPhotos)
    throw new HeadshotsError('BAD_OPTION', HEADSHOT_UPLOAD_LIMIT_MESSAGE);
  if (!Number.isInteger(o.count) || o.count < 1 || o.count > 1000)
    throw new HeadshotsError('BAD_OPTION', 'count must be a whole number from 1 to 1000.');
  if (typeof o.outDir !== 'string' || o.outDir.length === 0)
    throw new HeadshotsError('BAD_OPTION', 'outDir is required.');
  if (!Array.isArray(o.styles) || o.styles.length === 0)
    throw new HeadshotsError('BAD_OPTION', 'At least one style is needed.');
  return [...new Set(o.styles)].map((id) => {
    const s = findStyle(id);
    if (!s) throw new HeadshotsError('UNKNOWN_STYLE', `Unknown style: ${id}`, { style: id });
    return s;
  });
}

/**
 * Result file names, numbered in delivery order: headshot-001.jpg, and thumbs/headshot-001.webp
 * (WebP, so the folder holds exactly the pack's JPEGs).
 */
function finalNames(outDir: string, n: number): { path: string; thumbPath: string } {
  const name = `headshot-${String(n).padStart(3, '0')}`;
  return { path: path.join(outDir, `${name}.jpg`), thumbPath: path.join(outDir, 'thumbs', `${name}.webp`) };
}

/**
 * Makes a pack: checks the photos, cuts and mattes a portrait from each approved one, then renders
 * distinct photo × style × backdrop × framing × grade combinations until `count` results pass the
 * likeness threshold or no combination is left. On failure or abort every file it wrote is removed.
 */
export async function makePack(
  o: MakePackOptions,
  pool: JobRunner,
  openMatte: () => JobRunner,
  settings: Settings,
): Promise<PackResult> {
  const styles = validate(o);
  const { signal } = o;
  throwIfAborted(signal);
  const m = settings.make;
  let fraction = 0;
  const report = (stage: PackStage, f: number, delivered = 0) => {
    fraction = Math.max(fraction, Math.min(1, f));
    o.onProgress?.({ fraction, stage, delivered });
  };
  const existing = await mkdir(path.join(o.outDir, 'thumbs'), { recursive: true })
    .then(() => readdir(o.outDir))
    .catch((e: Error) => {
      throw new HeadshotsError('OUTPUT_FAILED', `Cannot write to ${o.outDir}: ${e.message}`, undefined, e);
    });
  // Never overwrite an earlier pack: its files would be lost, and a failure here would delete them.
  if (existing.some((f) => /^headshot-\d+\.jpg$/.test(f))) {
    throw new HeadshotsError('BAD_OPTION', `${o.outDir} already holds headshots; use an empty folder.`);
  }
  const work = await mkdtemp(path.join(tmpdir(), 'headshots-'));
  const written: string[] = [];
  let matte: JobRunner | null = null;
  try {
    // 1. Check every photo again and cut the portraits of approved ones.
    report('checking', 0);
    let checked = 0;
    const declined: PackResult['declined'] = [];
    const prepared = await Promise.all(
      o.photos.map(async (input, i) => {
        const screen = await screenUpload(input, settings.check);
        if (screen.declined) {
          declined.push({ photo: i, reasons: screen.declined.reasons });
          return null;
        }
        const rgbPath = path.join(work, `portrait-${i}.rgb`);
        const out = await pool.run(
          {
            kind: 'prepare',
            bytes: screen.screened.bytes,
            format: screen.screened.format,
            settings: settings.check,
            outHeight: m.height,
            rgbPath,
          },
          { signal },
        );
        report('checking', (0.1 * ++checked) / o.photos.length);
        const check = photoCheckFrom(screen.screened, out, m);
        if (!check.approved || !out.layout || !out.face) {
          declined.push({ photo: i, reasons: check.reasons });
          return null;
        }
        return {
          input: i,
          rgbPath,
          layout: out.layout,
          embedding: out.face.embedding,
          judge: out.judge,
          fingerprint: out.fingerprint,
        };
      }),
    );
    // A copy of an earlier photo in the pack gives no new picture: it is declined like at upload.
    const seen: string[] = [];
    const usable = prepared.filter((p): p is NonNullable<typeof p> => {
      if (!p) return false;
      if (p.fingerprint && findDuplicate(p.fingerprint, seen)) {
        declined.push({ photo: p.input, reasons: ['DUPLICATE_PHOTO'] });
        return false;
      }
      if (p.fingerprint) seen.push(p.fingerprint.hash);
      return true;
    });
    if (usable.length === 0)
      throw new HeadshotsError('NO_USABLE_PHOTOS', 'None of the photos passed the checks.', { declined });
    declined.sort((a, b) => a.photo - b.photo);

    // 2. Mattes, one photo at a time in a child process that ends with the stage. The matting model
    //    needs most of the memory budget, so idle check/render workers are stopped first; they
    //    restart for rendering. A photo whose preview kept its matte takes that one; the process
    //    starts only for a photo that needs the model.
    const photos: PreparedPhoto[] = [];
    let keptMattes = 0;
    for (const [k, p] of usable.entries()) {
      const mattePath = path.join(work, `portrait-${p.input}.matte`);
      const kept = await keptMatteOf(o, p.input, p.layout, settings);
      let geometry: PortraitLayout['geometry'];
      if (kept) {
        await writeFile(mattePath, kept);
        geometry = refineWithMatte(p.layout.geometry, p.layout.face, kept, p.layout.width, p.layout.height);
        keptMattes++;
      } else {
        if (!matte) {
          await pool.trim?.();
          matte = openMatte();
        }
        const out = await matte.run(
          {
            kind: 'matte',
            rgbPath: p.rgbPath,
            mattePath,
            width: p.layout.width,
            height: p.layout.height,
            geometry: p.layout.geometry,
            face: p.layout.face,
            maxSide: m.matteMaxSide,
            model: m.matteModel,
          },
          { signal },
        );
        geometry = out.geometry;
      }
      photos.push({
        ...toPrepared(p.input, p.rgbPath, mattePath, p.layout, geometry, settings, p.embedding),
        judge: p.judge,
      });
      report('matting', 0.1 + (0.3 * (k + 1)) / usable.length);
    }
    await matte?.close();
    matte = null;

    // 3. Plan every distinct combination; render in order, replacing results under the threshold.
    const combos = planCombos(
      photos.map((p, index) => ({ index, framings: [...p.offers.keys()] })),
      styles,
    );
    if (combos.length < o.count) {
      throw new HeadshotsError(
        'NOT_ENOUGH_COMBINATIONS',
        `These photos give ${combos.length} distinct results; ${o.count} were asked for. Add photos.`,
        { combinations: combos.length, count: o.count },
      );
    }
    const references = photos.map((p) => p.embedding);
    const judgeReferences = photos.map((p) => p.judge);
    const files: PackFile[] = [];
    const prints: number[][] = [];
    const rejected: PackResult['rejected'] = [];
    let next = 0;
    const renderOne = async (combo: Combo, slot: number): Promise<void> => {
      const photo = photos[combo.photo]!;
      const offer = photo.offers.get(combo.framing)!;
      const tmp = `.part-${slot}-${combo.key.replace(/[^a-z0-9-]/gi, '_')}`;
      const outPath = path.join(o.outDir, `${tmp}.jpg`);
      const thumbPath = path.join(o.outDir, 'thumbs', `${tmp}.webp`);
      written.push(outPath, thumbPath);
      const r = await pool.run(
        {
          kind: 'render',
          portrait: photo.portrait,
          crop: offer.crop,
          style: combo.style,
          backdrop: combo.backdrop,
          grade: combo.grade,
          light: LIGHT_SETUPS.find((l) => l.id === combo.light)!,
          width: offer.width,
          height: offer.height,
          thumbWidth: m.thumbWidth,
          jpegQuality: m.jpegQuality,
          retouch: m.retouch,
          outPath,
          thumbPath,
          references,
          judgeReferences,
          source: combo.photo,
          detect: settings.check,
        },
        { signal },
      );
      const variant = {
        backdrop: combo.backdrop,
        framing: combo.framing,
        light: combo.light,
        grade: combo.grade,
      };
      const reason =
        r.likeness < m.likenessThreshold
          ? 'likeness'
          : !(r.judge.mean < JUDGE_MAX_DISTANCE)
            ? 'judge'
            : prints.some((p) => printDistance(p, r.print) < NEAR_DUPLICATE_DISTANCE)
              ? 'near-duplicate'
              : null;
      if (reason || files.length >= o.count) {
        if (reason)
          rejected.push({
            photo: photo.input,
            style: combo.style,
            variant,
            likeness: round3(r.likeness),
            judgeDistance: finite3(r.judge.mean),
            reason,
          });
        await Promise.all([rm(outPath, { force: true }), rm(thumbPath, { force: true })]);
        return;
      }
      prints.push(r.print);
      const names = finalNames(o.outDir, files.length + 1);
      const file: PackFile = {
        ...names,
        likeness: round3(r.likeness),
        sourceLikeness: round3(r.sourceLikeness),
        photo: photo.input,
        style: combo.style,
        variant,
        width: offer.width,
        height: offer.height,
        upscale: round3(offer.upscale),
        judgeDistance: round3(r.judge.mean),
        print: r.print,
      };
      files.push(file);
      written.push(names.path, names.thumbPath);
      await rename(outPath, names.path);
      await rename(thumbPath, names.thumbPath);
      report('rendering', 0.4 + (0.6 * files.length) / o.count, files.length);
    };
    // As many renders in flight as workers; each lane takes the next combination while results are missing.
    const active = new Array<boolean>(pool.size).fill(false);
    const inFlight = () => active.filter(Boolean).length;
    const lanes = Array.from({ length: pool.size }, async (_, lane) => {
      while (files.length + inFlight() < o.count && next < combos.length) {
        throwIfAborted(signal);
        const combo = combos[next++]!;
        active[lane] = true;
        try {
          await renderOne(combo, next);
        } finally {
          active[lane] = false;
        }
      }
    });
    // Every lane settles before anything is cleaned up: a lane still rendering when another one
    // fails would otherwise write its file after the clean-up below.
    const settled = await Promise.allSettled(lanes);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    throwIfAborted(signal);
    report('rendering', 1, files.length);
    return {
      files,
      declined,
      rejected,
      shortfall: Math.max(0, o.count - files.length),
      likenessThreshold: m.likenessThreshold,
      combinations: combos.length,
      keptMattes,
    };
  } catch (e) {
    // Nothing half-made stays behind.
    await Promise.all(written.map((f) => rm(f, { force: true })));
    await rmdir(path.join(o.outDir, 'thumbs')).catch(() => undefined);
    if (signal?.aborted) throw cancelled();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EACCES' || code === 'EROFS' || code === 'EDQUOT')
      throw new HeadshotsError(
        'OUTPUT_FAILED',
        `Cannot write the pack: ${(e as Error).message}`,
        undefined,
        e,
      );
    throw toHeadshotsError(e);
  } finally {
    await matte?.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** The photo's kept matte when it fits this cut; a store or format problem only costs the model. */
async function keptMatteOf(
  o: MakePackOptions,
  photo: number,
  layout: PortraitLayout,
  settings: Settings,
): Promise<Uint8Array | null> {
  if (!o.kept) return null;
  try {
    const bytes = await o.kept(photo);
    return bytes ? await keptMatte(bytes, layout, settings) : null;
  } catch {
    return null;
  }
}

function toPrepared(
  input: number,
  rgbPath: string,
  mattePath: string,
  layout: PortraitLayout,
  geometry: PortraitLayout['geometry'],
  settings: Settings,
  embedding: number[],
): Omit<PreparedPhoto, 'judge'> {
  const offers = new Map<FramingId, FramingOffer>();
  for (const offer of framingOffers(geometry, layout.scale, settings.make.headroom, settings.make))
    offers.set(offer.framing.id, offer);
  return {
    input,
    portrait: { rgbPath, mattePath, width: layout.width, height: layout.height, face: layout.face },
    offers,
    embedding,
  };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const finite3 = (v: number) => (Number.isFinite(v) ? round3(v) : null);
