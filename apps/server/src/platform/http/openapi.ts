import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT } from '@ai-covers/contracts';

/** Registers the OpenAPI generator; the document is built from the zod schemas of every route. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AI Covers API',
        version: PRODUCT.appVersion,
        description:
          'Every response is the envelope {code, data, msg}; code 0 is success. Codes: 1 error, 401 timeout, 40001 not authorised, 40004 resource error, 490010 re-login (the bearer token names no live session: forged, expired, revoked, or from another issuer), 490026 not available, 490027/490125 verify limit, 490618 no task.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
}

/** `GET /v1/openapi.json`. Registered last so every route is in it. */
export function openApiRoute(app: FastifyInstance): void {
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
