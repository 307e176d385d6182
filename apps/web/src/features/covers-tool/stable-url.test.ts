import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useStableUrl } from './stable-url';

afterEach(() => vi.useRealTimers());

describe('useStableUrl', () => {
  it('keeps the first signed URL of a file, takes another file at once, and a fresh one after 10 minutes', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ url }: { url: string | null }) => useStableUrl(url), {
      initialProps: { url: '/storage/a.mp3?sig=1' as string | null },
    });
    rerender({ url: '/storage/a.mp3?sig=2' });
    expect(result.current).toBe('/storage/a.mp3?sig=1');
    rerender({ url: '/storage/b.mp3?sig=3' });
    expect(result.current).toBe('/storage/b.mp3?sig=3');
    rerender({ url: null });
    expect(result.current).toBeNull();
    rerender({ url: '/storage/b.mp3?sig=4' });
    expect(result.current).toBe('/storage/b.mp3?sig=4');
    vi.advanceTimersByTime(11 * 60_000);
    rerender({ url: '/storage/b.mp3?sig=5' });
    expect(result.current).toBe('/storage/b.mp3?sig=5');
  });
});
