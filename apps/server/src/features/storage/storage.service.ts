import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  Code,
  DEFAULT_MIME,
  Msg,
  RENAME_MAX_CHARS,
  callbackFields,
  extensionOf,
  fileTypeOf,
  mimeTypeOf,
  storageKindOf,
  type CallbackFields,
  type CallbackVars,
  type StorageTokenData,
  type UploadedFile,
} from '@ai-covers/contracts';
import { AppError, badRequest, conflict } from '../../platform/http/app-error';
import type { CredentialClaims, CredentialKeys } from './credentials';
import { parseImageProcess } from './image-process';
import { probeMedia } from './media-probe';
import type { ObjectStore } from './object-store';
import type { ReadUrls } from './read-urls';
import type { Owner, StorageRepo } from './storage.repo';
import type { FileRow } from './storage.schema';

export interface StorageConfig {
  tokenTtlSeconds: number;
  urlTtlSeconds: number;
  /** Bytes per kind; 'default' for kinds not listed. */
  limits: Record<string, number>;
  retentionDays: number;
  region: string;
}

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
};

/** Actions whose files the product made (results, previews): their names are fixed. */
const LOCKED_ACTIONS = new Set(['result', 'preview']);

/** Parses `ai-covers=300,default=100` (MB) into bytes per kind. */
export function parseLimits(text: string): Record<string, number> {
  const out: Record<string, number> = { default: 100 * 1024 * 1024 };
  for (const part of text.split(',')) {
    const [kind, mb] = part.split('=');
    if (kind && mb) out[kind] = Number(mb) * 1024 * 1024;
  }
  return out;
}

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

