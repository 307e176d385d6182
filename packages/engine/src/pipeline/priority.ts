import os from 'node:os';

/**
 * The nice value of a render's threads and media tools (0 normal, 19 lowest). A render takes every
 * core for seconds at a time; at 10 a server's own requests on the same cores (a page's user info,
 * a cover's status) are served first, and the render takes whatever they leave. `RENDER_NICE`
 * sets another value (0 on a machine whose renders are the work that matters most, such as the
 * browser journeys' server beside other tests); it is read here because block threads load this
 * module on their own, with the server's environment.
 */
export const RENDER_PRIORITY = niceFrom(process.env.RENDER_NICE, 10);

/** A nice value from a setting: an integer 0–19, else the default (the server's config refuses such a value at start). */
function niceFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^\d{1,2}$/.test(value.trim())) return fallback;
  const nice = Number(value);
  return nice <= 19 ? nice : fallback;
}

/**
 * Lowers a process (by pid), or the calling thread (no pid: on Linux a thread has a priority of
 * its own), to RENDER_PRIORITY. Lowering needs no privilege; where the system refuses anyway, the
 * work runs at normal priority rather than not at all.
 */
export function lowerPriority(pid?: number): void {
  try {
    // Never above where it already is: a server started at a lower priority keeps it (as root,
    // setting 10 from 19 would raise it).
    if (pid === undefined) os.setPriority(Math.max(os.getPriority(), RENDER_PRIORITY));
    else os.setPriority(pid, Math.max(os.getPriority(pid), RENDER_PRIORITY));
  } catch {
    // a process that has already exited, or a system without priorities
  }
}
