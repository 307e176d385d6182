import { COVER_LIMITS, CoverMsg, Msg, fileTypeOf } from '@ai-covers/contracts';
import { badRequest } from '../../../platform/http/app-error';
import type { SignedCallback } from '../files/callback-fields';

/**
 * Whether some tool of the product takes files of this type: sound and video (covers), raster
 * images (artwork, headshots, Photoshop layers) and plain text (lyrics). Pages, scripts, SVG
 * (which can carry script), archives and unknown types are refused: no tool reads them, and the
 * store would only be hosting them.
 */
export function takenByATool(mimeType: string): boolean {
  const type = fileTypeOf(mimeType);
  if (type === 'audio' || type === 'video') return true;
  if (type === 'image') return !mimeType.startsWith('image/svg');
  return mimeType === 'text/plain';
}

/**
 * Refuses, at the upload callback, a file whose measured content contradicts what it claims to be
 * (an empty file, text or a picture named .mp3, a picture that is not one) or a song longer than a
 * cover accepts: the visitor hears it at once instead of after a render. The caller removes the
 * stored object, so nothing refused stays in the library. Files the server wrote are not checked.
 */
export function checkUpload(fields: SignedCallback): void {
  if (!fields.credential) return;
  if (Number(fields.file_size) === 0) throw badRequest(CoverMsg.emptyFile);
  if (!takenByATool(fields.mime_type)) throw badRequest(Msg.formatNotSupported);
  const declared = fileTypeOf(fields.mime_type);
  const content = fields.content;
  if (declared === 'audio' || declared === 'video') {
    if (content !== 'audio' && content !== 'video') throw badRequest(CoverMsg.notAudio);
    const seconds = Number(fields.duration);
    if (fields.duration === '' || !Number.isFinite(seconds) || seconds <= 0)
      throw badRequest(CoverMsg.notAudio);
    if (fields.kind === 'ai-covers' && seconds > COVER_LIMITS.maxSongSeconds)
      throw badRequest(CoverMsg.tooLong);
  }
  // Photoshop files are kept as they are: neither sharp nor ffprobe reads their layers.
  if (declared === 'image' && content !== 'image' && !fields.mime_type.includes('photoshop'))
    throw badRequest(Msg.formatNotSupported);
}
