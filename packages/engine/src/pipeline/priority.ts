import os from 'node:os';

/**
 * The nice value of a render's threads and media tools (0 normal, 19 lowest). A render takes every
 * core for seconds at a time; at this value a server's own requests on the same cores (a page's
 * user info, a cover's status) are served first, and the render takes whatever they leave.
 */
export const RENDER_PRIORITY = 10;

/**
 * Lowers a process (by pid), or the calling thread (no pid: on Linux a thread has a priority of
 * its own), to RENDER_PRIORITY. Lowering needs no privilege; where the system refuses anyway, the
 * work runs at normal priority rather than not at all.
 */
export function lowerPriority(pid?: number): void {
  try {
    if (pid === undefined) os.setPriority(RENDER_PRIORITY);
    else os.setPriority(pid, RENDER_PRIORITY);
  } catch {
    // a process that has already exited, or a system without priorities
  }
}
