import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryData,
  categoryQuery,
  COPY_LANGUAGES,
  DEFAULT_LANGUAGE,
  envelopeOf,
} from '@ai-covers/contracts';
import { badRequest } from '../../platform/http/app-error';
import type { CategoriesService } from './categories.service';

const KNOWN_MODULES = new Set(['ai-covers', 'ai-headshots']);

/** `GET /v1/common/category` (§7). */
export function categoriesRoutes(service: CategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/common/category',
      {
        schema: {
          tags: ['common'],
          summary: 'Option categories of a module (voices for ai-covers, styles for headshots)',
          querystring: categoryQuery,
          response: { 200: envelopeOf(categoryData) },
        },
      },
      async ({ query }) => {
        if (!KNOWN_MODULES.has(query.module)) throw badRequest(`Unknown module: ${query.module}`);
        const lang = (COPY_LANGUAGES as readonly string[]).includes(query.lang ?? '')
          ? query.lang!
          : DEFAULT_LANGUAGE;
        return { code: 0, data: await service.list(query.module, lang, query.count), msg: 'ok' };
      },
    );
  };
}
