// Test helpers: a minimal upload client (what the web upload module does), for server tests only.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StorageTokenParams } from '@ai-covers/contracts';
import { authorizationHeader } from './signing/oss-signature';

export type Headers = Record<string, string>;

/** A fresh visitor identity. */
export const visitor = (): Headers => ({ 'x-visitor-id': `v-${randomBytes(8).toString('hex')}` });

/** GET /v1/storage/token for the caller; returns the §3 data. */
export async function getToken(app: FastifyInstance, who: Headers, query = 'kind=ai-covers&ext=mp3') {
  const res = await app.inject({ method: 'GET', url: `/v1/storage/token?${query}`, headers: who });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.body}`);
  return res.json().data as { path: string; params: StorageTokenParams };
}

/** The headers of a §7-signed PUT of `key` with the token's credentials. */
export function signedPutHeaders(
  params: StorageTokenParams,
  key: string,
  options: {
    contentType?: string;
    date?: Date;
    vars?: Record<string, string>;
    secret?: string;
    /** Headers added before signing (e.g. content-md5). */
    signed?: Headers;
  } = {},
): Headers {
  const headers: Headers = {
    'content-type': options.contentType ?? 'audio/mpeg',
    'x-oss-date': (options.date ?? new Date()).toUTCString(),
    'x-oss-security-token': params.security_token,
    'x-oss-user-agent': 'ai-covers-upload/1.1.0',
    'x-oss-callback': Buffer.from(
      JSON.stringify({
        callbackUrl: params.callback_url,
        callbackHost: params.callback_host,
        callbackBody: params.callback_body,
        callbackBodyType: params.callback_body_type,
      }),
    ).toString('base64'),
    'x-oss-callback-var': Buffer.from(
      JSON.stringify({ 'x:file_name': 'song.mp3', ...options.vars }),
    ).toString('base64'),
  };
  Object.assign(headers, options.signed);
  headers.authorization = authorizationHeader(
    params.access_key_id,
    options.secret ?? params.access_key_secret,
    'PUT',
    headers,
    `/${params.bucket_name}/${key}`,
  );
  return headers;
}

/** A PUT through inject, signed for key (default: the credential's object key). */
export function putObject(
  app: FastifyInstance,
  params: StorageTokenParams,
  body: Buffer,
  options: Parameters<typeof signedPutHeaders>[2] & { key?: string; url?: string; headers?: Headers } = {},
) {
  const key = options.key ?? params.object_key;
  return app.inject({
    method: 'PUT',
    url: options.url ?? `/storage/${params.bucket_name}/${key}`,
    headers: { ...signedPutHeaders(params, key, options), ...options.headers },
    payload: body,
  });
}

/**
 * A small but real audio file of exactly `n` bytes: a WAV header (8 kHz mono 16-bit) and noise,
 * so that the server's measuring at upload finds a sound with a duration.
 */
export function someBytes(n = 4096): Buffer {
  const header = Buffer.alloc(44);
  const data = n - 44;
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, randomBytes(data)]);
}
