import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, CoverMsg, Msg, TaskStatus, type CoverDownloadFormat } from '@ai-covers/contracts';
import { decodeInputArgs } from '@ai-covers/engine';
import type { Owner } from '../../../platform/auth/identity';
import { AppError } from '../../../platform/http/app-error';
import { writeStoredZip } from '../../../platform/format/zip';
import { runConfined, type RunLimits } from '../../../platform/media/confined';
import type { FilesService } from '../../storage/files/files.service';
import type { AssetRole, CoverAssetsRepo, KeptFile } from '../covers.assets.repo';
import { STEMS, type PaidTasks } from '../covers.formats';
import type { CoversRepo } from '../covers.repo';
import type { CoverTaskRow } from '../covers.schema';
import { coverFileName, coverTitle, songTitle } from '../covers.view';
import { makeScratch, scratchRoot } from '../render/render.lease';
import { writeTaggedMp3, writeTaggedWav } from './audio-tags';
import { channelsOf, inSongChannels } from './stems-channels';

/** The picture a cover's downloads carry (a square JPEG), or null; given by cover art. */
export type ArtworkPicture = (taskId: string) => Promise<Buffer | null>;

/** Where a tagged copy of each audio format is kept (replaced at each download: art may change). */
const TAGGED_ROLE = { mp3: 'tagged_mp3', mp3_low: 'tagged_mp3_low', wav: 'tagged_wav' } as const;

/**
 * The MP3 128k's encode from the WAV: about 3 s of processor time for a 3-minute song, so a
 * ten-minute one on a busy machine stays well inside the limit. The memory limit is far above
 * what the encoder takes.
 */
const LOW_MP3_LIMITS: RunLimits = { timeoutMs: 120_000, memoryBytes: 1024 ** 3 };

/** ffmpeg's arguments that encode a kept WAV to the MP3 128k (its audio only, at its own rate). */
function lowMp3Args(wav: string, out: string): string[] {
  return [...decodeInputArgs(wav), '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', '-y', out];
}

/** The file name a format is saved as. */
export function downloadName(title: string, voiceName: string, format: CoverDownloadFormat): string {
  if (format === 'stems') return `${coverFileName(title, voiceName, ' stems').slice(0, -4)}.zip`;
  if (format === 'wav') return `${coverFileName(title, voiceName).slice(0, -4)}.wav`;
  return coverFileName(title, voiceName, format === 'mp3_low' ? ' 128k' : '');
}

/**
 * The paid downloads of a finished cover: one charge (GET /v1/deduct) unlocks every format of the
 * task, and each format is then free to fetch again. The stems zip and the MP3 128k are made on
 * their first download and kept (decision 255).
 */
