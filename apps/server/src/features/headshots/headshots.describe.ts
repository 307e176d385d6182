import type { Owner } from '../../platform/auth/identity';
import type { HeadshotsRepo } from './headshots.repo';

/**
 * For the library: the stored files of the caller's declined photos. A declined photo is a refused
 * upload; it stays on the upload page beside its reason until replaced, but is not something the
 * user made, so the library leaves it out. One query per library page.
 */
export function createDeclinedPhotoFiles(deps: { repo: Pick<HeadshotsRepo, 'draftPhotos'> }) {
  return async (owner: Owner): Promise<number[]> => {
    if (!owner.userId) return [];
    const photos = await deps.repo.draftPhotos(owner.userId);
    return photos.filter((p) => p.status === 'declined' && p.fileId !== null).map((p) => p.fileId!);
  };
}
