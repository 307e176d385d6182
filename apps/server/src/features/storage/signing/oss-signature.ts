import { createHmac, timingSafeEqual } from 'node:crypto';

// The request signature of §7, compatible with OSS "header signature V1": HMAC-SHA1 over the
// method, Content-MD5, Content-Type, date, the sorted x-oss-* headers and the resource.

/** Headers a signer reads; values already joined (Node lower-cases names). */
export type HeaderMap = Record<string, string | string[] | undefined>;

/**
 * Sub-resources that are part of the signed resource of a read URL (`grant`: what the URL was
 * handed out under, checked at every read; see grants.ts).
 */
const SIGNED_SUBRESOURCES = [
  'grant',
  'response-content-disposition',
  'response-content-type',
  'x-oss-process',
];

function header(headers: HeaderMap, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
}

/** `x-oss-*` headers, lower-cased, sorted, one `name:value\n` each. */
export function canonicalOssHeaders(headers: HeaderMap): string {
  return Object.keys(headers)
    .map((name) => name.toLowerCase())
    .filter((name) => name.startsWith('x-oss-'))
    .sort()
    .map((name) => `${name}:${header(headers, name)}\n`)
    .join('');
}

/** The date line: x-oss-date when present (browsers cannot set Date), else Date. */
export function requestDate(headers: HeaderMap): string {
  return header(headers, 'x-oss-date') || header(headers, 'date');
}

/** The exact string a PUT/GET with headers is signed over. */
export function stringToSign(method: string, headers: HeaderMap, resource: string): string {
  return [
    method.toUpperCase(),
    header(headers, 'content-md5'),
    header(headers, 'content-type'),
    requestDate(headers),
    canonicalOssHeaders(headers) + resource,
  ].join('\n');
}

/** base64(HMAC-SHA1(secret, text)). */
export function hmacSha1(secret: string, text: string): string {
  return createHmac('sha1', secret).update(text, 'utf8').digest('base64');
}

/** The Authorization header value: `OSS <accessKeyId>:<signature>`. */
export function authorizationHeader(
  accessKeyId: string,
  secret: string,
  method: string,
  headers: HeaderMap,
  resource: string,
): string {
  return `OSS ${accessKeyId}:${hmacSha1(secret, stringToSign(method, headers, resource))}`;
}

/** Splits `OSS id:signature`; null when malformed. */
export function parseAuthorization(
  value: string | undefined,
): { accessKeyId: string; signature: string } | null {
  const match = /^OSS ([A-Za-z0-9._-]{1,128}):([A-Za-z0-9+/=]{20,64})$/.exec(value ?? '');
  return match ? { accessKeyId: match[1]!, signature: match[2]! } : null;
}

/** Constant-time comparison of two signatures. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Canonical resource of a read URL: `/bucket/key` plus signed sub-resources, sorted. */
export function urlResource(bucket: string, key: string, query: Record<string, string>): string {
  const subs = SIGNED_SUBRESOURCES.filter((name) => query[name] !== undefined).map(
    (name) => `${name}=${query[name]}`,
  );
  return `/${bucket}/${key}${subs.length ? `?${subs.join('&')}` : ''}`;
}

/** Query signature of a read URL: HMAC-SHA1 over `GET\n\n\n{Expires}\n{resource}`. */
export function signUrlQuery(secret: string, expires: number, resource: string): string {
  return hmacSha1(secret, `GET\n\n\n${expires}\n${resource}`);
}
