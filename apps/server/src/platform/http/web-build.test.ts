import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readWebBuild } from './web';

const dirs: string[] = [];
function build(info?: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  if (info) fs.writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(info));
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('readWebBuild', () => {
  it('is null without a build', () => {
    expect(readWebBuild('', path.join(os.tmpdir(), 'no-such-build-dir'))).toBeNull();
  });

  it('accepts a build made for the same base paths', () => {
    const dir = build({ basePath: '/lab/ai-covers', headshotsBasePath: '/portraits' });
    expect(readWebBuild('/lab/ai-covers', dir, '/portraits')?.indexHtml).toContain('<title>');
  });

  it('refuses a build made for another BASE_PATH or HEADSHOTS_BASE_PATH, naming both values', () => {
    const dir = build({ basePath: '', headshotsBasePath: '/headshots' });
    expect(() => readWebBuild('/lab/ai-covers', dir)).toThrow(/BASE_PATH="".*BASE_PATH="\/lab\/ai-covers"/);
    expect(() => readWebBuild('', dir, '/portraits')).toThrow(
      /HEADSHOTS_BASE_PATH="\/headshots" but the server runs with HEADSHOTS_BASE_PATH="\/portraits"/,
    );
  });

  it('takes an older build without the headshots field as made for /headshots', () => {
    const dir = build({ basePath: '' });
    expect(readWebBuild('', dir, '/headshots')).not.toBeNull();
    expect(() => readWebBuild('', dir, '/portraits')).toThrow(/HEADSHOTS_BASE_PATH/);
  });
});
