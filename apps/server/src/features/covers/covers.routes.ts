import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COVER_LIMITS,
  Msg,
  cacheBust,
  coverCreateBody,
  coverCreateData,
  coverDeleteBody,
  coverDeleteData,
  coverListData,
  coverListQuery,
  coverResubmitBody,
  coverSubscribeQuery,
  coverTask,
  coverTaskParams,
  coverUriCheckData,
  coverUriCheckQuery,
  envelopeOf,
} from '@ai-covers/contracts';
import { z } from 'zod';
import { requireOwner } from '../../platform/auth/identity';
import type { CoversService } from './covers.service';
import type { SongLinks } from './links/song-links';
import type { CoverCreator } from './covers.create';
import { ok } from '../../platform/http/envelope';

const tags = ['covers'];
/** §7: every GET but the storage signing may carry the `_t` timestamp. */
const timestamp = z.object({ ...cacheBust });
const owner =
  'The caller is the signed-in user (Bearer) or the visitor (x-visitor-id header or ai-covers.uuid cookie).';

/** The AI Covers calls of §7 (/v1/vsas/*, /v1/task/delete); payloads are defined in the contracts. */
export function coversRoutes(
  covers: CoversService,
  studio: { create: CoverCreator; links: Pick<SongLinks, 'check'> },
): FastifyPluginAsyncZod {
  return async (app) => {
    // Long-polls end early when the server shuts down, so a restart never waits 20 s on them.
    const closing = new AbortController();
    app.addHook('preClose', async () => closing.abort());

    app.post(
      '/v1/vsas/create',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Make a cover of a song (an upload or a link) in a voice (a task, status 1 waiting)',
          description: `${owner} file_key is the storage_key of the caller's upload; or external_uri, a direct http(s) link to an audio or video file that the server fetches into the caller's library first (refused with a reason like GET /v1/vsas/uri/check; 413 over the upload limit). Errors: 40004 not the caller's file; 1 not audio, too long, unknown voice; 1 with HTTP 429 when ${COVER_LIMITS.maxActivePerOwner} covers are already in progress.`,
          body: coverCreateBody,
          response: { 200: envelopeOf(coverCreateData) },
        },
      },
      async (request) => ok(await studio.create(requireOwner(request), request.body)),
    );

    app.get(
      '/v1/vsas/result/:task_id',
      {
        schema: {
          tags,
          summary: "The caller's task (490618 when there is none)",
          description: owner,
          params: coverTaskParams,
          querystring: timestamp,
          response: { 200: envelopeOf(coverTask) },
        },
      },
      async (request) => ok(await covers.result(requireOwner(request), request.params.task_id)),
    );

    app.get(
      '/v1/vsas/subscribe/:task_id',
      {
        schema: {
          tags,
          summary: 'Long-poll: answers when status or progress differ from the query, or after 20 s',
          description: `${owner} Without status and progress it answers at once; a finished task answers at once.`,
          params: coverTaskParams,
          querystring: coverSubscribeQuery,
          response: { 200: envelopeOf(coverTask) },
        },
      },
      async (request, reply) => {
        const gone = new AbortController();
        // 'close' before the reply was written means the client went away: stop polling for it.
        reply.raw.on('close', () => gone.abort());
        const signal = AbortSignal.any([gone.signal, closing.signal]);
        const { status, progress } = request.query;
        return ok(
          await covers.subscribe(requireOwner(request), request.params.task_id, { status, progress }, signal),
        );
      },
    );

    app.get(
      '/v1/vsas/list',
      {
        schema: {
          tags,
          summary: "The caller's tasks: by repeated task_ids, or a page, newest first",
          description: owner,
          querystring: coverListQuery,
          response: { 200: envelopeOf(coverListData) },
        },
      },
      async (request) => ok(await covers.list(requireOwner(request), request.query)),
    );

    app.get(
      '/v1/vsas/retry/:task_id',
      {
        schema: {
          tags,
          summary: 'Run a failed (4) or timed-out (6) task again',
          description: `${owner} Unknown task: 490618 'Request failed. Please refresh and try again.' (§8).`,
          params: coverTaskParams,
          querystring: timestamp,
          response: { 200: envelopeOf(coverTask) },
        },
      },
      async (request) => ok(await covers.retry(requireOwner(request), request.params.task_id)),
    );

    app.post(
      '/v1/vsas/resubmit',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'A new task from the same song with other settings (voice, key, backing)',
          description: owner,
          body: coverResubmitBody,
          response: { 200: envelopeOf(coverCreateData) },
        },
      },
      async (request) => ok(await covers.resubmit(requireOwner(request), request.body)),
    );

    app.post(
      '/v1/task/delete',
      {
        schema: {
          tags,
          summary: 'Delete a task and its result files; a running task is closed (5) and stops',
          description: `${owner} Form-encoded task_id.`,
          consumes: ['application/x-www-form-urlencoded'],
          body: coverDeleteBody,
          response: { 200: envelopeOf(coverDeleteData) },
        },
      },
      async (request) => ok(await covers.remove(requireOwner(request), request.body.task_id), Msg.deleteOk),
    );

    app.get(
      '/v1/vsas/uri/check',
      {
        schema: {
          tags,
          summary:
            'Checks a song link: fetches its headers (every redirect checked) and says whether a cover can be made from it, or why not',
          description:
            'ok true: an http(s) link to an audio or video file within the upload limit, on a public address. ok false with the reason: a web page, a video-site page, a private address, too large, no answer… 1 (400) when it is not an http(s) URL at all.',
          querystring: coverUriCheckQuery,
          response: { 200: envelopeOf(coverUriCheckData) },
        },
      },
      async (request) => ok(await studio.links.check(request.query.external_uri)),
    );
  };
}
