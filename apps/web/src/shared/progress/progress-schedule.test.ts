import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressController, clampRestart, progressIncrement } from './progress-schedule';

describe('progressIncrement (§4 table)', () => {
  it.each([
    [0, 0.04],
    [0.19, 0.04],
    [0.2, 0.01],
    [0.49, 0.01],
    [0.5, 0.005],
    [0.79, 0.005],
    [0.8, 0.0001],
    [0.989, 0.0001],
    [0.99, 0],
    [1, 0],
  ])('at %s adds %s', (p, step) => {
    expect(progressIncrement(p)).toBe(step);
  });
});

describe('clampRestart', () => {
  it.each([
    [0, 0.08],
    [0.05, 0.08],
    [0.3, 0.3],
    [1.4, 1],
  ])('%s → %s', (p, expected) => {
    expect(clampRestart(p)).toBe(expected);
  });
});

describe('ProgressController schedule (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at 8 % and climbs 4 points every 200 ms below 20 %', () => {
    const bar = new ProgressController();
    bar.start();
    expect(bar.status).toBe('start');
    expect(bar.fraction).toBe(0.08);
    vi.advanceTimersByTime(199);
    expect(bar.fraction).toBe(0.08);
    vi.advanceTimersByTime(1);
    expect(bar.fraction).toBe(0.12);
    vi.advanceTimersByTime(400);
    expect(bar.fraction).toBe(0.2);
    bar.dispose();
  });

  it('slows down in the bands 20–50 %, 50–80 %, 80–99 % and stops at 99 %', () => {
    const bar = new ProgressController();
    bar.start();
    vi.advanceTimersByTime(600); // 0.08 → 0.20 in three ticks
    expect(bar.fraction).toBe(0.2);
    vi.advanceTimersByTime(30 * 200); // +0.01 × 30
    expect(bar.fraction).toBe(0.5);
    vi.advanceTimersByTime(60 * 200); // +0.005 × 60
    expect(bar.fraction).toBe(0.8);
    vi.advanceTimersByTime(200);
    expect(bar.fraction).toBe(0.8001);
    vi.advanceTimersByTime(1899 * 200); // 0.8001 + 0.1899 = 0.99
    expect(bar.fraction).toBe(0.99);
    vi.advanceTimersByTime(10_000);
    expect(bar.fraction).toBe(0.99);
    bar.dispose();
  });

  it('done jumps to 100 % and finishes 600 ms later', () => {
    const finished = vi.fn();
    const bar = new ProgressController(finished);
    bar.start();
    vi.advanceTimersByTime(400);
    bar.done();
    expect(bar.status).toBe('done');
    expect(bar.fraction).toBe(1);
    vi.advanceTimersByTime(599);
    expect(finished).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(finished).toHaveBeenCalledTimes(1);
    // No more ticks after done.
    vi.advanceTimersByTime(2000);
    expect(bar.fraction).toBe(1);
  });

  it('restart keeps the percentage between 0.08 and 1', () => {
    const bar = new ProgressController();
    bar.start();
    vi.advanceTimersByTime(20 * 200);
    const before = bar.fraction;
    bar.dispose(); // e.g. the component re-mounts
    bar.start();
    expect(bar.fraction).toBe(before);
    bar.reset();
    bar.start();
    expect(bar.fraction).toBe(0.08);
    bar.done();
    vi.advanceTimersByTime(600);
    bar.start(); // a new run after done begins at the bottom again
    expect(bar.fraction).toBe(0.08);
    bar.dispose();
  });

  it('real progress pushes forward but never back and never to 100 % before done', () => {
    const bar = new ProgressController();
    bar.start();
    bar.report(0.6);
    expect(bar.fraction).toBe(0.6);
    bar.report(0.3);
    expect(bar.fraction).toBe(0.6);
    vi.advanceTimersByTime(200);
    expect(bar.fraction).toBe(0.605);
    bar.report(1);
    expect(bar.fraction).toBe(0.99);
    bar.dispose();
  });

  it('reported-only: shows the reported figure from 0, never climbs by itself, never goes back', () => {
    const bar = new ProgressController(undefined, true);
    bar.start();
    expect(bar.fraction).toBe(0);
    bar.report(0.26);
    expect(bar.fraction).toBe(0.26);
    vi.advanceTimersByTime(20_000);
    expect(bar.fraction).toBe(0.26);
    bar.report(0.2);
    expect(bar.fraction).toBe(0.26);
    bar.report(0.5);
    expect(bar.fraction).toBe(0.5);
    bar.done();
    expect(bar.fraction).toBe(1);
    bar.dispose();
  });

  it('notifies subscribers on every change', () => {
    const bar = new ProgressController();
    const seen: number[] = [];
    bar.subscribe((_s, f) => seen.push(f));
    bar.start();
    vi.advanceTimersByTime(400);
    expect(seen).toEqual([0.08, 0.12, 0.16]);
    bar.dispose();
  });
});
