import fs from 'node:fs';
import path from 'node:path';
import type { OutputSpec } from '@ai-covers/engine';
import type { Owner } from '../../../platform/auth/identity';
import type { FilesService } from '../../storage/files/files.service';
import type { AssetRole, CoverAssetsRepo, KeptFile } from '../covers.assets.repo';
import type { CoverTaskRow } from '../covers.schema';
import { coverFileName, coverTitle } from '../covers.view';

/** The user's own vocal stem of a task, as a local file in `dir` (undefined: the song is separated). */
export async function ownVocalsFile(
  files: Pick<FilesService, 'localFile'>,
  assets: Pick<CoverAssetsRepo, 'listFor'>,
  taskId: string,
  dir: string,
): Promise<string | undefined> {
  const own = (await assets.listFor([taskId])).find((a) => a.role === 'own_vocals');
  if (!own) return undefined;
  // Its own folder: a copied object is named after its extension, as the song's copy is.
  const ownDir = path.join(dir, 'own');
  await fs.promises.mkdir(ownDir, { recursive: true });
  return files.localFile({ storageKey: own.storageKey }, ownDir);
}

/**
 * What a render writes besides the MP3 and the preview, in its scratch folder `dir`: the WAV and
 * the stems. The MP3 128k is encoded from the WAV on its first download (decision 255).
 */
export function renderAssetOutputs(dir: string): { outputs: OutputSpec[]; stemsDir: string } {
  return {
    outputs: [{ path: path.join(dir, 'full.wav') }],
    stemsDir: path.join(dir, 'stems'),
  };
}

/**
 * Stores the WAV and the stems of a render for the task's owner and
 * records them, pushing each stored file id onto `stored` so a run that does not land removes them.
 */
export async function keepRenderAssets(
  files: Pick<FilesService, 'storeOutput'>,
  assets: Pick<CoverAssetsRepo, 'keep'>,
  owner: Owner,
  task: Pick<CoverTaskRow, 'id' | 'songName' | 'title'>,
  voice: string,
  dir: string,
  stored: number[],
): Promise<void> {
  const stems = path.join(dir, 'stems');
  const plan: Array<[AssetRole, string, string]> = [
    ['wav', path.join(dir, 'full.wav'), ''],
    ['vocals', path.join(stems, 'vocals.wav'), ' converted vocal'],
    ['instrumental', path.join(stems, 'instrumental.wav'), ' instrumental'],
    ['original_vocals', path.join(stems, 'original-vocals.wav'), ' original vocal'],
  ];
  const kept: Partial<Record<AssetRole, KeptFile>> = {};
  for (const [role, file, suffix] of plan) {
    const name = coverFileName(coverTitle(task), voice, suffix).replace(/\.mp3$/, path.extname(file));
    const out = await files.storeOutput(owner, {
      body: fs.createReadStream(file),
      fileName: name,
      kind: 'ai-covers',
      action: 'cover',
      // A WAV of a ten-minute song is over 100 MB: the product made it, an upload limit does not apply.
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    stored.push(out.id);
    kept[role] = { id: out.id, storageKey: out.storage_key };
  }
  await assets.keep(task.id, kept);
}
