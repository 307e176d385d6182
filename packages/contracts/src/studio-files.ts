import { extensionOf, fileTypeOf, mimeTypeOf, type FileType } from './media-types';

// The studio's file model under the names of spec §3, and the watermark rule of §4 (decision 173).
// Pure types and functions, no zod: the web's studio pages hold these in memory only.

/** §3 local file record: the file the studio works on, picked on this device or applied from a result. */
export interface LocalFileRecord {
  /** An address the browser can play or show (an object URL of the raw file, or a result's URL). */
  playable: string | null;
  /** The bytes picked on this device; null for a file that came from a result or the cloud. */
  rawFile: Blob | null;
  size: number;
  name: string;
  ext: string;
  /** True for one of the product's own sample files rather than the user's. */
  sample: boolean;
  /** §4: whether what the studio makes from this file carries a watermark. */
  watermarked: boolean;
  /** Library id once the file is stored in the user's cloud files. */
  cloudID: number | null;
  /** A layered (PSD) version of an image, when the tool made one. */
  psdUrl: string | null;
  /** The stored object's key (an upload's storage key, or a task's result id). */
  fileId: string | null;
  fileType: FileType;
  /** Where the stored copy lives, once uploaded (the storage path). */
  fileDestPath: string | null;
  /** Seconds of audio or video; null until measured, or for an image. */
  fileDuration: number | null;
}

/** §3 sample data: the before/after pair a comparison shows (origin = full quality, url = shown). */
export interface SampleData {
  before_origin: string | null;
  before_url: string | null;
  after_origin: string | null;
  after_url: string | null;
}

/** §3 result file: one result the studio made. */
export interface ResultFile {
  previewURL: string;
  cloudID: number | null;
  /** True while the result carries a watermark (a free preview, not yet paid). */
  watermark: boolean;
  fileId: string;
}

/** The studio's files: its input and the results made from it. */
export interface StudioFiles {
  input: LocalFileRecord | null;
  results: ResultFile[];
}

export const EMPTY_STUDIO_FILES: StudioFiles = { input: null, results: [] };

/** A file picked on this device as a local file record (nothing stored yet). */
export function localFileRecord(
  file: { name: string; size: number; type?: string },
  playable: string | null,
  raw: Blob | null = null,
): LocalFileRecord {
  const mime = file.type || mimeTypeOf(file.name);
  return {
    playable,
    rawFile: raw,
    size: file.size,
    name: file.name,
    ext: extensionOf(file.name),
    sample: false,
    watermarked: true,
    cloudID: null,
    psdUrl: null,
    fileId: null,
    fileType: fileTypeOf(mime),
    fileDestPath: null,
    fileDuration: null,
  };
}

/**
 * §4: a local file becomes the input watermarked, and the results of the previous input go (they
 * were made from something else).
 */
export function pickLocalFile(_state: StudioFiles, file: LocalFileRecord): StudioFiles {
  return { input: { ...file, watermarked: true }, results: [] };
}

/** A file from the user's cloud files as the input: stored already, watermarked like any source. */
export function cloudFileRecord(file: { id: number; name: string; storage_key: string }): LocalFileRecord {
  return {
    ...localFileRecord({ name: file.name, size: 0 }, null),
    cloudID: file.id,
    fileId: file.storage_key,
    fileDestPath: file.storage_key,
  };
}

/** A result the studio made, added to its results. */
export function addResult(state: StudioFiles, result: ResultFile): StudioFiles {
  return { ...state, results: [...state.results.filter((r) => r.fileId !== result.fileId), result] };
}

/**
 * §4: a result applied back to the input becomes the input and carries its watermark flag (a paid,
 * clean result stays clean; a watermarked preview stays watermarked). The results stay.
 */
export function applyResultToInput(state: StudioFiles, result: ResultFile, name: string): StudioFiles {
  const input: LocalFileRecord = {
    ...localFileRecord({ name, size: 0 }, result.previewURL),
    watermarked: result.watermark,
    cloudID: result.cloudID,
    fileId: result.fileId,
  };
  return { ...state, input };
}

/**
 * Records the stored copy of a local input once its upload finished (same file, now in the cloud).
 * An input that is not a local file (a cloud file, a result) has no upload: it is left as it is.
 */
export function markInputStored(
  state: StudioFiles,
  stored: { storage_key: string; id?: number | null; duration?: number | null },
): StudioFiles {
  if (!state.input?.rawFile) return state;
  return {
    ...state,
    input: {
      ...state.input,
      fileId: stored.storage_key,
      fileDestPath: stored.storage_key,
      cloudID: stored.id ?? state.input.cloudID,
      fileDuration: stored.duration ?? state.input.fileDuration,
    },
  };
}
