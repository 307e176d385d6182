import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderParams } from '@ai-covers/contracts';
import { z } from 'zod';
import type { SandboxCheckout } from './sandbox.service';
import { renderSandboxPage } from './sandbox-page';
import { sandboxLang } from './sandbox-copy';

const token = z.object({ t: z.string().trim().min(1, 'is required').max(64) });

/** The sandbox checkout page (embedded default): server-rendered, answered with two plain forms. */
export function sandboxRoutes(checkout: SandboxCheckout, basePath: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/billing/sandbox/:id',
      {
        schema: {
          tags: ['billing'],
          summary: 'Sandbox checkout page (HTML)',
          params: orderParams,
          querystring: token,
        },
      },
      async (request, reply) => {
        const { order } = await checkout.page(request.params.id, request.query.t);
        const lang = sandboxLang(order.returnPath, request.headers['accept-language']);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderSandboxPage({ order, token: request.query.t, basePath, lang }));
      },
    );
    for (const decision of ['confirm', 'decline'] as const) {
      app.post(
        `/v1/billing/sandbox/:id/${decision}`,
        {
          schema: {
            tags: ['billing'],
            summary: `Sandbox checkout: ${decision} (form post)`,
            params: orderParams,
            body: token,
          },
        },
        async (request, reply) => {
          const { returnTo } = await checkout.decide(request.params.id, request.body.t, decision);
          // returnTo is the order's own path on this site (validated at checkout): never an open redirect.
          return reply.code(303).redirect(`${basePath}${returnTo}`);
        },
      );
    }
  };
}
