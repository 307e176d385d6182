// A server killed with SIGKILL while it makes an approved photo's portrait in the background
// (decision 230): the restarted server sweeps the dead making's scratch, and the photo's first
// backdrop preview still renders, making the portrait again; what is kept beside the photo after it
// is whole. Nothing half-made is read as a portrait.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { call, startChild, waitForHealth, type Child } from '../../test/child-server';
import { within } from '../../test/time-limits';
import { KEEP_DRIVER, type KeepDriverLine } from './headshots.keep-crash.test-driver';

const PORT = 8327;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-keep-crash-'));
const tmpDir = path.join(root, 'tmp');
fs.mkdirSync(tmpDir, { recursive: true });
const dataDir = path.join(root, 'data');
const env = { DATA_DIR: dataDir, TMPDIR: tmpDir, PORT: String(PORT), HEADSHOTS_KEEP_AHEAD: 'true' };
let running: Child | null = null;
afterAll(async () => {
  running?.child.kill('SIGKILL');
  await running?.exited;
  fs.rmSync(root, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const scratch = () => fs.readdirSync(tmpDir).filter((n) => n.startsWith('headshot-preview-'));
/** Kept portraits in the data folder (`<photo key>.kept` beside the photo's bytes). */
const keptFiles = () =>
  (fs.readdirSync(dataDir, { recursive: true }) as string[]).filter((n) => n.endsWith('.kept'));

async function until<T>(read: () => T | Promise<T>, ms: number, what: string): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await read();
    if (value) return value;
    await pause(100);
  }
  throw new Error(`${what}: not in time; ${running?.stderr().slice(-400)}`);
}

describe('a server killed while it keeps a photo portrait', () => {
  it(
    'sweeps the dead making at restart; the first preview makes the portrait again and keeps it whole',
    async () => {
      running = startChild({ ...env, HEADSHOTS_KEEP_DRIVER: '1' }, KEEP_DRIVER);
      const line = await until(
        () =>
          running!
            .stdout()
            .split('\n')
            .filter((l) => l.startsWith('{"token"'))
            .map((l) => JSON.parse(l) as KeepDriverLine)[0],
        within(240_000),
        'the photo checked',
      );
      expect(line.status).toBe('approved');
      // The background job is making the portrait: its scratch folder is named after the process.
      const pid = running.child.pid!;
      await until(
        () => scratch().some((n) => n.startsWith(`headshot-preview-${pid}-`)),
        within(240_000),
        'the making',
      );
      running.child.kill('SIGKILL');
      await running.exited;
      const leftover = scratch();
      expect(leftover.length).toBeGreaterThan(0);

      running = startChild(env);
      await waitForHealth(PORT, running);
      // The dead making's folder went at start-up.
      expect(scratch().filter((n) => leftover.includes(n))).toEqual([]);

      const who = { authorization: `Bearer ${line.token}` };
      const url = `/v1/headshots/photos/${line.photoId}/backdrop-preview`;
      const made = await until(
        async () => {
          const res = await call(PORT, who, url, { style: 'navy-studio' });
          expect(res.json.code).toBe(0);
          return res.json.data.ready ? (res.json.data as { image: string }) : null;
        },
        within(300_000),
        'the preview',
      );
      const image = Buffer.from(made.image.replace('data:image/webp;base64,', ''), 'base64');
      expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 480 });
      // The portrait is kept again, whole: a second backdrop renders from it at once.
      expect(keptFiles()).toHaveLength(1);
      const again = await call(PORT, who, url, { style: 'office-bokeh' });
      expect(again.json.data).toMatchObject({ ready: true, width: 480 });
    },
    within(900_000),
  );
});
