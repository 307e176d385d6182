import { describe, expect, it } from 'vitest';
import { readBasePath } from './read-base-path';

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
