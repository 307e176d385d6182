import { readFile, stat } from 'node:fs/promises';
import { HeadshotsError } from '../errors';

/** A photo as callers pass it: a file path, or the file's bytes. */
export type PhotoInput = string | Buffer | Uint8Array;

/** The bytes of a photo, or only its size when it is over the byte limit (then it is not read). */
export type LoadedInput = { bytes: Uint8Array; size: number } | { bytes: null; size: number };

/** Reads a photo; a path that is missing, unreadable or not a regular file is INPUT_NOT_FOUND. */
export async function loadInput(input: PhotoInput, maxBytes: number): Promise<LoadedInput> {
  if (typeof input !== 'string') {
    if (!(input instanceof Uint8Array))
      throw new HeadshotsError('BAD_OPTION', 'A photo must be a path or a Buffer.');
    return { bytes: input, size: input.length };
  }
  let size: number;
  try {
    const st = await stat(input);
    if (!st.isFile()) throw new Error('not a regular file');
    size = st.size;
  } catch (e) {
    throw new HeadshotsError(
      'INPUT_NOT_FOUND',
      `Cannot read ${input}: ${(e as Error).message}`,
      { path: input },
      e,
    );
  }
  if (size > maxBytes) return { bytes: null, size };
  try {
    return { bytes: await readFile(input), size };
  } catch (e) {
    throw new HeadshotsError(
      'INPUT_NOT_FOUND',
      `Cannot read ${input}: ${(e as Error).message}`,
      { path: input },
      e,
    );
  }
}
