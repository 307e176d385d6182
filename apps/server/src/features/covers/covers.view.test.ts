import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './render/render.run';
import { titleFromTags, titleOfStems } from './covers.song-title';
import {
  coverFileName,
  coverTitle,
  etaSeconds,
  hasChanged,
  keyOf,
  keyShiftOf,
  newTaskId,
  previewStart,
  songTitle,
} from './covers.view';

describe('names', () => {
  it.each([
    ['My Song.wav', 'My Song'],
    ['archive.tar.gz', 'archive.tar'],
    ['.hidden', '.hidden'],
    ['no-extension', 'no-extension'],
    ['  .mp3', 'Song'],
  ])('songTitle(%j) = %j', (name, title) => expect(songTitle(name)).toBe(title));

  it('names the download after the song and the voice, within 100 characters', () => {
    expect(coverFileName('My Song', 'Velvet')).toBe('My Song (Velvet cover).mp3');
    expect(coverFileName('My Song', 'Velvet', ' preview')).toBe('My Song (Velvet cover) preview.mp3');
    // An own voice's name is the account's text: no path or reserved characters reach the file name.
    expect(coverFileName('My Song', 'me/my "best" take')).toBe('My Song (me my best take cover).mp3');
    const long = coverFileName('x'.repeat(200), 'Velvet');
    expect(long).toHaveLength(100);
    expect(long.endsWith(' (Velvet cover).mp3')).toBe(true);
  });

  it.each([
    [{ title: 'Ada Lane – Mr. Brightside', songName: 'song.mp3' }, 'Ada Lane – Mr. Brightside'],
    [{ title: 'AC/DC: Back?', songName: 'x.mp3' }, 'AC DC Back'],
    [{ title: null, songName: 'Old upload.wav' }, 'Old upload'],
  ])('files of a cover are named after its title: %j → %j', (row, title) =>
    expect(coverTitle(row)).toBe(title),
  );

  it('makes URL-safe task ids the API accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, newTaskId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('key', () => {
  it.each([
    ['auto', null],
    [0, 0],
    [-12, -12],
    [7, 7],
  ] as const)('%j is stored as %j and shown again as %j', (key, stored) => {
    expect(keyShiftOf(key)).toBe(stored);
    expect(keyOf({ keyShift: stored })).toBe(key);
  });
});

describe('hasChanged (long-poll)', () => {
  it.each([
    [{ status: 1, progress: 0 }, {}, true],
    [{ status: 1, progress: 0 }, { status: 1, progress: 0 }, false],
    [{ status: 2, progress: 0 }, { status: 1, progress: 0 }, true],
    [{ status: 2, progress: 0.4 }, { status: 2, progress: 0.3 }, true],
    [{ status: 2, progress: 0.4 }, { status: 2 }, false],
    [{ status: 2, progress: 0.4 }, { progress: 0.4 }, false],
  ])('%j against %j → %s', (state, seen, changed) => expect(hasChanged(state, seen)).toBe(changed));
});

describe('createProgressReporter', () => {
  function setup(intervalMs: number) {
    let clock = 0;
    const writes: number[] = [];
    let lost = 0;
    let answer = true;
    const reporter = createProgressReporter({
      intervalMs,
      now: () => clock,
      write: async (p) => {
        writes.push(p);
        return answer;
      },
      onLost: () => lost++,
    });
    return {
      reporter,
      writes,
      lost: () => lost,
      tick: (ms: number) => (clock += ms),
      refuse: () => (answer = false),
    };
  }

  it('writes at most once per interval, upward only, and never 1 while running', async () => {
    const t = setup(1000);
    t.reporter.report(0.1);
    await t.reporter.settle();
    t.reporter.report(0.2); // too soon
    t.tick(1000);
    t.reporter.report(0.05); // lower than written
    t.reporter.report(0.5);
    await t.reporter.settle();
    t.tick(1000);
    t.reporter.report(1);
    await t.reporter.settle();
    expect(t.writes).toEqual([0.1, 0.5, 0.99]);
  });

  it('never overlaps writes', async () => {
    const t = setup(0);
    t.reporter.report(0.1);
    t.reporter.report(0.2); // the first write is still in flight
    await t.reporter.settle();
    t.reporter.report(0.3);
    await t.reporter.settle();
    expect(t.writes).toEqual([0.1, 0.3]);
  });

  it('says so when the run is no longer ours', async () => {
    const t = setup(0);
    t.refuse();
    t.reporter.report(0.3);
    await t.reporter.settle();
    expect(t.lost()).toBe(1);
  });
});

describe('previewStart', () => {
  it("follows the engine's preview window for the product's preview length: 30 % in, moved back so 30 s fit, unknown without a length", () => {
    expect(previewStart(null)).toBeNull();
    expect(previewStart(20)).toBe(0);
    expect(previewStart(40)).toBe(10);
    expect(previewStart(200)).toBe(60);
  });
});

describe('title', () => {
  it.each([
    [{ title: 'Moon River', artist: 'Ada Lane' }, 'song.mp3', 'Ada Lane – Moon River'],
    [{ TITLE: ' Flac\u0000 Song ', encoder: 'Lavf' }, 'x.flac', 'Flac Song'],
    [{ title: 'Ada Lane - Moon River', artist: 'Ada Lane' }, 'a.mp3', 'Ada Lane - Moon River'],
    [{ artist: 'Only an artist' }, 'Night drive.m4a', 'Night drive'],
    [undefined, 'My Song.wav', 'My Song'],
    [{ title: '   ' }, 'Rain.ogg', 'Rain'],
  ])('titleFromTags(%j, %j) = %j', (tags, name, title) => expect(titleFromTags(tags, name)).toBe(title));

  it('cuts a very long tag', () => {
    const title = titleFromTags({ title: 'y'.repeat(300) }, 'a.mp3');
    expect(title).toHaveLength(90);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('title of own stems', () => {
  it.each([
    [['vocal', 'inst'], 'Song'],
    [['Vocals', 'Instrumental'], 'Song'],
    [['My Song (Vocals)', 'My Song (Instrumental)'], 'My Song'],
    [['vocal', 'Night Drive - inst'], 'Night Drive'],
    [['Ada Lane – Mr. Brightside', 'inst'], 'Ada Lane – Mr. Brightside'],
    [['Acapella - Take 2', 'beat'], 'Take 2'],
  ])('%j → %j', (titles, title) => expect(titleOfStems(titles)).toBe(title));
});

describe('time estimate', () => {
  const startedAt = new Date(0);
  it('is unknown until a rate is measured', () => {
    expect(etaSeconds({ progress: 0.5, startedAt: null, updatedAt: new Date(10_000) }, 10_000)).toBeNull();
    expect(etaSeconds({ progress: 0.01, startedAt, updatedAt: new Date(10_000) }, 10_000)).toBeNull();
    expect(etaSeconds({ progress: 0.5, startedAt, updatedAt: new Date(1_000) }, 1_000)).toBeNull();
  });

  it('applies the measured rate to what is left, counting from the last report', () => {
    // 25 % in 10 s: 30 s left at that report, 26 s four seconds later.
    expect(etaSeconds({ progress: 0.25, startedAt, updatedAt: new Date(10_000) }, 10_000)).toBe(30);
    expect(etaSeconds({ progress: 0.25, startedAt, updatedAt: new Date(10_000) }, 14_000)).toBe(26);
    // A faster run promises less.
    expect(etaSeconds({ progress: 0.5, startedAt, updatedAt: new Date(10_000) }, 10_000)).toBe(10);
    // Late against its own rate: never below one second while it still runs.
    expect(etaSeconds({ progress: 0.9, startedAt, updatedAt: new Date(9_000) }, 60_000)).toBe(1);
  });
});
