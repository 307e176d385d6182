import { availableParallelism } from 'node:os';
import { photoCheckFrom, screenUpload, type PhotoCheck } from './check/check';
import type { PhotoInput } from './check/input';
import { cancelled, HeadshotsError, throwIfAborted, toHeadshotsError } from './errors';
import { FRAMINGS } from './make/framing';
import { photoCapacity } from './make/offer';
import { packKept, unpackKept, type KeptPortrait } from './make/kept';
import { makePack, type MakePackOptions, type PackResult } from './make/pack';
import { preparePortrait, renderPreview, type PreviewImage } from './make/preview';
import { WorkerPool } from './pool/pool';
import { ProcessRunner } from './pool/process-runner';
import { resolveSettings, type Settings, type SettingsInput } from './settings';
import { STYLES, type StyleInfo } from './styles/catalog';

/**
 * Every style with its id, English name and the most distinct results one photo can give
 * (framings × light set-ups; the same in every style, and not added up over styles: see packCapacity).
 */
export function listStyles(): StyleInfo[] {
  return STYLES.map((s) => ({
    id: s.id,
    name: s.name,
    category: s.category,
    variantsPerPhoto: photoCapacity(FRAMINGS.length),
  }));
}

export interface HeadshotsOptions {
  /** Worker threads for checks and renders (default: one per core, at most 4). */
  threads?: number;
  settings?: SettingsInput;
  /** Let the process exit while no job is running (default true). */
  unrefIdle?: boolean;
}

export interface CheckOptions {
  signal?: AbortSignal;
  /**
   * Fingerprints (PhotoCheck.fingerprint) of the person's already approved photos: a photo that is
   * one of them again, resized, recompressed, lightly edited or mirrored, is DUPLICATE_PHOTO.
   */
  approved?: readonly string[];
}

/** A headshot pipeline with its own workers; models load once per worker and stay loaded. */
export interface Headshots {
  readonly settings: Settings;
  /** Checks one photo against the upload and face rules. A declined photo is a result, not an error. */
  checkPhoto(input: PhotoInput, options?: CheckOptions): Promise<PhotoCheck>;
  /** Makes a pack of distinct results (see MakePackOptions). */
  makePack(options: MakePackOptions): Promise<PackResult>;
  /**
   * Checks, cuts and mattes one photo for previews (what a pack computes per photo before it
   * renders). Keep it (packPortrait) and every backdrop after that is one small render.
   * `background`: made ahead of any request (a photo just approved), so its matte runs at the
   * pipeline's lowered priority like a pack's, not at the caller's.
   */
  preparePortrait(
    input: PhotoInput,
    options?: { signal?: AbortSignal; background?: boolean },
  ): Promise<KeptPortrait>;
  /** A one-photo pack's first result in this style, `width` wide, as a JPEG (no likeness gates). */
  renderPreview(
    portrait: KeptPortrait,
    style: string,
    options: { width: number; signal?: AbortSignal },
  ): Promise<PreviewImage>;
  /** A kept portrait as bytes to store beside its photo. */
  packPortrait(portrait: KeptPortrait): Promise<Buffer>;
  /** Stored bytes back as a portrait; null when damaged, forged or made under other settings. */
  unpackPortrait(bytes: Uint8Array): Promise<KeptPortrait | null>;
  /** Stops the workers; calls after this fail. */
  close(): Promise<void>;
}

/** Default worker count: one per core, at most 4. */
function defaultThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** Creates a pipeline instance. Heavy work runs on worker threads, never on the caller's event loop. */
export function createHeadshots(options: HeadshotsOptions = {}): Headshots {
  const settings = resolveSettings(options.settings);
  const threads = Math.max(1, Math.floor(options.threads ?? defaultThreads()));
  const unref = options.unrefIdle ?? true;
  let pool: WorkerPool | null = null;
  const getPool = () => (pool ??= new WorkerPool(threads, unref));
  // Previews have a thread of their own at the caller's priority: a person waits for each, each is
  // small (the matte once per photo), and it does not queue behind a pack's renders (decision 215).
  let previewPool: WorkerPool | null = null;
  const getPreviewPool = () => (previewPool ??= new WorkerPool(1, unref, true));
  const previewMatte = () => new ProcessRunner(true);
  const backgroundMatte = () => new ProcessRunner();
  return {
    settings,
    async checkPhoto(input, opts = {}) {
      try {
        throwIfAborted(opts.signal);
        const approved = opts.approved ?? [];
        if (!Array.isArray(approved) || approved.some((p) => typeof p !== 'string'))
          throw new HeadshotsError('BAD_OPTION', 'approved must be a list of photo fingerprints.');
        const screen = await screenUpload(input, settings.check);
        if (screen.declined) return screen.declined;
        const out = await getPool().run(
          {
            kind: 'check',
            bytes: screen.screened.bytes,
            format: screen.screened.format,
            settings: settings.check,
          },
          { signal: opts.signal },
        );
        return photoCheckFrom(screen.screened, out, settings.make, approved);
      } catch (e) {
        if (opts.signal?.aborted) throw cancelled();
        throw toHeadshotsError(e);
      }
    },
    makePack(opts) {
      return makePack(opts, getPool(), backgroundMatte, settings);
    },
    preparePortrait(input, opts = {}) {
      const matte = opts.background ? backgroundMatte : previewMatte;
      return preparePortrait(input, getPreviewPool(), matte, settings, opts.signal);
    },
    renderPreview(portrait, style, opts) {
      return renderPreview(portrait, style, opts.width, getPreviewPool(), settings, opts.signal);
    },
    packPortrait: (portrait) => packKept(portrait, settings),
    unpackPortrait: (bytes) => unpackKept(bytes, settings),
    async close() {
      await Promise.all([pool?.close(), previewPool?.close()]);
      pool = null;
      previewPool = null;
    },
  };
}

let shared: Headshots | null = null;

/** The process-wide instance behind the plain `checkPhoto` and `makePack` functions. */
function defaultInstance(): Headshots {
  return (shared ??= createHeadshots());
}

/** Checks one photo with the default settings on the shared workers. */
export function checkPhoto(input: PhotoInput, options?: CheckOptions): Promise<PhotoCheck> {
  return defaultInstance().checkPhoto(input, options);
}

/** Makes a pack with the default settings on the shared workers. */
export function makeHeadshotPack(options: MakePackOptions): Promise<PackResult> {
  return defaultInstance().makePack(options);
}

/** Stops the shared workers (for a clean shutdown). */
export async function closeHeadshots(): Promise<void> {
  await shared?.close();
  shared = null;
}
