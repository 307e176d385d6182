import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { taskKeyLabel } from './cover-format';

describe('taskKeyLabel', () => {
  const t = i18n.t.bind(i18n);
  it.each([
    [{ key: 'auto' as const, key_applied: null }, 'Auto'],
    [{ key: 'auto' as const, key_applied: 0 }, 'Auto (original key)'],
    [{ key: 'auto' as const, key_applied: 2 }, 'Auto (+2 semitones)'],
    [{ key: 'auto' as const, key_applied: -1 }, 'Auto (−1 semitone)'],
    [{ key: 0, key_applied: 0 }, '0 (original key)'],
    [{ key: -3, key_applied: -3 }, '−3 semitones'],
  ])('%j reads %j', (task, label) => {
    expect(taskKeyLabel(t, task)).toBe(label);
  });
});
