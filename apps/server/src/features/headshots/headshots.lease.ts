import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { processAlive } from '../covers/render/render.lease';

/**
 * Pack leases (decision 130), the covers' render leases applied to packs: a run holds its pack for
 * LEASE_TTL_MS and renews it every LEASE_RENEW_MS; every worker looks for lapsed leases every
 * LEASE_CHECK_MS, and a starting worker reclaims the runs of its own dead predecessors at once.
 */
export {
  deadOwners,
  LEASE_CHECK_MS,
  LEASE_RENEW_MS,
  LEASE_TTL_MS,
  newLeaseOwner,
} from '../covers/render/render.lease';
/** Runs lost to a dying worker before the pack fails (with a free retry) instead of going again. */
export const MAX_LAPSES = 2;

/** Scratch folders of this feature: `headshot-<kind>-<pid>-<random>` in the temp folder. */
const OWN_SCRATCH = /^headshot-(pack|check|preview)-/;
/** The pipeline's own work folders (`headshots-<random>`): they carry no process id. */
const PIPELINE_SCRATCH = /^headshots-[A-Za-z0-9]+$/;
/** Inside a run's folder: the name of the pipeline work folder the run made. */
const WORK_NOTE = 'pipeline-work';
/**
 * A folder whose process cannot be told (a pipeline folder no run noted, or one of ours named
 * before folders carried their process) is removed once it is this old: no run lasts that long (a
 * stuck one fails at 7 hours), and a younger one may belong to another process on this machine.
 */
const UNOWNED_AFTER_MS = 24 * 3600_000;

/** A fresh scratch folder named after this process, so a restart can tell a dead run's folder. */
export function makeScratch(kind: 'pack' | 'check' | 'preview'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `headshot-${kind}-${process.pid}-`));
}

/** The pipeline work folders in the temp folder now (taken before a run starts the pipeline). */
export async function pipelineFolders(): Promise<Set<string>> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  return new Set(names.filter((n) => PIPELINE_SCRATCH.test(n)));
}

/**
 * Notes, in the run's own folder, the pipeline work folders that appeared since `before` (the
 * pipeline makes its folder before its first progress report), so that a restart after a crash
 * knows whose they were.
 */
export async function notePipelineFolders(runDir: string, before: Set<string>): Promise<void> {
  const made = [...(await pipelineFolders())].filter((n) => !before.has(n));
  if (made.length) await writeFile(path.join(runDir, WORK_NOTE), made.join('\n'));
}

/**
 * Removes the scratch left by packs, checks and previews whose process died (SIGKILL, a crash):
 * our folders whose process is gone, with the pipeline folders they noted; folders whose process
 * cannot be told once they are a day old. Called at start-up, before this process runs a pack;
 * the folders of other live processes on this machine stay.
 */
export async function sweepHeadshotScratch(root = tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  const remove = async (name: string) => {
    await rm(path.join(root, name), { recursive: true, force: true });
    removed++;
  };
  const old = async (name: string) => {
    const made = await stat(path.join(root, name)).catch(() => null);
    if (!made?.isDirectory()) return false;
    return now - (made.birthtimeMs > 0 ? made.birthtimeMs : made.mtimeMs) > UNOWNED_AFTER_MS;
  };
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names.filter((n) => OWN_SCRATCH.test(n))) {
    const pid = /^\d+$/.test(name.replace(OWN_SCRATCH, '').split('-')[0]!)
      ? Number(name.replace(OWN_SCRATCH, '').split('-')[0])
      : null;
    if (pid === null ? !(await old(name)) : pid !== process.pid && processAlive(pid)) continue;
    const noted = await readFile(path.join(root, name, WORK_NOTE), 'utf8').catch(() => '');
    for (const work of noted.split('\n').filter((n) => PIPELINE_SCRATCH.test(n))) await remove(work);
    await remove(name);
  }
  for (const name of names.filter((n) => PIPELINE_SCRATCH.test(n))) if (await old(name)) await remove(name);
  return removed;
}
