import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatServerDate, formatSize } from './format';

describe('formatSize (MB with 2 decimals, §5)', () => {
  it.each([
    [0, '0.00 MB'],
    [1024 * 1024, '1.00 MB'],
    [1572864, '1.50 MB'],
    [5 * 1024 * 1024 + 1234, '5.00 MB'],
    [500 * 1024 * 1024, '500.00 MB'],
    [123, '0.00 MB'],
    [Number.NaN, ''],
    [-1, ''],
  ])('%s bytes → %s', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });
});

describe('formatDuration (HH:mm:ss, infinity → empty, §9)', () => {
  it.each([
    [0, '00:00:00'],
    [59.9, '00:00:59'],
    [61, '00:01:01'],
    [3600, '01:00:00'],
    [3 * 3600 + 25 * 60 + 7, '03:25:07'],
    [100 * 3600, '100:00:00'],
    [Infinity, ''],
    [Number.NaN, ''],
    [-5, ''],
  ])('%s s → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatDate (YYYY-MM-DD HH:mm, §9)', () => {
  it.each([
    [new Date(2026, 0, 5, 9, 7), '2026-01-05 09:07'],
    [new Date(2026, 11, 31, 23, 59, 59), '2026-12-31 23:59'],
    [new Date(2026, 10, 22, 0, 0).getTime(), '2026-11-22 00:00'],
    ['not a date', ''],
  ])('%s → %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('formatServerDate (UTC from the server, shown in local time)', () => {
  it('shows the UTC minute in local time', () => {
    const local = new Date(Date.UTC(2026, 10, 20, 10, 5));
    expect(formatServerDate('2026-11-20 10:05')).toBe(formatDate(local));
  });

  it('shows text that is no server time as it is', () => {
    expect(formatServerDate('soon')).toBe('soon');
  });
});
