import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HeadshotMsg,
  cacheBust,
  envelopeOf,
  headshotDeleteAllBody,
  headshotBackdropPreviewBody,
  headshotBackdropPreviewData,
  headshotDeclinedRemoveData,
  headshotDeleteAllData,
  headshotOnePackData,
  headshotPackDeleteData,
  headshotPackDetailData,
  headshotPackParams,
  headshotPacksData,
  headshotPhotoAddBody,
  headshotPhotoData,
  headshotPhotoDeleteData,
  headshotPhotoParams,
  headshotPhotosData,
  headshotPlansData,
  headshotPreviewBody,
  headshotShareData,
  headshotShareParams,
  headshotShareView,
  headshotStylesData,
  headshotStylesQuery,
  headshotSubmitBody,
  headshotTrialBody,
  headshotZipData,
  headshotZipQuery,
} from '@ai-covers/contracts';
import { requireUser } from '../../platform/auth/identity';
import type { BackdropPreviews } from './headshots.preview';
import type { HeadshotsService } from './headshots.service';
import { zipStream } from '../../platform/format/zip';
import type { ObjectStore } from '../../platform/storage/object-store';
import { ok } from '../../platform/http/envelope';

const tags = ['headshots'];
const timestamp = z.object({ ...cacheBust });
const signedIn = 'Needs sign-in (40001 otherwise).';

