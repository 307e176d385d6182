import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPhoneNow, throttle } from './phone-width';

const resizeTo = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
};

describe('throttle (§9 resize throttle 200 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, at most once per 200 ms, and once more at the end of a burst', () => {
    const run = vi.fn();
    const { call } = throttle(run, 200);
    call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(15);
      call();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the call still waiting', () => {
    const run = vi.fn();
    const t = throttle(run, 200);
    t.call();
    t.call();
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('the phone flag (<766 px) follows resizes throttled to 200 ms', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is the width the listener last saw, not the width at the moment of asking', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    expect(isPhoneNow()).toBe(false);
    resizeTo(500);
    expect(isPhoneNow()).toBe(true);
    // A width changed without a resize event is not seen.
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    expect(isPhoneNow()).toBe(true);
    // Within 200 ms of the last measure a resize waits; the last one of the burst counts.
    resizeTo(900);
    resizeTo(765);
    vi.advanceTimersByTime(199);
    expect(isPhoneNow()).toBe(true);
    resizeTo(766);
    vi.advanceTimersByTime(1);
    expect(isPhoneNow()).toBe(false);
  });
});
