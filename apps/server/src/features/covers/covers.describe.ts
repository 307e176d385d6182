import type { Engine } from '@ai-covers/engine';
import type { Db } from '../../platform/db/client';
import { createCoversRepo } from './covers.repo';
import { coverTitle, coverVoiceName } from './covers.view';

/**
 * Names an account's covers for the wallet's records: song title and voice, for a whole page of
 * records in one query. A cover missing from the answer was deleted.
 */
export function createCoverDescriber(deps: { db: Db; engine: Pick<Engine, 'getVoice'> }) {
  const repo = createCoversRepo(deps.db);
  return async (userId: number, taskIds: string[]) => {
    const out = new Map<string, { title: string; voice: string | null }>();
    if (taskIds.length === 0) return out;
    const { rows } = await repo.listOwned(
      { userId, visitorId: null },
      { ids: taskIds, limit: taskIds.length, offset: 0 },
    );
    for (const row of rows) {
      out.set(row.id, {
        title: coverTitle(row),
        voice: coverVoiceName(row, (id) => deps.engine.getVoice(id)?.name),
      });
    }
    return out;
  };
}
