import { MIME_BY_EXT, extensionOf, fileTypeOf, type FileType } from './media-types';
import { RENAME_MAX_CHARS } from './constants';

// Pure rename rule (§3 cloud file name ≤100 characters, §5 rename), shared by the server, which
// enforces it, and the web's rename dialog, which counts and refuses the same way before sending.

/** Why a rename is refused, beside the field checks of the request body. */
export const RenameMsg = {
  tooLong: `The name must be at most ${RENAME_MAX_CHARS} characters, extension included.`,
  otherType: "A file keeps its type: the new name cannot end in another type's extension.",
} as const;

/** `name` is the name as it would be stored (what a counter shows), refused or not. */
export type RenamePlan = { name: string } & ({ ok: true } | { ok: false; message: string });

/**
 * The name a rename stores: the requested name, with the file's extension added when the request
 * has none (players and downloads go by it). The limit counts the stored name, so "x"×100 for a
 * WAV (stored as 104 characters) is refused rather than silently cut. An ending that is a known
 * extension of another file type (a JPEG renamed `x.mp3`) is refused; an ending we do not know
 * (`Track 1.2`) is part of the name, and the file's own extension follows it.
 */
export function planRename(requested: string, current: { name: string; type: FileType }): RenamePlan {
  const own = extensionOf(current.name);
  const asked = extensionOf(requested);
  const askedMime = MIME_BY_EXT[asked];
  const name = askedMime || !own ? requested : `${requested}.${own}`;
  if (askedMime && fileTypeOf(askedMime) !== current.type)
    return { ok: false, message: RenameMsg.otherType, name };
  if (name.length > RENAME_MAX_CHARS) return { ok: false, message: RenameMsg.tooLong, name };
  return { ok: true, name };
}
