import fs from 'node:fs';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Engine } from '@ai-covers/engine';
import { notFound } from '../../platform/http/app-error';

const params = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a voice id') });

/** Avatar and sample clip of a voice of the engine; both are public and cacheable. */
export function voicesRoutes(engine: Pick<Engine, 'getVoice'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/voices/:id/avatar.svg',
      { schema: { tags: ['voices'], summary: 'Generated avatar of a built-in voice (SVG)', params } },
      async (request, reply) => {
        const voice = engine.getVoice(request.params.id);
        if (!voice) throw notFound(`Unknown voice: ${request.params.id}`);
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .send(voice.avatarSvg);
      },
    );
    app.get(
      '/v1/voices/:id/sample.mp3',
      {
        schema: {
          tags: ['voices'],
          summary: 'Sample clip of a built-in voice, rendered by the engine',
          params,
        },
      },
      async (request, reply) => {
        const voice = engine.getVoice(request.params.id);
        if (!voice || !fs.existsSync(voice.samplePath))
          throw notFound(`No sample for voice: ${request.params.id}`);
        const size = fs.statSync(voice.samplePath).size;
        return reply
          .type('audio/mpeg')
          .header('content-length', size)
          .header('cache-control', 'public, max-age=86400')
          .send(fs.createReadStream(voice.samplePath));
      },
    );
  };
}