/** Upload credentials, the upload callback, signed reads, claims and retention. */
export function createStorageService(deps: {
  repo: StorageRepo;
  store: ObjectStore;
  keys: CredentialKeys;
  readUrls: ReadUrls;
  config: StorageConfig;
  now?: () => number;
}) {
  const { repo, store, keys, config } = deps;
  const now = deps.now ?? (() => Date.now());
  const limitFor = (kind: string) => config.limits[kind] ?? config.limits.default!;

  /** Writes the row of an uploaded object; single use per credential. */
  async function record(fields: SignedCallback): Promise<UploadedFile> {
    const mime = /^[\w.+-]+\/[\w.+-]+$/.test(fields.mime_type) ? fields.mime_type : DEFAULT_MIME;
    const name = displayName(fields.file_name, fields.storage_key);
    const duration = Number(fields.duration);
    const intOrNull = (v: string) => (/^\d{1,6}$/.test(v) ? Number(v) : null);
    const row = await repo.insertFile({
      userId: fields.user_id ? Number(fields.user_id) : null,
      visitorId: fields.visitor_id || null,
      kind: fields.kind,
      bucket: fields.bucket,
      storageKey: fields.storage_key,
      credentialId: fields.credential || null,
      name,
      ext: extensionOf(name) || extensionOf(fields.storage_key),
      fileType: fileTypeOf(mime),
      mimeType: mime,
      fileSize: fields.file_size,
      etag: fields.etag,
      format: fields.format || null,
      width: intOrNull(fields.width),
      height: intOrNull(fields.height),
      duration: fields.duration && Number.isFinite(duration) && duration >= 0 ? duration : null,
      region: fields.region,
      description: fields.description,
      action: fields.action,
      renamable: !LOCKED_ACTIONS.has(fields.action),
      expiresAt: fields.expire ? new Date(fields.expire) : null,
    });
    if (!row) throw conflict('This upload credential was already used');
    return toUploaded(row);
  }

  /** Builds the §3 callback fields of a stored object from its credential and the client vars. */
  async function callbackFor(
    claims: CredentialClaims,
    key: string,
    info: { size: number; etag: string; mimeType: string },
    vars: CallbackVars,
  ): Promise<SignedCallback> {
    // Trimmed like every request string (§5), so an HTTP-delivered callback verifies the same.
    vars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v).trim()]));
    const facts = await probeMedia(() => store.read(key), info.mimeType, info.size);
    const clientDuration = Number(vars['x:duration']);
    const duration =
      facts.duration ?? (Number.isFinite(clientDuration) && clientDuration >= 0 ? clientDuration : null);
    return {
      storage_key: key,
      file_size: info.size,
      mime_type: info.mimeType,
      etag: info.etag,
      bucket: store.bucket,
      format: facts.format,
      // Images are measured here; a video's frame size comes from the browser (no ffprobe at upload).
      height:
        facts.height !== null
          ? String(facts.height)
          : info.mimeType.startsWith('video/')
            ? (vars['x:height'] ?? '')
            : '',
      width:
        facts.width !== null
          ? String(facts.width)
          : info.mimeType.startsWith('video/')
            ? (vars['x:width'] ?? '')
            : '',
      user_id: claims.uid ? String(claims.uid) : '',
      region: config.region,
      description: vars['x:description'] ?? '',
      file_name: vars['x:file_name'] ?? '',
      action: vars['x:action'] ?? 'upload',
      // Anonymous uploads expire (DESIGN §1.3 retention); account files stay.
      expire: claims.uid ? '' : new Date(now() + config.retentionDays * 86_400_000).toISOString(),
      visitor_id: claims.vid ?? '',
      credential: claims.jti,
      kind: claims.kind,
      duration: duration === null ? '' : String(duration),
    };
  }

  /** Verifies a store-signed callback body and records the file. The only way a file row is born from an upload. */
  async function handleCallback(body: Record<string, unknown>, signature: string): Promise<UploadedFile> {
    const stringy = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    if (!signature || !keys.verifyCallback(canonicalCallback(stringy), signature))
      throw new AppError(Code.notAuthorized, 'Callback signature is missing or wrong', 403);
    const parsed = callbackFields.safeParse(stringy);
    if (!parsed.success) throw badRequest('Callback body is incomplete');
    return record({ ...(stringy as unknown as SignedCallback), file_size: parsed.data.file_size });
  }

  const service = {
    limitFor,
    handleCallback,

    /** The store's side of the callback: the §3 fields of a stored object and their signature. */
    async signedCallback(
      claims: CredentialClaims,
      key: string,
      info: { size: number; etag: string; mimeType: string },
      vars: CallbackVars,
    ): Promise<{ fields: SignedCallback; signature: string }> {
      const fields = await callbackFor(claims, key, info, vars);
      return { fields, signature: keys.signCallback(canonicalCallback(fields)) };
    },

    /** A one-upload credential for the caller (§3 token response, §7 GET /v1/storage/token). */
    async issueToken(
      owner: Owner,
      query: { kind: string; ext?: string | undefined },
      /** PUBLIC_URL when set, else '' (same origin: works behind any proxy) */
      origin: string,
      host: string,
    ): Promise<StorageTokenData> {
      const kind = storageKindOf(query.kind);
      const ownerPart = owner.userId
        ? `u${owner.userId}`
        : `v${createHash('sha256')
            .update(owner.visitorId ?? '')
            .digest('hex')
            .slice(0, 16)}`;
      const date = new Date(now()).toISOString().slice(0, 10).replaceAll('-', '');
      const prefix = `${kind}/${ownerPart}/${date}/${randomBytes(8).toString('hex')}/`;
      const key = `${prefix}${randomBytes(6).toString('hex')}${query.ext ? `.${query.ext.toLowerCase()}` : ''}`;
      const exp = Math.floor(now() / 1000) + config.tokenTtlSeconds;
      const max = limitFor(kind);
      const { token, claims } = keys.issue({
        kind,
        bucket: store.bucket,
        prefix,
        key,
        uid: owner.userId,
        vid: owner.userId ? null : owner.visitorId,
        exp,
        max,
      });
      const access = keys.accessKeyFor(token, claims);
      return {
        path: prefix,
        params: {
          bucket_name: store.bucket,
          bucket_endpoint: store.endpoint ?? `${origin}/storage`,
          security_token: token,
          access_key_id: access.accessKeyId,
          access_key_secret: access.secret,
          callback_body: CALLBACK_BODY,
          callback_body_type: 'application/x-www-form-urlencoded',
          callback_host: host,
          callback_url: `${origin}/v1/storage/callback`,
          object_key: key,
          max_size: max,
          expiration: new Date(exp * 1000).toISOString(),
          driver: store.presignPut ? 's3' : 'oss',
          ...(store.presignPut ? { upload_url: await store.presignPut(key, config.tokenTtlSeconds) } : {}),
        },
      };
    },

    /** Claims of a valid, unexpired token (grace lets a confirm follow an upload that began in time). */
    readToken(token: string, graceSeconds = 0): CredentialClaims {
      const claims = keys.read(token);
      if (!claims) throw new AppError(Code.notAuthorized, 'The security token is invalid', 403);
      if ((claims.exp + graceSeconds) * 1000 < now())
        throw new AppError(Code.notAuthorized, 'The security token has expired', 403);
      return claims;
    },

    async assertCredentialUnused(claims: CredentialClaims): Promise<void> {
      if (await repo.isCredentialUsed(claims.jti)) throw conflict('This upload credential was already used');
    },

    /** S3 driver: after the presigned PUT, check the object (HEAD) and record it. */
    async confirmUpload(token: string, vars: CallbackVars): Promise<UploadedFile> {
      const claims = service.readToken(token, 3600);
      await service.assertCredentialUnused(claims);
      const info = await store.stat(claims.key);
      if (!info) throw new AppError(Code.resourceError, Msg.fileMissing, 404);
      if (info.size > claims.max) {
        await store.remove(claims.key);
        throw new AppError(Code.error, `File is larger than the limit of ${claims.max} bytes`, 413);
      }
      const mimeType =
        info.contentType && info.contentType !== DEFAULT_MIME ? info.contentType : mimeTypeOf(claims.key);
      const { fields, signature } = await service.signedCallback(
        claims,
        claims.key,
        { size: info.size, etag: info.etag, mimeType },
        vars,
      );
      return handleCallback(fields, signature);
    },

    /** A signed URL to read a file (Range works); S3 without processing goes straight to the bucket. */
    async readUrl(
      file: Pick<FileRow, 'bucket' | 'storageKey' | 'name'>,
      options: { process?: string; download?: boolean } = {},
    ): Promise<{ url: string; expire: string }> {
      if (options.process) {
        const parsed = parseImageProcess(options.process);
        if (typeof parsed === 'string') throw badRequest(`process: ${parsed}`);
      }
      const ttl = config.urlTtlSeconds;
      const expire = new Date(now() + ttl * 1000).toISOString();
      if (store.presignGet && !options.process) {
        return {
          url: await store.presignGet(file.storageKey, ttl, options.download ? file.name : undefined),
          expire,
        };
      }
      const extra: Record<string, string> = {};
      if (options.process) extra['x-oss-process'] = options.process;
      if (options.download)
        extra['response-content-disposition'] =
          `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`;
      return { url: deps.readUrls.sign(file.bucket, file.storageKey, ttl, extra), expire };
    },

    /** The caller's file with this key, or 'The file does not exist.' (never another owner's). */
    async ownedFileByKey(owner: Owner, key: string): Promise<FileRow> {
      const file = await repo.findOwnedByKey(owner, store.bucket, key);
      if (!file) throw new AppError(Code.resourceError, Msg.fileMissing, 404);
      return file;
    },

    /** Sign-in hook: a visitor's files become the account's (and stop expiring). */
    claimVisitorFiles(visitorId: string, userId: number): Promise<number> {
      return repo.claimVisitorFiles(visitorId, userId);
    },

    /** Deletes the owner's rows among ids, then their bytes; returns how many rows went. */
    async deleteOwnedFiles(owner: Owner, ids: number[]): Promise<number> {
      const rows = await repo.deleteOwned(owner, ids);
      await service.removeObjects(rows);
      return rows.length;
    },

    /** Removes the bytes of deleted rows; a failure is logged by the caller, never resurrects a row. */
    async removeObjects(rows: { storageKey: string }[]): Promise<string[]> {
      const failed: string[] = [];
      for (const row of rows) {
        await store.remove(row.storageKey).catch(() => failed.push(row.storageKey));
      }
      return failed;
    },

    /**
     * A path on this machine holding a stored object's bytes, for tools that read files (ffmpeg):
     * the embedded store's own file, else a copy streamed into `dir` (the caller removes `dir`).
     */
    async localFile(file: Pick<FileRow, 'storageKey' | 'ext'>, dir: string): Promise<string> {
      if (store.localPath) return store.localPath(file.storageKey);
      const target = path.join(dir, /^[a-z0-9]{1,8}$/i.test(file.ext) ? `source.${file.ext}` : 'source');
      await pipeline(await store.read(file.storageKey), fs.createWriteStream(target));
      return target;
    },

    /** Stores bytes the server produced (results, previews) and records them for an owner. */
    async storeOutput(
      owner: Owner,
      input: { body: Readable; fileName: string; kind: string; action: string; maxBytes?: number },
    ): Promise<UploadedFile> {
      const ext = extensionOf(input.fileName);
      const key = `${input.kind}/out/${randomBytes(8).toString('hex')}/${randomBytes(6).toString('hex')}${ext ? `.${ext}` : ''}`;
      const mimeType = mimeTypeOf(input.fileName);
      const info = await store.write(key, input.body, {
        maxBytes: input.maxBytes ?? limitFor(input.kind),
        contentType: mimeType,
      });
      const claims = {
        uid: owner.userId,
        vid: owner.userId ? null : owner.visitorId,
        jti: '',
        kind: input.kind,
      } as CredentialClaims;
      const fields = await callbackFor(
        claims,
        key,
        { ...info, mimeType },
        { 'x:file_name': input.fileName, 'x:action': input.action },
      );
      return record(fields);
    },
  };
  return service;
}
export type StorageService = ReturnType<typeof createStorageService>;

function toUploaded(row: FileRow): UploadedFile {
  return {
    id: row.id,
    storage_key: row.storageKey,
    name: row.name,
    type: row.fileType as UploadedFile['type'],
    size: row.fileSize,
    mime_type: row.mimeType,
    etag: row.etag,
    width: row.width,
    height: row.height,
    duration: row.duration,
    expire_at: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}
