import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepHeadshotScratch } from './headshots.lease';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-sweep-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const folder = (name: string, note?: string) => {
  fs.mkdirSync(path.join(root, name));
  fs.writeFileSync(path.join(root, name, 'x'), 'bytes');
  if (note) fs.writeFileSync(path.join(root, name, 'pipeline-work'), note);
};

describe('the start-up sweep of headshot scratch', () => {
  it('removes dead runs and the pipeline folders they noted; keeps live processes and young folders of no known process', async () => {
    // A pid no process has (above Linux's pid_max default).
    const dead = 4_194_999;
    folder(`headshot-pack-${dead}-aaaaaa`, 'headshots-deadwork');
    folder('headshots-deadwork');
    folder(`headshot-check-${dead}-bbbbbb`);
    // From before folders carried their process: no pid at all.
    folder('headshot-pack-Xy12ab');
    folder(`headshot-pack-${process.ppid}-cccccc`, 'headshots-livework');
    folder('headshots-livework');
    folder('headshots-unnoted');
    folder('something-else');

    expect(await sweepHeadshotScratch(root)).toBe(3);
    expect(fs.readdirSync(root).sort()).toEqual([
      `headshot-pack-${process.ppid}-cccccc`,
      'headshot-pack-Xy12ab',
      'headshots-livework',
      'headshots-unnoted',
      'something-else',
    ]);
    // A day later, a folder whose process cannot be told is nobody's run.
    expect(await sweepHeadshotScratch(root, Date.now() + 25 * 3600_000)).toBe(3);
    expect(fs.readdirSync(root).sort()).toEqual([`headshot-pack-${process.ppid}-cccccc`, 'something-else']);
  });
});
