import type { StorageTokenParams } from '@ai-covers/contracts';
import { PRODUCT } from '@ai-covers/contracts';

/** base64 of a UTF-8 string (btoa alone cannot encode non-Latin-1 file names). */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** base64(HMAC-SHA1(secret, text)) with WebCrypto. */
export async function hmacSha1Base64(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of signature) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The §7 string to sign: method, Content-MD5, Content-Type, date, sorted x-oss-* headers, resource. */
export function stringToSign(method: string, headers: Record<string, string>, resource: string): string {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const oss = Object.keys(lower)
    .filter((k) => k.startsWith('x-oss-'))
    .sort()
    .map((k) => `${k}:${lower[k]}\n`)
    .join('');
  const date = lower['x-oss-date'] ?? lower.date ?? '';
  return [method, lower['content-md5'] ?? '', lower['content-type'] ?? '', date, oss + resource].join('\n');
}

/**
 * The signed headers of an upload PUT (§7): callback, date, security token, user agent and the
 * HMAC-SHA1 Authorization. Browsers may not set Date, so the date goes in x-oss-date.
 */
export async function signedUploadHeaders(
  params: StorageTokenParams,
  key: string,
  contentType: string,
  vars: Record<string, string>,
  now = new Date(),
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'x-oss-date': now.toUTCString(),
    'x-oss-security-token': params.security_token,
    'x-oss-user-agent': `ai-covers-upload/${PRODUCT.uploadSdkVersion}`,
    'x-oss-callback': base64Utf8(
      JSON.stringify({
        callbackUrl: params.callback_url,
        callbackHost: params.callback_host,
        callbackBody: params.callback_body,
        callbackBodyType: params.callback_body_type,
      }),
    ),
    'x-oss-callback-var': base64Utf8(JSON.stringify(vars)),
  };
  const signature = await hmacSha1Base64(
    params.access_key_secret,
    stringToSign('PUT', headers, `/${params.bucket_name}/${key}`),
  );
  headers.Authorization = `OSS ${params.access_key_id}:${signature}`;
  return headers;
}
