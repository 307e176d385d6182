import { z } from 'zod';
import { cacheBust } from './api';
import { FILE_TYPES } from './media-types';

// ---- storage: upload credentials, callback fields, signed reads (§3, §7) ----

export * from './media-types';

/** File types of the library (§3). */
export const fileType = z.enum(FILE_TYPES);

export const storageKind = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'kind must be lower-case letters, digits and dashes')
  .default('ai-covers');

/** `GET /v1/storage/token` query (§7). `ext` lets the server choose the object key. */
export const storageTokenQuery = z.object({
  kind: storageKind,
  algorithm: z.string().max(32).optional(),
  ext: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}$/, 'ext must be 1 to 10 letters or digits')
    .optional(),
  ...cacheBust,
});
export type StorageTokenQuery = z.infer<typeof storageTokenQuery>;

/** Token params: every field of §3, plus the chosen key, limit and (S3 driver) a presigned PUT. */
export const storageTokenParams = z.object({
  bucket_name: z.string(),
  bucket_endpoint: z.string(),
  security_token: z.string(),
  access_key_id: z.string(),
  access_key_secret: z.string(),
  callback_body: z.string(),
  callback_body_type: z.string(),
  callback_host: z.string(),
  callback_url: z.string(),
  /** Where this credential may write: one object under `path`. */
  object_key: z.string(),
  /** Largest body the store accepts with this credential, in bytes. */
  max_size: z.number().int(),
  /** ISO time the credential stops working. */
  expiration: z.string(),
  /** 'oss' = sign the PUT as §7 describes; 's3' = PUT to upload_url, then POST /v1/storage/confirm. */
  driver: z.enum(['oss', 's3']),
  upload_url: z.string().optional(),
});
export const storageTokenData = z.object({ path: z.string(), params: storageTokenParams });
export type StorageTokenData = z.infer<typeof storageTokenData>;
export type StorageTokenParams = z.infer<typeof storageTokenParams>;

/** Custom callback variables the client may send (x-oss-callback-var); the rest the store sets. */
export const callbackVars = z.object({
  'x:file_name': z.string().max(255).optional(),
  'x:description': z.string().max(500).optional(),
  'x:action': z.string().max(32).optional(),
  'x:duration': z.string().max(20).optional(),
  /** Video frame size read in the browser (the store measures images itself). */
  'x:width': z
    .string()
    .regex(/^\d{1,5}$/)
    .optional(),
  'x:height': z
    .string()
    .regex(/^\d{1,5}$/)
    .optional(),
});
export type CallbackVars = z.infer<typeof callbackVars>;

/** The uploaded-file callback fields of §3, as the store posts them (form-encoded). */
export const callbackFields = z.object({
  storage_key: z.string(),
  file_size: z.coerce.number().int().nonnegative(),
  mime_type: z.string(),
  etag: z.string(),
  bucket: z.string(),
  format: z.string(),
  height: z.string(),
  width: z.string(),
  user_id: z.string(),
  region: z.string(),
  description: z.string(),
  file_name: z.string(),
  action: z.string(),
  expire: z.string(),
});
export type CallbackFields = z.infer<typeof callbackFields>;

/** The record the callback answers with, and what an upload resolves to on the client. */
export const uploadedFile = z.object({
  id: z.number().int(),
  storage_key: z.string(),
  name: z.string(),
  type: fileType,
  size: z.number().int(),
  mime_type: z.string(),
  etag: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration: z.number().nullable(),
  expire_at: z.string().nullable(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** `POST /v1/storage/confirm` (S3 driver): the client says the presigned PUT finished. */
export const storageConfirmBody = z.object({
  security_token: z.string().min(1).max(4096),
  file_name: z.string().max(255).optional(),
  description: z.string().max(500).optional(),
  action: z.string().max(32).optional(),
  duration: z.coerce.number().nonnegative().max(1e7).optional(),
});

/** `GET /v1/common/oss/sign` (§7): `process` defaults to image/format,jpeg. */
export const ossSignQuery = z.object({
  key: z.string().min(1, 'key is required').max(512),
  process: z
    .string()
    .max(200)
    .regex(/^image(\/[a-z]+(,[a-z]+(_[A-Za-z0-9]+)?)*)+$/, 'process must look like image/format,jpeg')
    .default('image/format,jpeg'),
});
export const ossSignData = z.object({ url: z.string(), expire: z.string() });
