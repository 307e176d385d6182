import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { throttle } from './throttle';
import { isPhoneWidth, useIsPhone } from './use-is-phone';
import { useScrollTopOnChange } from './use-scroll-top';

describe('throttle (200 ms resize handling, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and the last call of a burst when the window closes', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 200);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('phone breakpoint (766 px, §9)', () => {
  it.each([
    [320, true],
    [765, true],
    [766, false],
    [1280, false],
  ])('%s px → phone %s', (width, phone) => {
    expect(isPhoneWidth(width)).toBe(phone);
  });

  describe('useIsPhone', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => {
      cleanup();
      vi.useRealTimers();
    });

    const resizeTo = (width: number) => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      window.dispatchEvent(new Event('resize'));
    };

    it('switches to phone layout on resize, throttled to 200 ms', () => {
      resizeTo(1200);
      vi.advanceTimersByTime(1000);
      const { result } = renderHook(() => useIsPhone());
      expect(result.current).toBe(false);
      act(() => resizeTo(700)); // first event of a burst applies at once
      expect(result.current).toBe(true);
      act(() => resizeTo(900));
      act(() => resizeTo(1000));
      expect(result.current).toBe(true);
      act(() => vi.advanceTimersByTime(200));
      expect(result.current).toBe(false);
    });
  });
});

describe('useScrollTopOnChange (100 ms after navigation, §2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('scrolls to the top 100 ms after the path changes', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { rerender } = renderHook(({ path }) => useScrollTopOnChange(path), {
      initialProps: { path: '/' },
    });
    act(() => vi.advanceTimersByTime(100));
    scrollTo.mockClear();

    rerender({ path: '/pricing' });
    act(() => vi.advanceTimersByTime(99));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('does not scroll when the path stays the same', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { rerender } = renderHook(({ path }) => useScrollTopOnChange(path), {
      initialProps: { path: '/a' },
    });
    act(() => vi.advanceTimersByTime(100));
    scrollTo.mockClear();
    rerender({ path: '/a' });
    act(() => vi.advanceTimersByTime(500));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
