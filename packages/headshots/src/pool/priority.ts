import os from 'node:os';

/**
 * The nice value pipeline work runs at (0 normal, 19 lowest): matting and face models take whole
 * cores for seconds, and a server on the same cores serves its requests first (as the cover
 * engine's renders do, decision 023).
 */
export const PIPELINE_PRIORITY = niceFromSetting(process.env.RENDER_NICE, 10);

/** `RENDER_NICE` (0–19) sets another value, for renders and packs alike; anything else keeps the default. */
function niceFromSetting(value: string | undefined, fallback: number): number {
  return value !== undefined && /^\d{1,2}$/.test(value.trim()) && Number(value) <= 19
    ? Number(value)
    : fallback;
}

/** Lowers the calling thread (on Linux a thread has a priority of its own; threads it starts inherit). */
export function lowerOwnPriority(): void {
  try {
    // Never above where it already is (as root, setting 10 from 19 would raise it).
    os.setPriority(Math.max(os.getPriority(), PIPELINE_PRIORITY));
  } catch {
    // a system without priorities: the work runs at normal priority
  }
}

/** The matting process's argument for running at the caller's priority (a preview's matte). */
export const CALLER_PRIORITY_ARG = '--caller-priority';
