import type { HeadshotPack } from '@ai-covers/contracts';
import type { ReadStamp } from '../users/read-stamps';
import { createSessionReads, keptUntil } from '../users/session-reads';
import type { PackRow } from './headshots.repo';

/** Longest a kept answer is served again: its URLs are as old as it is. */
export const HEADSHOTS_MAX_AGE_MS = 30_000;

/** An answer with the rows of its packs (the generating ones' estimates are made again when served). */
export interface MadePacks<T> {
  view: T;
  packs: PackRow[];
}

/**
 * My headshots, a pack's page and the upload page's photos kept in memory per session (their URLs are signed for it, decision
 * 104), checked against the account's headshots read version: triggers raise it in every
 * transaction that writes its packs (progress, end, failure, retry, delete), their results and
 * shares, its photos and its paid packs (migration 0024). A generating pack's time estimate also
 * counts the packs of other accounts queued before it, which no version of this account follows:
 * it is made afresh each time a kept answer is served again.
 */
export function createHeadshotReads(deps: {
  stamp: ((userId: number, sessionId: string) => Promise<ReadStamp>) | undefined;
  /** The lifetime of the URLs an answer signs (STORAGE_URL_TTL_SECONDS). */
  urlTtlSeconds: number;
  estimate: (pack: PackRow) => Promise<number | null>;
}) {
  const kept = createSessionReads(deps.stamp);

  /** The estimates of the generating packs of a kept answer, by pack id. */
  async function estimates(packs: PackRow[]): Promise<Map<string, number | null>> {
    const generating = packs.filter((p) => p.status === 'generating');
    return new Map(await Promise.all(generating.map(async (p) => [p.id, await deps.estimate(p)] as const)));
  }
  const estimated = (pack: HeadshotPack, now: Map<string, number | null>): HeadshotPack =>
    now.has(pack.id) ? { ...pack, estimate_seconds: now.get(pack.id)! } : pack;

  /** `what` for this session, kept or made; a fresh making is served as made. */
  async function read<T>(
    userId: number,
    what: string,
    make: () => Promise<MadePacks<T> | null>,
  ): Promise<{ made: MadePacks<T>; fresh: boolean } | null> {
    let fresh = false;
    const made = await kept(userId, what, async () => {
      fresh = true;
      const madeAt = Date.now();
      const answer = await make();
      if (!answer) return null;
      return {
        answer,
        validUntil: keptUntil(madeAt, [madeAt + deps.urlTtlSeconds * 1000], HEADSHOTS_MAX_AGE_MS),
      };
    });
    return made ? { made, fresh } : null;
  }

  return {
    /** My headshots: the account's packs. */
    async packs(userId: number, make: () => Promise<MadePacks<HeadshotPack[]>>): Promise<HeadshotPack[]> {
      const got = await read(userId, 'packs', make);
      if (!got) return [];
      if (got.fresh) return got.made.view;
      const now = await estimates(got.made.packs);
      return got.made.view.map((p) => estimated(p, now));
    },

    /** The upload page's photos and their checks (polled while one is checked). */
    async photos<T>(userId: number, make: () => Promise<T>): Promise<T> {
      const got = await read(userId, 'photos', async () => ({ view: await make(), packs: [] }));
      return got ? got.made.view : make();
    },

    /** A pack's page (null: not the account's); `origin` is part of its share links. */
    async pack<T extends { pack: HeadshotPack }>(
      userId: number,
      packId: string,
      origin: string,
      make: () => Promise<MadePacks<T> | null>,
    ): Promise<T | null> {
      const got = await read(userId, `pack\u0000${packId}\u0000${origin}`, make);
      if (!got) return null;
      if (got.fresh) return got.made.view;
      const now = await estimates(got.made.packs);
      return now.size ? { ...got.made.view, pack: estimated(got.made.view.pack, now) } : got.made.view;
    },
  };
}
