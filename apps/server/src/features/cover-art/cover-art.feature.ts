import type { FastifyBaseLogger } from 'fastify';
import { getVoice } from '@ai-covers/engine';
import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { WebBuild } from '../../platform/http/web';
import type { CoversService } from '../covers/covers.service';
import type { FilesService } from '../storage/files/files.service';
import { ownVoiceAvatarSvg } from './own-voice-avatar';
import { createVideoEnqueuer, startCoverArtJobs, type CoverArtQueue } from './cover-art.jobs';
import { createCoverArtRepo } from './cover-art.repo';
import { coverArtRoutes } from './cover-art.routes';
import { createCoverArtService } from './cover-art.service';
import { createShareVideosService } from './share-videos.service';
import { createSharesService, SHARE_GRANT } from './shares.service';
import { shareRoutes } from './share.routes';

/**
 * Cover art of finished covers: the artwork, its exports (image + PSD), share videos and public shares.
 *
 * One cycle with covers, written down here and in covers.feature.ts: cover art reads finished
 * covers (at construction), a deleted cover takes its art along (`service.removeCoverArt`), and a
 * cover's audio downloads carry its art (`service.artworkPicture`), both registered with covers in
 * app.ts once both exist.
 */
export function createCoverArtFeature(deps: {
  db: Db;
  queue: CoverArtQueue;
  files: FilesService;
  covers: Pick<CoversService, 'finishedCover'>;
  log: FastifyBaseLogger;
  web: WebBuild | null;
  basePath: string;
  /** Our public origin (PUBLIC_URL): share pages name their own address with it, never with Host. */
  publicOrigin: string;
}) {
  const repo = createCoverArtRepo(deps.db);
  const art = createCoverArtService({
    repo,
    covers: deps.covers,
    files: deps.files,
    // A cover of an own voice (or of one deleted since) still gets art: its own drawn avatar.
    avatarSvg: (voiceId) => getVoice(voiceId)?.avatarSvg ?? ownVoiceAvatarSvg(voiceId),
  });
  const enqueue = createVideoEnqueuer({ queue: deps.queue, repo, log: deps.log });
  const videos = createShareVideosService({ repo, art, files: deps.files, enqueue });
  const shares = createSharesService({ repo, covers: deps.covers, art, files: deps.files });
  deps.files.registerGrant(SHARE_GRANT, shares.isLive);
  return defineFeature({
    service: art,
    videos,
    shares,
    routes: [
      coverArtRoutes({ art, videos, shares }),
      shareRoutes({ shares, web: deps.web, basePath: deps.basePath, publicOrigin: deps.publicOrigin }),
    ],
    startJobs: (queue, log) =>
      startCoverArtJobs({ queue, repo, covers: deps.covers, files: deps.files, log }),
  });
}
