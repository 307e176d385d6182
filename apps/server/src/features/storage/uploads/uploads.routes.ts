import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  storageConfirmBody,
  storageTokenData,
  storageTokenQuery,
  uploadedFile,
} from '@ai-covers/contracts';
import { requireOwner } from '../../../platform/auth/identity';
import type { UploadsService } from './uploads.service';
import { ok } from '../../../platform/http/envelope';

/**
 * Where the browser reaches this server: PUBLIC_URL when set, else '' so that URLs are same-origin
 * paths (`/storage`, `/v1/storage/callback`) and survive dev proxies that rewrite Host.
 */
function publicBase(publicUrl: string | undefined): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : '';
}

/** `GET /v1/storage/token`, `POST /v1/storage/callback`, `POST /v1/storage/confirm`. */
export function uploadsRoutes(
  deps: { uploads: UploadsService },
  opts: {
    publicUrl?: string | undefined;
    /** The host of PUBLIC_URL (or localhost:PORT): never the request's Host, which a client picks. */
    callbackHost: string;
  },
): FastifyPluginAsyncZod {
  const { uploads } = deps;
  return async (app) => {
    app.get(
      '/v1/storage/token',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['storage'],
          summary: 'Upload credentials for one file (§3, §7): temporary, one key prefix of one owner',
          description:
            "kind 'passport-photo-maker' maps to 'bgremover'. With driver 'oss' sign a PUT to " +
            '{bucket_endpoint}/{bucket_name}/{object_key} (HMAC-SHA1, §7); with driver s3 PUT to upload_url ' +
            'and then POST /v1/storage/confirm. Each credential records one file.',
          querystring: storageTokenQuery,
          response: { 200: envelopeOf(storageTokenData) },
        },
      },
      async (request) => {
        const owner = requireOwner(request);
        const base = publicBase(opts.publicUrl);
        const data = await uploads.issueToken(owner, request.query, base, opts.callbackHost);
        return ok(data);
      },
    );

    app.post(
      '/v1/storage/callback',
      {
        // The object store calls it, server to server; the body's signature is the authority.
        config: { crossSite: true },
        schema: {
          tags: ['storage'],
          summary: 'Upload callback (§3 fields). Only the object store can call it: the body is signed',
          headers: z.object({ 'x-storage-signature': z.string().max(128).optional() }),
          body: z.record(z.string(), z.union([z.string(), z.number()])),
          response: { 200: envelopeOf(uploadedFile) },
        },
      },
      async (request) => {
        const file = await uploads.handleCallback(request.body, request.headers['x-storage-signature'] ?? '');
        return ok(file);
      },
    );

    app.post(
      '/v1/storage/confirm',
      {
        schema: {
          tags: ['storage'],
          summary:
            'S3 driver: the presigned PUT finished; the server checks the object (HEAD) and records it',
          body: storageConfirmBody,
          response: { 200: envelopeOf(uploadedFile) },
        },
      },
      async ({ body }) => {
        const file = await uploads.confirmUpload(body.security_token, {
          ...(body.file_name !== undefined ? { 'x:file_name': body.file_name } : {}),
          ...(body.description !== undefined ? { 'x:description': body.description } : {}),
          ...(body.action !== undefined ? { 'x:action': body.action } : {}),
          ...(body.duration !== undefined ? { 'x:duration': String(body.duration) } : {}),
        });
        return ok(file);
      },
    );
  };
}
