import { analytics } from '../analytics/client';
import { ensureVisitorId, readLocal, writeLocal } from '../storage/storage';

const KEY = 'ab';

interface Stored {
  visitor: string;
  plans: Record<string, number>;
}

/**
 * The A/B plans this visitor was given (§9), kept in local storage under the visitor uuid. Plans
 * are sticky on the server; the copy here lets every analytics batch carry them (a purchase on the
 * pricing page still counts for the banner test seen on the covers page), so the plan report can
 * count conversions per plan.
 */
export function readAssignments(visitor: string = ensureVisitorId()): Record<string, number> {
  try {
    const stored = JSON.parse(readLocal(KEY) ?? 'null') as Stored | null;
    if (!stored || stored.visitor !== visitor || typeof stored.plans !== 'object') return {};
    return Object.fromEntries(
      Object.entries(stored.plans).filter(([, plan]) => Number.isInteger(plan) && plan > 0),
    );
  } catch {
    return {};
  }
}

/** Remembers a plan and hands every known plan to analytics. */
export function recordAssignment(code: string, plan: number, visitor: string = ensureVisitorId()): void {
  const plans = { ...readAssignments(visitor), [code]: plan };
  writeLocal(KEY, JSON.stringify({ visitor, plans } satisfies Stored));
  analytics.setExperiments(plans);
}

/** At start: the plans known from earlier visits go with the first batch already. */
export function restoreAssignments(): void {
  analytics.setExperiments(readAssignments());
}
