import { useState } from 'react';

/** A signed URL without its query: the file it names. */
const fileOf = (url: string) => url.split('?')[0];

/**
 * How long a first URL is kept: far within a signed URL's lifetime (an hour by default), and longer
 * than a render takes to finish after its preview.
 */
const KEEP_MS = 10 * 60_000;

/**
 * The first signed URL of a file, for as long as later answers name the same file (up to KEEP_MS).
 * Every read of a task signs its URLs anew (a new expiry), and a player given a new `src` starts
 * over: while a render runs the task page reads it every second, so its preview keeps the URL it
 * began with, also when the cover finishes. Later a new URL is taken, before the first expires.
 */
export function useStableUrl(url: string | null): string | null {
  const [kept, setKept] = useState(() => ({ url, at: Date.now() }));
  const same = url !== null && kept.url !== null && fileOf(url) === fileOf(kept.url);
  const keep = same && Date.now() - kept.at < KEEP_MS;
  if (!keep && url !== kept.url) setKept({ url, at: Date.now() });
  return keep ? kept.url : url;
}
