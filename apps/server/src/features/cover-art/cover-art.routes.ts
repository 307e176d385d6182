import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COVER_ART_LIMITS,
  artExport,
  artExportBody,
  artRevokeBody,
  artRevokeData,
  artShare,
  artShareBody,
  artStyleBody,
  artUploadBody,
  artVideo,
  artVideoBody,
  artVideoParams,
  coverArt,
  coverArtParams,
  coverArtQuery,
  envelopeOf,
} from '@ai-covers/contracts';
import { requireOwner, requireUser } from '../../platform/auth/identity';
import type { CoverArtService } from './cover-art.service';
import type { ShareVideosService } from './share-videos.service';
import type { SharesService } from './shares.service';
import { ok } from '../../platform/http/envelope';

const tags = ['cover art'];
const owner =
  "The caller owns the finished cover: the signed-in user (Bearer) or the visitor (x-visitor-id). Another owner's cover answers 490618 like a missing one.";

/** The owner's cover art calls: art, style, upload, export, share videos and shares. */
export function coverArtRoutes(deps: {
  art: CoverArtService;
  videos: ShareVideosService;
  shares: SharesService;
}): FastifyPluginAsyncZod {
  const { art, videos, shares } = deps;
  return async (app) => {
    app.get(
      '/v1/cover-art/:task_id',
      {
        schema: {
          tags,
          summary: "A finished cover's art (generated on first use), its exports, share videos and shares",
          description: owner,
          params: coverArtParams,
          querystring: coverArtQuery,
          response: { 200: envelopeOf(coverArt) },
        },
      },
      async (request) => ok(await art.art(requireOwner(request), request.params.task_id)),
    );

    app.post(
      '/v1/cover-art/:task_id/style',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Generated artwork in another style',
          description: owner,
          params: coverArtParams,
          body: artStyleBody,
          response: { 200: envelopeOf(coverArt) },
        },
      },
      async (request) =>
        ok(await art.setStyle(requireOwner(request), request.params.task_id, request.body.style)),
    );

    app.post(
      '/v1/cover-art/:task_id/upload',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "One of the caller's uploaded images (storage_key) as the artwork",
          description: `${owner} Errors (1): empty, not an image, unreadable, larger than ${COVER_ART_LIMITS.maxImageSide} or smaller than ${COVER_ART_LIMITS.minImageSide} pixels a side; 40004 not the caller's file.`,
          params: coverArtParams,
          body: artUploadBody,
          response: { 200: envelopeOf(coverArt) },
        },
      },
      async (request) =>
        ok(await art.useUpload(requireOwner(request), request.params.task_id, request.body.file_key)),
    );

    app.post(
      '/v1/cover-art/:task_id/export',
      {
        bodyLimit: Math.ceil(COVER_ART_LIMITS.maxTitleLayerBytes * 1.4) + 64 * 1024,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Render the design as PNG or JPEG and a layered PSD (background, avatar, title)',
          description: `${owner} The crop is in the artwork's pixels, rounded to whole pixels (§5), inside the image and at the preset's ratio; the title layer is a transparent PNG of the export's size drawn by the browser.`,
          params: coverArtParams,
          body: artExportBody,
          response: { 200: envelopeOf(artExport) },
        },
      },
      async (request) => ok(await art.exportArt(requireOwner(request), request.params.task_id, request.body)),
    );

    app.post(
      '/v1/cover-art/:task_id/videos',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary:
            'Make a share video (MP4, 1080×1080 or 1080×1920) of an export with the watermarked preview',
          description: `${owner} One video at a time per cover (429 while one is being made).`,
          params: coverArtParams,
          body: artVideoBody,
          response: { 200: envelopeOf(artVideo) },
        },
      },
      async (request) => ok(await videos.create(requireOwner(request), request.params.task_id, request.body)),
    );

    app.get(
      '/v1/cover-art/videos/:video_id',
      {
        schema: {
          tags,
          summary: 'A share video with its status and progress',
          description: owner,
          params: artVideoParams,
          querystring: coverArtQuery,
          response: { 200: envelopeOf(artVideo) },
        },
      },
      async (request) => ok(await videos.get(requireOwner(request), request.params.video_id)),
    );

    app.post(
      '/v1/cover-art/:task_id/shares',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary:
            'A public link to an export (and a finished video): the artwork and the watermarked preview only',
          description: 'Signed-in owners only (a public link needs an account that can revoke it).',
          security: [{ bearer: [] }],
          params: coverArtParams,
          body: artShareBody,
          response: { 200: envelopeOf(artShare) },
        },
      },
      async (request) => ok(await shares.create(requireUser(request), request.params.task_id, request.body)),
    );

    app.post(
      '/v1/cover-art/shares/revoke',
      {
        schema: {
          tags,
          summary: "Revoke one of the caller's shares: its page says it is gone",
          security: [{ bearer: [] }],
          body: artRevokeBody,
          response: { 200: envelopeOf(artRevokeData) },
        },
      },
      async (request) => ok(await shares.revoke(requireUser(request), request.body.share_id)),
    );
  };
}
