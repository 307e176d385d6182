import { CoverMsg, COVER_LIMITS, type CoverCreateBody } from '@ai-covers/contracts';
import { stemLengthsMatch } from '@ai-covers/engine';
import type { Owner } from '../../platform/auth/identity';
import { badRequest } from '../../platform/http/app-error';
import type { FilesService } from '../storage/files/files.service';
import type { CoverAssetsRepo } from './covers.assets.repo';
import type { SongLinks } from './links/song-links';
import type { CoversService } from './covers.service';

const ONE_SOURCE = 'file_key, external_uri or vocal_key + instrumental_key is required (one of them)';

/**
 * `POST /v1/vsas/create` with any song source: an upload (`file_key`), a link the server fetches
 * into the owner's library first, or the user's own stems (a vocal and an instrumental upload:
 * separation skipped). A task that cannot be made leaves no fetched song and no task behind.
 */
export function createCoverCreator(deps: {
  covers: Pick<CoversService, 'create'>;
  links: Pick<SongLinks, 'fetchToLibrary'>;
  files: Pick<FilesService, 'deleteOwnedFiles' | 'ownedFileByKey'>;
  assets: Pick<CoverAssetsRepo, 'keep'>;
}) {
  /** Both stems are the caller's audio, of close enough lengths (when their lengths are known). */
  async function checkStems(owner: Owner, vocalKey: string, instrumentalKey: string) {
    const [vocal, instrumental] = await Promise.all([
      deps.files.ownedFileByKey(owner, vocalKey),
      deps.files.ownedFileByKey(owner, instrumentalKey),
    ]);
    for (const stem of [vocal, instrumental]) {
      if (stem.fileType !== 'audio') throw badRequest(CoverMsg.notAudio);
      if (stem.duration !== null && stem.duration > COVER_LIMITS.maxSongSeconds)
        throw badRequest(CoverMsg.tooLong);
    }
    if (
      vocal.duration !== null &&
      instrumental.duration !== null &&
      !stemLengthsMatch(vocal.duration, instrumental.duration)
    )
      throw badRequest(CoverMsg.stemsMismatch);
    return { vocal, instrumental };
  }

  return async (owner: Owner, body: Omit<CoverCreateBody, 'kind'>) => {
    const {
      external_uri: link,
      file_key: fileKey,
      vocal_key: vocalKey,
      instrumental_key: instKey,
      ...rest
    } = body;
    if (fileKey !== undefined) return deps.covers.create(owner, { ...rest, file_key: fileKey });
    if (vocalKey !== undefined && instKey !== undefined) {
      const { vocal, instrumental } = await checkStems(owner, vocalKey, instKey);
      // The instrumental is the task's song; the vocal is kept with it before the job is sent.
      return deps.covers.create(
        owner,
        { ...rest, file_key: instKey },
        (taskId) => deps.assets.keep(taskId, { own_vocals: { id: vocal.id, storageKey: vocal.storageKey } }),
        [vocal, instrumental],
      );
    }
    if (link === undefined) throw badRequest(ONE_SOURCE);
    const song = await deps.links.fetchToLibrary(owner, link);
    try {
      return await deps.covers.create(owner, { ...rest, file_key: song.storage_key });
    } catch (error) {
      await deps.files.deleteOwnedFiles(owner, [song.id]).catch(() => 0);
      throw error;
    }
  };
}
export type CoverCreator = ReturnType<typeof createCoverCreator>;
