import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, shareParams, shareView } from '@ai-covers/contracts';
import { routeIndexHtml, sendHtml, type WebBuild } from '../../platform/http/web';
import { shareHead } from './share-page';
import type { SharesService } from './shares.service';
import { ok } from '../../platform/http/envelope';

const tags = ['shares'];

/**
 * The public side of shares: the page's data, stable addresses of its artwork and video (the Open
 * Graph image must outlive any signed URL), and the page itself with its head tags when the app is
 * served. No call here needs or reveals an account.
 */
export function shareRoutes(deps: {
  shares: SharesService;
  /** The built app, when this process serves it: the page route exists only then. */
  web: WebBuild | null;
  basePath: string;
  publicOrigin: string;
}): FastifyPluginAsyncZod {
  const { shares } = deps;
  return async (app) => {
    app.get(
      '/v1/share/:share_id',
      {
        schema: {
          tags,
          summary:
            'A public share: title, voice, artwork and the watermarked preview (40004 when revoked or unknown)',
          params: shareParams,
          response: { 200: envelopeOf(shareView) },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return ok(await shares.view(request.params.share_id));
      },
    );

    for (const [suffix, read] of [
      ['artwork.jpg', shares.artworkUrl],
      ['video.mp4', shares.videoUrl],
    ] as const) {
      app.get(
        `/v1/share/:share_id/${suffix}`,
        {
          schema: {
            tags,
            summary: `Redirects to a fresh signed URL of a live share's ${suffix === 'artwork.jpg' ? 'artwork' : 'video'}`,
            params: shareParams,
          },
        },
        async (request, reply) => {
          const url = await read(request.params.share_id);
          return reply.header('cache-control', 'no-store').redirect(url, 302);
        },
      );
    }

    // The page: the app shell with the share's head, under the base path (with or without a language).
    const web = deps.web;
    if (!web) return;
    const page = async (request: FastifyRequest<{ Params: { share_id: string } }>, reply: FastifyReply) => {
      const meta = await shares.meta(request.params.share_id);
      const origin = deps.publicOrigin;
      // The app's page with the share page's own preloads (decision 210), sent compressed.
      const indexHtml = routeIndexHtml(web, deps.basePath, 's/:shareId');
      const html = shareHead(indexHtml, meta, { origin, page: origin + request.url.split('?')[0] });
      return sendHtml(reply.code(meta ? 200 : 404).header('cache-control', 'no-cache'), html);
    };
    app.get(`${deps.basePath}/s/:share_id`, { schema: { hide: true } }, page);
    app.get(`${deps.basePath}/:lang(^[a-z]{2}$)/s/:share_id`, { schema: { hide: true } }, page);
  };
}
