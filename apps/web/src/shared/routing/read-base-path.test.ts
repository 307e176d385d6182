import { describe, expect, it } from 'vitest';
import { readBasePath, readHeadshotsBasePath } from './read-base-path';

describe('readBasePath (BASE_PATH at build time)', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['  ', ''],
    ['/lab/ai-covers', '/lab/ai-covers'],
  ])('%s → %s', (raw, expected) => {
    expect(readBasePath(raw)).toBe(expected);
  });

  it.each(['/', '/lab/', 'lab/ai-covers'])('rejects %s', (raw) => {
    expect(() => readBasePath(raw)).toThrow(/BASE_PATH/);
  });
});

describe('readHeadshotsBasePath (HEADSHOTS_BASE_PATH at build time)', () => {
  it.each([
    [undefined, '/headshots'],
    ['', '/headshots'],
    ['/portraits', '/portraits'],
    ['/studio/headshots', '/studio/headshots'],
  ])('%s → %s', (raw, expected) => {
    expect(readHeadshotsBasePath(raw)).toBe(expected);
  });

  it.each(['/', '/headshots/', 'headshots', '/a b', '/x?y'])('rejects %s', (raw) => {
    expect(() => readHeadshotsBasePath(raw)).toThrow(/HEADSHOTS_BASE_PATH/);
  });
});
