import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TERMINAL_TASK_STATUSES, type CoverTask } from '@ai-covers/contracts';
import { CancelError } from '../../shared/api/errors';
import { isCancelled, isConnectionLost } from '../../shared/api/failures';
import { coverKeys, fetchCoverTask, subscribeCoverTask } from './covers-api';

/** Between two result polls when the long poll cannot get through. */
export const POLL_FALLBACK_MS = 2_000;
/** Pause before asking again when a long poll came back with nothing new. */
export const UNCHANGED_PAUSE_MS = 1_000;

export interface FollowDeps {
  subscribe: typeof subscribeCoverTask;
  fetchResult: typeof fetchCoverTask;
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Resolves after `ms`, or rejects with CancelError as soon as `signal` aborts. */
export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CancelError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', handleAbort);
      resolve();
    }, ms);
    function handleAbort() {
      clearTimeout(timer);
      reject(new CancelError());
    }
    signal.addEventListener('abort', handleAbort, { once: true });
  });
}

const defaultDeps: FollowDeps = { subscribe: subscribeCoverTask, fetchResult: fetchCoverTask, wait: waitFor };

/** True once a task can no longer change by itself (done, failed, closed, timeout). */
export function isTerminal(status: number): boolean {
  return (TERMINAL_TASK_STATUSES as readonly number[]).includes(status);
}

/**
 * Follows a task until it ends: long polls (subscribe) one after the other, each sending what was
 * last seen. When the network or a proxy breaks a long poll, it falls back to reading the result
 * every 2 s for the rest of the visit. Resolves with the last task, or null when aborted; an API
 * error (the task was deleted, say) rejects.
 */
export async function followCoverTask(
  initial: CoverTask,
  onUpdate: (task: CoverTask) => void,
  signal: AbortSignal,
  deps: FollowDeps = defaultDeps,
): Promise<CoverTask | null> {
  let task = initial;
  let polling = false;
  while (!isTerminal(task.status)) {
    try {
      let next: CoverTask;
      if (polling) {
        await deps.wait(POLL_FALLBACK_MS, signal);
        next = await deps.fetchResult(task.task_id, signal);
      } else {
        next = await deps.subscribe(task.task_id, { status: task.status, progress: task.progress }, signal);
        const unchanged = next.status === task.status && next.progress === task.progress;
        // A server that answers at once with nothing new must not be asked in a tight loop.
        if (unchanged) await deps.wait(UNCHANGED_PAUSE_MS, signal);
      }
      task = next;
      onUpdate(next);
    } catch (error) {
      if (signal.aborted || isCancelled(error)) return null;
      if (isConnectionLost(error)) {
        polling = true;
        continue;
      }
      throw error;
    }
  }
  return task;
}

/**
 * Keeps the cached task current while it waits or runs; stops on unmount. Returns the error that
 * ended following early, if any.
 */
export function useFollowCoverTask(taskId: string, active: boolean): Error | null {
  const client = useQueryClient();
  const [failure, setFailure] = useState<{ taskId: string; error: Error } | null>(null);

  useEffect(() => {
    if (!active) return;
    const start = client.getQueryData<CoverTask>(coverKeys.task(taskId));
    if (!start) return;
    const controller = new AbortController();
    followCoverTask(
      start,
      (next) => client.setQueryData(coverKeys.task(taskId), next),
      controller.signal,
    ).then(
      () => setFailure(null),
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure({ taskId, error: error as Error });
      },
    );
    return () => controller.abort();
  }, [client, taskId, active]);

  return failure && failure.taskId === taskId && active ? failure.error : null;
}
