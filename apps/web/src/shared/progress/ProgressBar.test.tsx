import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ProgressBar, HeadshotProgressBar } from './ProgressBar';
import '../i18n/i18n';

describe('<ProgressBar>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the climbing percentage, then 100 %, then hides 600 ms after done', () => {
    const onDone = vi.fn();
    const { rerender } = render(<ProgressBar status="start" tips="Converting the vocal…" onDone={onDone} />);
    expect(screen.getByText('8%')).toBeTruthy();
    expect(screen.getByText('Converting the vocal…')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('12%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('12');

    rerender(<ProgressBar status="done" tips="Converting the vocal…" onDone={onDone} />);
    expect(screen.getByText('100%')).toBeTruthy();
    act(() => vi.advanceTimersByTime(599));
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('follows real progress given in the 0–100 range', () => {
    const { rerender } = render(<ProgressBar status="start" percentage={10} />);
    rerender(<ProgressBar status="start" percentage={45} />);
    expect(screen.getByText('45%')).toBeTruthy();
  });

  it('renders a circle of the default width 126 with a cancel button', () => {
    const onCancel = vi.fn();
    const { container } = render(<ProgressBar status="start" type="circle" onCancel={onCancel} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('126');
    expect(container.querySelectorAll('circle')[1]?.getAttribute('stroke-width')).toBe('6');
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(onCancel).toHaveBeenCalled();
  });

  it('the headshot bar defaults to stroke 8', () => {
    const { container } = render(<HeadshotProgressBar status="start" type="circle" />);
    expect(container.querySelectorAll('circle')[1]?.getAttribute('stroke-width')).toBe('8');
  });
});
