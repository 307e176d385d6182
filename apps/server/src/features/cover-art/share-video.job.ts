import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  COVER_ART_LIMITS,
  CoverArtMsg,
  TaskStatus,
  VIDEO_FORMATS,
  type VideoFormat,
} from '@ai-covers/contracts';
import type { CoversService } from '../covers/covers.service';
import { videoFrame, waveformBand } from './art-render';
import type { CoverArtRepo } from './cover-art.repo';
import { fileSafe } from './cover-art.view';
import { storeFor, type ArtFiles } from './cover-art.service';
import { probeDuration, progressSeconds, runTool, shareVideoArgs } from './share-video-ffmpeg';
import { readStored } from './stored-bytes';

export const VIDEO_JOB = 'cover-art.video';

export interface VideoJobDeps {
  repo: CoverArtRepo;
  covers: Pick<CoversService, 'finishedCover'>;
  files: ArtFiles;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Stop a run after this long (default COVER_ART_LIMITS.videoTimeoutSeconds). */
  timeoutMs?: number;
  /** Longest video (seconds); the preview is at most 30 s. Tests make shorter ones. */
  maxSeconds?: number;
  /** At most one progress write per interval (default 1 s). */
  progressIntervalMs?: number;
  tmpRoot?: string;
  shutdown?: AbortSignal;
}

export type VideoOutcome = 'skipped' | 'done' | 'failed' | 'timeout' | 'discarded' | 'released';

/**
 * One run of the share video job: the export's artwork as a still frame, the cover's watermarked
 * preview as the sound (never the full cover: that one is sold), a waveform drawn from the sound.
 */
export async function renderShareVideo(
  deps: VideoJobDeps,
  videoId: string,
  jobId: string,
): Promise<VideoOutcome> {
  const video = await deps.repo.claimVideo(videoId, jobId);
  if (!video) return 'skipped';
  const tmp = await fs.promises.mkdtemp(path.join(deps.tmpRoot ?? os.tmpdir(), 'share-video-'));
  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort('timeout'),
    deps.timeoutMs ?? COVER_ART_LIMITS.videoTimeoutSeconds * 1000,
  );
  const onShutdown = () => stop.abort('shutdown');
  deps.shutdown?.addEventListener('abort', onShutdown, { once: true });
  try {
    const cover = await deps.covers.finishedCover(video.taskId);
    const exported = await deps.repo.findExport(video.taskId, video.exportId);
    if (!cover?.preview || !exported) {
      await deps.repo.failVideo(videoId, jobId, TaskStatus.failed, CoverArtMsg.noPreview);
      return 'failed';
    }
    const size = VIDEO_FORMATS[video.format as VideoFormat];
    const framePath = path.join(tmp, 'frame.png');
    await fs.promises.writeFile(
      framePath,
      await videoFrame(await readStored(deps.files, exported.imageKey), size),
    );
    const audio = await deps.files.localFile({ storageKey: cover.preview.storageKey, ext: 'mp3' }, tmp);
    const seconds = Math.min(await probeDuration(audio, stop.signal), deps.maxSeconds ?? Infinity);
    const output = path.join(tmp, 'share.mp4');
    const interval = deps.progressIntervalMs ?? 1000;
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    await runTool(
      'ffmpeg',
      shareVideoArgs({
        frame: framePath,
        audio,
        output,
        size,
        band: waveformBand(size),
        maxSeconds: seconds,
      }),
      {
        signal: stop.signal,
        onStdout: (text) => {
          const done = progressSeconds(text);
          if (done === null || Date.now() - lastWrite < interval) return;
          lastWrite = Date.now();
          const progress = Math.min(0.99, Math.max(0, done / seconds));
          writing = deps.repo.reportVideoProgress(videoId, jobId, progress).catch(() => false);
        },
      },
    );
    await writing;
    const duration = await probeDuration(output, stop.signal);
    const stored = await storeFor(deps.files, cover)(
      await fs.promises.readFile(output),
      `${fileSafe(exported.title)} (share video ${video.format}).mp4`,
      'art-video',
    );
    const kept = await deps.repo.finishVideo(videoId, jobId, {
      fileId: stored.id,
      fileKey: stored.storage_key,
      duration: Math.round(duration * 1000) / 1000,
    });
    if (kept) return 'done';
    // Deleted or taken over while it was being stored: the file belongs to nothing.
    await deps.files.deleteOwnedFiles(cover.owner, [stored.id]);
    return 'discarded';
  } catch (error) {
    if (stop.signal.reason === 'shutdown') {
      // A deploy, not the video's fault: the queue's retry makes it again.
      throw error;
    }
    if (stop.signal.reason === 'timeout') {
      await deps.repo.failVideo(videoId, jobId, TaskStatus.timeout, CoverArtMsg.videoTimedOut);
      return 'timeout';
    }
    deps.log.error({ err: error, videoId }, 'share video failed');
    await deps.repo.failVideo(videoId, jobId, TaskStatus.failed, CoverArtMsg.videoFailed);
    return 'failed';
  } finally {
    clearTimeout(timer);
    deps.shutdown?.removeEventListener('abort', onShutdown);
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}
