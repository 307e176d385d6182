import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  Code,
  DEFAULT_MIME,
  Msg,
  extensionOf,
  fileTypeOf,
  mimeTypeOf,
  type UploadedFile,
} from '@ai-covers/contracts';
import { currentSessionId, type Owner } from '../../../platform/auth/identity';
import { AppError, badRequest, conflict } from '../../../platform/http/app-error';
import type { ObjectStore } from '../../../platform/storage/object-store';
import { besideKey } from './beside';
import { buildCallbackFields, displayName, type SignedCallback } from './callback-fields';
import { parseImageProcess } from './image-process';
import type { ReadUrls } from '../signing/read-urls';
import { SESSION_GRANT, type Grants } from '../signing/grants';
import type { ListFilter, FilesRepo } from './files.repo';
import type { FileRow } from './files.schema';

/** A stored file as other features see it. */
export type StoredFile = FileRow;
/** What signing a read URL needs of a file: its key and, for downloads, the name to save it as. */
export type FileRef = Pick<FileRow, 'storageKey' | 'name'>;

/** Actions whose files the product made (results, previews): their names are fixed. */
const LOCKED_ACTIONS = new Set(['result', 'preview']);

export interface FilesConfig {
  urlTtlSeconds: number;
  /** Bytes per kind; 'default' for kinds not listed. */
  limits: Record<string, number>;
  retentionDays: number;
  region: string;
}

/**
 * Access to stored files: recording them, signed reads, the caller's own files (the library's
 * reads and renames), the server's own outputs, claims and deletes.
 */
