import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ossSignData, ossSignQuery } from '@ai-covers/contracts';
import { requireOwner } from '../../../platform/auth/identity';
import type { FilesService } from './files.service';
import { ok } from '../../../platform/http/envelope';

/** `GET /v1/common/oss/sign`: a signed URL of one of the caller's stored images, processed. */
export function filesRoutes(files: FilesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/common/oss/sign',
      {
        schema: {
          tags: ['storage'],
          summary: 'Signed URL of one of the caller’s images with a process (default image/format,jpeg)',
          querystring: ossSignQuery,
          response: { 200: envelopeOf(ossSignData) },
        },
      },
      async (request) => {
        const file = await files.ownedFileByKey(requireOwner(request), request.query.key);
        const data = await files.readUrl(file, { process: request.query.process });
        return ok(data);
      },
    );
  };
}
