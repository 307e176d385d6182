import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Headshots, KeptPortrait } from '@ai-covers/headshots';
import type { FilesService } from '../storage/files/files.service';
import type { HeadshotsRepo } from './headshots.repo';
import { makeScratch } from './headshots.lease';

/** Most bytes a kept portrait takes (one at its largest, 1600 px square with its matte, is 10 MB). */
export const KEPT_MAX_BYTES = 16 * 1024 * 1024;

/** The photo a portrait is kept for: its id (to see it still exists) and its stored bytes. */
export interface KeptPhoto {
  id: string;
  storageKey: string;
}

/**
 * A photo's portrait and matte, kept beside its bytes (`<key>.kept`, decision 215): made in the
 * background once the photo is approved (decision 230), or by a preview that finds none. One making
 * per photo at a time in this process: a preview asking while the background one runs waits on
 * it. Kept bytes are written whole or not at all (the store renames a finished write) and are
 * stamped, so a killed process leaves nothing read as valid; bytes kept for a photo deleted
 * meanwhile are removed again (else storage's orphan sweep takes them).
 */
export function createKeptPortraits(deps: {
  repo: Pick<HeadshotsRepo, 'photoById'>;
  files: Pick<FilesService, 'readBeside' | 'keepBeside' | 'dropBeside' | 'localFile'>;
  pipeline: () => Headshots;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const making = new Map<string, Promise<KeptPortrait>>();

  /** The kept portrait, or null: none kept, or bytes that cannot be used (made again then). */
  async function read(storageKey: string): Promise<KeptPortrait | null> {
    const bytes = await deps.files.readBeside(storageKey, KEPT_MAX_BYTES).catch((error: unknown) => {
      deps.log.warn({ err: error, storageKey }, 'kept portrait: it could not be read');
      return null;
    });
    const kept =
      bytes &&
      (await deps
        .pipeline()
        .unpackPortrait(bytes)
        .catch(() => null));
    if (bytes && !kept) deps.log.warn({ storageKey }, 'kept portrait: it was unusable; making it again');
    return kept ?? null;
  }

  /** Makes the portrait and keeps it; a failure to keep it only costs the next reader the matte. */
  async function make(photo: KeptPhoto, signal: AbortSignal, background: boolean): Promise<KeptPortrait> {
    const pipeline = deps.pipeline();
    const dir = await makeScratch('preview');
    try {
      const input = await deps.files.localFile({ storageKey: photo.storageKey }, dir);
      const portrait = await pipeline.preparePortrait(input, { signal, background });
      try {
        await deps.files.keepBeside(photo.storageKey, await pipeline.packPortrait(portrait), KEPT_MAX_BYTES);
        await dropIfGone(photo);
      } catch (error) {
        deps.log.warn({ err: error, storageKey: photo.storageKey }, 'kept portrait: it could not be kept');
      }
      return portrait;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * A photo deleted while its portrait was made: its bytes (and what was kept beside them) went
   * before this write, so what was just kept goes too.
   */
  async function dropIfGone(photo: KeptPhoto): Promise<void> {
    const row = await deps.repo.photoById(photo.id);
    if (row && row.storageKey === photo.storageKey) return;
    await deps.files.dropBeside(photo.storageKey);
  }

  /** The one making of this photo's portrait: the one under way, or a new one. */
  function makingOf(photo: KeptPhoto, signal: AbortSignal, background: boolean): Promise<KeptPortrait> {
    const under = making.get(photo.storageKey);
    if (under) return under;
    const job = make(photo, signal, background);
    making.set(photo.storageKey, job);
    void job.catch(() => undefined).finally(() => making.delete(photo.storageKey));
    return job;
  }

  return {
    /**
     * For a preview: the kept portrait, else the one being made (waited on), else one made now at
     * the caller's priority. `signal` stops a making this call started.
     */
    async portrait(photo: KeptPhoto, signal: AbortSignal): Promise<KeptPortrait> {
      const under = making.get(photo.storageKey);
      if (under) return under;
      return (await read(photo.storageKey)) ?? makingOf(photo, signal, false);
    },

    /**
     * For the background job: keeps the portrait of a photo that has none usable. Answers what it
     * did: 'kept' (there already), 'made', or 'joined' (a preview was making it).
     */
    async ensure(photo: KeptPhoto, signal: AbortSignal): Promise<'kept' | 'made' | 'joined'> {
      const under = making.get(photo.storageKey);
      if (under) {
        await under;
        return 'joined';
      }
      if (await read(photo.storageKey)) return 'kept';
      await makingOf(photo, signal, true);
      return 'made';
    },
  };
}
export type KeptPortraits = ReturnType<typeof createKeptPortraits>;
