import type { FastifyBaseLogger } from 'fastify';
import { remixStems, type Engine } from '@ai-covers/engine';
import type { Db } from '../../platform/db/client';
import type { Owner } from '../../platform/auth/identity';
import { defineFeature } from '../../platform/feature';
import type { ChargedCondition, ToolTasks } from '../credits/credits.service';
import type { FilesService } from '../storage/files/files.service';
import { createRenderEnqueuer, type CoversQueue } from './render/render.queue';
import { startCoversJobs } from './render/render.jobs';
import { createCoversRepo } from './covers.repo';
import { createCoverAssetsRepo } from './covers.assets.repo';
import { createCoverDownloads } from './studio/studio.downloads';
import type { PaidTasks } from './covers.formats';
import { createCoverRemixer } from './studio/studio.remix';
import { createSongLinks, type SongLinksConfig } from './links/song-links';
import { createCoverCreator } from './covers.create';
import { studioRoutes } from './studio/studio.routes';
import { coversRoutes } from './covers.routes';
import { createCoverDescriber } from './covers.describe';
import { createCoversService, type CoversServiceDeps } from './covers.service';
import { createSongTitleReader } from './covers.song-title';
import type { CoverTaskRow } from './covers.schema';
import { coverVoiceName } from './covers.view';

/**
 * AI Covers tasks: the /v1/vsas calls, the render job and its sweep.
 *
 * Two cycles, wired in app.ts once both sides exist: the wallet (credits) tells covers which covers
 * are paid, and asks covers who owns a task and what it is called (`forWallet`, registered with
 * the wallet); cover art reads finished covers, a deleted cover takes its art along
 * (`service.registerRemovalHook`), and the audio downloads carry the art as their picture
 * (`downloads.registerArtwork`).
 */
export function createCoversFeature(deps: {
  db: Db;
  queue: CoversQueue;
  files: FilesService;
  paidTasks: PaidTasks;
  /** The same as a condition inside the views' statement (absent: no task shows as paid). */
  paidCondition?: ChargedCondition;
  /** The cover engine the deployment chose (ENGINE): its voices and its renders. */
  engine: Engine;
  log: FastifyBaseLogger;
  /** Songs from links: which non-public hosts are allowed, and the time limit of a fetch. */
  songLinks: SongLinksConfig;
  /** The caller's own trained voices, usable like built-in ones ("My voices"). */
  ownVoice?: CoversServiceDeps['ownVoice'];
  /** The account's covers read version and its session: signed-in reads are kept against it. */
  readStamp?: CoversServiceDeps['readStamp'];
}) {
  const repo = createCoversRepo(deps.db, deps.paidCondition ? { paid: deps.paidCondition } : {});
  const assets = createCoverAssetsRepo(deps.db);
  const voiceName = (task: Pick<CoverTaskRow, 'voiceId' | 'voiceName'>) =>
    coverVoiceName(task, (id) => deps.engine.getVoice(id)?.name);
  const enqueue = createRenderEnqueuer({ queue: deps.queue, repo, log: deps.log });
  // A deleted task takes its kept files (formats, stems, zip) with it.
  const removeKeptFiles = async (owner: Owner, taskId: string) => {
    // The user's own vocal stem is their upload: it stays in their library.
    const ids = (await assets.listFor([taskId]))
      .filter((a) => a.role !== 'own_vocals')
      .map((a) => a.fileId)
      .filter((id) => id !== null);
    if (ids.length > 0) await deps.files.deleteOwnedFiles(owner, ids);
  };
  const service = createCoversService({
    repo,
    files: deps.files,
    enqueue,
    voices: () => deps.engine.listVoices(),
    songTitle: createSongTitleReader(deps.files),
    beforeRemove: [removeKeptFiles],
    ...(deps.ownVoice ? { ownVoice: deps.ownVoice } : {}),
    ...(deps.readStamp ? { readStamp: deps.readStamp } : {}),
  });
  const downloads = createCoverDownloads({
    repo,
    assets,
    files: deps.files,
    paidTasks: deps.paidTasks,
    voiceName,
    log: deps.log,
  });
  const links = createSongLinks({ files: deps.files, ...deps.songLinks });
  const create = createCoverCreator({ covers: service, links, files: deps.files, assets });
  const remixer = createCoverRemixer({ repo, assets, files: deps.files, remixStems, voiceName });
  /** What the wallet asks of covers: who owns a task before it is charged, and its name in records. */
  const forWallet = {
    lookup: service.taskLookup,
    titles: createCoverDescriber({ repo, voiceName }),
  } satisfies ToolTasks;
  return defineFeature({
    service,
    forWallet,
    downloads,
    remixer,
    links,
    routes: [coversRoutes(service, { create, links }), studioRoutes({ covers: service, downloads, remixer })],
    startJobs: (queue, log) =>
      startCoversJobs({ queue, repo, enqueue, files: deps.files, engine: deps.engine, log, assets }),
  });
}
