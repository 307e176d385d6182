import { useEffect, useState } from 'react';
import type { CoverTask } from '@ai-covers/contracts';

/** The bar stops short of full until the server says done. */
const CEILING = 0.99;

/**
 * Where a render should be `elapsed` seconds after the server reported `progress` with `eta`
 * seconds to go: what is left is covered at the pace the server measured, never past 99 %. With no
 * estimate yet the bar stays on the reported figure: it never runs ahead of the engine.
 */
export function estimateRenderProgress(progress: number, eta: number | null, elapsed: number): number {
  const reported = Math.min(CEILING, Math.max(0, progress));
  if (eta === null || eta <= 0 || elapsed <= 0) return reported;
  const share = Math.min(1, elapsed / eta);
  return Math.min(CEILING, reported + (1 - reported) * share);
}

/**
 * The render's progress as shown (0–1): the engine's figure from the server, moved forward between
 * two answers at the pace of the server's estimate. A page opened (or reloaded) mid-render starts
 * on the server's figure.
 */
export function useRenderProgress(
  task: Pick<CoverTask, 'progress' | 'eta_seconds'>,
  running: boolean,
): number {
  const { progress, eta_seconds: eta } = task;
  const [received, setReceived] = useState(() => ({ progress, eta, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  if (received.progress !== progress || received.eta !== eta) setReceived({ progress, eta, at: Date.now() });
  useEffect(() => {
    if (!running || eta === null) return;
    const tick = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(tick);
  }, [running, eta]);
  return estimateRenderProgress(received.progress, received.eta, Math.max(0, now - received.at) / 1000);
}
