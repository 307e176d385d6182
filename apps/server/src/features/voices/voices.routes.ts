import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Engine } from '@ai-covers/engine';
import { notFound } from '../../platform/http/app-error';
import { matchesIfNoneMatch } from '../../platform/http/cache';

const params = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a voice id') });

const PUBLIC_DAY = 'public, max-age=86400';
const tagOf = (bytes: string | Buffer) => `"${createHash('sha1').update(bytes).digest('base64url')}"`;

/** A public file answer with its tag: 304 with no body when the client holds the same bytes. */
function sendTagged(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { bytes: string | Buffer; etag: string; type: string },
): FastifyReply {
  reply.header('etag', file.etag).header('cache-control', PUBLIC_DAY);
  if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  return reply.type(file.type).send(file.bytes);
}

/** Avatar and sample clip of a voice of the engine; both are public and cacheable. */
export function voicesRoutes(engine: Pick<Engine, 'getVoice'>): FastifyPluginAsyncZod {
  // Each voice's files, kept in memory once read (a few small files): no file system per request.
  const avatars = new Map<string, { bytes: string; etag: string; type: string }>();
  const samples = new Map<string, Promise<{ bytes: Buffer; etag: string; type: string } | null>>();
  const sampleOf = (id: string, file: string) => {
    let found = samples.get(id);
    if (!found) {
      found = fs.promises.readFile(file).then(
        (bytes) => ({ bytes, etag: tagOf(bytes), type: 'audio/mpeg' }),
        () => null,
      );
      samples.set(id, found);
      // A sample not there yet (an engine renders it later) is looked for again next time.
      void found.then((sample) => {
        if (!sample) samples.delete(id);
      });
    }
    return found;
  };
  return async (app) => {
    app.get(
      '/v1/voices/:id/avatar.svg',
      { schema: { tags: ['voices'], summary: 'Generated avatar of a built-in voice (SVG)', params } },
      async (request, reply) => {
        const voice = engine.getVoice(request.params.id);
        if (!voice) throw notFound(`Unknown voice: ${request.params.id}`);
        let avatar = avatars.get(voice.id);
        if (!avatar) {
          avatar = { bytes: voice.avatarSvg, etag: tagOf(voice.avatarSvg), type: 'image/svg+xml' };
          avatars.set(voice.id, avatar);
        }
        return sendTagged(request, reply as FastifyReply, avatar);
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
        const sample = voice ? await sampleOf(voice.id, voice.samplePath) : null;
        if (!sample) throw notFound(`No sample for voice: ${request.params.id}`);
        return sendTagged(request, reply as FastifyReply, sample);
      },
    );
  };
}
