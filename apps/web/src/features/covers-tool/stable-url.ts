import { useState } from 'react';

/** A signed URL without its query: the file it names. */
const fileOf = (url: string) => url.split('?')[0];

/**
 * The first signed URL of a file for as long as later answers name the same file. Every read of a
 * task signs its URLs anew (a new expiry), and a player given a new `src` starts over: while a
 * render runs the task page reads it every second, so its preview keeps the URL it began with.
 */
export function useStableUrl(url: string | null): string | null {
  const [kept, setKept] = useState(url);
  const same = url !== null && kept !== null && fileOf(url) === fileOf(kept);
  if (!same && url !== kept) setKept(url);
  return same ? kept : url;
}
