import type { TaskTitles } from '../credits/credits.service';
import type { CoversRepo } from './covers.repo';
import type { CoverTaskRow } from './covers.schema';
import { coverTitle } from './covers.view';

/**
 * Names an account's covers for the wallet's records: song title and voice, for a whole page of
 * records in one query. A cover missing from the answer was deleted.
 */
export function createCoverDescriber(deps: {
  repo: Pick<CoversRepo, 'listOwned'>;
  voiceName: (task: Pick<CoverTaskRow, 'voiceId' | 'voiceName'>) => string;
}): TaskTitles {
  return async (userId, taskIds) => {
    const out = new Map<string, { title: string; voice: string | null }>();
    if (taskIds.length === 0) return out;
    const { rows } = await deps.repo.listOwned(
      { userId, visitorId: null },
      { ids: taskIds, limit: taskIds.length, offset: 0 },
    );
    for (const row of rows) out.set(row.id, { title: coverTitle(row), voice: deps.voiceName(row) });
    return out;
  };
}
