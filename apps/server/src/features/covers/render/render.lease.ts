import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Render leases (decision 044). A run holds its task for LEASE_TTL_MS and renews every
 * LEASE_RENEW_MS; every worker looks for lapsed leases every LEASE_CHECK_MS. A worker that died
 * is noticed at most TTL + CHECK after its last renewal (45 s), and its task sent again.
 */
export const LEASE_TTL_MS = 30_000;
export const LEASE_RENEW_MS = 10_000;
export const LEASE_CHECK_MS = 15_000;
/** Runs lost to a dying worker before the task fails (with a retry offer) instead of going again. */
export const MAX_LAPSES = 2;

export interface LeaseSettings {
  /** Who holds the lease: `host/pid/random`, unique per process. */
  owner: string;
  ttlMs: number;
  renewMs: number;
}

/** This process's lease owner name: the host and pid let a restarted worker spot its dead self. */
export function newLeaseOwner(): string {
  return `${os.hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, as another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Lease owners among `owners` that are certainly dead: on this host, with a pid that no longer runs,
 * or with our own pid under another name (a restart that got the same pid, as in containers).
 * Owners on other hosts are left to their leases' expiry.
 */
export function deadOwners(owners: string[], self: string): string[] {
  const [host, pid] = self.split('/');
  return owners.filter((owner) => {
    if (owner === self) return false;
    const [h, p] = owner.split('/');
    if (h !== host) return false;
    return p === pid || !processAlive(Number(p));
  });
}

/** Where renders keep their scratch folders: one folder per run, named after its process. */
export function scratchRoot(): string {
  return path.join(os.tmpdir(), 'ai-covers-renders');
}

/** A fresh scratch folder for one run, `<pid>-<random>` under the root. */
export async function makeScratch(root: string): Promise<string> {
  await fs.promises.mkdir(root, { recursive: true, mode: 0o700 });
  return fs.promises.mkdtemp(path.join(root, `${process.pid}-`));
}

/**
 * Removes the scratch folders of processes that are gone (a render killed with its process leaves
 * its folder). Folders of live processes on this machine, other workers among them, stay. Called at
 * start-up before this process renders, so a folder under our own pid is a dead predecessor's.
 */
export async function sweepScratch(root: string): Promise<number> {
  const entries = await fs.promises.readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    const pid = Number(name.split('-')[0]);
    if (pid !== process.pid && processAlive(pid)) continue;
    await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
