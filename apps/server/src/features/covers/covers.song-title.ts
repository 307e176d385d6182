import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { confinedInputArgs, runConfined } from '../../platform/media/confined';
import type { FilesService, StoredFile } from '../storage/files/files.service';
import { songTitle } from './covers.view';

/** A title longer than this is cut: it heads a page and names files (at most 100 characters, §5). */
const MAX_TITLE = 90;
/** Reading tags is a header read; a file that takes longer is named by its file name instead. */
const TAGS_TIMEOUT_MS = 5000;

/** ffprobe's arguments to print a file's container tags (title, artist, …) as JSON (confined: an upload). */
export function tagProbeArgs(file: string): string[] {
  return [
    '-v',
    'error',
    ...confinedInputArgs(),
    '-print_format',
    'json',
    '-show_entries',
    'format_tags',
    '--',
    file,
  ];
}

/** One tag as a line of text: control characters gone, runs of spaces made one. */
function cleanTag(value: unknown): string {
  if (typeof value !== 'string') return '';
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The cover's title: the song's title tag, as 'Artist – Title' when the tags name an artist too,
 * else the file name without its extension. Tag names are matched in any case (ID3 says `title`,
 * Vorbis comments often `TITLE`).
 */
export function titleFromTags(tags: Record<string, unknown> | undefined, fileName: string): string {
  const byName = new Map(Object.entries(tags ?? {}).map(([k, v]) => [k.toLowerCase(), cleanTag(v)]));
  const title = byName.get('title') ?? '';
  const artist = byName.get('artist') ?? byName.get('album_artist') ?? '';
  const text = title
    ? artist && !title.includes(artist)
      ? `${artist} – ${title}`
      : title
    : songTitle(fileName);
  return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1).trimEnd()}…` : text;
}

/** Words that name a stem rather than the song ('My song (Instrumental)', 'inst', 'vocals'). */
const STEM_WORDS =
  /\b(?:vocals?|vox|voice|lead|acapella|a ?cappella|inst(?:rumental)?s?|karaoke|backing(?: track)?|off ?vocal|stems?|minus(?: one)?|accompaniment|beat|track)\b/giu;

/**
 * A title for a cover made from own stems: each stem's title (its tags, else its file name)
 * without the words that only say which stem it is, the first that still says something; 'Song'
 * when neither does (two files named 'vocal' and 'inst' say nothing of the song).
 */
export function titleOfStems(titles: string[]): string {
  for (const title of titles) {
    const cleaned = title
      .replace(STEM_WORDS, ' ')
      .replace(/[([{]\s*[)\]}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s\-–—_.,:;·|]+|[\s\-–—_.,:;·|]+$/gu, '')
      .trim();
    if (/[\p{L}\p{N}]/u.test(cleaned)) return cleaned;
  }
  return 'Song';
}

async function probeTags(file: string): Promise<Record<string, unknown> | undefined> {
  const run = await runConfined('ffprobe', tagProbeArgs(file), {
    timeoutMs: TAGS_TIMEOUT_MS,
    memoryBytes: 512 * 1024 ** 2,
    maxOutputBytes: 1024 ** 2,
  });
  if (!run.ok) return undefined;
  try {
    return (JSON.parse(run.stdout) as { format?: { tags?: Record<string, unknown> } }).format?.tags;
  } catch {
    return undefined;
  }
}

/**
 * Reads a stored song's title through the storage service (the embedded store's own file, or a
 * copy in a scratch folder). Never throws: a file it cannot read is named by its file name.
 */
export function createSongTitleReader(files: Pick<FilesService, 'localFile'>) {
  return async (file: Pick<StoredFile, 'storageKey' | 'name' | 'ext'>): Promise<string> => {
    let dir: string | null = null;
    try {
      dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ai-covers-title-'));
      const local = await files.localFile({ storageKey: file.storageKey, ext: file.ext }, dir);
      return titleFromTags(await probeTags(local), file.name);
    } catch {
      return titleFromTags(undefined, file.name);
    } finally {
      if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
}
export type SongTitleReader = ReturnType<typeof createSongTitleReader>;
