import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useScrollTopOnChange } from './use-scroll-top';

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

  it('does not scroll on the first render: a prerendered page may have been scrolled already', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderHook(() => useScrollTopOnChange('/pricing'));
    act(() => vi.advanceTimersByTime(500));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
