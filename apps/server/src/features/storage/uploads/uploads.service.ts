import { createHash, randomBytes } from 'node:crypto';
import {
  Code,
  DEFAULT_MIME,
  Msg,
  callbackFields,
  mimeTypeOf,
  storageKindOf,
  type CallbackVars,
  type StorageTokenData,
  type UploadedFile,
} from '@ai-covers/contracts';
import type { Owner } from '../../../platform/auth/identity';
import { AppError, badRequest, conflict } from '../../../platform/http/app-error';
import type { ObjectStore } from '../../../platform/storage/object-store';
import {
  CALLBACK_BODY,
  buildCallbackFields,
  canonicalCallback,
  type SignedCallback,
} from '../files/callback-fields';
import { checkUpload } from './upload-rules';
import type { CredentialClaims, CredentialKeys } from '../signing/credentials';
import type { FilesService } from '../files/files.service';
import type { FilesRepo } from '../files/files.repo';

export interface UploadsConfig {
  tokenTtlSeconds: number;
  retentionDays: number;
  region: string;
}

/** Parses `ai-covers=300,default=100` (MB) into bytes per kind. */
export function parseLimits(text: string): Record<string, number> {
  const out: Record<string, number> = { default: 100 * 1024 * 1024 };
  for (const part of text.split(',')) {
    const [kind, mb] = part.split('=');
    if (kind && mb) out[kind] = Number(mb) * 1024 * 1024;
  }
  return out;
}

/**
 * Signed uploads (§3, §7): one-file credentials, the store's signed callback, the S3 confirm. A
 * file row is born only from a verified callback.
 */
export function createUploadsService(deps: {
  repo: Pick<FilesRepo, 'isCredentialUsed'>;
  files: Pick<FilesService, 'record' | 'limitFor'>;
  store: ObjectStore;
  keys: CredentialKeys;
  config: UploadsConfig;
  now?: () => number;
}) {
  const { repo, files, store, keys, config } = deps;
  const now = deps.now ?? (() => Date.now());

  /** Verifies a store-signed callback body and records the file. */
  async function handleCallback(body: Record<string, unknown>, signature: string): Promise<UploadedFile> {
    const stringy = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    if (!signature || !keys.verifyCallback(canonicalCallback(stringy), signature))
      throw new AppError(Code.notAuthorized, 'Callback signature is missing or wrong', 403);
    const parsed = callbackFields.safeParse(stringy);
    if (!parsed.success) throw badRequest('Callback body is incomplete');
    checkUpload(stringy as unknown as SignedCallback);
    return files.record({ ...(stringy as unknown as SignedCallback), file_size: parsed.data.file_size });
  }

  const service = {
    handleCallback,

    /** The store's side of the callback: the §3 fields of a stored object and their signature. */
    async signedCallback(
      claims: CredentialClaims,
      key: string,
      info: { size: number; etag: string; mimeType: string },
      vars: CallbackVars,
    ): Promise<{ fields: SignedCallback; signature: string }> {
      const fields = await buildCallbackFields(
        { store, region: config.region, retentionDays: config.retentionDays, now: now() },
        claims,
        key,
        info,
        vars,
      );
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
      const max = files.limitFor(kind);
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
      try {
        return await handleCallback(fields, signature);
      } catch (error) {
        // A refused file (or a replay) leaves no object behind, as on the embedded store.
        if (!(error instanceof AppError && error.status === 409)) await store.remove(claims.key);
        throw error;
      }
    },
  };
  return service;
}
export type UploadsService = ReturnType<typeof createUploadsService>;