export function createCoverDownloads(deps: {
  repo: Pick<CoversRepo, 'findOwned'>;
  assets: Pick<CoverAssetsRepo, 'listFor' | 'keepIfAbsent' | 'keepMadeFrom' | 'keep'>;
  files: Pick<FilesService, 'readUrl' | 'localFile' | 'storeOutput' | 'deleteOwnedFiles'>;
  paidTasks: PaidTasks;
  voiceName: (task: Pick<CoverTaskRow, 'voiceId' | 'voiceName'>) => string;
  log: { error(obj: object, msg: string): void };
}) {
  const notAvailable = () => new AppError(Code.notAvailable, CoverMsg.formatMissing, 404);

  /**
   * Stores a file the product made for this download (a tagged copy, the stems zip, the MP3 128k)
   * as the owner's: an upload's size limit does not apply (three WAV stems of a long song exceed it).
   */
  async function storeMade(owner: Owner, file: string, fileName: string): Promise<KeptFile> {
    const stored = await deps.files.storeOutput(owner, {
      body: fs.createReadStream(file),
      fileName,
      kind: 'ai-covers',
      action: 'cover',
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    return { id: stored.id, storageKey: stored.storage_key };
  }

  /** The MP3 128k encodes under way in this process, by task: a second ask waits for the first. */
  const encoding = new Map<string, Promise<string | null>>();
  // Cover art is built after covers and reads its finished covers: it registers its picture here.
  let artwork: ArtworkPicture | null = null;

  /**
   * A copy of an audio format with its tags (title, artist = the voice, the cover art), stored for
   * this download; the copy of an earlier download goes. Without art the tags still go in.
   */
  async function tagged(
    owner: Owner,
    task: CoverTaskRow,
    format: keyof typeof TAGGED_ROLE,
    storageKey: string,
    name: string,
    kept: Map<string, { id: number | null }>,
  ): Promise<string> {
    const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'tags-'));
    try {
      const source = await deps.files.localFile({ storageKey }, tmp);
      const picture = artwork ? await artwork(task.id).catch(() => null) : null;
      const tags = { title: task.title ?? songTitle(task.songName), artist: deps.voiceName(task), picture };
      const out = path.join(tmp, format === 'wav' ? 'tagged.wav' : 'tagged.mp3');
      await (format === 'wav' ? writeTaggedWav(source, out, tags) : writeTaggedMp3(source, out, tags));
      const stored = await storeMade(owner, out, name);
      const role = TAGGED_ROLE[format];
      const before = kept.get(role)?.id ?? null;
      const replaced: Partial<Record<AssetRole, KeptFile>> = {};
      replaced[role] = stored;
      await deps.assets.keep(task.id, replaced);
      if (before !== null && before !== stored.id) await deps.files.deleteOwnedFiles(owner, [before]);
      return stored.storageKey;
    } finally {
      await fs.promises.rm(tmp, { recursive: true, force: true });
    }
  }

  /** Makes the stems zip from the three stems and keeps it (the first of two racing downloads wins). */
  async function makeStemsZip(owner: Owner, task: CoverTaskRow, keys: Map<string, string>) {
    const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'stems-'));
    try {
      const title = coverTitle(task).slice(0, 60);
      const stems = [];
      for (const stem of STEMS) {
        const storageKey = keys.get(stem.role);
        if (!storageKey) throw notAvailable();
        const local = await deps.files.localFile({ storageKey }, tmp);
        // localFile may hand back the same name for each copy: move each aside before the next.
        const own = path.join(tmp, `${stem.role}.wav`);
        if (local.startsWith(tmp)) await fs.promises.rename(local, own);
        stems.push({ stem, path: local.startsWith(tmp) ? own : local });
      }
      // Every stem in the song's channels: the converted vocal comes mono beside stereo ones.
      const channels = Math.max(
        ...(await Promise.all(stems.map((s) => channelsOf(s.path)))).map((c) => c ?? 1),
      );
      const entries = [];
      for (const { stem, path: file } of stems) {
        const fitted = await inSongChannels(file, path.join(tmp, `${stem.role}-${channels}ch.wav`), channels);
        entries.push({ name: `${title} - ${stem.label}.wav`, path: fitted });
      }
      const zipPath = path.join(tmp, 'stems.zip');
      await writeStoredZip(entries, zipPath);
      const file = await storeMade(
        owner,
        zipPath,
        downloadName(coverTitle(task), deps.voiceName(task), 'stems'),
      );
      if (await deps.assets.keepIfAbsent(task.id, 'stems_zip', file)) return file.storageKey;
      await deps.files.deleteOwnedFiles(owner, [file.id]);
      const again = (await deps.assets.listFor([task.id])).find((a) => a.role === 'stems_zip');
      if (!again) throw notAvailable();
      return again.storageKey;
    } finally {
      await fs.promises.rm(tmp, { recursive: true, force: true });
    }
  }

  /**
   * Encodes the MP3 128k from the kept WAV `wavKey`, stores it and keeps it; returns its storage
   * key, or null when it was not kept (another ask kept one first, or a remix swapped the WAV). Its
   * scratch folder is a render's kind, so the start-up sweep takes one a dead process left.
   */
  async function encodeLowMp3(owner: Owner, task: CoverTaskRow, wavKey: string): Promise<string | null> {
    const tmp = await makeScratch(scratchRoot());
    try {
      const wav = await deps.files.localFile({ storageKey: wavKey }, tmp);
      const out = path.join(tmp, 'low.mp3');
      const run = await runConfined('ffmpeg', lowMp3Args(wav, out), LOW_MP3_LIMITS);
      if (!run.ok) {
        deps.log.error(
          { taskId: task.id, reason: run.reason, stderr: run.stderr.slice(-2000) },
          'mp3 128k encode failed',
        );
        throw new AppError(Code.error, Msg.generic, 503);
      }
      const file = await storeMade(
        owner,
        out,
        downloadName(coverTitle(task), deps.voiceName(task), 'mp3_low'),
      );
      let kept = false;
      try {
        kept = await deps.assets.keepMadeFrom(task.id, 'mp3_low', file, { role: 'wav', storageKey: wavKey });
      } finally {
        // Not kept (another ask won, a remix swapped the WAV, or the keep failed): the file is no one's.
        if (!kept) await deps.files.deleteOwnedFiles(owner, [file.id]).catch(() => 0);
      }
      return kept ? file.storageKey : null;
    } finally {
      await fs.promises.rm(tmp, { recursive: true, force: true });
    }
  }

  /**
   * The MP3 128k of a task: the kept one, else encoded from the kept WAV (one encode per task in
   * this process; across processes the first to keep it wins). A remix that swaps the WAV during
   * an encode makes it encode once more, from the new WAV.
   */
  async function lowMp3(owner: Owner, task: CoverTaskRow): Promise<string> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const kept = new Map((await deps.assets.listFor([task.id])).map((a) => [a.role, a.storageKey]));
      const low = kept.get('mp3_low');
      if (low) return low;
      const wav = kept.get('wav');
      if (!wav) throw notAvailable();
      let under = encoding.get(task.id);
      if (!under) {
        under = encodeLowMp3(owner, task, wav).finally(() => encoding.delete(task.id));
        encoding.set(task.id, under);
      }
      const key = await under;
      if (key) return key;
    }
    throw notAvailable();
  }

  return {
    /**
     * A signed attachment URL of one format, once this account has paid for the task's download.
     * Unpaid, it says so (490026 with the real reason), whatever the balance.
     */
    async download(userId: number, taskId: string, format: CoverDownloadFormat) {
      const owner: Owner = { userId, visitorId: null };
      const task = await deps.repo.findOwned(owner, taskId);
      if (!task) throw new AppError(Code.noTask, CoverMsg.noTask, 404);
      if (task.status !== TaskStatus.done) throw new AppError(Code.error, CoverMsg.notDone, 409);
      if (!(await deps.paidTasks(userId, [taskId])).has(taskId))
        throw new AppError(Code.notAvailable, CoverMsg.downloadLocked, 403);
      const kept = await deps.assets.listFor([taskId]);
      const keys = new Map(kept.map((a) => [a.role, a.storageKey]));
      let storageKey: string | undefined;
      if (format === 'mp3') {
        if (task.resultFileId === null || !task.resultKey)
          throw new AppError(Code.resourceError, Msg.fileMissing, 404);
        storageKey = task.resultKey;
      } else if (format === 'stems') {
        storageKey = keys.get('stems_zip') ?? (await makeStemsZip(owner, task, keys));
      } else if (format === 'mp3_low') {
        storageKey = keys.get('mp3_low') ?? (keys.has('wav') ? await lowMp3(owner, task) : undefined);
      } else {
        storageKey = keys.get(format);
      }
      if (!storageKey) throw notAvailable();
      const name = downloadName(coverTitle(task), deps.voiceName(task), format);
      if (format !== 'stems')
        storageKey = await tagged(owner, task, format, storageKey, name, keysWithIds(kept));
      const { url, expire } = await deps.files.readUrl({ storageKey, name }, { download: true });
      return { url, name, expire };
    },

    /** Cover art's hook: the picture the audio downloads carry. */
    registerArtwork(source: ArtworkPicture) {
      artwork = source;
    },
  };
}
export type CoverDownloads = ReturnType<typeof createCoverDownloads>;

/** The kept files by role, with their file ids (a tagged copy replaced is deleted by id). */
function keysWithIds(
  kept: Array<{ role: string; fileId: number | null }>,
): Map<string, { id: number | null }> {
  return new Map(kept.map((a) => [a.role, { id: a.fileId }]));
}
