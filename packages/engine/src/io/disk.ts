import { writeSync } from 'node:fs';

/**
 * The engine's own file writes (raw PCM and WAV writers), behind one object so that a caller's
 * tests can make the disk "full" (ENOSPC) and see how a render fails.
 */
export const engineDisk = {
  writeSync: (fd: number, data: Uint8Array, offset?: number, length?: number, position?: number): number =>
    writeSync(fd, data, offset, length, position),
};