/** The AI Headshots calls (`/v1/headshots/...`); payloads are the contracts' headshot schemas. */
export function headshotsRoutes(
  service: HeadshotsService,
  deps: { store: ObjectStore; publicUrl: string | undefined; previews: BackdropPreviews },
): FastifyPluginAsyncZod {
  const origin = (request: FastifyRequest) =>
    deps.publicUrl ? new URL(deps.publicUrl).origin : `${request.protocol}://${request.host}`;

  return async (app) => {
    app.get(
      '/v1/headshots/plans',
      {
        schema: {
          tags,
          summary: 'Plans, whether packs sell, the caller’s unused paid packs and A/B tests',
          querystring: timestamp,
          response: { 200: envelopeOf(headshotPlansData) },
        },
      },
      async (request) => ok(await service.plans(request.identity?.userId ?? null)),
    );

    app.get(
      '/v1/headshots/styles',
      {
        schema: {
          tags,
          summary: 'Styles and the §3 background menu',
          querystring: headshotStylesQuery,
          response: { 200: envelopeOf(headshotStylesData) },
        },
      },
      async () => ok(service.styles()),
    );

    app.get(
      '/v1/headshots/photos',
      {
        schema: {
          tags,
          summary: 'The upload page’s photos and their checks',
          description: signedIn,
          querystring: timestamp,
          response: { 200: envelopeOf(headshotPhotosData) },
        },
      },
      async (request) => ok(await service.listPhotos(requireUser(request))),
    );

    app.post(
      '/v1/headshots/photos',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Add an uploaded image (storage file id); its check runs in the background',
          description: `${signedIn} At most 20 photos: the 21st gives '${HeadshotMsg.imageLimit}'. A non-image gives 'Format not supported'; another user's file 40004.`,
          body: headshotPhotoAddBody,
          response: { 200: envelopeOf(headshotPhotoData) },
        },
      },
      async (request) => ({
        ...ok({
          photo: await service.addPhoto(requireUser(request), request.body.file_id, request.body.replace_id),
        }),
      }),
    );

    app.get(
      '/v1/headshots/photos/:photo_id',
      {
        schema: {
          tags,
          summary: 'One photo and its check',
          description: signedIn,
          params: headshotPhotoParams,
          querystring: timestamp,
          response: { 200: envelopeOf(headshotPhotoData) },
        },
      },
      async (request) => ok({ photo: await service.getPhoto(requireUser(request), request.params.photo_id) }),
    );

    app.delete(
      '/v1/headshots/photos/:photo_id',
      {
        schema: {
          tags,
          summary: 'Remove a photo from the upload page (its bytes too)',
          description: signedIn,
          params: headshotPhotoParams,
          response: { 200: envelopeOf(headshotPhotoDeleteData) },
        },
      },
      async (request) => {
        await service.deletePhoto(requireUser(request), request.params.photo_id);
        return ok({ id: request.params.photo_id, deleted: true as const }, 'Delete successful');
      },
    );

    app.post(
      '/v1/headshots/photos/:photo_id/backdrop-preview',
      {
        // Each uncached preview runs the pipeline: a few a minute is what choosing tiles needs.
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'One of the caller’s approved photos rendered in a style, before paying (503 while busy)',
          description: signedIn,
          params: headshotPhotoParams,
          body: headshotBackdropPreviewBody,
          response: { 200: envelopeOf(headshotBackdropPreviewData) },
        },
      },
      async (request) =>
        ok(await deps.previews.preview(requireUser(request), request.params.photo_id, request.body.style)),
    );

    app.post(
      '/v1/headshots/photos/remove-declined',
      {
        schema: {
          tags,
          summary: 'Remove every declined photo from the upload page at once (their bytes too)',
          description: signedIn,
          querystring: timestamp,
          response: { 200: envelopeOf(headshotDeclinedRemoveData) },
        },
      },
      async (request) =>
        ok({ deleted: await service.removeDeclined(requireUser(request)) }, 'Delete successful'),
    );

    app.get(
      '/v1/headshots/packs',
      {
        schema: {
          tags,
          summary: 'The caller’s packs, newest first (empty: none yet)',
          description: signedIn,
          querystring: timestamp,
          response: { 200: envelopeOf(headshotPacksData) },
        },
      },
      async (request) => ok({ rows: await service.listPacks(requireUser(request)) }),
    );

    app.post(
      '/v1/headshots/packs',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Spend one paid pack on approved photos and styles; generation starts',
          description: `${signedIn} Refused without agreement (1), without an unused paid pack of the plan (490026), with photos that are not the caller's, approved and on the upload page.`,
          body: headshotSubmitBody,
          response: { 200: envelopeOf(headshotOnePackData) },
        },
      },
      async (request) => ok({ pack: await service.submit(requireUser(request), request.body) }),
    );

    app.get(
      '/v1/headshots/packs/:pack_id',
      {
        schema: {
          tags,
          summary: 'A pack with its results and share links',
          description: signedIn,
          params: headshotPackParams,
          querystring: timestamp,
          response: { 200: envelopeOf(headshotPackDetailData) },
        },
      },
      async (request) =>
        ok(await service.packDetail(requireUser(request), request.params.pack_id, origin(request))),
    );

    app.post(
      '/v1/headshots/packs/:pack_id/retry',
      {
        schema: {
          tags,
          summary: 'Generate a failed pack again (no new charge)',
          description: signedIn,
          params: headshotPackParams,
          response: { 200: envelopeOf(headshotOnePackData) },
        },
      },
      async (request) =>
        ok({ pack: await service.retry(requireUser(request), request.params.pack_id) }, HeadshotMsg.retryOk),
    );

    app.post(
      '/v1/headshots/packs/:pack_id/delete',
      {
        schema: {
          tags,
          summary: 'Delete one pack, its results and photos (bytes too)',
          description: signedIn,
          params: headshotPackParams,
          response: { 200: envelopeOf(headshotPackDeleteData) },
        },
      },
      async (request) => {
        await service.deletePack(requireUser(request), request.params.pack_id);
        return ok({ id: request.params.pack_id, deleted: true as const }, 'Delete successful');
      },
    );

    app.get(
      '/v1/headshots/packs/:pack_id/zip',
      {
        schema: {
          tags,
          summary: 'A short-lived link streaming the chosen results (none: all) as a zip',
          description: signedIn,
          params: headshotPackParams,
          querystring: headshotZipQuery,
          response: { 200: envelopeOf(headshotZipData) },
        },
      },
      async (request) =>
        ok(await service.zipLink(requireUser(request), request.params.pack_id, request.query.ids)),
    );

    app.get(
      '/v1/headshots/zip',
      {
        schema: {
          tags,
          summary: 'The zip of a signed link, streamed (no sign-in)',
          querystring: z.object({ token: z.string().min(1).max(8000) }),
        },
      },
      async (request, reply) => {
        const { name, results } = await service.zipContents(request.query.token);
        const stream = zipStream(
          results.map((r) => ({ name: r.name, open: () => deps.store.read(r.storageKey) })),
        );
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.post(
      '/v1/headshots/packs/:pack_id/shares',
      {
        schema: {
          tags,
          summary: 'A public link to a finished pack',
          description: signedIn,
          params: headshotPackParams,
          response: { 200: envelopeOf(headshotShareData) },
        },
      },
      async (request) =>
        ok({
          share: await service.createShare(requireUser(request), request.params.pack_id, origin(request)),
        }),
    );

    app.post(
      '/v1/headshots/shares/:share_id/revoke',
      {
        schema: {
          tags,
          summary: 'Turn a public link off (its page then says so)',
          description: signedIn,
          params: headshotShareParams,
          response: { 200: envelopeOf(headshotShareData) },
        },
      },
      async (request) =>
        ok({
          share: await service.revokeShare(requireUser(request), request.params.share_id, origin(request)),
        }),
    );

    app.get(
      '/v1/headshots/shares/:share_id',
      {
        schema: {
          tags,
          summary: 'A shared pack as a visitor sees it (no sign-in; 410 once revoked)',
          params: headshotShareParams,
          querystring: timestamp,
          response: { 200: envelopeOf(headshotShareView) },
        },
      },
      async (request) =>
        ok(await service.publicShare(request.params.share_id, request.identity?.userId ?? null)),
    );

    app.post(
      '/v1/headshots/delete-all',
      {
        schema: {
          tags,
          summary: 'Delete every pack, result and photo of the account, bytes too (permanent)',
          description: signedIn,
          body: headshotDeleteAllBody,
          response: { 200: envelopeOf(headshotDeleteAllData) },
        },
      },
      async (request) => ok(await service.deleteAll(requireUser(request)), 'Delete successful'),
    );

    app.post(
      '/v1/headshots/trial',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'A/B portrait trial picture: one free watermarked result before paying, once',
          description: `${signedIn} 490026 when the test is off for the account.`,
          body: headshotTrialBody,
          response: { 200: envelopeOf(headshotOnePackData) },
        },
      },
      async (request) => ok({ pack: await service.submitFree(requireUser(request), 'trial', request.body) }),
    );

    app.post(
      '/v1/headshots/previews',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'A/B portrait pre-generation: free watermarked previews while the plan is picked',
          description: `${signedIn} 490026 when the test is off for the account.`,
          body: headshotPreviewBody,
          response: { 200: envelopeOf(headshotOnePackData) },
        },
      },
      async (request) =>
        ok({ pack: await service.submitFree(requireUser(request), 'preview', request.body) }),
    );
  };
}
