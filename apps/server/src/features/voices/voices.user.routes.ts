import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MY_VOICE_CONSENT,
  MY_VOICE_LIMITS,
  Msg,
  MyVoiceMsg,
  envelopeOf,
  myVoiceCreateBody,
  myVoiceData,
  myVoiceDeleteData,
  myVoiceParams,
  myVoicesData,
  myVoicesQuery,
} from '@ai-covers/contracts';
import { requireUser } from '../../platform/auth/identity';
import type { UserVoicesService } from './voices.user.service';
import { ok } from '../../platform/http/envelope';

const tags = ['my-voices'];
const signedIn = `Needs sign-in (40001 '${Msg.notLoggedIn}'). Another account's voice id answers 40004 '${MyVoiceMsg.noVoice}'.`;

/** "My voices": the account's own trained voices (`/v1/my-voices/...`). */
export function userVoicesRoutes(service: UserVoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/my-voices',
      {
        schema: {
          tags,
          summary: "The caller's own voices, newest first",
          description: signedIn,
          querystring: myVoicesQuery,
          response: { 200: envelopeOf(myVoicesData) },
        },
      },
      async (request) => ok({ list: await service.list(requireUser(request)) }),
    );

    app.post(
      '/v1/my-voices',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Make a voice from an uploaded recording (training runs in the background; free)',
          description: `${signedIn} consent must be true ('${MY_VOICE_CONSENT.text}', version ${MY_VOICE_CONSENT.version}); it is stored with the time and the account. The recording (sample_key: the caller's upload) is ${MY_VOICE_LIMITS.minSeconds} s to ${MY_VOICE_LIMITS.maxSeconds / 60} min of clean singing or speech. Errors: 1 no consent, not audio, too short or too long; 40004 not the caller's file; 1 with HTTP 429 while another of the caller's voices trains; 1 at ${MY_VOICE_LIMITS.maxVoices} voices. A silent recording, or one with too little voice, fails its training (status 4 with the reason).`,
          body: myVoiceCreateBody,
          response: { 200: envelopeOf(myVoiceData) },
        },
      },
      async (request) => ok(await service.create(requireUser(request), request.body)),
    );

    app.get(
      '/v1/my-voices/:voice_id',
      {
        schema: {
          tags,
          summary: 'One voice: its training status and progress',
          description: signedIn,
          params: myVoiceParams,
          querystring: myVoicesQuery,
          response: { 200: envelopeOf(myVoiceData) },
        },
      },
      async (request) => ok(await service.get(requireUser(request), request.params.voice_id)),
    );

    app.post(
      '/v1/my-voices/:voice_id/retry',
      {
        schema: {
          tags,
          summary: 'Train a failed or timed-out voice again from the same recording',
          description: signedIn,
          params: myVoiceParams,
          response: { 200: envelopeOf(myVoiceData) },
        },
      },
      async (request) => ok(await service.retry(requireUser(request), request.params.voice_id)),
    );

    app.post(
      '/v1/my-voices/:voice_id/delete',
      {
        schema: {
          tags,
          summary: 'Delete a voice with its recording and profile; covers made with it stay',
          description: `${signedIn} New covers with the voice are refused afterwards ('Unknown voice.').`,
          params: myVoiceParams,
          response: { 200: envelopeOf(myVoiceDeleteData) },
        },
      },
      async (request) => {
        await service.remove(requireUser(request), request.params.voice_id);
        return ok({ voice_id: request.params.voice_id, deleted: true as const }, Msg.deleteOk);
      },
    );
  };
}
