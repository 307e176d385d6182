import { TIMING } from '@ai-covers/contracts';

export type ProgressStatus = 'init' | 'start' | 'done';

/** The automatic increment for a fraction p in [0, 1] per 200 ms tick (§4). */
export function progressIncrement(p: number): number {
  if (p < 0.2) return 0.04;
  if (p < 0.5) return 0.01;
  if (p < 0.8) return 0.005;
  if (p < 0.99) return 0.0001;
  return 0;
}

/** Keeps a restarted bar between 0.08 and 1 so it never looks empty (§4). */
export function clampRestart(p: number): number {
  return Math.min(1, Math.max(0.08, p));
}

// Rounding stops float drift (0.08 + 3 × 0.04 = 0.19999…) from changing which step applies.
const round = (p: number) => Math.round(p * 1e6) / 1e6;

type Listener = (status: ProgressStatus, fraction: number) => void;

/**
 * The §4 progress state machine: init → start (ticks every 200 ms) → done (100 %, then after
 * 600 ms `onFinished`). Real progress reported by the caller can only push the bar forward.
 */
export class ProgressController {
  status: ProgressStatus = 'init';
  fraction = 0;
  private tick: ReturnType<typeof setInterval> | undefined;
  private finish: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();

  /**
   * With `reportedOnly`, the bar shows only what the caller reports (a render whose worker reports
   * its real progress): no automatic climb, no 8 % floor, still never backward.
   */
  constructor(
    private readonly onFinished?: () => void,
    private readonly reportedOnly = false,
  ) {}

  /** Subscribes to changes; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts (or restarts) automatic progress. A finished run begins again from the bottom. */
  start(): void {
    if (this.status === 'start') return;
    this.clearTimers();
    const from = this.status === 'done' ? 0 : this.fraction;
    this.status = 'start';
    if (this.reportedOnly) {
      this.fraction = Math.min(0.99, Math.max(0, from));
      this.emit();
      return;
    }
    this.fraction = clampRestart(from);
    this.tick = setInterval(() => {
      const next = round(this.fraction + progressIncrement(this.fraction));
      if (next !== this.fraction) this.set(next);
    }, TIMING.progressTickMs);
    this.emit();
  }

  /** Pushes the bar forward to real progress p (0–1); never backward, never to 100 % before done. */
  report(p: number): void {
    if (this.status !== 'start' || !Number.isFinite(p)) return;
    const target = Math.min(0.99, Math.max(this.fraction, p));
    if (target !== this.fraction) this.set(round(target));
  }

  /** Jumps to 100 % and calls `onFinished` 600 ms later. */
  done(): void {
    if (this.status === 'done') return;
    this.clearTimers();
    this.status = 'done';
    this.fraction = 1;
    this.emit();
    this.finish = setTimeout(() => {
      this.finish = undefined;
      this.onFinished?.();
    }, TIMING.progressDoneWaitMs);
  }

  /** Back to an empty bar. */
  reset(): void {
    this.clearTimers();
    this.status = 'init';
    this.fraction = 0;
    this.emit();
  }

  /** Stops all timers (unmount); a later start() resumes from the kept fraction. */
  dispose(): void {
    this.clearTimers();
    if (this.status === 'start') this.status = 'init';
  }

  private set(fraction: number): void {
    this.fraction = fraction;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.status, this.fraction);
  }

  private clearTimers(): void {
    if (this.tick !== undefined) clearInterval(this.tick);
    if (this.finish !== undefined) clearTimeout(this.finish);
    this.tick = undefined;
    this.finish = undefined;
  }
}
