import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coverDownloadData,
  coverDownloadQuery,
  coverRemixBody,
  coverTask,
  coverTaskParams,
  envelopeOf,
} from '@ai-covers/contracts';
import { requireOwner, requireUser } from '../../../platform/auth/identity';
import type { CoverDownloads } from './studio.downloads';
import type { CoverRemixer } from './studio.remix';
import type { CoversService } from '../covers.service';
import { ok } from '../../../platform/http/envelope';

const tags = ['covers'];
const bearer = [{ bearer: [] }];

/** The studio calls on a finished cover: download in a chosen format, remix with other levels. */
export function studioRoutes(deps: {
  covers: CoversService;
  downloads: CoverDownloads;
  remixer: CoverRemixer;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/vsas/download/:task_id',
      {
        schema: {
          tags,
          summary:
            'A signed URL of one format (wav, mp3 320k, mp3_low 128k, stems zip), after GET /v1/deduct charged the download',
          description:
            "One charge unlocks every format of the task; re-downloads are free. 40001 not signed in; 490010 a dead token (sign in again); 490618 not the caller's task; 1 not done yet; 490026 'This download is not unlocked yet…' before the charge; 490026 'This format is not available for this cover.' when the task has no such file (covers made before formats existed). The MP3 128k is encoded from the WAV on its first download (seconds longer), then kept; 1 with 503 when that encode fails.",
          security: bearer,
          params: coverTaskParams,
          querystring: coverDownloadQuery,
          response: { 200: envelopeOf(coverDownloadData) },
        },
      },
      async (request) =>
        ok(await deps.downloads.download(requireUser(request), request.params.task_id, request.query.format)),
    );

    app.post(
      '/v1/vsas/remix',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Mix a finished cover again from its stems: vocal level, instrumental level, reverb',
          description:
            'The caller is the signed-in user (Bearer) or the visitor. Levels are linear gains 0..2 (1 = as rendered), reverb 0..1. The new mix becomes the task’s result (seconds, no new render); a paid download stays paid. 490618 not the caller’s task; 1 with 409 not done or no stems kept; 1 with 429 when the server is mixing others.',
          body: coverRemixBody,
          response: { 200: envelopeOf(coverTask) },
        },
      },
      async (request) => {
        const owner = requireOwner(request);
        const { task_id, ...mix } = request.body;
        await deps.remixer.remix(owner, task_id, mix);
        return ok(await deps.covers.result(owner, task_id));
      },
    );
  };
}
