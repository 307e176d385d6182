import { Msg, mimeTypeOf, type StorageTokenData, type UploadedFile } from '@ai-covers/contracts';
import { apiGet, apiPost, parseEnvelopeText } from '../api/request';
import { analytics } from '../analytics/client';
import { CancelError } from '../api/errors';
import { hasCopy } from '../api/error-messages';
import { isCancelled } from '../api/failures';
import { readMediaInfo, type MediaInfo } from './media-info';
import { precheckUpload, tooLargeMessage } from './pre-check';
import { signedUploadHeaders } from './oss-sign';

/** An upload failure; `message` is the §8 text, `detail` what the store said. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly detail = '',
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadOptions {
  /** Tool kind (§7): default 'ai-covers'. */
  kind?: string;
  /** What the file is for (callback `action`), default 'upload'. */
  action?: string;
  description?: string;
  /** 0…1 as bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Extra attempts after a network failure (a fresh credential each time). Default 2. */
  retries?: number;
}

export interface UploadDeps {
  getToken: (kind: string, ext: string) => Promise<StorageTokenData>;
  confirm: (body: Record<string, unknown>) => Promise<UploadedFile>;
  track: (event: string, props: Record<string, string | number>) => void;
  put: typeof xhrPut;
  readInfo: (file: File) => Promise<MediaInfo>;
  /** Why the file cannot be uploaded, found before sending it (default: `precheckUpload`). */
  precheck?: (file: File, info: MediaInfo) => Promise<string | null>;
}

/** Sends one PUT with progress; resolves with status and body, rejects on network failure or cancel. */
export function xhrPut(
  url: string,
  headers: Record<string, string>,
  body: Blob,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new CancelError());
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    const handleAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', handleAbort);
    const finish = () => options.signal?.removeEventListener('abort', handleAbort);
    xhr.onload = () => {
      finish();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      finish();
      reject(new UploadError(Msg.uploadOss, true));
    };
    xhr.onabort = () => {
      finish();
      reject(new CancelError());
    };
    xhr.send(body);
  });
}

/** A refusal's own message when the web has words for it (an unknown one reads as `fallback`). */
function knownMessage(message: string, fallback: string): string {
  return hasCopy(message) ? message : fallback;
}

/** The store's message from an envelope body, if any. */
function storeMessage(text: string): string {
  try {
    return String((JSON.parse(text) as { msg?: unknown }).msg ?? '');
  } catch {
    return '';
  }
}

/**
 * Upload credentials for one file. On failure the 'Upload_token_failed' event is sent and
 * 'get token error' thrown (§8).
 */
export async function requestUploadToken(
  kind: string,
  ext: string,
  deps: Pick<UploadDeps, 'getToken' | 'track'>,
): Promise<StorageTokenData> {
  try {
    return await deps.getToken(kind, ext);
  } catch (error) {
    if (isCancelled(error)) throw error;
    deps.track('Upload_token_failed', { kind, reason: (error as Error).message.slice(0, 200) });
    throw new Error(Msg.getTokenError, { cause: error });
  }
}

/** One attempt: token → signed PUT (or presigned PUT + confirm on the S3 driver) → file record. */
async function attempt(
  file: File,
  info: MediaInfo,
  options: UploadOptions,
  deps: UploadDeps,
): Promise<UploadedFile> {
  const kind = options.kind ?? 'ai-covers';
  const { params } = await requestUploadToken(kind, info.ext || 'bin', deps);
  const contentType = file.type || mimeTypeOf(file.name);
  const vars: Record<string, string> = {
    'x:file_name': file.name,
    'x:action': options.action ?? 'upload',
    ...(options.description ? { 'x:description': options.description } : {}),
    ...(info.duration !== null ? { 'x:duration': String(Math.round(info.duration * 1000) / 1000) } : {}),
    ...(info.type === 'video' && info.width && info.height
      ? { 'x:width': String(info.width), 'x:height': String(info.height) }
      : {}),
  };
  if (file.size > params.max_size) {
    // Refused before a byte is sent, with the limit in the words.
    throw new UploadError(tooLargeMessage(params.max_size), false);
  }
  const sent = {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };

  if (params.driver === 's3' && params.upload_url) {
    const put = await deps.put(params.upload_url, { 'Content-Type': contentType }, file, sent);
    if (put.status < 200 || put.status >= 300) throw new UploadError(Msg.uploadOss, put.status >= 500);
    try {
      return await deps.confirm({
        security_token: params.security_token,
        file_name: file.name,
        action: options.action ?? 'upload',
        ...(options.description ? { description: options.description } : {}),
        ...(info.duration !== null ? { duration: info.duration } : {}),
      });
    } catch (error) {
      const message = (error as Error).message;
      throw new UploadError(knownMessage(message, Msg.uploadSubmit), false, message);
    }
  }

  const url = `${params.bucket_endpoint}/${params.bucket_name}/${params.object_key}`;
  const headers = await signedUploadHeaders(params, params.object_key, contentType, vars);
  const put = await deps.put(url, headers, file, sent);
  if (put.status !== 200) {
    // A refusal of the file itself (empty, not a song, too long, too large) will not change on
    // a retry: it is shown in its own words and not retried.
    const said = storeMessage(put.text);
    if (put.status >= 500) throw new UploadError(Msg.uploadOss, true, said);
    throw new UploadError(knownMessage(said, Msg.uploadOss), false, said);
  }
  try {
    return await parseEnvelopeText('uploadedFile', put.text, put.status);
  } catch (error) {
    throw new UploadError(Msg.uploadSubmit, false, (error as Error).message);
  }
}

export const defaultUploadDeps: UploadDeps = {
  getToken: (kind, ext) => apiGet('storageTokenData', '/v1/storage/token', { kind, ext }),
  confirm: (body) => apiPost('uploadedFile', '/v1/storage/confirm', body),
  track: (event, props) => analytics.track(event, props),
  put: xhrPut,
  readInfo: readMediaInfo,
};

/**
 * Uploads a file through the signed storage upload (§7, §9) and resolves with its library record.
 * Network failures are retried with a fresh credential; cancel via `signal` rejects with CancelError.
 */
export async function uploadFile(
  file: File,
  options: UploadOptions = {},
  deps: UploadDeps = defaultUploadDeps,
): Promise<UploadedFile & { info: MediaInfo }> {
  const info = await deps.readInfo(file);
  const refusal = await (deps.precheck ?? precheckUpload)(file, info);
  if (refusal) throw new UploadError(refusal, false);
  const retries = options.retries ?? 2;
  for (let tryNo = 0; ; tryNo++) {
    try {
      options.onProgress?.(0);
      const uploaded = await attempt(file, info, options, deps);
      options.onProgress?.(1);
      return { ...uploaded, info };
    } catch (error) {
      const retryable = error instanceof UploadError && error.retryable;
      if (!retryable || tryNo >= retries || options.signal?.aborted) throw error;
      await new Promise((r) => setTimeout(r, 500 * 2 ** tryNo));
    }
  }
}