export function createFilesService(deps: {
  repo: FilesRepo;
  store: ObjectStore;
  readUrls: ReadUrls;
  grants: Grants;
  config: FilesConfig;
  now?: () => number;
}) {
  const { repo, store, config } = deps;
  const now = deps.now ?? (() => Date.now());
  const limitFor = (kind: string) => config.limits[kind] ?? config.limits.default!;
  const missing = () => new AppError(Code.resourceError, Msg.fileMissing, 404);

  const service = {
    limitFor,

    /** Writes the row of a stored object; single use per credential (a replay gets 409). */
    async record(fields: SignedCallback, internal = false): Promise<UploadedFile> {
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
        internal,
        expiresAt: fields.expire ? new Date(fields.expire) : null,
      });
      if (!row) throw conflict('This upload credential was already used');
      return toUploaded(row);
    },

    /**
     * Registers a kind of grant read URLs can be tied to (a public share): `isLive` is asked at
     * every read of such a URL, so revoking the grant stops its URLs at once.
     */
    registerGrant(kind: string, isLive: (id: string) => Promise<boolean>): void {
      deps.grants.register(kind, isLive);
    },

    /** Whether a grant of a registered kind is live (for links signed outside this service). */
    grantLive(kind: string, id: string): Promise<boolean> {
      return deps.grants.isLive(deps.grants.name(kind, id));
    },

    /**
     * A signed URL to read a file (Range works); S3 without processing goes straight to the bucket.
     * With `grant` ([kind, id]), the URL works only while that grant is live: it is always served
     * by the `/storage` endpoint (which checks it), never presigned by S3 (which could not).
     * Without one, a URL made while serving a signed-in request is tied to that request's session.
     */
    async readUrl(
      file: FileRef,
      options: { process?: string; download?: boolean; grant?: readonly [kind: string, id: string] } = {},
    ): Promise<{ url: string; expire: string }> {
      if (options.process) {
        const parsed = parseImageProcess(options.process);
        if (typeof parsed === 'string') throw badRequest(`process: ${parsed}`);
      }
      const ttl = config.urlTtlSeconds;
      const expire = new Date(now() + ttl * 1000).toISOString();
      // A URL handed to a signed-in session lives no longer than the session (decision 104).
      const session = options.grant ? null : currentSessionId();
      const grant = options.grant ?? (session ? ([SESSION_GRANT, session] as const) : undefined);
      if (store.presignGet && !options.process && !grant) {
        return {
          url: await store.presignGet(file.storageKey, ttl, options.download ? file.name : undefined),
          expire,
        };
      }
      const extra: Record<string, string> = {};
      if (grant) extra.grant = deps.grants.name(...grant);
      if (options.process) extra['x-oss-process'] = options.process;
      if (options.download)
        extra['response-content-disposition'] =
          `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`;
      return { url: deps.readUrls.sign(store.bucket, file.storageKey, ttl, extra), expire };
    },

    /** The caller's own (non-internal) file with this key, or 'The file does not exist.'. */
    async ownedFileByKey(owner: Owner, key: string): Promise<StoredFile> {
      const file = await repo.findOwnedByKey(owner, store.bucket, key);
      if (!file) throw missing();
      return file;
    },

    /** One page of the caller's own files (internal outputs never show). */
    listOwnedFiles(owner: Owner, filter: ListFilter): Promise<{ rows: StoredFile[]; total: number }> {
      return repo.listUsable(owner, filter);
    },

    /** The caller's own file by id, or null. */
    findOwnedFile(owner: Owner, id: number): Promise<StoredFile | null> {
      return repo.findUsable(owner, id);
    },

    /** How many of these ids are the caller's own files. */
    countOwnedFiles(owner: Owner, ids: number[]): Promise<number> {
      return repo.countUsable(owner, ids);
    },

    /** Renames unless another of the owner's files has the name; false when taken. */
    renameOwnedFile(owner: Owner, id: number, name: string): Promise<boolean> {
      return repo.renameUnique(owner, id, name);
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

    /**
     * Removes the bytes of deleted rows, and what was kept beside them; a failure is logged by the
     * caller, never resurrects a row (the orphan sweep takes what is left).
     */
    async removeObjects(rows: { storageKey: string }[]): Promise<string[]> {
      const failed: string[] = [];
      for (const row of rows) {
        await store.remove(row.storageKey).catch(() => failed.push(row.storageKey));
        await store.remove(besideKey(row.storageKey)).catch(() => failed.push(besideKey(row.storageKey)));
      }
      return failed;
    },

    /**
     * Keeps bytes the server derived from a stored file beside it (a photo's matte), replacing what
     * was kept before. They are never signed out, and they go when the file's bytes go.
     */
    async keepBeside(storageKey: string, bytes: Buffer, maxBytes: number): Promise<void> {
      await store.write(besideKey(storageKey), Readable.from([bytes]), {
        maxBytes,
        contentType: 'application/octet-stream',
        overwrite: true,
      });
    },

    /** Removes what is kept beside a stored file (nothing kept is fine). */
    async dropBeside(storageKey: string): Promise<void> {
      await store.remove(besideKey(storageKey));
    },

    /** What is kept beside a stored file, or null: nothing kept, or more than `maxBytes`. */
    async readBeside(storageKey: string, maxBytes: number): Promise<Buffer | null> {
      const key = besideKey(storageKey);
      const info = await store.stat(key);
      if (!info || info.size > maxBytes) return null;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of await store.read(key)) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) return null;
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },

    /**
     * A path on this machine holding a stored object's bytes, for tools that read files (ffmpeg):
     * the embedded store's own file, else a copy streamed into `dir` (the caller removes `dir`).
     */
    async localFile(file: { storageKey: string; ext?: string }, dir: string): Promise<string> {
      if (store.localPath) return store.localPath(file.storageKey);
      const ext = file.ext || extensionOf(file.storageKey);
      const target = path.join(dir, /^[a-z0-9]{1,8}$/i.test(ext) ? `source.${ext}` : 'source');
      await pipeline(await store.read(file.storageKey), fs.createWriteStream(target));
      return target;
    },

    /**
     * Stores bytes the server produced (results, previews) and records them for an owner as
     * internal files: never listed, exported or usable as an input, signed only by their feature.
     * With `library`, the file is the owner's like an upload (a song fetched from a link).
     */
    async storeOutput(
      owner: Owner,
      input: {
        body: Readable;
        fileName: string;
        kind: string;
        action: string;
        maxBytes?: number;
        library?: boolean;
      },
    ): Promise<UploadedFile> {
      const ext = extensionOf(input.fileName);
      const key = `${input.kind}/out/${randomBytes(8).toString('hex')}/${randomBytes(6).toString('hex')}${ext ? `.${ext}` : ''}`;
      const mimeType = mimeTypeOf(input.fileName);
      const info = await store.write(key, input.body, {
        maxBytes: input.maxBytes ?? limitFor(input.kind),
        contentType: mimeType,
      });
      const fields = await buildCallbackFields(
        {
          store,
          region: config.region,
          retentionDays: config.retentionDays,
          now: now(),
          untrusted: input.library === true,
        },
        { uid: owner.userId, vid: owner.userId ? null : owner.visitorId, jti: '', kind: input.kind },
        key,
        { ...info, mimeType },
        { 'x:file_name': input.fileName, 'x:action': input.action },
      );
      return service.record(fields, !input.library);
    },
  };
  return service;
}
export type FilesService = ReturnType<typeof createFilesService>;

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
