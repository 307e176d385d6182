import { mkdtempSync, rmSync, renameSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** A scratch directory removed as a whole when the job ends, whatever happens. */
export class ScratchDir {
  readonly path: string;
  /** `parent`: where the caller keeps its own scratch (so one sweep of it also takes ours). */
  constructor(parent?: string) {
    this.path = mkdtempSync(join(parent ?? tmpdir(), 'ai-covers-engine-'));
  }
  file(name: string): string {
    return join(this.path, name);
  }
  dispose(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}

/**
 * Tracks output files written under temporary names next to their destination, so a failed job
 * leaves nothing behind and a successful one appears atomically via rename.
 */
export class AtomicOutputs {
  private pending: Array<{ temp: string; final: string }> = [];

  /** Returns a temp path in the destination's directory (same filesystem, so rename is atomic). */
  temp(finalPath: string): string {
    const ext = finalPath.slice(finalPath.lastIndexOf('.'));
    const temp = join(
      dirname(finalPath),
      `.${basename(finalPath)}.${process.pid}-${randomBytes(4).toString('hex')}.partial${ext}`,
    );
    this.pending.push({ temp, final: finalPath });
    return temp;
  }

  /** Renames every temp file to its final name. */
  commit(): void {
    for (const p of this.pending) renameSync(p.temp, p.final);
    this.pending = [];
  }

  /** Deletes every temp file not yet committed. */
  abort(): void {
    for (const p of this.pending) if (existsSync(p.temp)) rmSync(p.temp, { force: true });
    this.pending = [];
  }
}
