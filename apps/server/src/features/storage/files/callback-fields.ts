import { RENAME_MAX_CHARS, extensionOf, type CallbackFields, type CallbackVars } from '@ai-covers/contracts';
import type { ObjectStore } from '../../../platform/storage/object-store';
import type { CredentialClaims } from '../signing/credentials';
import { probeMedia } from './media-probe';

/** The callback body template of §3; ${...} are filled by the store, x: vars by the client. */
export const CALLBACK_BODY =
  'storage_key=${object}&file_size=${size}&mime_type=${mimeType}&etag=${etag}&bucket=${bucket}' +
  '&format=${imageInfo.format}&height=${imageInfo.height}&width=${imageInfo.width}&user_id=${x:user_id}' +
  '&region=${x:region}&description=${x:description}&file_name=${x:file_name}&action=${x:action}&expire=${x:expire}';

/** Fields beyond §3 the store adds so the callback knows the owner and the credential. */
export type SignedCallback = CallbackFields & {
  visitor_id: string;
  credential: string;
  kind: string;
  duration: string;
  /** What the bytes are, measured by the server: audio, video, image or none. */
  content: string;
};

/** Who wrote an object: the claims of its credential (the server's own writes have no jti). */
export type Writer = Pick<CredentialClaims, 'uid' | 'vid' | 'jti' | 'kind'>;

/** The canonical string a callback is signed over: its fields sorted by name. */
export function canonicalCallback(fields: Record<string, string | number>): string {
  return new URLSearchParams(
    Object.keys(fields)
      .sort()
      .map((k): [string, string] => [k, String(fields[k])]),
  ).toString();
}

// Slashes and control characters never reach a display name.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
const UNSAFE_NAME_CHARS = /[\\/\u0000-\u001f]/g;

/** A display name of at most 100 characters that keeps its extension. */
export function displayName(fileName: string, key: string): string {
  const raw = (fileName || key.split('/').pop() || 'file').replace(UNSAFE_NAME_CHARS, '_').trim() || 'file';
  if (raw.length <= RENAME_MAX_CHARS) return raw;
  const ext = extensionOf(raw);
  const tail = ext ? `.${ext}` : '';
  return raw.slice(0, RENAME_MAX_CHARS - tail.length) + tail;
}

/**
 * Builds the §3 callback fields of a stored object from its writer and the client vars, measuring
 * what the file is, its frame size and duration from the stored bytes (never the client's word).
 */
export async function buildCallbackFields(
  deps: {
    store: ObjectStore;
    region: string;
    retentionDays: number;
    now: number;
    /** The server writes bytes it did not make (a song fetched from a link): measured as an upload. */
    untrusted?: boolean;
  },
  writer: Writer,
  key: string,
  info: { size: number; etag: string; mimeType: string },
  vars: CallbackVars,
): Promise<SignedCallback> {
  const { store } = deps;
  // Trimmed like every request string (§5), so an HTTP-delivered callback verifies the same.
  vars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v).trim()]));
  // Measured from the stored bytes only: a duration or frame size the client states is never kept.
  // What comes from outside (an upload, a fetched song) has its sound decoded to be measured.
  const facts = await probeMedia(
    { open: () => store.read(key), localPath: store.localPath?.(key) },
    info.mimeType,
    info.size,
    { decode: writer.jti !== '' || deps.untrusted === true },
  );
  const measured = (value: number | null) => (value !== null ? String(value) : '');
  return {
    storage_key: key,
    file_size: info.size,
    mime_type: info.mimeType,
    etag: info.etag,
    bucket: store.bucket,
    format: facts.format,
    height: measured(facts.height),
    width: measured(facts.width),
    user_id: writer.uid ? String(writer.uid) : '',
    region: deps.region,
    description: vars['x:description'] ?? '',
    file_name: vars['x:file_name'] ?? '',
    action: vars['x:action'] ?? 'upload',
    // Anonymous uploads expire (§1.3 retention); account files stay.
    expire: writer.uid ? '' : new Date(deps.now + deps.retentionDays * 86_400_000).toISOString(),
    visitor_id: writer.vid ?? '',
    credential: writer.jti,
    kind: writer.kind,
    duration: measured(facts.duration),
    content: facts.content,
  };
}
