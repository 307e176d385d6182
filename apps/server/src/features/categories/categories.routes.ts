import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryData,
  categoryQuery,
  COPY_LANGUAGES,
  DEFAULT_LANGUAGE,
  envelopeOf,
} from '@ai-covers/contracts';
import { badRequest } from '../../platform/http/app-error';
import { cachedBody, createResponseCache, sendCached } from '../../platform/http/cache';
import type { CategoriesService } from './categories.service';
import { ok } from '../../platform/http/envelope';

const KNOWN_MODULES = new Set(['ai-covers', 'ai-headshots']);
const categoryEnvelope = envelopeOf(categoryData);
/** §9: clients keep the category list 30 minutes; the same for any cache on the way. */
export const CATEGORY_CACHE_CONTROL = 'public, max-age=1800';

/** `GET /v1/common/category` (§7). */
export function categoriesRoutes(service: CategoriesService): FastifyPluginAsyncZod {
  // The lists change only when seeded: keep each answer serialised. A minute bounds how long a
  // seed written by another process goes unseen here.
  const cache = createResponseCache({ ttlMs: 60_000 });
  return async (app) => {
    app.get(
      '/v1/common/category',
      {
        schema: {
          tags: ['common'],
          summary: 'Option categories of a module (voices for ai-covers, styles for headshots)',
          description: `Cached: ETag and Cache-Control (${CATEGORY_CACHE_CONTROL}); 304 on a matching If-None-Match.`,
          querystring: categoryQuery,
          response: { 200: envelopeOf(categoryData) },
        },
      },
      async (request, reply) => {
        const { query } = request;
        if (!KNOWN_MODULES.has(query.module)) throw badRequest(`Unknown module: ${query.module}`);
        const lang = (COPY_LANGUAGES as readonly string[]).includes(query.lang ?? '')
          ? query.lang!
          : DEFAULT_LANGUAGE;
        const key = `${service.generation()}|${query.module}|${lang}|${query.count ?? ''}`;
        const cached = await cache.get(key, async () =>
          cachedBody(categoryEnvelope, ok(await service.list(query.module, lang, query.count))),
        );
        return sendCached(request, reply, cached, CATEGORY_CACHE_CONTROL);
      },
    );
  };
}
