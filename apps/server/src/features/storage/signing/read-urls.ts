import { Code } from '@ai-covers/contracts';
import { AppError } from '../../../platform/http/app-error';
import { sameSignature, signUrlQuery, urlResource } from './oss-signature';

/** Signs and checks read URLs of the `/storage` route (OSS query-string style, §7). */
export function createReadUrls(deps: { accessKeyId: string; secret: string; now: () => number }) {
  return {
    /** `/storage/<bucket>/<key>?...` valid for ttl seconds; sub-resources are part of the signature. */
    sign(bucket: string, key: string, ttlSeconds: number, extra: Record<string, string> = {}): string {
      const expires = Math.floor(deps.now() / 1000) + ttlSeconds;
      const signature = signUrlQuery(deps.secret, expires, urlResource(bucket, key, extra));
      const query = new URLSearchParams({
        OSSAccessKeyId: deps.accessKeyId,
        Expires: String(expires),
        Signature: signature,
        ...extra,
      });
      return `/storage/${bucket}/${key}?${query.toString()}`;
    },

    /** Throws 403 with a clear message unless the query signs this object for now. */
    verify(bucket: string, key: string, query: Record<string, string>): void {
      const expires = Number(query.Expires);
      if (query.OSSAccessKeyId !== deps.accessKeyId || !query.Signature || !Number.isInteger(expires))
        throw new AppError(Code.notAuthorized, 'This link is not signed', 403);
      if (expires * 1000 < deps.now()) throw new AppError(Code.notAuthorized, 'This link has expired', 403);
      const expected = signUrlQuery(deps.secret, expires, urlResource(bucket, key, query));
      if (!sameSignature(query.Signature, expected))
        throw new AppError(Code.notAuthorized, 'The link signature does not match', 403);
    },
  };
}
export type ReadUrls = ReturnType<typeof createReadUrls>;

/** Parses a single `bytes=` range against a size; null = whole body, 'invalid' = 416. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}
