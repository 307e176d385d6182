import { beforeEach, describe, expect, it } from 'vitest';
import {
  PENDING_DOWNLOAD_TTL_MS,
  clearPendingDownload,
  readPendingDownload,
  resumeFormat,
  savePendingDownload,
} from './pending-download';

describe('a pending download', () => {
  beforeEach(() => sessionStorage.clear());

  it('is read back for its own task only, while it is fresh', () => {
    savePendingDownload({ taskId: 't1', format: 'wav', waitingFor: 'login' }, 1000);
    expect(readPendingDownload('t1', 2000)).toMatchObject({
      taskId: 't1',
      format: 'wav',
      waitingFor: 'login',
    });
    expect(readPendingDownload('t2', 2000)).toBeNull();
    expect(readPendingDownload('t1', 1000 + PENDING_DOWNLOAD_TTL_MS)).toBeNull();
    clearPendingDownload();
    expect(readPendingDownload('t1', 2000)).toBeNull();
  });

  it('ignores what it did not write: bad JSON, unknown formats or reasons', () => {
    const key = 'ai-covers.pending-download';
    for (const text of [
      '{',
      '"x"',
      JSON.stringify({ taskId: 't1', format: 'flac', waitingFor: 'login', at: 1 }),
    ]) {
      sessionStorage.setItem(key, text);
      expect(readPendingDownload('t1', 2)).toBeNull();
    }
    sessionStorage.setItem(key, JSON.stringify({ taskId: 't1', format: 'mp3', waitingFor: 'lunch', at: 1 }));
    expect(readPendingDownload('t1', 2)).toBeNull();
  });

  it.each([
    ['resume=download&format=stems', 'stems'],
    ['resume=download&format=evil', 'mp3'],
    ['resume=download', 'mp3'],
    ['resume=other&format=wav', null],
    ['', null],
  ])('resumeFormat(%j) = %j', (query, format) =>
    expect(resumeFormat(new URLSearchParams(query))).toBe(format),
  );
});
