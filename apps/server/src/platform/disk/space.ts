import fs from 'node:fs';
import { Msg } from '@ai-covers/contracts';
import { AppError } from '../http/app-error';

const SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** How the errors of tools we run (ffmpeg) and of wrapped errors read when the disk is full. */
const SPACE_TEXT = /\b(ENOSPC|EDQUOT)\b|No space left on device|Disk quota exceeded/i;

/**
 * True when `error` (or an error it wraps) says the disk is full. Tools running in child processes
 * only report text, so their messages count too.
 */
export function isOutOfSpace(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof AppError) return e.status === 503 && e.message === Msg.outOfSpace;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && SPACE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && SPACE_TEXT.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Free bytes for unprivileged writers on the file system holding `dir`; null when unknown. */
export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const st = await fs.promises.statfs(dir);
    return st.bavail * st.bsize;
  } catch {
    return null;
  }
}
